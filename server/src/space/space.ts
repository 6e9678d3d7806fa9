/**
 * One gather space: the avatars standing in a metaverse channel's space on this
 * process, their intents, and the tick that moves them. The server owns positions: a client
 * asks to walk to a point (a path is found around the collision layer) or in a direction,
 * and the tick advances every moving avatar by at most speed × dt (core/domain/space). Each
 * viewer is sent only what changed in its area of interest (space_tick: `in`, `back`, `m`,
 * `turn`, `out`, `count`; an avatar's whole record once per viewer's stay, its pose on later returns,
 * a move as the difference from the pose that viewer was last told); the timer runs only while something moves or changed, so an idle space costs
 * nothing. Conversation groups follow the moves (space_group to each member whose group
 * changed); hosts (map accounts) greet each newcomer who comes within the talk radius, once
 * per visit.
 */
import {
  advanceAlongPath, advanceSteered, bookOf, findPath, groupOfEach, InterestGrid, regroup, spawnPointFor, standingPoint, tellMove, tileAt, viewOf,
  type Groups, type Point, type PoseBook, type SpaceLayout,
} from '@core/domain/space'
import {
  SPACE_GROUP_MAX, SPACE_TALK_RADIUS, type SpaceAvatar, type SpaceEmote, type SpaceServerFrame, type SpaceTickData,
} from '@core/wire/space'

/** Map pixels per second an avatar walks. */
export const SPACE_SPEED = 160
/** An avatar sees others within this many map pixels (the area of interest: a phone screen's reach around it)… */
export const SPACE_VIEW_RADIUS = 320
/** …and keeps seeing them until they are this much further (hysteresis). */
export const SPACE_VIEW_MARGIN = 96
/** In a crowd an avatar sees at most this many, the nearest: what a client draws and its downstream stay bounded. */
export const SPACE_VIEW_MAX = 10
/**
 * A walking avatar's pose is sent again once it is this many map pixels from the pose last
 * sent (two steps at 20 Hz: 160 px/s is 8 px a tick), at once when it starts, turns or stops:
 * a straight walk's poses every other tick at 20 Hz, which clients interpolate, and an
 * intent's first move still in the next tick (bench/space-sockets.ts: downstream in a crowd).
 */
export const SPACE_SEND_STEP = 16
/** The side of the area of interest's cells (two tiles): a crowd's nearest are found in a few of them. */
const SPACE_CELL = 64
/** The longest step of one tick, in seconds: a stalled timer never turns into a jump. */
const MAX_TICK_SECONDS = 0.25
/**
 * A changed count reaches the viewers a tick tells nothing else at most once per this many ms
 * (those told something get it at once): an entry or a leave is work near it, not a frame to
 * everyone in the space.
 */
export const SPACE_COUNT_TICK_MS = 1000
/**
 * A tick that moved more avatars than this recomputes every viewer's view and every group: in
 * a walking crowd nearly everyone is reached anyway, and finding whom costs more than the
 * views themselves. Fewer (entries, leaves, a few walkers) recompute only what a change can reach.
 */
const AFFECTED_SEARCH_MAX = 16
/** Ids of avatars gone that a viewer's `known` (a host's `greeted`) may hold before they are swept: ids are never reused, so this is memory only. */
const GONE_IDS_KEPT = 64

/** Where a space's frames for one avatar go (a gateway session). */
export interface SpaceViewer {
  send (frame: SpaceServerFrame): void
}

/** Who stands in the space. */
export interface SpacePerson {
  uid: string
  nickname: string
  avatar: string
  kind: SpaceAvatar['kind']
}

