import { View, Text, Button } from '@tarojs/components'
import { ScrollView } from '@/components/page-elements/scroll-view'
import { observer } from 'mobx-react'
import CommentBar from '@/components/comment-bar'
import JoinPrompt, { type JoinPromptMembership } from '@/components/join-prompt'
import { t } from '@/i18n'
import type { LiveChatStore } from '@/stores/live/live-chat-store'
import { formatCount } from '@/utils/format-number'
import './index.scss'

/** The chat's store and what its taps do outside it (sign-in first). */
export interface LiveChatProps {
  chat: LiveChatStore
  onSend: () => void
  onToggleReminder: () => void
  /** My membership of the item's server: only a member gets the comment box; anyone else the join prompt. */
  membership: JoinPromptMembership & { readonly isMember: boolean | null }
  /** Signs in when nobody is, then joins the server. */
  onJoin: () => void
}

/** The comments overlaid on the player (phones): the newest few, scrolling by; hidden with the toggle. */
export const LiveChatOverlay = observer(function LiveChatOverlay ({ chat }: { chat: LiveChatStore }) {
  if (chat.overlayHidden || chat.overlay.length === 0) return null
  return (
    <View className='live-chat-overlay'>
      {chat.overlay.map(comment => (
        <Text key={comment.comment_id} className='live-chat-overlay__line'>{`${comment.author.nickname}：${comment.content}`}</Text>
      ))}
    </View>
  )
})

/** Under the player: viewers, the overlay toggle, the reminder of a reserved item, the comment list and the composer (or, once, why there is none). */
function LiveChat ({ chat, onSend, onToggleReminder, membership, onJoin }: LiveChatProps) {
  if (chat.state === 'order') {
    return (
      <View className='live-chat'>
        <Button className={`live-chat__remind${chat.reminded ? ' live-chat__remind--on' : ''}`} size='mini' onClick={onToggleReminder}>
          {chat.reminded ? t('liveReminded') : t('liveRemindMe')}
        </Button>
      </View>
    )
  }
  return (
    <View className='live-chat'>
      <View className='live-chat__bar'>
        {chat.viewers !== null && <Text className='live-chat__viewers'>{t('liveViewers', { count: formatCount(chat.viewers) })}</Text>}
        <Text className='live-chat__toggle' onClick={() => chat.toggleOverlay()}>{chat.overlayHidden ? t('liveChatShow') : t('liveChatHide')}</Text>
      </View>
      <ScrollView className='live-chat__list' scrollY scrollIntoView={chat.comments.length > 0 ? `live-comment-${chat.comments[chat.comments.length - 1].comment_id}` : undefined}>
        {chat.comments.length === 0 && <Text className='live-chat__empty'>{t('commentsEmpty')}</Text>}
        {chat.comments.map(comment => (
          <View key={comment.comment_id} id={`live-comment-${comment.comment_id}`} className='live-chat__comment'>
            <Text className='live-chat__author'>{comment.author.nickname}</Text>
            <Text className='live-chat__text'>{comment.content}</Text>
          </View>
        ))}
      </ScrollView>
      {chat.closedState !== null
        ? <Text className='live-chat__state'>{t(chat.closedState === 'replay' ? 'liveChatReadOnly' : 'liveCommentsOff')}</Text>
        : chat.canComment && (membership.isMember === true
          ? <CommentBar draft={chat.draft} placeholder={t('liveChatPlaceholder')} onSend={onSend} />
          : <JoinPrompt membership={membership} hint='liveJoinHint' onJoin={onJoin} />)}
    </View>
  )
}

export default observer(LiveChat)
