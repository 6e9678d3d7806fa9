/**
 * Values of the voice rooms' routes (./voice.ts) the client needs too: their paths and
 * calls. No imports that load TypeBox, so the client takes them from here.
 */
import { EDIT_METHODS } from './paths'

/** Paths of the voice routes (`:x` marks a path parameter; fill with core/wire/paths.ts fillPath). */
export const VOICE_PATHS = {
  /** GET: everyone in the server's voice rooms that the caller may see */
  states: '/servers/:server_id/voice-states',
  /** PATCH {mute?, deaf?, channel_id?} (MuteVoice, DeafenMembers, MoveMembers): a moderator's change of a member in a room; DELETE (DisconnectMembers): out of it */
  state: '/servers/:server_id/voice-states/:uid',
} as const

/** The voice calls (core/wire/voice.ts). */
export const VOICE_CALLS = {
  states: { method: 'GET', path: VOICE_PATHS.states, auth: 'anyone' },
  moderate: { method: EDIT_METHODS, path: VOICE_PATHS.state, auth: 'user' },
  disconnect: { method: 'DELETE', path: VOICE_PATHS.state, auth: 'user' },
} as const