/** One avatar in the space. */
interface Avatar extends SpacePerson {
  id: number
  x: number
  y: number
  dir: number
  /** The pose last sent to viewers (rounded), and whether it was walking then. */
  sent: { x: number, y: number, dir: number }
  sentWalking: boolean
  path: Point[]
  steer: { dx: number, dy: number } | null
  /** Null for a host. */
  viewer: SpaceViewer | null
  /** Whom its viewer sees now. */
  visible: Set<number>
  /** Whose whole record its viewer was sent in this stay (space_ready, `in`): a return into view sends the pose only (`back`). */
  known: Set<number>
  /** The conversation group it is in (its id in the space's groups), if any. */
  groupId: number | null
  /** How near an avatar it does not see must come to enter its view as it stands ({@link Space.reachOf}); NaN until asked after its view changed. */
  reach: number
  /** The pose its viewer was last told of each avatar in its view: a move is told against it (core/domain/space/poses.ts). */
  book: PoseBook
  /** The count its viewer was last told. */
  countSent: number
  /** Hosts: the avatars greeted in this visit (an avatar id lives as long as one visit). */
  greeted: Set<number>
}

/** What a space needs from its process. */
export interface SpaceOptions {
  channelId: string
  serverId: string
  layout: SpaceLayout
  tickHz: number
  /** Now, in ms. */
  clock: () => number
  /** How many people (not hosts) stand in it, after each change. */
  countChanged: (count: number) => void
  /** What a host says to a newcomer. */
  greeting: (nickname: string) => string
}

/**
 * The work a space has done since it was made, counted where it grows with the people it
 * reaches: an entry or a leave is work near it (server/test/space/engine.test.ts holds it to
 * that; bench/space.ts prints it).
 */
export interface SpaceWork {
  /** Viewers' views computed (space_ready, a tick). */
  views: number
  /** Avatars looked at by them and by the search for whom a change reaches: a distance each. */
  looks: number
  /** Avatars regrouped (conversation groups are recomputed among those near a change). */
  grouped: number
}

/** A point rounded for the wire. */
function rounded (x: number, y: number, dir: number): { x: number, y: number, dir: number } {
  return { x: Math.round(x), y: Math.round(y), dir }
}

/** One space. */
export class Space {
  private readonly avatars = new Map<number, Avatar>()
  private readonly grid = new InterestGrid(SPACE_CELL)
  private groups: Groups = new Map()
  private nextAvatarId = 1
  private nextGroupId = 1
  /** Avatars that entered, left or were placed since the last tick. */
  private readonly changed = new Set<number>()
  private timer: ReturnType<typeof setInterval> | null = null
  private lastTickAt = 0
  private people = 0
  /** The count every viewer was told, and when. */
  private countTold = 0
  private countToldAt = 0
  /** Viewers that saw an avatar that left since the last tick (they are told `out`): found around where it was last told to stand. */
  private readonly viewersOfGone = new Set<number>()
  /** The groups of the avatars that left since the last tick (regrouped without them). */
  private readonly groupOfGone = new Map<number, number>()
  /** Avatars walking (along a path or steered): a tick advances these only. */
  private readonly walking = new Set<Avatar>()
  /** The hosts, where they stand for the space's life (a map has a few). */
  private readonly hosts: Avatar[] = []
  /** The work done so far ({@link SpaceWork}). */
  readonly work: SpaceWork = { views: 0, looks: 0, grouped: 0 }

  constructor (private readonly options: SpaceOptions) {}

  /** The channel whose space this is. */
  get channelId (): string { return this.options.channelId }
  /** Its server. */
  get serverId (): string { return this.options.serverId }
  /** People standing in it (hosts are not counted). */
  get count (): number { return this.people }
  /** Whether its tick timer runs (something moves or changed). */
  get ticking (): boolean { return this.timer !== null }

  /** The avatar of `uid` standing here, if any (its id). */
  idOf (uid: string): number | undefined {
    for (const avatar of this.avatars.values()) if (avatar.uid === uid) return avatar.id
    return undefined
  }

  /** Hosts stand at their spot from the space's first entry. */
  placeHost (person: SpacePerson, spot: Point): void {
    this.hosts.push(this.add(person, null, standingPoint(this.options.layout.grid, spot)))
  }

