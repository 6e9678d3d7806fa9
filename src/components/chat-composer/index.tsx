import { useEffect } from 'react'
import { View, Text, Button, Image } from '@tarojs/components'
import { observer } from 'mobx-react'
import { EVERYONE_MENTION, MESSAGE_CONTENT_MAX_LENGTH } from '@core/domain/messages'
import { MESSAGE_COUNTER_FROM } from '@/constants/chat'
import { t } from '@/i18n'
import { Textarea } from '@/components/page-elements/textarea'
import type { ChannelChat } from '@/stores/chat/channel-chat'
import type { ServerMembers } from '@/stores/chat/members'
import type { DraftImage, UploadQueue } from '@/stores/support/upload-queue'
import { chatQuoteText } from '@/utils/chat-text'
import { ALERT, LISTBOX, OPTION, STATUS } from '@/constants/a11y'
import { formatSlowModeSetting, formatWait } from '@/utils/format-duration'
import { pressable } from '@/utils/pressable'
import { disabledIf } from '@/utils/disabled-if'
import ChatAvatar from '@/components/chat-avatar'
import './index.scss'

/** Members the `@` picker lists at most. */
const PICKER_SIZE = 8

/** What the composer writes into. */
export interface ChatComposerProps {
  chat: ChannelChat
  members: ServerMembers
  /** A mentioned member's nickname, or null (for the reply preview). */
  nameOf: (uid: string) => string | null
  /** Enter sends (a desktop keyboard); otherwise Enter breaks the line and the button sends. */
  enterSends: boolean
  /** I may attach pictures in this channel (AttachFiles). */
  canAttach: boolean
  /** The attach tap (the view picks with the platform's picker). */
  onAttach: () => void
  /** I may mention everyone in this channel (MentionEveryone): the picker offers @全体成员 first. */
  canMentionEveryone?: boolean
}

/** H5: the key event of the textarea inside Taro's element (it carries `shiftKey` and `isComposing`). */
interface NativeKeyEvent {
  key: string
  shiftKey: boolean
  isComposing?: boolean
  preventDefault: () => void
}

/** One attached picture with its upload's progress, or why it failed with retry, and remove. */
function ImageTile ({ image, uploads }: { image: DraftImage, uploads: UploadQueue }) {
  return (
    <View className={`chat-composer__image chat-composer__image--${image.status}`}>
      <Image className='chat-composer__thumb' src={image.url ?? image.path} mode='aspectFill' nativeProps={{ alt: t('chatImageAlt') }} />
      {image.status === 'uploading' && <Text className='chat-composer__progress'>{`${image.progress}%`}</Text>}
      {image.status === 'failed' && (
        <View className='chat-composer__failed' {...ALERT}>
          <Text className='chat-composer__failed-text'>{image.error}</Text>
          <Text className='chat-composer__retry' onClick={() => uploads.retry(image.id)}>{t('retry')}</Text>
        </View>
      )}
      <View className='chat-composer__remove' ariaLabel={t('postImageRemove')} {...pressable(() => uploads.remove(image.id))}>✕</View>
    </View>
  )
}

/** What the composer says of a slow mode that is on: its interval, or that it does not hold me back. */
function slowModeLine (seconds: number, exempt: boolean): string {
  return exempt ? t('chatSlowModeExempt') : t('chatSlowModeEvery', { interval: formatSlowModeSetting(seconds) })
}

/**
 * The composer: a multi-line field labelled 输入消息 / Message, the 发送 / Send button, a
 * character counter near the limit, the refusal under the field (the text stays), the
 * reply or edit being made, the `@` member picker, the attached pictures
 * with their uploads (the message waits for them), and the channel's slow mode: 慢速模式已开启
 * and, after a send, the countdown (还需等待 12 秒) with 发送 held until it ends.
 */
