import { useRef, useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { Button, View, Text } from '@tarojs/components'
import { observer } from 'mobx-react'
import { bannerEntryOf, liveBannerChannelOf } from '@core/domain/live-banner'
import { ChannelKind } from '@core/wire/codes'
import type { Channel, LiveItem } from '@core/wire/entities'
import { t } from '@/i18n'
import { useAfterFirstPaint } from '@/hooks/use-after-first-paint'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { usePullRefresh } from '@/hooks/use-pull-refresh'
import { usePageTitle } from '@/hooks/use-page-title'
import { currentParams, navigate, pageLocation } from '@/router'
import { isShareHidden, shareLink, type ShareContent } from '@/services/share'
import { useShare } from '@/services/share/use-share'
import type { LiveReminder } from '@/stores/live/live-reminder-store'
import { useStores } from '@/stores/context'
import type { StoreStatus } from '@/stores/support/load-tracker'
import { showLoadError } from '@/utils/feedback'
import ChannelList from '@/components/channel-list'
import CompanyFooter from '@/components/company-footer'
import DebugPanelWhenAsked from '@/components/debug-panel/when-asked'
import InboxEntries from '@/components/inbox-entries'
import ListFooter from '@/components/list-footer'
import LiveCard from '@/components/live-card'
import LiveReminders from '@/components/live-reminders'
import SearchEntry from '@/components/search-entry'
import ServerHeader from '@/components/server-header'
import SettingsEntry from '@/components/settings-entry'
import ShareButton from '@/components/share-button'
import SignInOffer from '@/components/sign-in-offer'
import StateView from '@/components/state-view'
import { channelActionOf, openChannel, opensPage } from '@/components/channel-list/open-channel'
import { disabledIf } from '@/utils/disabled-if'
import './index.scss'

/** The sign-in sheet offered to a guest who joined: a chunk of its own, fetched when offered. */

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/index/index'

/** SPEC §8: the loader error handler shows the first failure's message in a toast. */
function reportLoadError (...errors: Array<string | null>): void {
  const message = errors.find(error => error !== null)
  if (message) void showLoadError(message)
}

function logFailure (what: string) {
  return (error: unknown) => console.error(`[home] ${what} failed:`, error)
}

function isPending (status: StoreStatus): boolean {
  return status === 'idle' || status === 'loading'
}

/** A section's loading, empty or error state (with its retry, when retrying may help). */
function SectionState ({ status, error, retryable, emptyText, onRetry }: { status: StoreStatus, error: string | null, retryable: boolean, emptyText: string, onRetry: () => void }) {
  if (isPending(status)) return <StateView compact status='loading' />
  if (status === 'empty') return <StateView compact status='empty' message={emptyText} />
  return <StateView compact status='error' message={error} retryable={retryable} onRetry={onRetry} />
}

/**
 * Home (SPEC §2, `/index.html`): the current server's card, its live banner and channel
 * list, its live items with their state badges (kept current while the page is shown,
 * more loaded at the bottom), and the company footer.
 */
function Home () {
  const root = useStores()
  const { server, channel, live, session, inbox } = root
  const [params] = useState(() => currentParams())
  const shareHidden = isShareHidden(params)

  const load = () => root.openServer(pageLocation(params))
    .then(() => reportLoadError(server.error, channel.error, live.error))
    .then(() => root.liveReminders.check()) // The reminded lives that started meanwhile

  // a link naming a channel (its share button's) opens on that channel: Home renders nothing meanwhile (the server's first
  // screen, that chat's, stays over the page until the channel's page renders), and itself once it is shown again
  const [goingOn, setGoingOn] = useState(() => Boolean(params.channel_id))
  /** Where Home is with that channel: opening it (`going`), hidden under its page (`left`). */
  const linkedChannel = useRef<'none' | 'going' | 'left'>('none')

  /** SPEC §2: `cid`/`channel_id` in the query opens that channel as a tap would. */
  const openRequestedChannel = () => {
    const channelId = params.channel_id
    if (!channelId) return
    const target = channel.findChannel(channelId)
    const leaves = target !== null && target.kind !== ChannelKind.Group && opensPage(channelActionOf(target.channel_type))
    if (target && target.kind !== ChannelKind.Group) openChannel(target, server.serverId).catch(logFailure(`opening channel ${channelId}`))
    else console.warn(`[home] channel ${channelId} is not in the channel list of server ${server.serverId}`)
    if (leaves) linkedChannel.current = 'going'
    else setGoingOn(false)
  }

  usePageTitle(t('pageTitleHome'))
  usePageLifecycle(PAGE_PATH, {
    load: () => {
      load().then(openRequestedChannel).catch(error => {
        setGoingOn(false)
        logFailure('loading')(error)
      })
    },
    show: () => {
      if (linkedChannel.current === 'left') setGoingOn(false)
      live.startClock() // SPEC §4: badges change while the page is shown
      root.liveReminders.check()
    },
    hide: () => {
      if (linkedChannel.current === 'going') linkedChannel.current = 'left'
      live.stopClock()
    },
    unload: () => live.dispose(),
  })

  usePullRefresh(load)

  // SPEC §9: more live items at 50 px from the bottom (index.config.ts onReachBottomDistance).
  useReachBottom(() => {
    live.loadMore().then(() => reportLoadError(live.moreError)).catch(logFailure('loading more'))
  })

  const detail = server.detail
  const share: ShareContent | null = detail
    ? { title: server.name, desc: detail.introduction, imageUrl: detail.icon, target: { serverId: server.serverId } }
    : null
  useShare(share, shareHidden)

  const retry = (reload: () => Promise<void>, error: () => string | null) => () => {
    reload().then(() => reportLoadError(error())).catch(logFailure('retry'))
  }
  const onChannelTap = (target: Channel) => { openChannel(target, server.serverId).catch(logFailure('opening a channel')) }
  const onLiveTap = (item: LiveItem) => {
    navigate('channel', { channel_id: item.channel_id, live_id: item.live_id }).catch(logFailure('opening a live item'))
  }
  const onReminderTap = (reminder: LiveReminder) => {
    root.liveReminders.seen(reminder)
    navigate('channel', { server_id: reminder.server_id, sid: null, channel_id: reminder.channel_id, live_id: reminder.live_id }).catch(logFailure('opening a reminded live'))
  }
  const onMeTap = () => { navigate('me').catch(logFailure('opening the Me page')) }
  const onJoinTap = () => {
    server.join().then(() => {
      reportLoadError(server.joinError)
      // a guest who joined is offered an account: signing up keeps the membership and everything else
      if (server.joinError === null) root.offerSignIn()
    }).catch(logFailure('joining'))
  }

  const statuses = [server.status, channel.status, live.status]
  const everythingFailed = statuses.every(status => status === 'error')
  const firstLoad = statuses.every(isPending)
  const nothingToShow = channel.status === 'empty' && live.status === 'empty'
  const contentShown = !everythingFailed && !firstLoad && !nothingToShow
  // The live cards (below the first screen) follow the banner's paint by one frame
  const liveCardsShown = useAfterFirstPaint(contentShown)
  const banner = liveBannerChannelOf(channel.channels)
  const featured = bannerEntryOf(banner, live.entries)

  // the voice bar floats under a page header, and Home has none: its header card starts below the bar instead
  const underVoiceBar = root.voice.current?.barShown === true

  // nothing of Home's while it goes on to a linked channel: whatever the server drew (the chat, or a skeleton) stays until that page renders
  if (goingOn) return null
  return (
    <View className={`home${underVoiceBar ? ' home--under-voice-bar' : ''}`}>
      <ServerHeader
        name={server.name}
        icon={detail?.icon}
        introduction={detail?.introduction}
        memberCount={detail?.member_count ?? null}
        onlineCount={server.onlineCount}
        user={session.user}
        onMeTap={onMeTap}
        unread={inbox.unread}
        actions={(
          <>
            {server.isMember === false && (
              <Button className='home__join' size='mini' type='primary' loading={server.isJoining || undefined} disabled={disabledIf(server.isJoining)} onClick={onJoinTap}>{t('homeJoin')}</Button>
            )}
            <InboxEntries />
            <SearchEntry serverId={server.serverId} />
            <ShareButton link={shareLink({ serverId: server.serverId })} hidden={shareHidden} />
            <SettingsEntry />
          </>
        )}
      />
      <SignInOffer />
      {everythingFailed && <StateView status='error' message={server.error} retryable={server.retryable} onRetry={retry(load, () => null)} />}
      {firstLoad && <StateView status='loading' />}
      {nothingToShow && <StateView status='empty' message={t('homeEmpty')} />}
      {contentShown && (
        <View className='home__content'>
          <LiveReminders reminders={root.liveReminders.due} onOpen={onReminderTap} onDismiss={() => root.liveReminders.dismiss()} />
          {banner && featured && (
            <View className='home__banner'>
              <LiveCard variant='banner' item={featured.item} state={featured.state} eyebrow={banner.name} onTap={onLiveTap} />
            </View>
          )}
          <View className='home__section home__channels'>
            <Text className='home__section-title'>{t('homeChannels')}</Text>
            {channel.status === 'ready'
              ? <ChannelList groups={root.unread.overlay(channel.groups)} onTap={onChannelTap} spaceCounts={root.spaceCounts.byChannel} voiceRooms={root.voiceStates.byChannel} speaking={root.voiceStates.speakingNow} />
              : <SectionState status={channel.status} error={channel.error} retryable={channel.retryable} emptyText={t('channelsEmpty')} onRetry={retry(() => channel.load(), () => channel.error)} />}
          </View>
          <View className='home__section home__lives'>
            <Text className='home__section-title'>{t('homeLives')}</Text>
            {live.status === 'ready'
              ? liveCardsShown && live.entries.map(entry => <LiveCard key={entry.item.live_id} item={entry.item} state={entry.state} onTap={onLiveTap} />)
              : <SectionState status={live.status} error={live.error} retryable={live.retryable} emptyText={t('livesEmpty')} onRetry={retry(() => live.load(), () => live.error)} />}
            {live.status === 'ready' && liveCardsShown && (
              <ListFooter status={live.moreStatus} error={live.moreError} hasMore={live.hasMore} retryable={live.moreRetryable} onRetry={retry(() => live.loadMore(), () => live.moreError)} />
            )}
          </View>
        </View>
      )}
      <CompanyFooter />
      <DebugPanelWhenAsked params={params} />
    </View>
  )
}

export default observer(Home)
