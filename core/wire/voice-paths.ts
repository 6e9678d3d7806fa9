/**
 * Values of the voice routes (./voice.ts) the client needs too: their paths. No imports,
 * so the client takes them from here without loading TypeBox.
 */
import { EDIT_METHODS } from './paths'

/** Paths of the voice routes (`:x` marks a path parameter; fill with core/wire/paths.ts fillPath). */
export const VOICE_PATHS = {
  /** GET: every member in a voice room of the server that the caller may see */
  states: '/servers/:server_id/voice-states',
  /** PATCH {mute?, deaf?, channel_id?} (a moderator): server-mute, server-deafen or move a member in a voice room; DELETE: disconnect them */
  member: '/servers/:server_id/voice-states/:uid',
  /** GET (ManageServer): the voice path as a member would be handed it, for the owner's voice check */
  check: '/servers/:server_id/voice-check',
} as const

/** The voice calls (core/wire/voice.ts). */
export const VOICE_CALLS = {
  states: { method: 'GET', path: VOICE_PATHS.states, auth: 'anyone' },
  moderate: { method: EDIT_METHODS, path: VOICE_PATHS.member, auth: 'user' },
  disconnect: { method: 'DELETE', path: VOICE_PATHS.member, auth: 'user' },
  check: { method: 'GET', path: VOICE_PATHS.check, auth: 'user' },
} as const
