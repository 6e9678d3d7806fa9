/**
 * The gather space of one metaverse channel (core/wire/space.ts) as the space page
 * shows it: the map (GET /channels/:id/space, on the request chain), then the member stands
 * in it over the gateway (`space_enter`), again after every reconnect, and leaves when the
 * page closes. It hands the frames to its parts — the avatars in view (avatars.ts), the
 * bubbles, talk log and emotes (talk.ts) — and a moderator's actions to moderation.ts; it
 * keeps the conversation ring and the hotspot my avatar stands on, and says refusals and
 * removals as a notice the page shows as a toast.
 * The member only ever asks (walk to, steer, say, emote): the server places everyone.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { SpaceInfo, SpaceReadyData, SpaceTickData } from '@core/wire/space'
import type { Paged } from '@core/wire/api'
import type { Channel, LiveItem } from '@core/wire/entities'
import { featuredLiveItem } from '@core/domain/live-state'
import { SPACE_SAY_MAX_LENGTH, type SpaceEmote } from '@core/wire/space-codes'
import { t } from '@/i18n'
import type { SpaceApi } from '@/services/api/space'
import { SpaceAvatars, type SpaceAvatarState } from './avatars'
import type { SpaceCountStore } from './space-count-store'
import { SpaceModeration, type SpaceModerationOptions } from './moderation'
import { hotspotAt, spaceMapOf, type SpaceMap } from './space-map'
import { SpaceTalk, type SpaceEmoteState, type SpaceLine } from './talk'
import { GATEWAY_ONLINE, type SpaceChannel, type SpaceInbound } from '../gateway-store'
import { LoadTracker, type StoreStatus } from '../support/load-tracker'
import type { TimerScheduler } from '../support/timer-scheduler'

/** A steering direction: each of dx, dy is -1, 0 or 1. */
export interface Steer {
  dx: number
  dy: number
}

/** What the space store needs (besides what a moderator's actions are sent through). */
export interface SpaceStoreOptions extends SpaceModerationOptions {
  /** The space's HTTP calls. */
  api: Pick<SpaceApi, 'space' | 'move' | 'remove'>
  gateway: SpaceChannel
  scheduler: TimerScheduler
  /** The first page of a channel's live items (what a live map's screen plays). */
  lives: (channelId: string) => Promise<Paged<LiveItem>>
  /** A channel (its name for the header). */
  channel: (channelId: string) => Promise<Channel>
  /**
   * The one book of how many stand in each space (the root's SpaceCountStore, which the
   * channel rows read): what the space tells this page of its count is written there and read
   * from there, so the header and the side count never disagree — a guest gets no
   * SPACE_COUNT dispatch of a server it has not joined, and the page's count reaches the row.
   */
  counts: Pick<SpaceCountStore, 'countOf' | 'tell'>
}

/** Why the member is out of the space for good (the page goes back). */
export type SpaceExit = 'removed' | 'hidden'

/** How near (map pixels) my avatar stands to a hotspot to be at it: a showroom's counter blocks, so one steps up to it rather than onto it. */
export const HOTSPOT_REACH = 24

/**
 * What a member is told of a refused space op (an `error` frame, code SpaceRefused): before
 * standing in the space, that it cannot be entered; a bubble refused by the message rules,
 * the server's own reason (the same words a message gets: 发言太频繁…, a timeout); anything
 * else plainly — the server's text names the op and is meant for developers.
 */
export function refusalNotice (msg: string, entered: boolean): string {
  if (!entered) return t('spaceEnterRefused')
  const said = 'space_say: '
  return msg.startsWith(said) ? msg.slice(said.length) : t('spaceActionRefused')
}

