/**
 * The gather space of one metaverse channel (issue 31, core/wire/space.ts) as the space page
 * shows it: the map (GET /channels/:id/space, on the request chain), then the member stands
 * in it over the gateway (`space_enter`), again after every reconnect, and leaves when the
 * page closes. It keeps the avatars in view by id from `space_ready` and the ticks (with the
 * recent positions the canvas interpolates between), and every avatar it was sent whole in
 * this stay (a tick's `back` names one by id and pose only; its moves are changes against the
 * pose last told, decoded by core's applyTickPoses), the bubbles and a short talk log, the
 * conversation ring, and says refusals and removals as a notice the page shows as a toast.
 * The member only ever asks (walk to, steer, say, emote): the server places everyone.
 *
 * Avatars change up to 20 times a second: their positions are plain data the canvas reads
 * each frame, not observed; only who is here (the map of avatars) is observable.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { SpaceAvatar, SpaceInfo, SpaceReadyData, SpaceTickData } from '@core/wire/space'
import type { Paged } from '@core/wire/api'
import type { Channel, LiveItem } from '@core/wire/entities'
import { featuredLiveItem } from '@core/domain/live-state'
import type { Pose } from '@core/domain/space/motion'
import { applyTickPoses, bookOf, type PoseBook } from '@core/domain/space/poses'
import { SPACE_SAY_MAX_LENGTH, type SpaceEmote } from '@core/wire/space-codes'
import { t, type MessageKey } from '@/i18n'
import type { SpaceApi } from '@/services/api/space'
import { SPACE_BUBBLE_MS, SPACE_EMOTE_MS, SPACE_LOG_MAX } from '@/constants/space'
import { pushSample, type MotionTrack } from './motion'
import { hotspotAt, spaceMapOf, type SpaceMap } from './space-map'
import { GATEWAY_ONLINE, type SpaceChannel, type SpaceInbound } from '../gateway-store'
import { failureMessage, LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import type { TimerScheduler } from '../support/timer-scheduler'

/** An avatar in view, with where it was seen lately (the canvas draws between those). */
export interface SpaceAvatarState extends SpaceAvatar {
  track: MotionTrack
}

/** Something said near me: a bubble over the speaker and a line of the log. */
export interface SpaceLine {
  /** Unique within the page (the log's key). */
  key: number
  /** The speaker's avatar id. */
  id: number
  uid: string
  nickname: string
  text: string
  /** When it arrived (the store's clock, ms). */
  at: number
}

/** An emote playing over an avatar since `at`. */
export interface SpaceEmoteState {
  id: number
  emote: SpaceEmote
  at: number
}

/** A steering direction: each of dx, dy is -1, 0 or 1. */
export interface Steer {
  dx: number
  dy: number
}

/** What the space store needs. */
export interface SpaceStoreOptions {
  /** The space's HTTP calls. */
  api: Pick<SpaceApi, 'space' | 'move' | 'remove'>
  /** Times a member of a server out until a unix time (the server's timeout: a muted member cannot talk in the space either). */
  timeout: (serverId: string, uid: string, until: number) => Promise<unknown>
  gateway: SpaceChannel
  clock: () => number
  scheduler: TimerScheduler
  logger: StoreLogger
  /** The first page of a channel's live items (what a live map's screen plays). */
  lives: (channelId: string) => Promise<Paged<LiveItem>>
  /** A channel (its name for the header). */
  channel: (channelId: string) => Promise<Channel>
}

/** Why the member is out of the space for good (the page goes back). */
export type SpaceExit = 'removed' | 'hidden'

