import '@/i18n/page-messages'
import { useEffect, useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { View, Text, Image, Button } from '@tarojs/components'
import { Video } from '@/components/page-elements/video'
import { observer } from 'mobx-react'
import type { LiveItem } from '@core/wire/entities'
import { t } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { usePullRefresh } from '@/hooks/use-pull-refresh'
import { currentParams, navigate } from '@/router'
import { isShareHidden, type ShareContent } from '@/services/share'
import { askSubscription } from '@/services/wechat-subscribe'
import { useShare } from '@/services/share/use-share'
import { ChannelContentStore, type PlayedLive } from '@/stores/channels/channel-content-store'
import { PostComposerStore } from '@/stores/posts/post-composer-store'
import { storageUploader } from '@/stores/support/storage-uploader'
import { PostFeedStore } from '@/stores/posts/post-feed-store'
import { LiveChatStore } from '@/stores/live/live-chat-store'
import { usePageStore, useStores } from '@/stores/context'
import { showLoadError, toast } from '@/utils/feedback'
import { mediaUrl } from '@/utils/media-url'
import { pickImages } from '@/utils/pick-images'
import DebugPanel, { isDebugOn } from '@/components/debug-panel'
import ListFooter from '@/components/list-footer'
import LiveBadge from '@/components/live-badge'
import LiveChat, { LiveChatOverlay, type LiveChatProps } from '@/components/live-chat'
import LiveCard, { durationText, liveStartText } from '@/components/live-card'
import NotificationMenu from '@/components/notification-menu'
import PageHeader from '@/components/page-header'
import SignInOffer from '@/components/sign-in-offer'
import StateView from '@/components/state-view'
import DiscussionChat, { showServerOf } from './discussion-chat'
import ElsewhereChannel from './elsewhere-channel'
import { joinChannelServer } from './join'
import PostsView, { type PostsViewProps } from './posts-view'
import { DECORATIVE_IMAGE } from '@/constants/a11y'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/channel/index'

function logFailure (what: string) {
  return (error: unknown) => console.error(`[channel] ${what} failed:`, error)
}

/** SPEC §8: the loader error handler's toast, after a load that failed; settles when both are done (never rejects). */
function loadAndReport (run: () => Promise<void>, error: () => string | null): Promise<void> {
  return run().then(() => {
    const message = error()
    if (message) void showLoadError(message)
  }).catch(logFailure('loading'))
}

/**
 * The player with its chat: a reserved item shows its cover and start time, otherwise the
 * Video (mp4 or HLS; an ended mp4 plays back); comments over the screen (phones) and the
 * chat under it.
 */
function Player ({ played, chat }: { played: PlayedLive, chat: LiveChatProps }) {
  const { item, state } = played
  const [failure, setFailure] = useState<{ liveId: string, attempt: number } | null>(null)
  const [attempt, setAttempt] = useState(0)
  const failed = failure !== null && failure.liveId === item.live_id && failure.attempt === attempt
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
          : failed
            ? (
              <View className='channel-page__poster' role='alert'>
                <Text className='channel-page__poster-text'>{t('livePlayerFailed')}</Text>
                <Button className='channel-page__retry' size='mini' onClick={() => setAttempt(attempt + 1)}>{t('retry')}</Button>
              </View>
              )
            : <Video key={`${item.live_id}-${attempt}`} className='channel-page__video' src={src} poster={cover || undefined} controls objectFit='contain' onError={() => setFailure({ liveId: item.live_id, attempt })} />}
        <LiveChatOverlay chat={chat.chat} />
      </View>
      <View className='channel-page__now'>
        <LiveBadge state={state} />
        <Text className='channel-page__now-title'>{item.title}</Text>
      </View>
      <View className='channel-page__now-meta'>
        {start !== '' && <Text>{t('liveStartsAt', { time: start })}</Text>}
        {duration !== '' && <Text className='channel-page__now-duration'>{t('liveDuration', { duration })}</Text>}
      </View>
      <LiveChat {...chat} />
    </View>
  )
}

/** The content of the loaded channel, by its view; `loadMore` asks for its list's next page (reach-bottom, or a tap on a failed one); a post channel's view is the posts view on the page's post stores. */
const ChannelBody = observer(function ChannelBody ({ store, loadMore, posts, chat }: { store: ChannelContentStore, loadMore: () => void, posts: PostsViewProps, chat: LiveChatProps }) {
  const content = store.content
  if (content?.view === 'unsupported' && store.channel) return <ElsewhereChannel channel={store.channel} />
  if (content === null || content.view === 'unsupported') return <StateView status='empty' message={t('channelUnsupported')} />
  if (content.view === 'chat') return store.channel && <DiscussionChat channel={store.channel} />
  if (content.view === 'posts') return <PostsView {...posts} />
  const list = content.list
  const footer = <ListFooter status={list.moreStatus} error={list.moreError} hasMore={list.hasMore} retryable={list.moreRetryable} onRetry={loadMore} />
  if (list.status === 'empty') return <StateView status='empty' message={t('livesEmpty')} />
  const played = store.played
  const select = (item: LiveItem) => store.select(item.live_id)
  return (
    <View>
      {played && <Player played={played} chat={chat} />}
      <View className='channel-page__list'>
        {store.liveItems.map(item => (
          <LiveCard key={item.live_id} item={item} state={store.stateOf(item)} onTap={select} />
        ))}
        {footer}
      </View>
    </View>
  )
})