/** One metaverse channel's space as the page shows it. */
export class SpaceStore {
  /** The space's channel, or null before open(). */
  channelId: string | null = null
  /** The map and count as GET /channels/:id/space answered, or null. */
  info: SpaceInfo | null = null
  /** The map as the canvas draws it (null before the answer). */
  map: SpaceMap | null = null
  /** Whether the member stands in the space (space_ready came for this channel). */
  entered = false
  /** The avatar ids of my conversation (me included), empty for none. */
  group: number[] = []
  /** A sentence for the page to show once (refusal, removal), or null. */
  notice: string | null = null
  /** The server refused to let me stand in the space (it is not there for me): the page stops saying it is entering. */
  entryRefused = false
  /** Set when the member was put out of the space for good: the page goes back. */
  exit: SpaceExit | null = null
  /** The hotspot my avatar stands on now (its hotspot id), or null. */
  standingOn: string | null = null
  /** The space's channel (its name), once known. */
  channel: Channel | null = null
  /** What a live map's screen plays (SPEC §3 map_category 2: the map has a screen): the channel's featured live item, or null. */
  broadcast: LiveItem | null = null
  private nearUid: string | undefined
  private steering: Steer = { dx: 0, dy: 0 }
  private unsubscribe: Array<() => void> = []
  private readonly loader: LoadTracker
  /** Who is in view this stay. */
  private readonly view = new SpaceAvatars()
  private readonly talk: SpaceTalk
  private readonly moderation: SpaceModeration

  constructor (private readonly options: SpaceStoreOptions) {
    this.loader = new LoadTracker(options.logger)
    this.talk = new SpaceTalk(options.clock, options.scheduler)
    this.moderation = new SpaceModeration(this, options, (notice, unpick) => this.settleModeration(notice, unpick))
    makeAutoObservable<SpaceStore, 'options' | 'loader' | 'steering' | 'unsubscribe' | 'nearUid' | 'view' | 'talk' | 'moderation'>(this, {
      options: false,
      loader: false,
      steering: false,
      unsubscribe: false,
      nearUid: false,
      view: false,
      talk: false,
      moderation: false,
      info: observable.ref,
      map: observable.ref,
      group: observable.ref,
      broadcast: observable.ref,
      channel: observable.ref,
    })
  }

  /** 'loading' while the map comes, 'ready' once it is there, 'error' when it could not come (see `error`). */
  get status (): StoreStatus {
    return this.loader.status
  }

  /** The user-facing message of the failure, or null. */
  get error (): string | null {
    return this.loader.error
  }

  /** Whether retrying the failed load may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get retryable (): boolean {
    return this.loader.retryable
  }

  /** Whether nobody but me is in the space (the page says so). */
  get alone (): boolean {
    // nobody else counted, and nobody else (a host of the map is not counted) standing in view
    return this.entered && this.count <= 1 && [...this.view.avatars.keys()].every(id => id === this.selfId)
  }

  /** Everyone in the space (hosts are not counted), as the one book of counts has it. */
  get count (): number {
    return this.channelId === null ? 0 : this.options.counts.countOf(this.channelId)
  }

  /** The avatars in view by id (mine included). */
  get avatars (): SpaceAvatars['avatars'] {
    return this.view.avatars
  }

  /** My avatar's id, null while not in. */
  get selfId (): number | null {
    return this.view.selfId
  }

  /** My avatar, or null while not in. */
  get self (): SpaceAvatarState | null {
    return this.view.self
  }

  /** Whether I may walk and talk (a guest looks). */
  get canAct (): boolean {
    return this.view.canAct
  }

  /** The avatar a moderator picked (tapped) to act on, or null. */
  get picked (): SpaceAvatarState | null {
    return this.view.picked
  }

  /** What was said near me lately, oldest first (bubbles are the newest line of each speaker within SPACE_BUBBLE_MS). */
  get lines (): SpaceLine[] {
    return this.talk.lines
  }

  /** Emotes playing now. */
  get emotes (): SpaceEmoteState[] {
    return this.talk.emotes
  }

  /** The newest line of each speaker still showing as a bubble at `now`. */
  bubblesAt (now: number): SpaceLine[] {
    return this.talk.bubblesAt(now)
  }

