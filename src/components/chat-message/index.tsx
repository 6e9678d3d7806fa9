import { useRef } from 'react'
import Taro from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { observer } from 'mobx-react'
import { identityKindOf } from '@core/domain/identity'
import { ALERT } from '@/constants/a11y'
import { REACTION_EMOJIS } from '@/constants/chat'
import { t } from '@/i18n'
import type { ChatEntry } from '@/stores/chat/message-order'
import type { ChatMessage } from '@/stores/chat/types'
import { chatQuoteText, chatTextPieces } from '@/utils/chat-text'
import { chatClock } from '@/utils/format-chat-time'
import { mediaUrl } from '@/utils/media-url'
import ChatAvatar from '@/components/chat-avatar'
import PlazaCardView from '@/components/plaza-card'
import IdentityBadge from '@/components/identity-badge'
import { thumbnailBox } from './thumbnails'
import './index.scss'

/** What a message row does when tapped, all handled by the list. */
export interface ChatMessageActions {
  /** Opens or closes the row's action bar: the ⋯ button on a desktop. */
  onSelect: (entry: ChatEntry) => void
  /**
   * Opens the row's action bar (a long press on a phone). It opens rather than toggles: in
   * H5 every Taro View under the finger emits its own longpress, and each bubbles to the
   * row, so one press arrives here once per View between the finger and the row.
   */
  onHold: (entry: ChatEntry) => void
  onRetry: (entry: ChatEntry) => void
  onQuoteTap: (messageId: string) => void
  onReact: (message: ChatMessage, emoji: string) => void
  onReply: (message: ChatMessage) => void
  onEdit: (message: ChatMessage) => void
  onDelete: (message: ChatMessage) => void
  onLinkTap: (url: string) => void
  /** Reports another's message. */
  onReport: (message: ChatMessage) => void
  /** Opens the viewer on this picture of the message (and its other pictures). */
  onImageTap: (message: ChatMessage, url: string) => void
  /** Pins the message, or unpins it when pinned (a moderator's 设为精华 / 取消精华). */
  onPin: (message: ChatMessage) => void
}

/** What a message row shows. */
export interface ChatMessageProps extends ChatMessageActions {
  entry: ChatEntry
  /** My own message: edit and delete are offered. */
  mine: boolean
  /** I may delete others' messages (ManageMessages in the channel). */
  canModerate: boolean
  /** The message mentions me: highlighted. */
  mentionsMe: boolean
  /** Its action bar is open. */
  selected: boolean
  /** A mentioned member's nickname, or null when unknown. */
  nameOf: (uid: string) => string | null
  /** The DOM id of the row (the list scrolls to it). */
  domId: string
  /** It follows a message of the same author shortly before: avatar, name and badges are not repeated. */
  grouped?: boolean
  /** I may pin messages here: the action bar offers 设为精华, or 取消精华 when {@link ChatMessageProps.pinned}. */
  canPin?: boolean
  /** The message is pinned (精华): the action bar offers 取消精华 instead of 设为精华. */
  pinned?: boolean
}

/** A system line (a pin's announcement): centred grey words; a tap goes to the message it names. */
function NoticeLine ({ message, domId, onQuoteTap }: { message: ChatMessage, domId: string, onQuoteTap: ChatMessageActions['onQuoteTap'] }) {
  const notice = message.notice
  if (!notice) return null
  return (
    <View id={domId} className='chat-message chat-message--notice' data-testid='chat-notice' onClick={() => onQuoteTap(notice.message_id)}>
      <Text className='chat-message__notice'>{t('chatPinNotice', { name: message.author.nickname })}</Text>
    </View>
  )
}

/** The message's text: links tappable (http/https only), mentions highlighted, everything else plain text. */
function MessageText ({ content, nameOf, onLinkTap }: { content: string, nameOf: ChatMessageProps['nameOf'], onLinkTap: (url: string) => void }) {
  return (
    <Text className='chat-message__text' userSelect>
      {chatTextPieces(content, nameOf).map((piece, index) => {
        if (piece.kind === 'text') return piece.text
        if (piece.kind === 'mention') return <Text key={index} className='chat-message__mention'>@{piece.name}</Text>
        return <Text key={index} className='chat-message__link' onClick={event => { event.stopPropagation(); onLinkTap(piece.url) }}>{piece.url}</Text>
      })}
    </Text>
  )
}

/** A message's pictures, sized from their natural size before they load; a tap opens the viewer. */
function MessageImages ({ message, onImageTap }: { message: ChatMessage, onImageTap: ChatMessageActions['onImageTap'] }) {
  const count = message.attachments.length
  return (
    <View className={`chat-message__images${count > 1 ? ' chat-message__images--grid' : ''}`}>
      {message.attachments.map((attachment, index) => {
        const box = thumbnailBox(attachment, count)
        return (
          <Image
            key={`${index}:${attachment.url}`}
            className='chat-message__image'
            src={mediaUrl(attachment.url)}
            mode='aspectFill'
            lazyLoad
            style={{ width: Taro.pxTransform(box.width), height: Taro.pxTransform(box.height) }}
            nativeProps={{ alt: t('chatImageAlt') }}
            onClick={event => { event.stopPropagation(); onImageTap(message, attachment.url) }}
          />
        )
      })}
    </View>
  )
}

