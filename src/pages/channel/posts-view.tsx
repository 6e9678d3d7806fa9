/**
 * The channel page's view of a post channel (channel type 3): the feed newest first with
 * the "N 条新帖子" bar for posts that arrived live, a composer that opens on "写帖子" (a
 * member's; a visitor gets the join prompt there),
 * and the like and open taps. Renders the stores the page owns; decides nothing.
 */
import { useState } from 'react'
import { View, Text, Button } from '@tarojs/components'
import { observer } from 'mobx-react'
import type { Post } from '@core/wire/posts'
import ListFooter from '@/components/list-footer'
import PostCard from '@/components/post-card'
import PostComposer from '@/components/post-composer'
import JoinPrompt, { type JoinPromptMembership } from '@/components/join-prompt'
import StateView from '@/components/state-view'
import { t } from '@/i18n'
import type { PostComposerStore } from '@/stores/posts/post-composer-store'
import type { PostFeedStore } from '@/stores/posts/post-feed-store'

/** The stores and the taps that leave the view. */
export interface PostsViewProps {
  feed: PostFeedStore
  composer: PostComposerStore
  onOpen: (post: Post) => void
  onLike: (post: Post) => void
  onAddImages: () => void
  /** Sends the draft; resolves true when the post was written. */
  onSend: () => Promise<boolean>
  /** My membership of the channel's server: only a member gets 写帖子; anyone else the join prompt. */
  membership: JoinPromptMembership & { readonly isMember: boolean | null }
  /** Signs in when nobody is, then joins the server. */
  onJoin: () => void
}

/** A post channel's feed and composer. */
function PostsView ({ feed, composer, onOpen, onLike, onAddImages, onSend, membership, onJoin }: PostsViewProps) {
  const [composing, setComposing] = useState(false)
  const send = () => { void onSend().then(sent => { if (sent) setComposing(false) }) }
  let list
  if (feed.status === 'idle' || feed.status === 'loading') list = <StateView status='loading' />
  else if (feed.status === 'error') list = <StateView status='error' message={feed.error} retryable={feed.retryable} onRetry={() => { void feed.load() }} />
  else if (feed.status === 'empty') list = <StateView status='empty' message={t('postsEmpty')} />
  else {
    list = (
      <View>
        {feed.items.map(post => <PostCard key={post.post_id} post={post} onOpen={onOpen} onLike={onLike} />)}
        <ListFooter status={feed.more.status} error={feed.more.error} hasMore={feed.hasMore} retryable={feed.more.retryable} onRetry={() => { void feed.loadMore() }} />
      </View>
    )
  }
  return (
    <View className='channel-page__list'>
      {membership.isMember === true
        ? <Button className={`channel-page__write${composing ? ' channel-page__write--close' : ''}`} onClick={() => setComposing(!composing)}>{composing ? t('close') : t('postWrite')}</Button>
        : <JoinPrompt membership={membership} hint='postJoinHint' onJoin={onJoin} />}
      {composing && membership.isMember === true && <PostComposer composer={composer} onAddImages={onAddImages} onSend={send} />}
      {feed.incoming.length > 0 && (
        <View className='channel-page__incoming' role='button' onClick={() => feed.showIncoming()}>
          <Text className='channel-page__incoming-arrow' aria-hidden='true'>↑</Text>
          <Text>{t('postsIncoming', { count: String(feed.incoming.length) })}</Text>
        </View>
      )}
      {list}
    </View>
  )
}

export default observer(PostsView)