  /**
   * Opens the space of `channelId`: loads its map, listens to the gateway and stands in the
   * space (next to `nearUid` when given: jumping to a friend). Resolves true when the map came.
   */
  async open (channelId: string, nearUid?: string): Promise<boolean> {
    this.close()
    this.channelId = channelId
    this.nearUid = nearUid
    const { gateway } = this.options
    this.unsubscribe = [
      gateway.onSpace(frame => this.receive(frame)),
      // a space lives on its socket: after a reconnect the member stands in it again
      gateway.on(GATEWAY_ONLINE, () => { if (this.map !== null) this.enter() }),
    ]
    return this.load()
  }

  /** Loads the map again (the retry) and enters. */
  async load (): Promise<boolean> {
    const channelId = this.channelId
    if (channelId === null) return false
    if (this.channel?.channel_id !== channelId) void this.loadChannel(channelId)
    const loaded = await this.loader.run(() => this.options.api.space(channelId), info => {
      if (this.channelId !== channelId) return 'ready' // another space opened meanwhile: its own load decides
      this.info = info
      this.map = spaceMapOf(info.map)
      this.tellCount(info.count)
      return 'ready'
    })
    if (loaded && this.channelId === channelId) {
      this.enter()
      if (this.map?.screen) void this.loadBroadcast(channelId)
    }
    return loaded
  }

  /** A live map's broadcast: the channel's featured live item (SPEC §4 order); a failure leaves the screen dark, with a warning. */
  private async loadBroadcast (channelId: string): Promise<void> {
    try {
      const page = await this.options.lives(channelId)
      const item = featuredLiveItem(page.list, this.options.clock() / 1000)
      if (this.channelId === channelId) this.setBroadcast(item)
    } catch (error) {
      this.options.logger.warn('[space] the live map\'s broadcast could not be loaded:', error)
    }
  }

  /** The channel's name for the header; without it the header says 空间 (a warning in the log). */
  private async loadChannel (channelId: string): Promise<void> {
    try {
      const channel = await this.options.channel(channelId)
      if (this.channelId === channelId) this.setChannel(channel)
    } catch (error) {
      this.options.logger.warn('[space] the channel could not be loaded:', error)
    }
  }

  private setChannel (channel: Channel): void {
    this.channel = channel
  }

  private setBroadcast (item: LiveItem | null): void {
    this.broadcast = item
  }

  /** Leaves the space and stops listening (the page closed). */
  close (): void {
    if (this.entered) this.options.gateway.sendSpace({ op: 'space_leave', d: null })
    for (const stop of this.unsubscribe) stop()
    this.unsubscribe = []
    this.resetPresence()
  }

  /** Walks to a map point (a tap): sent as whole map pixels on the map; the server finds the way. */
  walkTo (x: number, y: number): boolean {
    if (!this.canAct || this.map === null || !Number.isFinite(x) || !Number.isFinite(y)) return false
    const clamp = (value: number, length: number) => Math.min(Math.max(Math.round(value), 0), Math.max(0, length - 1))
    this.steering = { dx: 0, dy: 0 }
    return this.options.gateway.sendSpace({ op: 'space_walk', d: { x: clamp(x, this.map.width), y: clamp(y, this.map.height) } })
  }

  /** Steers (keys, the on-screen stick): sent only when the direction changes; {0, 0} stops. */
  steer (dx: number, dy: number): boolean {
    const next = { dx: Math.sign(dx), dy: Math.sign(dy) }
    if (!this.canAct || (next.dx === this.steering.dx && next.dy === this.steering.dy)) return false
    if (!this.options.gateway.sendSpace({ op: 'space_steer', d: next })) return false
    this.steering = next
    return true
  }

  /** Says something near my avatar; false (sending nothing) for empty text or while I may not talk. Too long a text is cut to SPACE_SAY_MAX_LENGTH. */
  say (text: string): boolean {
    const trimmed = Array.from(text.trim()).slice(0, SPACE_SAY_MAX_LENGTH).join('')
    if (!this.canAct || !this.entered || trimmed === '') return false
    return this.options.gateway.sendSpace({ op: 'space_say', d: { text: trimmed } })
  }