  /**
   * `person` stands in the space (next to `nearUid`'s avatar when it is here, else where they
   * stood before the space moved (`restored`), else on its own free tile of the spawn area:
   * core/domain/space spawnPointFor), and its viewer gets
   * space_ready; the others see it come at the next tick.
   */
  enter (person: SpacePerson, viewer: SpaceViewer, nearUid?: string, restored?: Point): number {
    const nearId = nearUid === undefined ? undefined : this.idOf(nearUid)
    const near = nearId === undefined ? undefined : this.avatars.get(nearId)
    const layout = this.options.layout
    const start = near ? standingPoint(layout.grid, { x: near.x + layout.grid.tileWidth, y: near.y }) : restored ? standingPoint(layout.grid, restored) : spawnPointFor(layout, person.uid, this.standsOn())
    const avatar = this.add(person, viewer, start)
    const view = this.viewFor(avatar, new Set())
    avatar.visible = view.visible
    avatar.known = new Set([avatar.id, ...view.visible])
    avatar.countSent = this.people
    const avatars = [avatar, ...[...view.visible].map(id => this.avatars.get(id) as Avatar)].map(wireAvatar)
    avatar.book = bookOf(avatars)
    viewer.send({
      op: 'space_ready',
      d: { channel_id: this.channelId, self: avatar.id, tick_hz: this.options.tickHz, speed: SPACE_SPEED, can_act: person.kind !== 'guest', avatars, count: this.people },
    })
    return avatar.id
  }

  /** Whether anyone (a host too) stands on tile (col, row) now. */
  private standsOn (): (col: number, row: number) => boolean {
    const grid = this.options.layout.grid
    const taken = new Set<number>()
    for (const avatar of this.avatars.values()) {
      const tile = tileAt(grid, avatar)
      taken.add(tile.row * grid.cols + tile.col)
    }
    return (col, row) => taken.has(row * grid.cols + col)
  }

  private add (person: SpacePerson, viewer: SpaceViewer | null, at: Point): Avatar {
    const id = this.nextAvatarId++
    const avatar: Avatar = {
      ...person, id, x: at.x, y: at.y, dir: 0, sent: rounded(at.x, at.y, 0), sentWalking: false, path: [], steer: null, viewer, visible: new Set(), known: new Set(), groupId: null, reach: Number.NaN, book: new Map(), countSent: 0, greeted: new Set(),
    }
    this.avatars.set(id, avatar)
    this.grid.place(id, avatar)
    if (person.kind !== 'host') this.setPeople(this.people + 1)
    this.touch(id)
    return avatar
  }

  /**
   * Avatar `id` leaves (its viewer is told nothing here: the caller knows why). The work is
   * its own and its viewers' (they are told `out` at the next tick), not the whole space's.
   */
  leave (id: number): void {
    const avatar = this.avatars.get(id)
    if (!avatar) return
    this.avatars.delete(id)
    this.walking.delete(avatar)
    this.grid.remove(id)
    if (avatar.kind !== 'host') this.setPeople(this.people - 1)
    for (const viewer of this.viewersOf(avatar)) this.viewersOfGone.add(viewer.id)
    if (avatar.groupId !== null) this.groupOfGone.set(id, avatar.groupId)
    this.touch(id)
  }

  /** `ids` without the avatars gone, once it holds more than GONE_IDS_KEPT of them (amortized: a sweep per that many departures). */
  private swept (ids: Set<number>): Set<number> {
    if (ids.size <= this.avatars.size + GONE_IDS_KEPT) return ids
    return new Set([...ids].filter(id => this.avatars.has(id)))
  }

  /** Where each person stands (uid → [x, y]; one avatar per uid: the last), for the next holder of the space. */
  positions (): Record<string, [number, number]> {
    const positions: Record<string, [number, number]> = {}
    for (const avatar of this.avatars.values()) if (avatar.kind !== 'host') positions[avatar.uid] = [Math.round(avatar.x), Math.round(avatar.y)]
    return positions
  }

  /** Whether only hosts are left. */
  get empty (): boolean {
    return this.people === 0
  }

  /** Avatar `id` walks to `to` along a path around the collision layer (a blocked or off-map target: as near as it gets). */
  walk (id: number, to: Point): void {
    const avatar = this.avatars.get(id)
    if (!avatar) return
    const walking = avatar.steer !== null || avatar.path.length > 0
    avatar.steer = null
    avatar.path = findPath(this.options.layout.grid, avatar, to)
    this.walks(avatar)
    if (avatar.path.length > 0) this.wake()
    else if (walking) this.touch(id)
  }

