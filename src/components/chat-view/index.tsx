import { useCallback, useEffect, useMemo, useState } from 'react'
import Taro from '@tarojs/taro'
import { View, Text, Button } from '@tarojs/components'
import { observer } from 'mobx-react'
import { t } from '@/i18n'
import { openExternalLink } from '@/components/channel-list/open-channel'
import { navigate } from '@/router'
import type { ComposerAccess } from '@/stores/chat/access'
import type { ChannelChat } from '@/stores/chat/channel-chat'
import type { ServerMembers } from '@/stores/chat/members'
import type { PinsStore } from '@/stores/chat/pins-store'
import type { ChatMessage, GatewayConnection } from '@/stores/chat/types'
import { modal, toast } from '@/utils/feedback'
import { chatUntilLabel } from '@/utils/format-chat-time'
import { mediaUrl } from '@/utils/media-url'
import { pickImages } from '@/utils/pick-images'
import { askReportReason } from '@/utils/report-sheet'
import { isH5 } from '@/utils/platform'
import StateView from '@/components/state-view'
import ChatComposer from '@/components/chat-composer'
import ChatMessageList from '@/components/chat-message-list'
import ChatImageViewer, { type ImageViewerState } from '@/components/chat-image-viewer'
import ChatPins from '@/components/chat-pins'
import { ALERT, FOCUSABLE, STATUS } from '@/constants/a11y'
import './index.scss'

/** My membership of the channel's server (the root's ServerStore): the composer or the join bar, and the online count. */
export interface ChatMembership {
  /** True or false once known; null before (neither the composer nor the join bar shows). */
  readonly isMember: boolean | null
  readonly onlineCount: number | null
  readonly isJoining: boolean
  /** The message of the last failed join, else null. */
  readonly joinError: string | null
  /** True when I was removed (kicked or banned) while looking: the page says so and the composer goes. */
  readonly removed: boolean
  /** Joins the server; never rejects (a failure sets joinError). */
  join: () => Promise<void>
}

/** What I may do in this channel (the chat store's ChatAccess). */
export interface ChatViewAccess {
  /** The composer, the timeout notice, or the word that I may not speak here. */
  readonly composer: ComposerAccess
  /** I may delete others' messages. */
  readonly canModerate: boolean
  /** I may attach pictures. */
  readonly canAttach: boolean
  /** I may mention everyone (@全体成员); absent where there is no such thing (a conversation). */
  readonly canMentionEveryone?: boolean
}

/** Asks which reason, then reports the message; says how it went. */
async function reportMessage (chat: ChannelChat, message: ChatMessage): Promise<void> {
  const reason = await askReportReason()
  if (reason === null) return
  const failure = await chat.report(message.message_id, reason)
  await toast(failure ?? t('chatReportSent'))
}

/** Lets the member pick pictures (as many as the message has room for) and starts their uploads. */
async function attachImages (chat: ChannelChat): Promise<void> {
  const uploads = chat.uploads
  if (uploads === null) return
  const picked = await pickImages(uploads.room)
  if (picked.length > 0) uploads.add(picked)
}

/** What the chat of a discussion channel shows besides the conversation. */
export interface ChatViewProps {
  chat: ChannelChat
  members: ServerMembers
  membership: ChatMembership
  access: ChatViewAccess
  /** Now (unix ms), for day labels. */
  now: number
  /** The channel's pinned messages (精华): the 精华 button and the moderator's 设为精华; absent where there are none (a direct conversation). */
  pins?: PinsStore
}

/** Pins or unpins the message as a moderator; says how it went. */
async function togglePin (pins: PinsStore, message: ChatMessage): Promise<void> {
  const wasPinned = pins.isPinned(message.message_id)
  const failure = await pins.toggle(message.message_id)
  await toast(failure ?? t(wasPinned ? 'chatUnpinned' : 'chatPinned'))
}

/** The line that says the connection is being made or restored; null when online or not started (nobody signed in yet). */
function connectionText (connection: GatewayConnection): string | null {
  if (connection === 'connecting') return t('chatConnecting')
  if (connection === 'reconnecting') return t('chatReconnecting')
  return null
}

/** "林晓 正在输入…", two names, or how many, for those typing now; '' when nobody is. */
export function typingText (names: readonly string[]): string {
  if (names.length === 0) return ''
  if (names.length === 1) return t('chatTypingOne', { name: names[0] })
  if (names.length === 2) return t('chatTypingTwo', { first: names[0], second: names[1] })
  return t('chatTypingMany', { count: String(names.length) })
}

/** Enter sends on a desktop keyboard (H5 with a fine pointer); on a phone Enter breaks the line. */
function hasDesktopKeyboard (): boolean {
  return isH5() && typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(hover: hover) and (pointer: fine)').matches
}

/** What goes where a member's composer goes: the composer, or the timeout notice or the word that I may not speak here. */
const MemberComposer = observer(function MemberComposer ({ chat, members, access, nameOf, now }: Pick<ChatViewProps, 'chat' | 'members' | 'access' | 'now'> & { nameOf: (uid: string) => string | null }) {
  const composer = access.composer
  if (composer.kind === 'timed-out') {
    return <View className='chat-view__notice chat-view__notice--timeout' {...STATUS}>{t('chatTimedOut', { time: chatUntilLabel(composer.until * 1000, now) })}</View>
  }
  if (composer.kind === 'no-send') return <View className='chat-view__notice' {...STATUS}>{t('chatNoSend')}</View>
  return <ChatComposer chat={chat} members={members} nameOf={nameOf} enterSends={hasDesktopKeyboard()} canAttach={access.canAttach} canMentionEveryone={access.canMentionEveryone} onAttach={() => { void attachImages(chat) }} />
})