  /** Plays an emote over my avatar. */
  emote (emote: SpaceEmote): boolean {
    if (!this.canAct || !this.entered) return false
    return this.options.gateway.sendSpace({ op: 'space_emote', d: { emote } })
  }

  /** Picks another avatar in view to act on (a moderator tapped it); null (or my own) picks none. */
  pick (id: number | null): void {
    this.view.pick(id)
  }

  /** Takes the picked member out of the space (a moderator; the server checks). Resolves whether they were removed. */
  removePicked (): Promise<boolean> {
    return this.moderation.remove()
  }

  /** Puts the picked member next to my avatar (a moderator's 移到我身边: a tile to my right, or the nearest walkable one). */
  movePickedToMe (): Promise<boolean> {
    return this.moderation.moveToMe()
  }

  /** Times the picked member out for SPACE_MUTE_SECONDS (a moderator's 禁言, the server's own timeout). */
  mutePicked (): Promise<boolean> {
    return this.moderation.mute()
  }

  /** A moderator's action went through or was refused: its notice, and the pick let go when it still is the one `unpick` names. */
  private settleModeration (notice: string, unpick: SpaceAvatarState | null): void {
    if (unpick !== null && this.picked === unpick) this.view.pick(null)
    this.notice = notice
  }

  private refused (message: string): void {
    this.notice = message
  }

  /** The page showed the notice. */
  clearNotice (): void {
    this.notice = null
  }

  private enter (): void {
    if (this.channelId === null || this.exit !== null) return
    this.steering = { dx: 0, dy: 0 }
    this.entryRefused = false
    this.options.gateway.sendSpace({ op: 'space_enter', d: { channel_id: this.channelId, ...(this.nearUid ? { near_uid: this.nearUid } : {}) } })
  }

  private tellCount (count: number): void {
    if (this.channelId !== null && this.info !== null) this.options.counts.tell({ server_id: this.info.server_id, channel_id: this.channelId, count })
  }

  private resetPresence (): void {
    this.entered = false
    this.view.clear()
    this.group = []
    this.standingOn = null
  }

  private receive (frame: SpaceInbound): void {
    switch (frame.op) {
      case 'space_ready':
        if (frame.d.channel_id === this.channelId) this.ready(frame.d)
        return
      case 'space_tick':
        if (this.entered) this.tick(frame.d)
        return
      case 'space_said':
        if (this.entered) this.talk.said(frame.d.id, frame.d.uid, frame.d.nickname, frame.d.text)
        return
      case 'space_emoted':
        if (this.entered) this.talk.emoted(frame.d.id, frame.d.emote)
        return
      case 'space_group':
        if (this.entered) this.group = frame.d.ids
        return
      case 'space_left':
        if (frame.d.channel_id === this.channelId) this.left(frame.d.reason)
        return
      case 'error':
        this.refused(refusalNotice(frame.d.msg, this.entered))
        if (!this.entered) this.entryRefused = true
    }
  }

  private ready (d: SpaceReadyData): void {
    this.resetPresence()
    this.entered = true
    this.tellCount(d.count)
    this.view.ready(d, this.options.clock())
    this.updateStanding()
  }

  private tick (d: SpaceTickData): void {
    this.view.tick(d, this.options.clock())
    if (d.count !== undefined) this.tellCount(d.count)
    this.updateStanding()
  }

  private left (reason: 'removed' | 'hidden' | 'moved'): void {
    this.resetPresence()
    if (reason === 'moved') {
      // the space moved to another server process: stand in it again there
      this.enter()
      return
    }
    this.exit = reason
    this.notice = t(reason === 'removed' ? 'spaceRemoved' : 'spaceHidden')
  }

  /** Which hotspot my avatar stands on: walking onto one opens its card (the page reacts). */
  private updateStanding (): void {
    const self = this.self
    this.standingOn = self === null || this.map === null ? null : hotspotAt(this.map.hotspots, self, HOTSPOT_REACH)?.hotspot_id ?? null
  }
}
