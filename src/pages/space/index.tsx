import '@/i18n/page-messages'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { reaction } from 'mobx'
import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import { SPACE_EMOTES, type SpaceEmote } from '@core/wire/space-codes'
import InteractionCard from '@/components/interaction-card'
import PageHeader from '@/components/page-header'
import SignInOffer from '@/components/sign-in-offer'
import SpaceCanvas from '@/components/space'
import type { Rect } from '@/stores/space/space-map'
import StateView from '@/components/state-view'
import { Input } from '@/components/page-elements/input'
import { Video } from '@/components/page-elements/video'
import { t, type MessageKey } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { back, currentParams } from '@/router'
import { usePageStore, useStores } from '@/stores/context'
import { ShowroomStore } from '@/stores/space/showroom-store'
import { SpaceStore } from '@/stores/space/space-store'
import { canModerate } from '@/stores/settings/settings-access'
import { toast } from '@/utils/feedback'
import { formatCount } from '@/utils/format-number'
import { disabledIf } from '@/utils/disabled-if'
import { mediaUrl } from '@/utils/media-url'
import { isH5 } from '@/utils/platform'
import { listenToWindowKeys, typingIn } from '@/utils/window-keys'
import PickedSheet from './picked-sheet'
import Stick from './stick'
import { STEER_KEYS, steerOfKeys } from './steer'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/space/index'
/** Lines of the talk log under the map. */
const LOG_LINES = 4

const EMOTE_LABELS: Record<SpaceEmote, MessageKey> = { wave: 'spaceEmoteWave', party: 'spaceEmoteParty', heart: 'spaceEmoteHeart' }

/** Arrows and WASD steer on a desktop (H5), unless the member is typing. */
function useSteerKeys (space: SpaceStore): void {
  useEffect(() => {
    if (!isH5() || typeof window === 'undefined') return undefined
    const held = new Set<string>()
    const down = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase()
      if (!(key in STEER_KEYS) || typingIn(event.target)) return
      event.preventDefault()
      held.add(key)
      const { dx, dy } = steerOfKeys(held)
      space.steer(dx, dy)
    }
    const up = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase()
      if (!held.delete(key)) return
      const { dx, dy } = steerOfKeys(held)
      space.steer(dx, dy)
    }
    const release = () => {
      held.clear()
      space.steer(0, 0)
    }
    return listenToWindowKeys({ down, up, release })
  }, [space])
}

/** The talk input and the emote buttons (a member), or the guest's bar offering sign-in. */
const TalkBar = observer(function TalkBar ({ space }: { space: SpaceStore }) {
  const root = useStores()
  const [draft, setDraft] = useState('')
  const guest = space.entered && !space.canAct
  useEffect(() => { if (guest) root.offerSignIn() }, [root, guest])
  if (guest) {
    return (
      <View className='space-page__guest' data-testid='space-guest'>
        <Text className='space-page__guest-text'>{t('spaceGuestBar')}</Text>
        <SignInOffer />
      </View>
    )
  }
  const say = () => {
    if (space.say(draft)) setDraft('')
  }
  return (
    <View className='space-page__bar'>
      {SPACE_EMOTES.map(emote => (
        // a word, not the emoji: where no emoji font is installed a glyph is an empty box (the canvas plays the emoji)
        <Button key={emote} className='space-page__emote' disabled={disabledIf(!space.entered)} onClick={() => space.emote(emote)}>{t(EMOTE_LABELS[emote])}</Button>
      ))}
      <Input
        className='space-page__input'
        value={draft}
        placeholder={t('spaceSayPlaceholder')}
        ariaLabel={t('spaceSayPlaceholder')}
        confirmType='send'
        onInput={event => setDraft(event.detail.value)}
        onConfirm={say}
      />
      <Button className='space-page__say' size='mini' type='primary' disabled={disabledIf(!space.entered || draft.trim() === '')} onClick={say}>{t('spaceSay')}</Button>
    </View>
  )
})

/** The last lines said near me. */
const TalkLog = observer(function TalkLog ({ space }: { space: SpaceStore }) {
  const lines = space.lines.slice(-LOG_LINES)
  if (lines.length === 0) return null
  return (
    <View className='space-page__log' ariaLabel={t('spaceLog')} role='log'>
      {lines.map(line => (
        <View key={line.key} className='space-page__line'>
          <Text className='space-page__speaker'>{line.nickname}</Text>
          <Text className='space-page__said'>{line.text}</Text>
        </View>
      ))}
    </View>
  )
})

/**
 * The gather space of a metaverse channel (`channel_id`, `server_id`, and
 * `near_uid` to stand next to a friend): the map with everyone in it, drawn on a canvas;
 * tap to walk (or keys, or the stick), talk in bubbles to those near, emotes; the
 * showroom's hotspots open their cards and its first event plays on entry (SPEC §7); a
 * live map (SPEC §3 map_category 2) plays the channel's broadcast on its screen.
 */