/** The chat of a discussion channel: connection state and online count, the conversation, who is typing, and the composer (a member) or the join bar (a visitor). */
function ChatView ({ chat, members, membership, access, now, pins }: ChatViewProps) {
  const nameOf = useCallback((uid: string) => members.nicknameOf(uid) ?? chat.authorName(uid), [chat, members])
  const connection = connectionText(chat.connection)
  const [viewer, setViewer] = useState<ImageViewerState | null>(null)
  const [pinsOpen, setPinsOpen] = useState(false)
  // a moderator's action bar says 设为精华 or 取消精华: which one needs the list
  const canModerate = access.canModerate
  useEffect(() => { if (pins && canModerate && pins.status === 'idle') void pins.load() }, [pins, canModerate])
  const openPins = () => {
    if (pins && (pins.status === 'idle' || pins.status === 'error')) void pins.load()
    setPinsOpen(true)
  }
  const isPinned = useCallback((messageId: string) => pins?.isPinned(messageId) ?? false, [pins])
  const actions = useMemo(() => ({
    onDelete: (message: ChatMessage) => {
      void modal({ content: t('chatDeleteConfirm') }).then(async confirmed => {
        const failure = confirmed ? await chat.remove(message.message_id) : null
        if (failure !== null) await toast(failure)
      })
    },
    onReact: (message: ChatMessage, emoji: string) => {
      void chat.toggleReaction(message.message_id, emoji).then(failure => failure === null ? undefined : toast(failure))
    },
    onLinkTap: (url: string) => { void openExternalLink(url) },
    onQuoteMissing: () => { void toast(t('chatQuoteNotLoaded')) },
    onReport: (message: ChatMessage) => { void reportMessage(chat, message) },
    onPin: (message: ChatMessage) => { if (pins) void togglePin(pins, message) },
    // the full-screen viewer over every picture of the message: ours on H5 (a close button and a counter), the platform's in the mini-program
    onImageTap: (message: ChatMessage, url: string) => {
      const urls = message.attachments.map(attachment => mediaUrl(attachment.url))
      if (isH5()) setViewer({ urls, index: Math.max(0, urls.indexOf(mediaUrl(url))) })
      else void Taro.previewImage({ current: mediaUrl(url), urls })
    },
  }), [chat, pins])
  let body
  if (chat.status === 'loading' || chat.status === 'idle') body = <StateView status='loading' />
  else if (chat.status === 'error') body = <StateView status='error' message={chat.error} retryable={chat.retryable} onRetry={() => { void chat.loadLatest() }} />
  else if (chat.status === 'empty') body = <View className='chat-view__empty'><StateView status='empty' message={t('messagesEmpty')} /></View>
  else body = <ChatMessageList chat={chat} nameOf={nameOf} now={now} marksRead={membership.isMember === true} canModerate={access.canModerate} canPin={pins !== undefined && access.canModerate} actions={actions} isPinned={isPinned} />
  const typing = typingText(chat.typingNames)
  const join = () => { void membership.join().then(() => membership.joinError === null ? undefined : toast(membership.joinError)) }
  return (
    <View className='chat-view'>
      <View className='chat-view__status'>
        {connection !== null && <View className='chat-view__connection' {...STATUS}>{connection}</View>}
        {membership.onlineCount !== null && <Text className='chat-view__online'>{t('chatOnlineCount', { count: String(membership.onlineCount) })}</Text>}
        {pins && <View className='chat-view__pins' data-testid='chat-pins-open' role='button' onClick={openPins} {...FOCUSABLE}>📌 {t('chatPins')}</View>}
      </View>
      {body}
      <View className='chat-view__typing' {...STATUS}><Text>{typing}</Text></View>
      {membership.removed && <View className='chat-view__notice chat-view__notice--removed' {...ALERT}>{t('chatRemoved')}</View>}
      {membership.isMember === true && <MemberComposer chat={chat} members={members} access={access} nameOf={nameOf} now={now} />}
      {membership.isMember === false && !membership.removed && (
        <View className='chat-view__join'>
          <Text className='chat-view__join-text'>{t('chatJoinHint')}</Text>
          <Button className='chat-view__join-button' size='mini' type='primary' loading={membership.isJoining || undefined} onClick={join}>{t('chatJoin')}</Button>
        </View>
      )}
      {pins && pinsOpen && (
        <ChatPins
          pins={pins}
          nameOf={nameOf}
          onClose={() => setPinsOpen(false)}
          // the chat opens at the pinned message, as a search hit does
          onOpen={pin => { navigate('channel', { channel_id: pin.message.channel_id, around: pin.message.message_id }).catch(error => console.error('[chat] opening a pin failed:', error)) }}
        />
      )}
      {viewer !== null && <ChatImageViewer {...viewer} onShow={index => setViewer({ ...viewer, index })} onClose={() => setViewer(null)} />}
    </View>
  )
}

export default observer(ChatView)
