/**
 * What the rest of the server sees of the gather spaces: the gateway session as a
 * member of a space, the refusal of a space op, and the process's spaces as a service
 * (./hub.ts SpaceHub implements it). Types only and one error class, so the app's context and
 * the gateway hold the spaces without importing what the hub imports.
 */
import type { Point } from '@core/domain/space'
import type { User } from '@core/wire/entities'
import type { SpaceClientFrame, SpaceServerFrame } from '@core/wire/space'
import type { ServerGrant } from '../gateway/grants'

/** A space op refused: the session answers it with an error frame of code SpaceRefused. */
export class SpaceRefusal extends Error {}

/**
 * What a member is told when space op `op` failed with `error`: a refusal's reason, else —
 * handed to `logUnexpected` first — to try again (the same words on this process and, for a
 * relayed entry, from the holder on another).
 */
export function failureMessageOf (op: string, error: unknown, logUnexpected: (error: unknown) => void): string {
  if (error instanceof SpaceRefusal) return error.message
  logUnexpected(error)
  return `${op}: could not be handled; try again`
}

/** What the spaces need of a gateway session. */
export interface SpaceMember {
  readonly uid: string
  /** The signed-in user (null before identify). */
  readonly user: User | null
  /** Where the socket connects from (the message rate limit's allow list). */
  readonly ip: string
  readonly state: string
  grantIn (serverId: string): ServerGrant | undefined
  send (frame: SpaceServerFrame): void
  /** A space op refused after its handling returned (the process holding the space refused a relayed entry): an error frame of code SpaceRefused, as {@link SpaceRefusal} gets. */
  refuse (msg: string): void
}

/** The gather spaces of this process. */
export interface SpaceService {
  /** People standing in the space of `channelId` (on the process holding it). */
  countOf (channelId: string): Promise<number>
  /** The uids of the people standing in the space of `channelId` (the holder's, as of its last keep when it is another process). */
  peopleOf (channelId: string): Promise<string[]>
  /** Handles one space op of `member` (throws {@link SpaceRefusal}). */
  handle (member: SpaceMember, frame: SpaceClientFrame): Promise<void>
  /** `member` leaves its space, if it stands in one (its own doing, or its socket closed). */
  leave (member: SpaceMember): void
  /** `member` can no longer read `channelIds` of `serverId` (null: any: it left the server): out of such a space with space_left hidden. */
  hidden (member: SpaceMember, serverId: string, channelIds: readonly string[] | null): void
  /** A deleted channel's space empties: everyone of this process in it gets space_left hidden. */
  channelGone (channelId: string): void
  /** A moderator moves `uid` in the space of `channelId` to `to`, or removes them (`to` null); false when they are not in it. */
  moderate (channelId: string, uid: string, to: Point | null): Promise<boolean>
  /** A host (map account) of the space of `channelId` says `text` there; false when nobody stands in it. */
  hostSay (channelId: string, uid: string, text: string): Promise<boolean>
  /** Stops every timer (the process is closing). */
  close (): void
}
