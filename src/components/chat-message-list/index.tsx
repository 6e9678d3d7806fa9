import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import Taro from '@tarojs/taro'
import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react'
import { FOCUSABLE } from '@/constants/a11y'
import { t } from '@/i18n'
import { ScrollView } from '@/components/page-elements/scroll-view'
import type { ChannelChat } from '@/stores/chat/channel-chat'
import type { ChatEntry } from '@/stores/chat/message-order'
import type { ChatMessage } from '@/stores/chat/types'
import { chatDayLabel, isNewChatDay } from '@/utils/format-chat-time'
import { compareMessageIds } from '@/stores/chat/message-order'
import ChatMessageRow, { type ChatMessageActions } from '@/components/chat-message'
import { thumbnailsHeight } from '@/components/chat-message/thumbnails'
import { continuesGroup } from './grouping'
import { listWindow, rowOffsets } from './list-window'
import { measureRows, scrollList, scrollsByProp, watchViewport } from './measure'
import './index.scss'

/** Pixels rendered beyond each edge of the viewport. */
const OVERSCAN_PX = 600
/** Within this distance of the bottom the list counts as at the bottom (it follows new messages and marks them read). */
const AT_BOTTOM_PX = 48
/** Within this distance of the top the next older page loads. */
const LOAD_OLDER_PX = 400
/** Height of the line above the first message ("loading earlier messages" / "the first message"), in CSS px. */
const HEADER_PX = 40
/** A viewport height to start from until the list is measured. */
const FALLBACK_VIEWPORT_PX = 600

/** What the list needs besides the conversation. */
export interface ChatMessageListProps {
  chat: ChannelChat
  /** A mentioned member's nickname, or null. */
  nameOf: (uid: string) => string | null
  /** Now (unix ms), for day labels. */
  now: number
  /** I am a member: what I scroll to the bottom of is marked read (a visitor has no read position). */
  marksRead: boolean
  /** I may delete others' messages. */
  canModerate: boolean
  /** Message actions the list does not decide itself (they need the page: modals, toasts, links). */
  actions: Pick<ChatMessageActions, 'onDelete' | 'onLinkTap' | 'onReact' | 'onReport' | 'onImageTap' | 'onPin'> & { onQuoteMissing: () => void }
  /** I may pin messages here (ManageMessages in a channel with pins): the action bar offers 设为精华 / 取消精华. */
  canPin: boolean
  /** Whether a message is pinned (精华): its action bar offers 取消精华. */
  isPinned: (messageId: string) => boolean
}

/** The design width: 750 design px span the window, up to the root font-size cap (750 CSS px). */
const DESIGN_WIDTH_PX = 750
/** CSS px per design px where the window has no width yet (a 390 px phone). */
const PHONE_SCALE = 390 / DESIGN_WIDTH_PX

/** CSS px per design px on this window, for estimating rows before they are measured. */
function designScale (): number {
  const width = Math.min(Taro.getWindowInfo().windowWidth, DESIGN_WIDTH_PX)
  return width > 0 ? width / DESIGN_WIDTH_PX : PHONE_SCALE
}

/** Design-px estimate of a row before it is measured: head, text lines, quote, pictures (sized from their natural size), reactions. */
function estimateDesignPx (message: ChatMessage): number {
  const lines = message.content.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / 22)), 0)
  return 24 + 40 + lines * 44 + (message.reply_to ? 60 : 0) + thumbnailsHeight(message.attachments) + (message.reactions.length > 0 ? 52 : 0)
}

/** Where the list puts a row it opens at or jumps to: this far below the viewport's top, so the divider above it shows. */
const ROW_LEAD_PX = 2 * HEADER_PX

/** "3 条新消息" for the messages below the fold I have not seen; "回到底部" when there are none. */
function jumpLabel (unseen: number): string {
  if (unseen === 0) return t('chatJumpLatest')
  return unseen === 1 ? t('chatNewBelowOne') : t('chatNewBelow', { count: String(unseen) })
}

/** The index of the first row whose top is at or below `fold` (content px), or the row count when none is. */
function firstBelowFold (offsets: readonly number[], fold: number): number {
  let index = offsets.length - 1
  while (index > 0 && offsets[index - 1] >= fold) index -= 1
  return index
}

/** The DOM id of a message row. */
function rowDomId (key: string): string {
  return `chat-row-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`
}

/**
 * The conversation, oldest at the top: opens at the bottom (or at the first unread
 * message under a "new messages" divider, held there while rows are measured), loads
 * older messages when scrolled near the top without moving what is on screen, follows new
 * messages while at the bottom, and otherwise offers a bar that counts the newer messages
 * below the fold ("3 条新消息") and jumps to them, or jumps to the latest. Only the rows near the viewport are rendered; the
 * others are two spacers of their (measured or estimated) height.
 */