  /** Avatar `id` walks in direction (dx, dy) until steered again; (0, 0) stops it. */
  steer (id: number, dx: number, dy: number): void {
    const avatar = this.avatars.get(id)
    if (!avatar) return
    const walking = avatar.steer !== null || avatar.path.length > 0
    avatar.path = []
    avatar.steer = dx === 0 && dy === 0 ? null : { dx, dy }
    this.walks(avatar)
    if (avatar.steer) this.wake()
    // stopped between two sends (SPACE_SEND_STEP): its last pose goes out in the next tick
    else if (walking) this.touch(id)
  }

  /** Places avatar `id` at `to` (a moderator's move; a blocked point: the nearest walkable tile); it stops. */
  place (id: number, to: Point): void {
    const avatar = this.avatars.get(id)
    if (!avatar) return
    const at = standingPoint(this.options.layout.grid, to)
    avatar.x = at.x
    avatar.y = at.y
    avatar.path = []
    avatar.steer = null
    this.walks(avatar)
    this.grid.place(id, avatar)
    this.touch(id)
  }

  /** Avatar `id`'s bubble reaches every viewer within SPACE_TALK_RADIUS of it (itself included). */
  say (id: number, text: string, at: number): void {
    const avatar = this.avatars.get(id)
    if (avatar) this.toNear(avatar, saidFrame(avatar, text, at))
  }

  /** Avatar `id`'s emote plays for every viewer within SPACE_TALK_RADIUS of it. */
  emote (id: number, emote: SpaceEmote): void {
    const avatar = this.avatars.get(id)
    if (avatar) this.toNear(avatar, { op: 'space_emoted', d: { id, emote } })
  }

  private toNear (speaker: Point, frame: SpaceServerFrame): void {
    for (const id of this.grid.around(speaker, SPACE_TALK_RADIUS)) {
      const avatar = this.avatars.get(id)
      if (avatar?.viewer && within(avatar, speaker, SPACE_TALK_RADIUS)) avatar.viewer.send(frame)
    }
  }

  /** Stops the timer (the process is closing or the space is dropped). */
  stop (): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  /** Keeps {@link walking} true to `avatar`'s intent. */
  private walks (avatar: Avatar): void {
    if (avatar.path.length > 0 || avatar.steer !== null) this.walking.add(avatar)
    else this.walking.delete(avatar)
  }

  private setPeople (count: number): void {
    this.people = count
    this.options.countChanged(count)
  }

  private touch (id: number): void {
    this.changed.add(id)
    this.wake()
  }

  private wake (): void {
    if (this.timer) return
    this.lastTickAt = this.options.clock()
    this.timer = setInterval(() => this.tick(), Math.max(1, Math.round(1000 / this.options.tickHz)))
    this.timer.unref()
  }

  /**
   * One tick: moves what moves, regroups, tells the viewers near what changed what changed in
   * their view, greets newcomers, tells everyone a changed count once SPACE_COUNT_TICK_MS is
   * over; stops when nothing moves or is due.
   */
  tick (): void {
    const now = this.options.clock()
    const seconds = Math.min(MAX_TICK_SECONDS, Math.max(0, (now - this.lastTickAt) / 1000))
    this.lastTickAt = now
    const grid = this.options.layout.grid
    const moved = new Set(this.changed)
    this.changed.clear()
    let moving = false
    for (const avatar of [...this.walking]) {
      if (avatar.path.length > 0) {
        const next = advanceAlongPath(grid, avatar, avatar.path, SPACE_SPEED * seconds)
        Object.assign(avatar, next.pose)
        avatar.path = next.path
      } else if (avatar.steer) {
        Object.assign(avatar, advanceSteered(grid, avatar, avatar.steer.dx, avatar.steer.dy, SPACE_SPEED * seconds))
      }
      this.walks(avatar)
      const walking = this.walking.has(avatar)
      moving ||= walking
      this.grid.place(avatar.id, avatar)
      if (this.worthSending(avatar, walking)) moved.add(avatar.id)
    }
    const countDue = this.countTold !== this.people && now - this.countToldAt >= SPACE_COUNT_TICK_MS
    if (moved.size > 0) this.regroup(moved)
    if (moved.size > 0 || countDue) this.sendViews(moved, countDue)
    if (countDue) {
      this.countTold = this.people
      this.countToldAt = now
    }
    if (moved.size > 0) this.greet(moved)
    if (!moving && this.changed.size === 0 && this.countTold === this.people) this.stop()
  }