/** A channel's page: a discussion's chat, a post channel's posts, or a live channel's player and items. */
function ChannelPage () {
  const root = useStores()
  const { server, session, channel: channelList } = root
  const store = usePageStore(root => new ChannelContentStore(root.api, { clock: root.clock, logger: root.logger }))
  const feed = usePageStore(root => {
    const created = new PostFeedStore(root.posts, { logger: root.logger, myUid: () => root.session.user?.uid ?? null })
    created.attach(root.gateway)
    return created
  })
  const composer = usePageStore(root => new PostComposerStore(root.posts, { upload: storageUploader(root.api), logger: root.logger }))
  const [params] = useState(() => currentParams())
  const channelId = params.channel_id ?? ''
  const postChannelId = store.content?.view === 'posts' ? store.content.channelId : null
  useEffect(() => {
    if (postChannelId !== null) loadAndReport(() => feed.open(postChannelId), () => feed.error)
  }, [feed, postChannelId])
  useEffect(() => () => feed.dispose(), [feed])
  const liveChat = usePageStore(root => {
    const created = new LiveChatStore(root.posts, {
      logger: root.logger,
      scheduler: root.scheduler,
      isSignedIn: () => root.session.isSignedIn,
      isMember: () => root.server.isMember === true,
      onReminder: (item, reminded) => root.liveReminders.remember(item, reminded),
      askSubscription: () => askSubscription(code => root.api.bindWechat(code)),
    })
    created.attach(root.gateway)
    return created
  })
  const playedItem = store.played?.item ?? null
  const playedState = store.played?.state ?? null
  useEffect(() => {
    if (playedItem !== null && playedState !== null) liveChat.open(playedItem, playedState).catch(logFailure('opening the live chat'))
  }, [liveChat, playedItem, playedState])
  useEffect(() => () => liveChat.dispose(), [liveChat])
  // a visitor's join from where a composer would be: a guest account first when nobody is signed in
  const join = () => { void joinChannelServer(root) }
  const chat: LiveChatProps = {
    chat: liveChat,
    membership: server,
    onJoin: join,
    // a guest who wrote (a comment, a like, a post) is offered an account: signing up keeps what they wrote
    onSend: () => { void session.ensureSignedIn().then(() => liveChat.send()).then(sent => { if (sent) root.offerSignIn() }) },
    onToggleReminder: () => {
      void session.ensureSignedIn().then(() => liveChat.toggleReminder()).then(message => { if (message) void toast(message) })
    },
  }
  const posts: PostsViewProps = {
    feed,
    composer,
    membership: server,
    onJoin: join,
    onOpen: post => { navigate('post', { post_id: post.post_id }).catch(logFailure('opening the post')) },
    onLike: post => {
      void session.ensureSignedIn().then(() => feed.toggleLike(post.post_id)).then(message => {
        if (message) void toast(message)
        else root.offerSignIn()
      })
    },
    onAddImages: () => { void pickImages(composer.roomForImages).then(picked => composer.addImages(picked)) },
    onSend: async () => {
      if (postChannelId === null) return false
      await session.ensureSignedIn()
      const post = await composer.send(postChannelId)
      if (post) {
        feed.addOwn(post)
        root.offerSignIn()
      }
      return post !== null
    },
  }

  usePageLifecycle(PAGE_PATH, {
    load: () => { if (channelId !== '') loadAndReport(() => store.open({ channelId, liveId: params.live_id }), () => store.error) },
    show: () => {
      store.refreshClock()
      channelList.markShown(channelId)
    },
    hide: () => channelList.markShown(null, channelId),
    unload: () => channelList.markShown(null, channelId),
  })
  const loadMore = () => {
    if (store.content?.view === 'posts') loadAndReport(() => feed.loadMore(), () => feed.more.error)
    else loadAndReport(() => store.loadMore(), () => store.moreError)
  }
  useReachBottom(loadMore)
  // A pull-down (the mini-program's gesture) loads the first page of the list on screen
  // again: the post feed, or the live items; a chat has no list to reload (it is live).
  usePullRefresh(() => store.content?.view === 'posts'
    ? loadAndReport(() => feed.load(), () => feed.error)
    : loadAndReport(() => store.load(), () => store.error))

  const channel = store.channel
  // a post or live channel's composer is a member's: the channel's server's detail says whether I am one (a discussion's chat loads it itself)
  const channelServerId = store.content?.view === 'chat' ? null : channel?.server_id ?? null
  useEffect(() => { if (channelServerId !== null) showServerOf(server, channelServerId) }, [server, channelServerId])

  const share: ShareContent | null = channel
    ? { title: channel.name, desc: server.name, imageUrl: channel.icon, target: { serverId: channel.server_id, channelId: channel.channel_id } }
    : null
  useShare(share, isShareHidden(params))

  let body
  if (channelId === '') body = <StateView status='empty' message={t('notFoundTitle')} />
  else if (store.status === 'idle' || store.status === 'loading') body = <StateView status='loading' />
  else if (store.status === 'error') body = <StateView status='error' message={store.error} retryable={store.retryable} onRetry={() => loadAndReport(() => store.load(), () => store.error)} />
  else body = <ChannelBody store={store} loadMore={loadMore} posts={posts} chat={chat} />

  return (
    <View className={`channel-page${store.content?.view === 'chat' ? ' channel-page--chat' : ''}`}>
      <PageHeader title={channel?.name ?? t('pageTitleChannel')} homeQuery={channel ? { server_id: channel.server_id } : undefined} />
      <SignInOffer />
      {channel && session.isSignedIn && (
        <View className='channel-page__notifications'><NotificationMenu serverId={channel.server_id} channelId={channel.channel_id} /></View>
      )}
      {body}
      {isDebugOn(params) && <DebugPanel />}
    </View>
  )
}

export default observer(ChannelPage)