function ChatMessageList ({ chat, nameOf, now, marksRead, canModerate, canPin, actions, isPinned }: ChatMessageListProps) {
  const entries = chat.entries
  const listId = `chat-list-${chat.channelId}`
  const measured = useRef(new Map<string, number>())
  const [measureVersion, setMeasureVersion] = useState(0)
  const [scrollTop, setScrollTop] = useState(0)
  const [viewportHeight, setViewportHeight] = useState(FALLBACK_VIEWPORT_PX)
  const [requestedTop, setRequestedTop] = useState<number | undefined>(undefined)
  const [selectedKey, setSelectedKey] = useState<string | null>(null)
  const scrollTopRef = useRef(0)
  const stickToBottom = useRef(true)
  const opened = useRef(false)
  const firstKey = useRef<string | null>(null)
  /** The row the view holds on screen until the reader scrolls (the first unread one): measured rows above it move the view with it. */
  const anchorKey = useRef<string | null>(null)
  /** The newest message that has been on screen (or above it); newer ones below the fold are counted on the bar. */
  const seenNewestId = useRef<string | null>(null)
  /** The scroll the list asked for and has not rendered yet (on H5 it is made at once, and again once the rows it needs are rendered), or null. */
  const pendingTop = useRef<number | null>(null)

  const [scale] = useState(designScale)
  const heights = useMemo(
    () => entries.map(entry => measured.current.get(entry.key) ?? scale * estimateDesignPx(entry.message)),
    // measureVersion: a new measurement changes the heights of the same entries
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entries, measureVersion, scale],
  )
  const offsets = useMemo(() => rowOffsets(heights), [heights])
  const total = HEADER_PX + offsets[offsets.length - 1]
  const visible = listWindow(offsets, { scrollTop: scrollTop - HEADER_PX, viewportHeight, overscan: OVERSCAN_PX })

  const limits = useRef({ total, viewportHeight })
  limits.current = { total, viewportHeight }

  /** Scrolls the list to `top` (a request equal to the last one is nudged by a pixel, so it is applied again). */
  const scrollTo = (top: number) => {
    const target = Math.max(0, Math.round(top))
    pendingTop.current = target
    setRequestedTop(previous => previous === target ? target + 1 : target)
    const reachable = Math.min(target, Math.max(0, limits.current.total - limits.current.viewportHeight)) // the scroll view stops there
    // H5 scrolls at once, so a scroll event after this tells this position, never an older one
    // (the bottom, before the unread count of a channel opened by a link arrived)
    scrollTopRef.current = scrollsByProp ? reachable : scrollList(listId, target)
    setScrollTop(reachable)
  }
  const scrollToBottom = () => scrollTo(total + viewportHeight)
  /**
   * Opens the view at this row (the divider above it in view) and holds it there while rows are
   * measured; what that puts on screen is seen (the mini-program tells no scroll for a scroll it
   * was asked for, and the unread rows shown at opening were never read).
   */
  const scrollToRow = (index: number) => {
    stickToBottom.current = false
    anchorKey.current = entries[index].key
    const top = HEADER_PX + offsets[index] - ROW_LEAD_PX
    scrollTo(top)
    see(entries[firstBelowFold(offsets, top + limits.current.viewportHeight - HEADER_PX) - 1])
  }

  // The render after a scroll was asked for applies it (again on H5, now that the rows around
  // it are rendered; the mini-program through the scroll view's property).
  useLayoutEffect(() => {
    if (pendingTop.current === null) return
    // where the browser stopped it (rows shorter than estimated end the list sooner): its scroll event is then not the reader's
    if (!scrollsByProp) scrollTopRef.current = scrollList(listId, pendingTop.current)
    pendingTop.current = null
  })

  // A viewport that gets its height late (the page was hidden while the list rendered) or
  // changes it (a resized window) takes the view back where it belongs: a scroll asked for
  // without a height went nowhere.
  useEffect(() => watchViewport(listId, height => {
    if (height <= 0 || Math.abs(height - limits.current.viewportHeight) < 1) return
    limits.current = { ...limits.current, viewportHeight: height }
    setViewportHeight(height)
    latest.current.scrollTo(stickToBottom.current ? Number.MAX_SAFE_INTEGER / 2 : scrollTopRef.current)
  }), [listId])

  // Keep the view where it was: open at the first unread (or the bottom), hold the top
  // row when older messages are put above it, follow new messages at the bottom.
  useLayoutEffect(() => {
    if (entries.length === 0) return
    const previousFirst = firstKey.current
    firstKey.current = entries[0].key
    if (!opened.current) {
      opened.current = true
      // a search hit's message, else the first unread
      const anchorId = chat.foundId ?? chat.firstUnreadId
      const anchor = anchorId === null ? -1 : entries.findIndex(entry => entry.message.message_id === anchorId)
      const atAnchor = anchor > 0 || (anchor === 0 && chat.foundId !== null)
      see(entries[atAnchor ? Math.max(0, anchor - 1) : entries.length - 1])
      if (atAnchor) scrollToRow(anchor)
      else scrollToBottom()
      return
    }
    const shifted = previousFirst === null ? -1 : entries.findIndex(entry => entry.key === previousFirst)
    if (shifted > 0) scrollTo(scrollTopRef.current + offsets[shifted])
    else if (stickToBottom.current) {
      see(entries[entries.length - 1])
      scrollToBottom()
    }
    // only a change of the entries moves the view; offsets belong to them
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entries])

  // The unread count arrived after the list opened (a channel opened by a link): go to the divider, unless a search hit holds the view.
  const firstUnreadId = chat.firstUnreadId
  const foundId = chat.foundId
  useEffect(() => {
    if (firstUnreadId === null || foundId !== null || !opened.current) return
    const unread = latest.current.entries.findIndex(entry => entry.message.message_id === firstUnreadId)
    if (unread <= 0) return
    // the bottom the list stopped at before the count came was a passing stop: what is seen starts above the divider
    seenNewestId.current = latest.current.entries[unread - 1].message.message_id
    latest.current.scrollToRow(unread)
  }, [firstUnreadId, foundId])

  // Measure the rendered rows; a row above the viewport that grew or shrank moves the view by as much.
  useEffect(() => {
    measureRows(listId, rows => {
      let changed = false
      let shiftAbove = 0
      let shiftAboveAnchor = 0
      const viewTop = scrollTopRef.current - HEADER_PX
      const anchor = anchorKey.current === null ? -1 : entries.findIndex(entry => entry.key === anchorKey.current)
      for (const { key, index, height } of rows) {
        if (height <= 0 || entries[index]?.key !== key) continue
        const before = measured.current.get(key) ?? heights[index]
        if (Math.abs(before - height) < 0.5) continue
        measured.current.set(key, height)
        changed = true
        if (offsets[index] + before <= viewTop) shiftAbove += height - before
        if (index < anchor) shiftAboveAnchor += height - before
      }
      if (!changed) return
      setMeasureVersion(version => version + 1)
      // a held row first: a scroll to it that the end of the estimated rows stopped short leaves the view at the bottom
      if (anchor >= 0) scrollTo(HEADER_PX + offsets[anchor] + shiftAboveAnchor - ROW_LEAD_PX)
      else if (stickToBottom.current) scrollTo(Number.MAX_SAFE_INTEGER / 2)
      else if (shiftAbove !== 0) scrollTo(scrollTopRef.current + shiftAbove)
    })
  })

  // What has been on screen is read (docs/product-tour.md, chat: the read position follows what was shown, not the
  // bottom); `see` marks it as it goes, this once a visitor became a member.
  useEffect(() => {
    if (marksRead && seenNewestId.current !== null) void chat.markRead(seenNewestId.current)
  }, [chat, marksRead])

  /** What is on screen or above it now counts as seen (from a real scroll position, never a passing render's), and so read. */
  const see = (upTo: ChatEntry | undefined) => {
    const id = upTo?.message.message_id
    if (id !== undefined && (seenNewestId.current === null || compareMessageIds(id, seenNewestId.current) > 0)) seenNewestId.current = id
    if (marksRead && seenNewestId.current !== null) void chat.markRead(seenNewestId.current)
  }
  const onScroll = (event: { detail: { scrollTop: number, scrollHeight: number } }) => {
    const top = event.detail.scrollTop
    see(entries[firstBelowFold(offsets, top + viewportHeight - HEADER_PX) - 1])
    if (Math.abs(top - scrollTopRef.current) > 2) anchorKey.current = null // the reader scrolled: the view is theirs
    scrollTopRef.current = top
    setScrollTop(top)
    stickToBottom.current = top + viewportHeight >= event.detail.scrollHeight - AT_BOTTOM_PX
    if (stickToBottom.current) see(entries[entries.length - 1])
    if (top < LOAD_OLDER_PX && chat.hasOlder) void chat.loadOlder()
    if (stickToBottom.current && chat.hasNewer) void chat.loadNewer()
  }

  // the row handlers stay the same functions across renders (rows re-render only when their message changes)
  const latest = useRef({ entries, offsets, scrollTo, scrollToRow })
  latest.current = { entries, offsets, scrollTo, scrollToRow }
  const rowActions = useMemo<ChatMessageActions>(() => ({
    onSelect: entry => setSelectedKey(key => key === entry.key ? null : entry.key),
    onHold: entry => setSelectedKey(entry.key),
    onRetry: entry => { void chat.retry(entry.key) },
    onQuoteTap: messageId => {
      const index = latest.current.entries.findIndex(entry => entry.message.message_id === messageId)
      if (index < 0) actions.onQuoteMissing()
      else {
        stickToBottom.current = false
        latest.current.scrollTo(HEADER_PX + latest.current.offsets[index])
      }
    },
    onReact: (message, emoji) => { setSelectedKey(null); actions.onReact(message, emoji) },
    onReply: message => { setSelectedKey(null); chat.setReplyTarget(message) },
    onEdit: message => { setSelectedKey(null); chat.startEdit(message.message_id) },
    onDelete: message => { setSelectedKey(null); actions.onDelete(message) },
    onReport: message => { setSelectedKey(null); actions.onReport(message) },
    onPin: message => { setSelectedKey(null); actions.onPin(message) },
    onLinkTap: actions.onLinkTap,
    onImageTap: actions.onImageTap,
  }), [chat, actions])

  const awayFromBottom = total - (scrollTop + viewportHeight) > viewportHeight
  // what is on screen or above it has been seen; others' messages below the fold newer than both what was
  // seen and the read position (a search hit opens among read messages) are counted on the bar
  const firstBelow = firstBelowFold(offsets, scrollTop + viewportHeight - HEADER_PX)
  const readPosition = chat.readPosition
  const unseen: number[] = []
  for (let index = firstBelow; index < entries.length; index += 1) {
    const { message } = entries[index]
    const newer = (seen: string | null) => seen === null || compareMessageIds(message.message_id, seen) > 0
    if (!chat.isMine(message) && newer(seenNewestId.current) && newer(readPosition)) unseen.push(index)
  }
  const jump = () => {
    if (unseen.length > 0 && offsets[entries.length] - offsets[unseen[0]] > viewportHeight) scrollToRow(unseen[0])
    else {
      anchorKey.current = null
      stickToBottom.current = true
      scrollToBottom()
    }
  }
  // a direct conversation's messages have no server (core/wire/direct-messages.ts): its start is not a channel's
  const header = chat.olderStatus === 'loading' ? t('chatLoadingOlder') : chat.hasOlder ? '' : t(chat.serverId === '' ? 'dmBeginning' : 'chatBeginning')
  const rows: JSX.Element[] = []
  for (let index = visible.start; index < visible.end; index += 1) {
    const entry: ChatEntry = entries[index]
    const previous = entries[index - 1]
    const createdMs = entry.message.created_at * 1000
    const newDay = previous === undefined || isNewChatDay(previous.message.created_at * 1000, createdMs)
    const grouped = continuesGroup(previous, entry, chat.firstUnreadId)
    rows.push(
      <View key={entry.key} className={`chat-list__row${entry.message.message_id === chat.foundId ? ' chat-list__row--found' : ''}`} data-key={entry.key} data-index={index}>
        {entry.message.message_id === chat.firstUnreadId && <View className='chat-list__unread'><Text>{t('chatNewMessages')}</Text></View>}
        {newDay && <View className='chat-list__day'><Text>{chatDayLabel(createdMs, now)}</Text></View>}
        <ChatMessageRow
          {...rowActions}
          entry={entry}
          domId={rowDomId(entry.key)}
          mine={chat.isMine(entry.message)}
          canModerate={canModerate}
          mentionsMe={chat.mentionsMe(entry.message)}
          selected={selectedKey === entry.key}
          nameOf={nameOf}
          grouped={grouped}
          canPin={canPin}
          pinned={isPinned(entry.message.message_id)}
        />
      </View>,
    )
  }

  return (
    <View className='chat-list'>
      <ScrollView id={listId} className='chat-list__scroll' scrollY {...(scrollsByProp ? { scrollTop: requestedTop } : {})} onScroll={onScroll} {...FOCUSABLE}>
        <View className='chat-list__header' style={{ height: `${HEADER_PX}px` }}><Text>{header}</Text></View>
        <View style={{ height: `${visible.before}px` }} />
        {rows}
        <View style={{ height: `${visible.after}px` }} />
      </ScrollView>
      {(awayFromBottom || unseen.length > 0) && (
        <View className={`chat-list__jump${unseen.length > 0 ? ' chat-list__jump--new' : ''}`} role='button' onClick={jump} {...FOCUSABLE}>
          <Text>{jumpLabel(unseen.length)} ↓</Text>
        </View>
      )}
    </View>
  )
}

export default observer(ChatMessageList)
