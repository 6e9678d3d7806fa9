/**
 * Voice rooms (SPEC §4 type 2, core/wire/voice.ts): a voice channel's settings and what a
 * member in a room is — heard or silenced, sent the others' audio or deafened. Pure: both
 * the server's voice hub and the client's room view ask these, never the fields themselves.
 */
import { channelTypeHas } from './channel-types'
import { hasPermission, Permission } from './permissions'
import { VOICE_BITRATE_DEFAULT, VOICE_USER_LIMIT_DEFAULT } from '../wire/voice-codes'

/** A voice channel's room settings. */
export interface VoiceChannelSettings {
  /** Members the room holds at once (1…VOICE_USER_LIMIT_MAX). */
  user_limit: number
  /** The room's Opus bitrate, bits per second (VOICE_BITRATE_MIN…MAX). */
  bitrate: number
}

/** The settings a new channel of type `channelType` starts with: the defaults for a voice channel, null for any other type (it has none). */
export function voiceSettingsFor (channelType: number): VoiceChannelSettings | null {
  return channelTypeHas(channelType, 'carriesVoice') ? { user_limit: VOICE_USER_LIMIT_DEFAULT, bitrate: VOICE_BITRATE_DEFAULT } : null
}

/** The mute and deafen flags of a member in a room: a moderator's (`mute`, `deaf`) and their own. */
export interface VoiceFlags {
  mute: boolean
  deaf: boolean
  self_mute: boolean
  self_deaf: boolean
}

/** True when the member's audio is not forwarded: server-muted, self-muted, or without Speak in the channel (`maySpeak` false: a timeout takes it). */
export function isSilenced (flags: Pick<VoiceFlags, 'mute' | 'self_mute'>, maySpeak: boolean): boolean {
  return flags.mute || flags.self_mute || !maySpeak
}

/** True when a member holding `channelPermissions` in a voice channel may be heard there (Speak). */
export function maySpeakWith (channelPermissions: number): boolean {
  return hasPermission(channelPermissions, Permission.Speak)
}

/** True when the member is sent none of the others' audio: server-deafened or self-deafened. */
export function isDeafened (flags: Pick<VoiceFlags, 'deaf' | 'self_deaf'>): boolean {
  return flags.deaf || flags.self_deaf
}