function ChatComposer ({ chat, members, nameOf, enterSends, canAttach, onAttach, canMentionEveryone = false }: ChatComposerProps) {
  const query = chat.mentionQuery
  const candidates = query === null ? [] : members.matching(query).slice(0, PICKER_SIZE)
  // @全体成员 for whoever may use it, while what is typed after @ could still become it
  const offersEveryone = canMentionEveryone && query !== null && EVERYONE_MENTION.startsWith(`@${query.trim()}`)
  // the picker offers members beyond the loaded page: the server finds them by nickname or pinyin initials
  useEffect(() => { if (query !== null) void members.lookUp(query) }, [members, query])
  const length = chat.draftLength
  const send = () => { void chat.submit() }
  const onKeyDown = (event: NativeKeyEvent) => {
    if (!enterSends || event.key !== 'Enter' || event.shiftKey || event.isComposing === true) return
    event.preventDefault()
    send()
  }
  const target = chat.replyTarget
  const uploads = chat.uploads
  const slowMode = chat.slowMode
  const images = chat.editingId === null ? uploads?.images ?? [] : []
  return (
    <View className='chat-composer'>
      {target && (
        <View className='chat-composer__context'>
          <Text className='chat-composer__context-text'>{t('chatReplyingTo', { name: target.author.nickname })}：{chatQuoteText(target.content, nameOf)}</Text>
          <Text className='chat-composer__context-close' onClick={() => chat.setReplyTarget(null)}>✕</Text>
        </View>
      )}
      {chat.editingId !== null && (
        <View className='chat-composer__context'>
          <Text className='chat-composer__context-text'>{t('chatEditing')}</Text>
          <Text className='chat-composer__context-close' onClick={() => chat.cancelEdit()}>✕</Text>
        </View>
      )}
      {(candidates.length > 0 || offersEveryone) && (
        <View className='chat-composer__picker' {...LISTBOX} ariaLabel={t('chatMention')}>
          {offersEveryone && (
            <View className='chat-composer__candidate chat-composer__candidate--everyone' {...OPTION} onClick={() => chat.pickEveryone()}>
              <Text className='chat-composer__candidate-name'>{EVERYONE_MENTION}</Text>
              <Text className='chat-composer__candidate-note'>{t('chatMentionEveryoneNote')}</Text>
            </View>
          )}
          {candidates.map(member => (
            <View key={member.user.uid} className='chat-composer__candidate' {...OPTION} onClick={() => chat.pickMention(member.user)}>
              <ChatAvatar user={member.user} small />
              <Text className='chat-composer__candidate-name'>@{member.user.nickname}</Text>
            </View>
          ))}
        </View>
      )}
      {slowMode.on && (
        <View className='chat-composer__slow-mode' {...STATUS}>
          <Text className='chat-composer__slow-mode-text'>{slowModeLine(slowMode.seconds, slowMode.exempt)}</Text>
          {slowMode.waitSeconds > 0 && <Text className='chat-composer__slow-mode-wait'>{t('chatSlowModeWait', { time: formatWait(slowMode.waitSeconds) })}</Text>}
        </View>
      )}
      {uploads !== null && images.length > 0 && (
        <View className='chat-composer__images'>
          {images.map(image => <ImageTile key={image.id} image={image} uploads={uploads} />)}
        </View>
      )}
      <View className='chat-composer__row'>
        {canAttach && chat.canAttach && (
          <View className='chat-composer__attach' ariaLabel={t('chatAttachImage')} {...pressable(onAttach)}><Text>＋</Text></View>
        )}
        <Textarea
          className='chat-composer__input'
          value={chat.draft}
          placeholder={t('chatInputLabel')}
          ariaLabel={t('chatInputLabel')}
          autoHeight
          maxlength={-1}
          showConfirmBar={false}
          onFocus={() => { if (members.status === 'idle') void members.load() }}
          onInput={event => chat.setDraft(event.detail.value)}
          nativeProps={{ onKeyDown, 'aria-label': t('chatInputLabel') }}
        />
        <Button className='chat-composer__send' size='mini' type='primary' disabled={disabledIf(!chat.canSubmit)} onClick={send}>{t('chatSend')}</Button>
      </View>
      {length >= MESSAGE_COUNTER_FROM && (
        <Text className={`chat-composer__counter${length > MESSAGE_CONTENT_MAX_LENGTH ? ' chat-composer__counter--over' : ''}`}>{length}/{MESSAGE_CONTENT_MAX_LENGTH}</Text>
      )}
      {chat.attachmentsBlockedBy !== null && <Text className='chat-composer__hint'>{chat.attachmentsBlockedBy}</Text>}
      {chat.draftError !== null && <View className='chat-composer__error' {...ALERT}>{chat.draftError}</View>}
    </View>
  )
}

export default observer(ChatComposer)
