/**
 * What a moderator does in the gather space to the member whose avatar they picked: take
 * them out of the space, put them next to my avatar (移到我身边), or time them out (禁言).
 * The server checks every action; each ends in a notice: done, with their name, or the
 * server's refusal in words (the pick is then kept).
 */
import type { SpaceInfo } from '@core/wire/space'
import { t, type MessageKey } from '@/i18n'
import type { SpaceApi } from '@/services/api/space'
import { failureMessage, type StoreLogger } from '../support/load-tracker'
import type { SpaceAvatarState } from './avatars'
import type { SpaceMap } from './space-map'

/** How long 禁言 in the space times a member out: ten minutes, one of the member list's lengths (moderation-store TIMEOUT_SECONDS). */
export const SPACE_MUTE_SECONDS = 600

/** What the moderator's actions are sent through. */
export interface SpaceModerationOptions {
  /** The space's HTTP calls. */
  api: Pick<SpaceApi, 'move' | 'remove'>
  /** Times a member of a server out until a unix time (the server's timeout: a muted member cannot talk in the space either). */
  timeout: (serverId: string, uid: string, until: number) => Promise<unknown>
  clock: () => number
  logger: StoreLogger
}

/** The space as a moderator's action reads it: where, whom, and where my avatar stands. */
export interface ModeratedSpace {
  readonly channelId: string | null
  readonly info: Pick<SpaceInfo, 'server_id'> | null
  readonly map: Pick<SpaceMap, 'width' | 'tilewidth'> | null
  readonly self: Pick<SpaceAvatarState, 'x' | 'y'> | null
  readonly picked: SpaceAvatarState | null
}

/** How an action went: the notice to show, and the pick to let go (null: keep it). */
export type ModerationSettled = (notice: string, unpick: SpaceAvatarState | null) => void

/** A moderator's actions on the picked avatar of one space page. */
export class SpaceModeration {
  constructor (
    private readonly space: ModeratedSpace,
    private readonly options: SpaceModerationOptions,
    private readonly settled: ModerationSettled,
  ) {}

  /** Takes the picked member out of the space; the pick is let go. Resolves whether they were removed. */
  remove (): Promise<boolean> {
    return this.act((channelId, picked) => this.options.api.remove(channelId, picked.uid), 'spaceRemovedOther', { unpick: true })
  }

  /** Puts the picked member next to my avatar: a tile to my right (or the nearest walkable one, the server's choice). */
  moveToMe (): Promise<boolean> {
    const { self, map } = this.space
    if (self === null || map === null) return Promise.resolve(false)
    const to = { x: Math.min(Math.round(self.x) + map.tilewidth, map.width - 1), y: Math.round(self.y) }
    return this.act((channelId, picked) => this.options.api.move(channelId, picked.uid, to), 'spaceMovedOther', { unpick: false })
  }

  /**
   * Times the picked member out for SPACE_MUTE_SECONDS (the server's own timeout: they
   * cannot talk in the space, nor anywhere in the server, until it ends).
   */
  mute (): Promise<boolean> {
    const serverId = this.space.info?.server_id
    if (serverId === undefined) return Promise.resolve(false)
    const until = Math.floor(this.options.clock() / 1000) + SPACE_MUTE_SECONDS
    return this.act((_, picked) => this.options.timeout(serverId, picked.uid, until), 'spaceMutedOther', { unpick: false })
  }

  /** Runs an action on the picked member and settles it: `done` (with their name) or the server's refusal. Resolves whether it was done. */
  private async act (run: (channelId: string, picked: SpaceAvatarState) => Promise<unknown>, done: MessageKey, { unpick }: { unpick: boolean }): Promise<boolean> {
    const { picked, channelId } = this.space
    if (picked === null || channelId === null) return false
    try {
      await run(channelId, picked)
      this.settled(t(done, { name: picked.nickname }), unpick ? picked : null)
      return true
    } catch (error) {
      this.settled(failureMessage(error, this.options.logger), null)
      return false
    }
  }
}