  /**
   * How near an avatar `viewer` does not see must stand to come into its view, while neither
   * it nor those it sees move: anywhere within the radius while the view has room; in a full
   * view, nearer than the farthest it keeps, which counts SPACE_VIEW_MARGIN nearer (core/domain/space viewOf).
   */
  private reachOf (viewer: Avatar): number {
    if (!Number.isNaN(viewer.reach)) return viewer.reach
    if (viewer.visible.size < SPACE_VIEW_MAX) return (viewer.reach = SPACE_VIEW_RADIUS)
    let reach = Number.NEGATIVE_INFINITY
    for (const id of viewer.visible) {
      const other = this.avatars.get(id)
      if (other) reach = Math.max(reach, Math.hypot(other.x - viewer.x, other.y - viewer.y) - SPACE_VIEW_MARGIN)
    }
    return (viewer.reach = reach)
  }

  /**
   * The viewers whose `visible` holds `avatar`. Each saw it within SPACE_VIEW_RADIUS +
   * SPACE_VIEW_MARGIN of where both stood at its last view; since then neither was sent a pose
   * (one sent makes that viewer look again), and a walker is sent one every SPACE_SEND_STEP:
   * `avatar` stood within a step of the pose last sent of it, the viewer within a step of its
   * own then and now. So they are found around that pose (where a placement took it from).
   */
  private viewersOf (avatar: Avatar): Avatar[] {
    const viewers: Avatar[] = []
    const reach = SPACE_VIEW_RADIUS + SPACE_VIEW_MARGIN + 3 * SPACE_SEND_STEP + 1
    for (const near of this.grid.around(avatar.sent, reach)) {
      this.work.looks++
      const viewer = this.avatars.get(near)
      if (viewer?.viewer && viewer.visible.has(avatar.id)) viewers.push(viewer)
    }
    return viewers
  }

  /**
   * The viewers whose view a tick that moved `moved` may change: the moved ones, those that
   * saw one that moved or left (it may go out of view, or let another in), and those a moved
   * one now stands within the reach of (it may come into their view); null (every viewer)
   * when more than AFFECTED_SEARCH_MAX moved, or when finding whom looks at more avatars than
   * the space holds (a crowd: recomputing every view costs less).
   */
  private affectedBy (moved: ReadonlySet<number>): Set<Avatar> | null {
    if (moved.size > AFFECTED_SEARCH_MAX) {
      this.viewersOfGone.clear()
      return null
    }
    const affected = new Set<Avatar>()
    const add = (id: number): void => {
      const avatar = this.avatars.get(id)
      if (avatar?.viewer) affected.add(avatar)
    }
    for (const id of this.viewersOfGone) add(id)
    this.viewersOfGone.clear()
    const looksBefore = this.work.looks
    for (const id of moved) {
      if (this.work.looks - looksBefore > this.avatars.size) return null
      const avatar = this.avatars.get(id)
      if (!avatar) continue
      add(id)
      for (const viewer of this.viewersOf(avatar)) affected.add(viewer)
      for (const near of this.grid.around(avatar, SPACE_VIEW_RADIUS)) {
        this.work.looks++
        const viewer = this.avatars.get(near)
        // a float's worth of slack: a tie goes to the full computation
        if (viewer?.viewer && Math.hypot(avatar.x - viewer.x, avatar.y - viewer.y) <= this.reachOf(viewer) + 1e-6) add(near)
      }
    }
    return affected
  }

  /** Whether avatar's pose now is to be sent: it changed, and it started, turned, stopped or went SPACE_SEND_STEP on since the last one sent. */
  private worthSending (avatar: Avatar, walking: boolean): boolean {
    const pose = rounded(avatar.x, avatar.y, avatar.dir)
    const sent = avatar.sent
    if (pose.x === sent.x && pose.y === sent.y && pose.dir === sent.dir) return false
    return !walking || !avatar.sentWalking || pose.dir !== sent.dir || (pose.x - sent.x) ** 2 + (pose.y - sent.y) ** 2 >= SPACE_SEND_STEP ** 2
  }

