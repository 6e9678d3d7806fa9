/**
 * What the rest of the server sees of voice rooms (docs/voice.md): the gateway session as a
 * member of a room, the refusal of a voice op, and the process's rooms as a service
 * (./hub.ts VoiceHub implements it). Types only and one error class, so the app's context
 * and the gateway hold the rooms without importing what the hub imports.
 */
import type { User } from '@core/wire/entities'
import type { VoiceClientFrame, VoiceModerateBody, VoiceServerFrame, VoiceState } from '@core/wire/voice'

/** A voice op refused: the session answers it with an error frame of code VoiceRefused. */
export class VoiceRefusal extends Error {}

/** What a member is told when voice op `op` failed with `error`: a refusal's reason, else — handed to `logUnexpected` first — to try again. */
export function voiceFailureMessageOf (op: string, error: unknown, logUnexpected: (error: unknown) => void): string {
  if (error instanceof VoiceRefusal) return error.message
  logUnexpected(error)
  return `${op}: could not be handled; try again`
}

/** What the voice rooms need of a gateway session. */
export interface VoiceMember {
  readonly uid: string
  /** The signed-in user (null before identify). */
  readonly user: User | null
  /** The gateway session's id: a resumed session (a new socket) keeps the room the old one held. */
  readonly sessionId: string
  readonly state: string
  send (frame: VoiceServerFrame): void
}

/** The voice rooms, as this process serves them (those it holds, and those it relays its members to). */
export interface VoiceService {
  /** Handles one voice op of `member` (throws {@link VoiceRefusal}). */
  handle (member: VoiceMember, frame: VoiceClientFrame): Promise<void>
  /** `member`'s socket closed (or its session went back to waiting): it leaves its room unless a resume of its session takes it up within the grace. */
  detach (member: VoiceMember): void
  /** A session opened (identified or resumed): a resume takes up the room its session held. */
  attach (member: VoiceMember): void
  /** Everyone in a voice room of `serverId` (whatever process holds it), room by room in the order they joined. */
  statesOf (serverId: string): Promise<VoiceState[]>
  /** The voice state of `uid` in `serverId`, or null when they are in none of its rooms. */
  stateOf (serverId: string, uid: string): Promise<VoiceState | null>
  /**
   * A moderator's change of `uid` in a room of `serverId` (its permission and the channel to
   * move to already checked): applied by the process holding the room, and the member told;
   * null when they are in no room there.
   */
  moderate (serverId: string, uid: string, change: VoiceModerateBody): Promise<VoiceState | null>
  /** A moderator takes `uid` out of their room in `serverId` (voice_left disconnected); false when they are in none. */
  disconnect (serverId: string, uid: string): Promise<boolean>
  /** Closes every room and stops every timer (the process is closing). */
  close (): Promise<void>
}