/** One message: avatar, name with identity badge and time (once for a group of the same author's messages), quoted original, text, pictures, a plaza card (来一局, a result), reactions, delivery state and actions (delete for mine or as a moderator, report for others'). */
function ChatMessageRow (props: ChatMessageProps) {
  const { entry, mine, canModerate, mentionsMe, selected, nameOf, domId, grouped = false, canPin = false, pinned = false } = props
  const { message, status } = entry
  const kind = identityKindOf(message.author)
  const classes = ['chat-message', `chat-message--${status}`]
  if (mine) classes.push('chat-message--mine')
  if (mentionsMe) classes.push('chat-message--mention')
  if (kind === 'bot') classes.push('chat-message--bot')
  if (grouped) classes.push('chat-message--grouped')
  const sent = status === 'sent'
  const card = message.card ?? null
  // A hold opens the bar under the finger (the list keeps its bottom, so the row grows upwards).
  // In H5, a finger lifted after Taro's 350 ms but before the browser's own long press still
  // makes a tap there, which must not press the action that moved under it: after a hold the
  // bar answers only a touch that starts on it (the mini-program makes no tap after a longpress).
  const heldOpen = useRef(false)
  const act = (run: () => void) => () => { if (!heldOpen.current) run() }
  if (message.notice) return <NoticeLine message={message} domId={domId} onQuoteTap={props.onQuoteTap} />
  return (
    <View id={domId} className={classes.join(' ')} data-testid='message' onLongPress={() => { if (sent) { heldOpen.current = true; props.onHold(entry) } }}>
      {grouped ? <View className='chat-message__gutter' /> : <ChatAvatar user={message.author} />}
      <View className='chat-message__body'>
        <View className='chat-message__head'>
          {!grouped && (
            <>
              <Text className='chat-message__author'>{message.author.nickname}</Text>
              {kind !== 'user' && <IdentityBadge kind={kind} />}
              <Text className='chat-message__time'>{chatClock(message.created_at * 1000)}</Text>
            </>
          )}
          {message.edited_at !== null && <Text className='chat-message__edited'>{t('chatEdited')}</Text>}
          {sent && <Text className='chat-message__more' onClick={() => { heldOpen.current = false; props.onSelect(entry) }}>⋯</Text>}
        </View>
        {message.reply_to && (
          <View className='chat-message__quote' onClick={() => props.onQuoteTap(message.reply_to?.message_id ?? '')}>
            <Text className='chat-message__quote-author'>{message.reply_to.author.nickname}</Text>
            <Text className='chat-message__quote-text'>{chatQuoteText(message.reply_to.content, nameOf)}</Text>
          </View>
        )}
        {message.content !== '' && <MessageText content={message.content} nameOf={nameOf} onLinkTap={props.onLinkTap} />}
        {message.attachments.length > 0 && <MessageImages message={message} onImageTap={props.onImageTap} />}
        {card !== null && <PlazaCardView card={card} author={message.author.nickname} serverId={message.server_id} nameOf={nameOf} />}
        {message.reactions.length > 0 && (
          <View className='chat-message__reactions'>
            {message.reactions.map(reaction => (
              <Text
                key={reaction.emoji}
                className={`chat-message__reaction${reaction.me ? ' chat-message__reaction--mine' : ''}`}
                onClick={() => props.onReact(message, reaction.emoji)}
              >{reaction.emoji} {reaction.count}</Text>
            ))}
          </View>
        )}
        {status === 'pending' && <Text className='chat-message__state'>{t('chatSending')}</Text>}
        {/* why it failed, in the server's words (a direct message the other does not take: "cannot send") */}
        {status === 'failed' && entry.error !== null && <Text className='chat-message__state chat-message__state--reason' data-testid='chat-message-refusal' {...ALERT}>{entry.error}</Text>}
        {status === 'failed' && <Text className='chat-message__state chat-message__state--failed' onClick={() => props.onRetry(entry)}>{t('chatSendFailed')}</Text>}
        {selected && (
          <View className='chat-message__actions' onTouchStart={() => { heldOpen.current = false }}>
            {REACTION_EMOJIS.map(emoji => <Text key={emoji} className='chat-message__action chat-message__action--emoji' onClick={act(() => props.onReact(message, emoji))}>{emoji}</Text>)}
            <Text className='chat-message__action' onClick={act(() => props.onReply(message))}>{t('chatReply')}</Text>
            {mine && <Text className='chat-message__action' onClick={act(() => props.onEdit(message))}>{t('chatEdit')}</Text>}
            {canPin && <Text className='chat-message__action' data-testid='chat-pin-action' onClick={act(() => props.onPin(message))}>{t(pinned ? 'chatUnpin' : 'chatPin')}</Text>}
            {(mine || canModerate) && <Text className='chat-message__action chat-message__action--danger' onClick={act(() => props.onDelete(message))}>{t('chatDelete')}</Text>}
            {!mine && <Text className='chat-message__action' onClick={act(() => props.onReport(message))}>{t('chatReport')}</Text>}
          </View>
        )}
      </View>
    </View>
  )
}

/** Re-renders only when its props change, or the member names it shows do. */
export default observer(ChatMessageRow)
