/**
 * Who the member sees in the gather space (core/wire/space.ts): the avatars in view by id,
 * from `space_ready` and the ticks, each with the recent positions the canvas interpolates
 * between (motion.ts); every avatar the server sent whole in this stay (a tick's `back`
 * names one by id and pose only; its moves are changes against the pose last told, decoded
 * by core's applyTickPoses); and the avatar a moderator picked. The space store hands it
 * the frames and says when the stay ends.
 *
 * Avatars change up to 20 times a second: their positions are plain data the canvas reads
 * each frame, not observed; only who is here (the map of avatars) is observable.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { SpaceAvatar, SpaceReadyData, SpaceTickData } from '@core/wire/space'
import type { Pose } from '@core/domain/space/motion'
import { applyTickPoses, bookOf, type PoseBook } from '@core/domain/space/poses'
import { pushSample, type MotionTrack } from './motion'

/** An avatar in view, with where it was seen lately (the canvas draws between those). */
export interface SpaceAvatarState extends SpaceAvatar {
  track: MotionTrack
}

const TICKS_PER_SECOND_DEFAULT = 10

/** The avatars in view during one stay in a space, mine included. */
export class SpaceAvatars {
  /** The avatars in view by id (mine included). */
  readonly avatars = observable.map<number, SpaceAvatarState>({}, { deep: false })
  /** My avatar's id, null while not in. */
  selfId: number | null = null
  /** Whether I may walk and talk (a guest looks). */
  canAct = false
  /** The avatar a moderator picked (tapped) to act on, or null. */
  picked: SpaceAvatarState | null = null
  /** Ticks per second the server announced. */
  tickHz = TICKS_PER_SECOND_DEFAULT
  /** Every avatar the server sent whole in this stay (space_ready, `in`), by id: who a `back` is. Cleared on leaving. */
  private readonly roster = new Map<number, SpaceAvatar>()
  /** The pose the server last told of each avatar in view: a tick's moves are changes against it (core/domain/space/poses.ts). */
  private poses: PoseBook = new Map()

  constructor () {
    makeAutoObservable<SpaceAvatars, 'roster' | 'poses'>(this, { roster: false, poses: false, picked: observable.ref })
  }

  /** My avatar, or null while not in. */
  get self (): SpaceAvatarState | null {
    return this.selfId === null ? null : this.avatars.get(this.selfId) ?? null
  }

  /** Stands in the space as `space_ready` tells (at `now`, the store's clock): everyone in view at their poses, in place of what was there. */
  ready (d: SpaceReadyData, now: number): void {
    this.clear()
    this.selfId = d.self
    this.canAct = d.can_act
    this.tickHz = d.tick_hz
    this.poses = bookOf(d.avatars)
    for (const avatar of d.avatars) {
      this.roster.set(avatar.id, avatar)
      this.avatars.set(avatar.id, { ...avatar, track: [{ x: avatar.x, y: avatar.y, at: now }] })
    }
  }

  /** Applies a tick that arrived at `now`: who came into view, who moved (a sample on their track), who went out of view (never I). */
  tick (d: SpaceTickData, now: number): void {
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
  }

  /** Picks another avatar in view to act on (a moderator tapped it); null (or my own) picks none. */
  pick (id: number | null): void {
    const avatar = id === null || id === this.selfId ? null : this.avatars.get(id) ?? null
    this.picked = avatar
  }

  /** Forgets the stay: nobody in view, nobody picked, nothing known of anyone. */
  clear (): void {
    this.selfId = null
    this.canAct = false
    this.avatars.clear()
    this.roster.clear()
    this.poses = new Map()
    this.picked = null
  }

  /** An avatar in view now, at its pose; one still drawn keeps its track (the canvas goes on from where it was). */
  private cameIntoView (avatar: SpaceAvatar, now: number, tickMs: number): void {
    const shown = this.avatars.get(avatar.id)
    if (shown) pushSample(shown.track, avatar.x, avatar.y, now, tickMs)
    this.avatars.set(avatar.id, { ...avatar, track: shown?.track ?? [{ x: avatar.x, y: avatar.y, at: now }] })
  }
}