const TICKS_PER_SECOND_DEFAULT = 10
/** How long 禁言 in the space times a member out: ten minutes, one of the member list's lengths (moderation-store TIMEOUT_SECONDS). */
export const SPACE_MUTE_SECONDS = 600
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
  /** My avatar's id, null while not in. */
  selfId: number | null = null
  /** Whether I may walk and talk (a guest looks). */
  canAct = false
  /** Everyone in the space. */
  count = 0
  /** The avatars in view by id (mine included). */
  readonly avatars = observable.map<number, SpaceAvatarState>({}, { deep: false })
  /** What was said near me lately, oldest first (bubbles are the newest line of each speaker within SPACE_BUBBLE_MS). */
  lines: SpaceLine[] = []
  /** Emotes playing now. */
  emotes: SpaceEmoteState[] = []
  /** The avatar ids of my conversation (me included), empty for none. */
  group: number[] = []
  /** A sentence for the page to show once (refusal, removal), or null. */
  notice: string | null = null
  /** The server refused to let me stand in the space (it is not there for me): the page stops saying it is entering. */
  entryRefused = false
  /** Set when the member was put out of the space for good: the page goes back. */
  exit: SpaceExit | null = null
  /** The avatar a moderator picked (tapped) to act on, or null. */
  picked: SpaceAvatarState | null = null
  /** The hotspot my avatar stands on now (its hotspot id), or null. */
  standingOn: string | null = null
  /** The space's channel (its name), once known. */
  channel: Channel | null = null
  /** What a live map's screen plays (SPEC §3 map_category 2: the map has a screen): the channel's featured live item, or null. */
  broadcast: LiveItem | null = null
  /** Ticks per second the server announced. */
  tickHz = TICKS_PER_SECOND_DEFAULT
  private nearUid: string | undefined
  /** Every avatar the server sent whole in this stay (space_ready, `in`), by id: who a `back` is. Cleared on leaving. */
  private readonly roster = new Map<number, SpaceAvatar>()
  /** The pose the server last told of each avatar in view: a tick's moves are changes against it (core/domain/space/poses.ts). */
  private poses: PoseBook = new Map()
  private steering: Steer = { dx: 0, dy: 0 }
  private lineKey = 0
  private unsubscribe: Array<() => void> = []
  private readonly loader: LoadTracker

  constructor (private readonly options: SpaceStoreOptions) {
    this.loader = new LoadTracker(options.logger)
    makeAutoObservable<SpaceStore, 'options' | 'loader' | 'steering' | 'unsubscribe' | 'nearUid' | 'lineKey' | 'roster' | 'poses'>(this, {
      options: false,
      roster: false,
      poses: false,
      loader: false,
      steering: false,
      unsubscribe: false,
      nearUid: false,
      lineKey: false,
      info: observable.ref,
      map: observable.ref,
      lines: observable.shallow,
      emotes: observable.shallow,
      group: observable.ref,
      broadcast: observable.ref,
      channel: observable.ref,
      picked: observable.ref,
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

  /** Whether nobody but me is in the space (the page says so). */
  get alone (): boolean {
    return this.entered && this.count <= 1
  }

  /** My avatar, or null while not in. */
  get self (): SpaceAvatarState | null {
    return this.selfId === null ? null : this.avatars.get(this.selfId) ?? null
  }

  /** The newest line of each speaker still showing as a bubble at `now`. */
  bubblesAt (now: number): SpaceLine[] {
    const newest = new Map<number, SpaceLine>()
    for (const line of this.lines) if (now - line.at < SPACE_BUBBLE_MS) newest.set(line.id, line)
    return [...newest.values()]
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
      this.count = info.count
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
    const avatar = id === null || id === this.selfId ? null : this.avatars.get(id) ?? null
    this.picked = avatar
  }

  /** Takes the picked member out of the space (a moderator; the server checks). Resolves whether they were removed. */
  removePicked (): Promise<boolean> {
    return this.actOnPicked((channelId, picked) => this.options.api.remove(channelId, picked.uid), 'spaceRemovedOther', { unpick: true })
  }

  /** Puts the picked member next to my avatar (a moderator's 移到我身边: a tile to my right, or the nearest walkable one). */
  movePickedToMe (): Promise<boolean> {
    const self = this.self
    const map = this.map
    if (self === null || map === null) return Promise.resolve(false)
    const to = { x: Math.min(Math.round(self.x) + map.tilewidth, map.width - 1), y: Math.round(self.y) }
    return this.actOnPicked((channelId, picked) => this.options.api.move(channelId, picked.uid, to), 'spaceMovedOther', { unpick: false })
  }

  /**
   * Times the picked member out for SPACE_MUTE_SECONDS (a moderator's 禁言, the server's own
   * timeout: they cannot talk in the space, nor anywhere in the server, until it ends).
   */
  mutePicked (): Promise<boolean> {
    const serverId = this.info?.server_id
    if (serverId === undefined) return Promise.resolve(false)
    const until = Math.floor(this.options.clock() / 1000) + SPACE_MUTE_SECONDS
    return this.actOnPicked((_, picked) => this.options.timeout(serverId, picked.uid, until), 'spaceMutedOther', { unpick: false })
  }

  /**
   * Runs a moderator's action on the picked member: a notice says it was done (`done`, with
   * their name; `unpick`: the pick is let go), or why not (the server's refusal, the pick
   * kept). Resolves whether it was done.
   */
  private async actOnPicked (run: (channelId: string, picked: SpaceAvatarState) => Promise<unknown>, done: MessageKey, { unpick }: { unpick: boolean }): Promise<boolean> {
    const picked = this.picked
    const channelId = this.channelId
    if (picked === null || channelId === null) return false
    try {
      await run(channelId, picked)
      this.acted(picked, t(done, { name: picked.nickname }), unpick)
      return true
    } catch (error) {
      this.refused(failureMessage(error, this.options.logger))
      return false
    }
  }

  private acted (picked: SpaceAvatarState, notice: string, unpick: boolean): void {
    if (unpick && this.picked === picked) this.picked = null
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

  private resetPresence (): void {
    this.entered = false
    this.selfId = null
    this.canAct = false
    this.avatars.clear()
    this.roster.clear()
    this.poses = new Map()
    this.group = []
    this.standingOn = null
    this.picked = null
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
        if (this.entered) this.said(frame.d.id, frame.d.uid, frame.d.nickname, frame.d.text)
        return
      case 'space_emoted':
        if (this.entered) this.emoted(frame.d.id, frame.d.emote)
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
    this.selfId = d.self
    this.canAct = d.can_act
    this.tickHz = d.tick_hz
    this.count = d.count
    const now = this.options.clock()
    this.poses = bookOf(d.avatars)
    for (const avatar of d.avatars) {
      this.roster.set(avatar.id, avatar)
      this.avatars.set(avatar.id, { ...avatar, track: [{ x: avatar.x, y: avatar.y, at: now }] })
    }
    this.updateStanding()
  }

  private tick (d: SpaceTickData): void {
    const now = this.options.clock()
    const tickMs = 1000 / this.tickHz
    for (const avatar of d.in ?? []) this.roster.set(avatar.id, avatar)
    const { entered, moved } = applyTickPoses(this.poses, d)
    for (const id of entered) {
      const known = this.roster.get(id)
      // a `back` never sent whole (it cannot be): nobody to draw
      if (known) this.cameIntoView({ ...known, ...this.poses.get(id) as Pose }, now, tickMs)
    }
    for (const id of moved) {
      const avatar = this.avatars.get(id)
      if (!avatar) continue
      Object.assign(avatar, this.poses.get(id) as Pose)
      pushSample(avatar.track, avatar.x, avatar.y, now, tickMs)
    }
    for (const id of d.out ?? []) {
      if (id === this.selfId) continue
      this.avatars.delete(id)
      if (this.picked?.id === id) this.picked = null
    }
    if (d.count !== undefined) this.count = d.count
    this.updateStanding()
  }

  /** An avatar in view now, at its pose; one still drawn keeps its track (the canvas goes on from where it was). */
  private cameIntoView (avatar: SpaceAvatar, now: number, tickMs: number): void {
    const shown = this.avatars.get(avatar.id)
    if (shown) pushSample(shown.track, avatar.x, avatar.y, now, tickMs)
    this.avatars.set(avatar.id, { ...avatar, track: shown?.track ?? [{ x: avatar.x, y: avatar.y, at: now }] })
  }

  private said (id: number, uid: string, nickname: string, text: string): void {
    const line: SpaceLine = { key: ++this.lineKey, id, uid, nickname, text, at: this.options.clock() }
    this.lines = [...this.lines, line].slice(-SPACE_LOG_MAX)
  }

  private emoted (id: number, emote: SpaceEmote): void {
    const played: SpaceEmoteState = { id, emote, at: this.options.clock() }
    this.emotes = [...this.emotes, played]
    this.options.scheduler.schedule(() => this.dropEmote(played), SPACE_EMOTE_MS)
  }

  private dropEmote (played: SpaceEmoteState): void {
    this.emotes = this.emotes.filter(emote => emote !== played)
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