  /**
   * Regroups the people near what `moved` (core/domain/space regroup): those that moved, entered
   * or left, whoever stands within the talk radius of them or of their group's members, and the
   * groups of all these; everyone else's group stays as it is (nothing within reach of it
   * changed). Everyone when more than AFFECTED_SEARCH_MAX moved or they stand in a crowd
   * ({@link nearGroupsOf}). Each of them whose group changed is sent space_group.
   */
  private regroup (moved: ReadonlySet<number>): void {
    const near = moved.size > AFFECTED_SEARCH_MAX ? null : this.nearGroupsOf(moved)
    const everyone = near === null
    const region = near ?? this.avatars.keys()
    const positions = new Map<number, Point>()
    const before: Groups = everyone ? this.groups : new Map()
    for (const id of region) {
      const avatar = this.avatars.get(id)
      if (avatar && avatar.kind !== 'host') positions.set(id, avatar)
      const groupId = everyone ? null : this.groupIdOf(id)
      if (groupId !== null) before.set(groupId, this.groups.get(groupId) as number[])
    }
    this.groupOfGone.clear()
    this.work.grouped += positions.size
    const after = regroup(before, positions, SPACE_TALK_RADIUS, SPACE_GROUP_MAX, () => this.nextGroupId++)
    const was = groupOfEach(before)
    const is = groupOfEach(after)
    if (everyone) this.groups = after
    else {
      for (const groupId of before.keys()) this.groups.delete(groupId)
      for (const [groupId, members] of after) this.groups.set(groupId, members)
    }
    for (const id of positions.keys()) (this.avatars.get(id) as Avatar).groupId = null
    for (const [groupId, members] of after) for (const member of members) (this.avatars.get(member) as Avatar).groupId = groupId
    for (const id of positions.keys()) {
      const now = is.get(id) ?? []
      if ((was.get(id) ?? []).join() !== now.join()) this.avatars.get(id)?.viewer?.send({ op: 'space_group', d: { ids: [...now] } })
    }
  }

  /** The group of avatar `id` (one that left since the last tick: the group it left). */
  private groupIdOf (id: number): number | null {
    return this.avatars.get(id)?.groupId ?? this.groupOfGone.get(id) ?? null
  }

  /**
   * Those that `moved` (entered, left), whoever stands within the talk radius of them or of
   * their group's members, and the members of all these ones' groups; null when finding them
   * looks at more avatars than the space holds (a crowd: regrouping everyone costs less).
   */
  private nearGroupsOf (moved: ReadonlySet<number>): Set<number> | null {
    const region = new Set<number>()
    const withGroup = (id: number): void => {
      const groupId = this.groupIdOf(id)
      for (const member of groupId === null ? [id] : this.groups.get(groupId) ?? [id]) region.add(member)
    }
    for (const id of moved) withGroup(id)
    const looksBefore = this.work.looks
    for (const id of [...region]) {
      if (this.work.looks - looksBefore > this.avatars.size) return null
      const avatar = this.avatars.get(id)
      if (!avatar) continue
      for (const near of this.grid.around(avatar, SPACE_TALK_RADIUS)) {
        this.work.looks++
        const other = this.avatars.get(near)
        if (other && within(other, avatar, SPACE_TALK_RADIUS)) withGroup(near)
      }
    }
    return region
  }

  /** What `viewer` sees now, having seen `before` (core/domain/space viewOf), counted in {@link work}. */
  private viewFor (viewer: Avatar, before: ReadonlySet<number>): ReturnType<typeof viewOf> {
    this.work.views++
    return viewOf(viewer.id, viewer, before, this.grid, id => { this.work.looks++; return this.avatars.get(id) }, SPACE_VIEW_RADIUS, SPACE_VIEW_MARGIN, SPACE_VIEW_MAX)
  }