function SpacePage () {
  const root = useStores()
  const { session, channel: channelList, server } = root
  const params = useMemo(() => currentParams(), [])
  const channelId = params.channel_id ?? params.cid ?? ''
  const serverId = params.server_id ?? params.sid ?? server.serverId
  const space = usePageStore(stores => new SpaceStore({
    api: stores.spaceApi,
    gateway: stores.gateway,
    clock: stores.clock,
    scheduler: stores.scheduler,
    logger: stores.logger,
    lives: id => stores.api.listChannelLives(id),
    channel: id => stores.api.getChannel(id),
    timeout: (sid, uid, until) => stores.trust.timeout(sid, uid, until),
    counts: stores.spaceCounts,
  }))
  const showroom = usePageStore(stores => new ShowroomStore(stores.api, stores.logger))
  const [screen, setScreen] = useState<Rect | null>(null)
  usePageLifecycle(PAGE_PATH, {
    show: () => channelList.markShown(channelId),
    hide: () => channelList.markShown(null, channelId),
  })
  useSteerKeys(space)
  // a moderator may move, mute or take someone out of the space: the server's permissions, asked for this page's server
  useEffect(() => root.permissions.focus(serverId), [root, serverId])
  const moderator = canModerate(root.permissions)
  const canMute = root.permissions.isOwner || root.permissions.can('MuteMembers')

  const open = useCallback(async () => {
    // looking needs a session on the gateway: a visitor is let in as a guest
    await session.ensureSignedIn()
    await space.open(channelId, params.near_uid)
  }, [channelId, params.near_uid, session, space])

  useEffect(() => {
    open().catch(error => console.error('[space] open failed:', error))
    // the showroom's events and hotspot titles; its first event plays on entry (SPEC §7)
    showroom.load({ server_id: serverId, channel_id: channelId }).catch(error => console.error('[space] showroom failed:', error))
    return () => space.close()
  }, [channelId, open, serverId, showroom, space])

  const openHotspot = useCallback((hotspotId: string) => {
    const spot = showroom.data?.hotspots.find(hotspot => hotspot.hotspot_id === hotspotId)
    if (spot) showroom.openEvent(spot.event_id)
  }, [showroom])

  useEffect(() => {
    const stopNotices = reaction(() => space.notice, notice => {
      if (notice === null) return
      space.clearNotice()
      void toast(notice)
    })
    // removed or hidden: nothing left to see here
    const stopExit = reaction(() => space.exit, exit => { if (exit !== null) back(1, { server_id: serverId }).catch(() => undefined) })
    // walking up to a hotspot opens its card
    const stopStanding = reaction(() => space.standingOn, hotspotId => { if (hotspotId !== null) openHotspot(hotspotId) })
    return () => {
      stopNotices()
      stopExit()
      stopStanding()
    }
  }, [openHotspot, serverId, space])

  const hotspotTitles = useMemo(() => new Map((showroom.data?.hotspots ?? []).map(spot => [spot.hotspot_id, spot.title])), [showroom.data])

  const name = space.channel?.name ?? channelList.findChannel(channelId)?.name ?? t('pageTitleSpace')
  const title = space.entered ? `${name} · ${t('spaceCount', { count: formatCount(space.count) })}` : name
  const header = <PageHeader title={title} homeQuery={{ server_id: serverId }} />

  if (space.status === 'error') {
    return (
      <View className='space-page space-page--state'>
        {header}
        <View className='space-page__state'>
          <StateView status='error' compact message={space.error} retryable={space.retryable} onRetry={() => { space.load().catch(() => undefined) }} />
        </View>
      </View>
    )
  }
  if (space.map === null) {
    return (
      <View className='space-page space-page--state'>
        {header}
        <View className='space-page__state'><StateView status='loading' /></View>
      </View>
    )
  }
  const opened = showroom.openedEvent
  const corner = opened !== null && opened.event_id === showroom.firstEvent?.event_id
  const broadcast = space.broadcast
  const broadcastSrc = broadcast ? mediaUrl(broadcast.play_url) : ''
  return (
    <View className='space-page' data-testid='space-page'>
      {header}
      <View className='space-page__stage'>
        <SpaceCanvas
          space={space}
          hotspotTitles={hotspotTitles}
          showScreen={space.map.screen !== null}
          onHotspot={openHotspot}
          onAvatar={id => {
            if (!moderator) return false
            space.pick(id)
            return true
          }}
          onScreenRect={setScreen}
        />
        {/* an open full card stands over the top of the map, where the screen is: the player shows once it is closed (the corner card leaves it) */}
        {screen !== null && broadcastSrc !== '' && (!opened || corner) && (
          <View className='space-page__screen' data-testid='space-screen' style={{ left: `${screen.x}px`, top: `${screen.y}px`, width: `${screen.width}px`, height: `${screen.height}px` }}>
            <Video className='space-page__video' src={broadcastSrc} poster={mediaUrl(broadcast?.cover) || undefined} autoplay muted controls objectFit='contain' />
          </View>
        )}
        {!space.entered && <Text className='space-page__hint' data-testid='space-entering'>{t(space.entryRefused ? 'spaceEnterRefused' : 'spaceConnecting')}</Text>}
        {space.alone && <Text className='space-page__hint' data-testid='space-alone'>{t('spaceAlone')}</Text>}
        {space.canAct && <Stick onSteer={(dx, dy) => space.steer(dx, dy)} />}
        {space.picked !== null && (
          <PickedSheet
            picked={space.picked}
            canMute={canMute}
            onMove={() => { space.movePickedToMe().catch(() => undefined) }}
            onMute={() => { space.mutePicked().catch(() => undefined) }}
            onRemove={() => { space.removePicked().catch(() => undefined) }}
            onClose={() => space.pick(null)}
          />
        )}
        {opened && (
          // the event played on entry is a small card in the corner, the map left to be seen; one opened at a hotspot a full card
          <View className={`space-page__card${corner ? ' space-page__card--corner' : ''}`} data-testid={corner ? 'space-corner-card' : 'space-card'}>
            <InteractionCard
              key={opened.event_id}
              event={opened}
              // the first event plays without a tap: a browser starts it only muted
              startMuted={isH5() && opened.event_id === showroom.firstEvent?.event_id}
              onClose={() => showroom.closeEvent()}
            />
          </View>
        )}
      </View>
      <TalkLog space={space} />
      <TalkBar space={space} />
    </View>
  )
}

export default observer(SpacePage)
