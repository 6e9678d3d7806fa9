import { View, Text, Button } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { MESSAGE_CONTENT_MAX_LENGTH } from '@core/domain/messages'
import { MESSAGE_COUNTER_FROM } from '@/constants/chat'
import { t } from '@/constants/messages'
import { Textarea } from '@/components/page-elements/textarea'
import type { ChannelChat, ServerMembers } from '@/stores/chat-store'
import { chatPlainText } from '@/utils/chat-text'
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
}

/** H5: the key event of the textarea inside Taro's element (it carries `shiftKey` and `isComposing`). */
interface NativeKeyEvent {
  key: string
  shiftKey: boolean
  isComposing?: boolean
  preventDefault: () => void
}

/**
 * The composer: a multi-line field labelled 输入消息 / Message, the 发送 / Send button, a
 * character counter near the limit, the refusal under the field (the text stays), the
 * reply or edit being made, and the `@` member picker.
 */
function ChatComposer ({ chat, members, nameOf, enterSends }: ChatComposerProps) {
  const query = chat.mentionQuery
  const candidates = query === null ? [] : members.matching(query).slice(0, PICKER_SIZE)
  const length = chat.draftLength
  const send = () => { void chat.submit() }
  const onKeyDown = (event: NativeKeyEvent) => {
    if (!enterSends || event.key !== 'Enter' || event.shiftKey || event.isComposing === true) return
    event.preventDefault()
    send()
  }
  const target = chat.replyTarget
  return (
    <View className='chat-composer'>
      {target && (
        <View className='chat-composer__context'>
          <Text className='chat-composer__context-text'>{t('chatReplyingTo', { name: target.author.nickname })}：{chatPlainText(target.content, nameOf)}</Text>
          <Text className='chat-composer__context-close' onClick={() => chat.setReplyTarget(null)}>✕</Text>
        </View>
      )}
      {chat.editingId !== null && (
        <View className='chat-composer__context'>
          <Text className='chat-composer__context-text'>{t('chatEditing')}</Text>
          <Text className='chat-composer__context-close' onClick={() => chat.cancelEdit()}>✕</Text>
        </View>
      )}
      {candidates.length > 0 && (
        <View className='chat-composer__picker' ariaRole='listbox' ariaLabel={t('chatMention')}>
          {candidates.map(member => (
            <View key={member.user.uid} className='chat-composer__candidate' ariaRole='option' onClick={() => chat.pickMention(member.user)}>@{member.user.nickname}</View>
          ))}
        </View>
      )}
      <View className='chat-composer__row'>
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
        <Button className='chat-composer__send' size='mini' type='primary' disabled={chat.canSubmit ? undefined : true} onClick={send}>{t('chatSend')}</Button>
      </View>
      {length >= MESSAGE_COUNTER_FROM && (
        <Text className={`chat-composer__counter${length > MESSAGE_CONTENT_MAX_LENGTH ? ' chat-composer__counter--over' : ''}`}>{length}/{MESSAGE_CONTENT_MAX_LENGTH}</Text>
      )}
      {chat.draftError !== null && <View className='chat-composer__error' ariaRole='alert'>{chat.draftError}</View>}
    </View>
  )
}

export default observer(ChatComposer)
