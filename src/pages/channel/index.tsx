import { useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { View, Text, Image } from '@tarojs/components'
import { Video } from '@/components/page-elements/video'
import { observer } from 'mobx-react-lite'
import type { LiveItem, Message, Post } from '@core/wire/entities'
import { t } from '@/constants/messages'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { currentParams } from '@/router'
import { isShareHidden, type ShareContent } from '@/services/share'
import { useShare } from '@/services/share/use-share'
import { ChannelContentStore, type PlayedLive } from '@/stores/channel-content-store'
import { usePageStore, useStores } from '@/stores/context'
import { showLoadError } from '@/utils/feedback'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'
import { mediaUrl } from '@/utils/media-url'
import DebugPanel, { isDebugOn } from '@/components/debug-panel'
import ListFooter from '@/components/list-footer'
import LiveBadge from '@/components/live-badge'
import LiveCard, { durationText, liveStartText } from '@/components/live-card'
import PageHeader from '@/components/page-header'
import StateView from '@/components/state-view'
import './index.scss'
import { DECORATIVE_IMAGE } from '@/constants/a11y'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/channel/index'

function logFailure (what: string) {
  return (error: unknown) => console.error(`[channel] ${what} failed:`, error)
}

/** SPEC §8: the loader error handler's toast, after a load that failed. */
function loadAndReport (run: () => Promise<void>, error: () => string | null): void {
  run().then(() => {
    const message = error()
    if (message) void showLoadError(message)
  }).catch(logFailure('loading'))
}

function Author ({ nickname, avatar, createdAt }: { nickname: string, avatar: string, createdAt: number }) {
  const src = mediaUrl(avatar)
  return (
    <View className='channel-page__author'>
      {src !== '' ? <Image className='channel-page__avatar' src={src} mode='aspectFill' lazyLoad nativeProps={DECORATIVE_IMAGE} /> : <View className='channel-page__avatar' />}
      <Text className='channel-page__nickname'>{nickname}</Text>
      <Text className='channel-page__time'>{formatDate(fromUnixSeconds(createdAt), 'MM-DD HH:mm')}</Text>
    </View>
  )
}

function MessageRow ({ message }: { message: Message }) {
  return (
    <View className='channel-page__message' data-testid='message'>
      <Author nickname={message.author.nickname} avatar={message.author.avatar} createdAt={message.created_at} />
      <Text className='channel-page__message-text'>{message.content}</Text>
    </View>
  )
}

function PostCard ({ post }: { post: Post }) {
  const cover = mediaUrl(post.cover)
  return (
    <View className='channel-page__post' data-testid='post'>
      <Author nickname={post.author.nickname} avatar={post.author.avatar} createdAt={post.created_at} />
      <Text className='channel-page__post-title'>{post.title}</Text>
      <Text className='channel-page__post-text'>{post.content}</Text>
      {cover !== '' && <Image className='channel-page__post-cover' src={cover} mode='aspectFill' lazyLoad nativeProps={DECORATIVE_IMAGE} />}
    </View>
  )
}

/** The player: a reserved item shows its cover and start time; otherwise the Video (mp4 or HLS; an ended mp4 plays back). */
function Player ({ played }: { played: PlayedLive }) {
  const { item, state } = played
  const cover = mediaUrl(item.cover)
  const src = mediaUrl(item.play_url)
  const start = liveStartText(item.started_at, 'YYYY-MM-DD HH:mm')
  const duration = durationText(item.duration)
  return (
    <View className='channel-page__player'>
      <View className='channel-page__screen'>
        {state === 'order' || src === ''
          ? (
            <View className='channel-page__poster'>
              {cover !== '' && <Image className='channel-page__poster-image' src={cover} mode='aspectFill' nativeProps={DECORATIVE_IMAGE} />}
              <Text className='channel-page__poster-text'>{state === 'order' ? t('liveNotStarted', { time: start }) : t('livePlayerEmpty')}</Text>
            </View>
            )
          : <Video className='channel-page__video' src={src} poster={cover || undefined} controls objectFit='contain' />}
      </View>
      <View className='channel-page__now'>
        <LiveBadge state={state} />
        <Text className='channel-page__now-title'>{item.title}</Text>
      </View>
      <View className='channel-page__now-meta'>
        {start !== '' && <Text>{t('liveStartsAt', { time: start })}</Text>}
        {duration !== '' && <Text className='channel-page__now-duration'>{t('liveDuration', { duration })}</Text>}
      </View>
    </View>
  )
}

/** The content of the loaded channel, by its view; `loadMore` asks for its list's next page (reach-bottom, or a tap on a failed one). */
const ChannelBody = observer(function ChannelBody ({ store, loadMore }: { store: ChannelContentStore, loadMore: () => void }) {
  const content = store.content
  if (content === null || content.view === 'unsupported') return <StateView status='empty' message={t('channelUnsupported')} />
  const list = content.list
  const footer = <ListFooter status={list.moreStatus} error={list.moreError} hasMore={list.hasMore} onRetry={loadMore} />
  if (list.status === 'empty') {
    const empty = content.view === 'messages' ? t('messagesEmpty') : content.view === 'posts' ? t('postsEmpty') : t('livesEmpty')
    return <StateView status='empty' message={empty} />
  }
  if (content.view === 'messages') {
    return <View className='channel-page__list'>{content.list.items.map(message => <MessageRow key={message.message_id} message={message} />)}{footer}</View>
  }
  if (content.view === 'posts') {
    return <View className='channel-page__list'>{content.list.items.map(post => <PostCard key={post.post_id} post={post} />)}{footer}</View>
  }
  const played = store.played
  const select = (item: LiveItem) => store.select(item.live_id)
  return (
    <View>
      {played && <Player played={played} />}
      <View className='channel-page__list'>
        {content.list.items.map(item => (
          <LiveCard key={item.live_id} item={item} state={store.stateOf(item)} onTap={select} />
        ))}
        {footer}
      </View>
    </View>
  )
})

/** A channel's page, read-only: a discussion's messages, a post channel's posts, or a live channel's player and items. */
function ChannelPage () {
  const { server } = useStores()
  const store = usePageStore(root => new ChannelContentStore(root.api, { clock: root.clock, logger: root.logger }))
  const [params] = useState(() => currentParams())
  const channelId = params.channel_id ?? ''

  usePageLifecycle(PAGE_PATH, {
    load: () => { if (channelId !== '') loadAndReport(() => store.open({ channelId, liveId: params.live_id }), () => store.error) },
    show: () => store.refreshClock(),
  })
  const loadMore = () => loadAndReport(() => store.loadMore(), () => store.content?.view === 'unsupported' ? null : store.content?.list.moreError ?? null)
  useReachBottom(loadMore)

  const channel = store.channel

  const share: ShareContent | null = channel
    ? { title: channel.name, desc: server.name, imageUrl: channel.icon, target: { serverId: channel.server_id, channelId: channel.channel_id } }
    : null
  useShare(share, isShareHidden(params))

  let body
  if (channelId === '') body = <StateView status='empty' message={t('notFoundTitle')} />
  else if (store.status === 'idle' || store.status === 'loading') body = <StateView status='loading' />
  else if (store.status === 'error') body = <StateView status='error' message={store.error} onRetry={() => loadAndReport(() => store.load(), () => store.error)} />
  else body = <ChannelBody store={store} loadMore={loadMore} />

  return (
    <View className='channel-page'>
      <PageHeader title={channel?.name ?? t('pageTitleChannel')} homeQuery={channel ? { server_id: channel.server_id } : undefined} />
      {body}
      {isDebugOn(params) && <DebugPanel />}
    </View>
  )
}

export default observer(ChannelPage)
