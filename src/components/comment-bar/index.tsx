import { View, Text, Button } from '@tarojs/components'
import { observer } from 'mobx-react'
import { COMMENT_MAX_LENGTH } from '@core/wire/codes'
import { Input } from '@/components/page-elements/input'
import { t } from '@/i18n'
import type { CommentDraft } from '@/stores/posts/comment-draft'
import { disabledIf } from '@/utils/disabled-if'
import './index.scss'

/** The draft the bar edits, its placeholder and what sending does (sign-in first, then the store's send). */
export interface CommentBarProps {
  draft: CommentDraft
  placeholder: string
  onSend: () => void
  /** The send button's words ("发送" by default; "保存" while the draft rewrites a comment). */
  sendLabel?: string
}

/**
 * The one-line comment composer of a post's page and a live item's chat: the
 * text (kept on refusal), send on Enter or the button, and why the last comment was refused.
 */
function CommentBar ({ draft, placeholder, onSend, sendLabel }: CommentBarProps) {
  return (
    <View className='comment-bar'>
      <View className='comment-bar__row'>
        <Input
          className='comment-bar__input'
          value={draft.text}
          placeholder={placeholder}
          maxlength={COMMENT_MAX_LENGTH}
          confirmType='send'
          nativeProps={{ 'aria-label': placeholder }}
          onInput={event => draft.setText(event.detail.value)}
          onConfirm={onSend}
        />
        <Button className='comment-bar__send' size='mini' type='primary' disabled={disabledIf(!draft.canSend)} onClick={onSend}>{sendLabel ?? t('commentSend')}</Button>
      </View>
      {draft.error && <Text className='comment-bar__error'>{draft.error}</Text>}
    </View>
  )
}

export default observer(CommentBar)
