import { useCallback, useEffect, useMemo } from 'react'
import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import InteractionCard from '@/components/interaction-card'
import PageHeader from '@/components/page-header'
import ShowroomMap from '@/components/showroom-map'
import StateView from '@/components/state-view'
import { t } from '@/i18n'
import { showroomQueryOf } from '@core/domain/server'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { currentParams, pageLocation, relaunch } from '@/router'
import DebugPanelWhenAsked from '@/components/debug-panel/when-asked'
import { usePageStore, useStores } from '@/stores/context'
import { ShowroomStore } from '@/stores/space/showroom-store'
import { showLoadError } from '@/utils/feedback'
import { isH5 } from '@/utils/platform'
import { isShareHidden, type ShareContent } from '@/services/share'
import { useShare } from '@/services/share/use-share'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/market/index'

function goHome (): void {
  relaunch().catch(error => console.error('[market] home failed:', error))
}

/**
 * Market (SPEC §2 `/market/index.html`, the sales demonstration platform): the showroom
 * of the metaverse channel named by `channel_id`/`cid` in the server named by
 * `server_id`/`sid` (else the host's or the first configured server). The map
 * keeps its aspect ratio with the hotspots on it; the first interaction event's card
 * opens (and a video plays) as the page opens (SPEC §7); tapping a hotspot opens its card.
 */
function Market () {
  const { server, channel: channelList } = useStores()
  const showroom = usePageStore(root => new ShowroomStore(root.api, root.logger))
  const params = useMemo(() => currentParams(), [])
  usePageLifecycle(PAGE_PATH, {
    show: () => { if (showroom.data) channelList.markShown(showroom.data.channel_id) },
    hide: () => { if (showroom.data) channelList.markShown(null, showroom.data.channel_id) },
  })

  const load = useCallback(async (query?: { server_id?: string, channel_id?: string }) => {
    const shown = await showroom.load(query)
    // SPEC §8: the loader error handler's toast, for a failed request; a showroom that is not there is said once, on the page.
    if (!shown && showroom.status === 'error' && showroom.problem === 'failed') await showLoadError(showroom.error ?? '')
  }, [showroom])

  useEffect(() => {
    // SPEC §2: the showroom the parameters and host name (the reference server carries its answer in the page)
    load(showroomQueryOf(server.servers, pageLocation(params))).catch(error => console.error('[market] load failed:', error))
  }, [load, params, server])

  const { status, map, openedEvent, firstEvent } = showroom
  const shown = showroom.data
  // the desktop column marks the showroom open while this page shows it, as it marks a channel page's channel
  const shownChannelId = shown?.channel_id ?? null
  useEffect(() => {
    if (shownChannelId === null) return undefined
    channelList.markShown(shownChannelId)
    return () => channelList.markShown(null, shownChannelId)
  }, [channelList, shownChannelId])
  const share: ShareContent | null = shown
    ? { title: t('pageTitleMarket'), desc: server.name, imageUrl: shown.map.background, target: { serverId: shown.server_id, channelId: shown.channel_id } }
    : null
  useShare(share, isShareHidden(params))
  const header = <PageHeader title={t('pageTitleMarket')} homeQuery={showroom.query ? { server_id: showroom.query.server_id } : undefined} />
  if (status === 'error') {
    return (
      <View className='market market--state'>
        {header}
        <View className='market__state'>
          <StateView status='error' compact message={showroom.error} retryable={showroom.retryable} onRetry={() => { load().catch(() => undefined) }} />
          <Button className='market__home' onClick={goHome}>{t('backHome')}</Button>
        </View>
      </View>
    )
  }
  if (map === null) {
    return (
      <View className='market market--state'>
        {header}
        <View className='market__state'><StateView status='loading' /></View>
      </View>
    )
  }
  return (
    <View className='market'>
      {header}
      <ShowroomMap map={map} hotspots={showroom.hotspots} activeEventId={showroom.openEventId} onHotspot={spot => showroom.openEvent(spot.event_id)} />
      {status === 'empty' && <Text className='market__empty'>{t('showroomEmpty')}</Text>}
      {openedEvent && (
        <View className='market__card'>
          <InteractionCard
            key={openedEvent.event_id}
            event={openedEvent}
            // The first event plays without a tap: a browser starts it only muted.
            startMuted={isH5() && openedEvent.event_id === firstEvent?.event_id}
            onClose={() => showroom.closeEvent()}
          />
        </View>
      )}
      <DebugPanelWhenAsked params={params} />
    </View>
  )
}

export default observer(Market)
