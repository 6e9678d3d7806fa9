/**
 * What a visitor (no member of the server, or nobody signed in yet) sees where a
 * member's composer goes — the post channel's 写帖子, a live item's comment box: why
 * there is none and a 加入 button, instead of a box whose send the server refuses.
 */
import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import { t, type MessageKey } from '@/i18n'
import './index.scss'

/** The visitor's standing the prompt shows (the server store's). */
export interface JoinPromptMembership {
  /** True while a join is on its way. */
  readonly isJoining: boolean
}

/** What the prompt says and what its button does. */
export interface JoinPromptProps {
  membership: JoinPromptMembership
  /** Why there is no composer (加入社区后即可发帖 …). */
  hint: MessageKey
  /** Signs in when nobody is, then joins the server (the page says a failure). */
  onJoin: () => void
}

/** The join bar in place of a composer. */
function JoinPrompt ({ membership, hint, onJoin }: JoinPromptProps) {
  return (
    <View className='join-prompt' data-testid='join-prompt'>
      <Text className='join-prompt__text'>{t(hint)}</Text>
      <Button className='join-prompt__button' size='mini' type='primary' loading={membership.isJoining || undefined} onClick={onJoin}>{t('chatJoin')}</Button>
    </View>
  )
}

export default observer(JoinPrompt)