  /** Tells the viewers {@link affectedBy} `moved` what changed in their view, and, when `countDue`, every other viewer the count. */
  private sendViews (moved: ReadonlySet<number>, countDue: boolean): void {
    const affected = this.affectedBy(moved)
    for (const avatar of countDue || affected === null ? this.avatars.values() : affected) {
      if (!avatar.viewer) continue
      if (affected !== null && !affected.has(avatar)) {
        if (avatar.countSent !== this.people) avatar.viewer.send({ op: 'space_tick', d: { m: [], count: avatar.countSent = this.people } })
        continue
      }
      const view = this.viewFor(avatar, avatar.visible)
      avatar.known = this.swept(avatar.known)
      const entered = new Set(view.entered)
      const moves = { m: [] as number[], turn: [] as number[] }
      const shown = moved.has(avatar.id) ? [avatar.id, ...view.visible] : view.visible
      for (const id of shown) {
        const other = this.avatars.get(id) as Avatar
        if (moved.has(id) && !entered.has(id)) tellMove(avatar.book, id, rounded(other.x, other.y, other.dir), moves)
      }
      const tick: SpaceTickData = { m: moves.m }
      if (moves.turn.length > 0) tick.turn = moves.turn
      const whole: SpaceAvatar[] = []
      const back: number[] = []
      for (const id of view.entered) {
        const other = this.avatars.get(id) as Avatar
        const pose = rounded(other.x, other.y, other.dir)
        avatar.book.set(id, pose)
        if (avatar.known.has(id)) {
          back.push(id, pose.x, pose.y, pose.dir)
          continue
        }
        avatar.known.add(id)
        whole.push(wireAvatar(other))
      }
      if (whole.length > 0) tick.in = whole
      if (back.length > 0) tick.back = back
      for (const id of view.exited) avatar.book.delete(id)
      if (view.exited.length > 0) tick.out = view.exited
      const news = tick.m.length > 0 || tick.turn !== undefined || tick.in !== undefined || tick.back !== undefined || tick.out !== undefined
      if (avatar.countSent !== this.people && (news || countDue)) tick.count = avatar.countSent = this.people
      avatar.visible = view.visible
      avatar.reach = Number.NaN
      if (news || tick.count !== undefined) avatar.viewer.send({ op: 'space_tick', d: tick })
    }
    for (const id of moved) {
      const avatar = this.avatars.get(id)
      if (!avatar) continue
      avatar.sent = rounded(avatar.x, avatar.y, avatar.dir)
      avatar.sentWalking = avatar.path.length > 0 || avatar.steer !== null
    }
  }

  /**
   * Each host greets the people that `moved` within its talk radius whom it has not greeted in
   * their visit (hosts stand still: nobody else can have come near one; a map has a few, each
   * is asked); the greeting is the
   * newcomer's (a crowd around the host does not hear one per arrival).
   */
  private greet (moved: ReadonlySet<number>): void {
    if (this.hosts.length === 0) return
    for (const id of moved) {
      const avatar = this.avatars.get(id)
      if (!avatar || avatar.kind === 'host') continue
      for (const host of this.hosts) {
        this.work.looks++
        if (host.greeted.has(id) || !within(avatar, host, SPACE_TALK_RADIUS)) continue
        host.greeted = this.swept(host.greeted)
        host.greeted.add(id)
        avatar.viewer?.send(saidFrame(host, this.options.greeting(avatar.nickname), this.options.clock()))
      }
    }
  }
}

function within (a: Point, b: Point, radius: number): boolean {
  return (a.x - b.x) ** 2 + (a.y - b.y) ** 2 <= radius * radius
}

/** The frame of `speaker`'s bubble. */
function saidFrame (speaker: Avatar, text: string, at: number): SpaceServerFrame {
  return { op: 'space_said', d: { id: speaker.id, uid: speaker.uid, nickname: speaker.nickname, text, at } }
}

function wireAvatar (avatar: Avatar): SpaceAvatar {
  return { id: avatar.id, uid: avatar.uid, nickname: avatar.nickname, avatar: avatar.avatar, kind: avatar.kind, ...rounded(avatar.x, avatar.y, avatar.dir) }
}
