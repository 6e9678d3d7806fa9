/**
 * Whether a notification reaches a member's inbox, from their mute settings (SPEC-level
 * rule of the inbox): a muted server or channel silences what happens there, except a
 * direct mention of the member, a moderation act on them, and a direct message; @全体成员
 * is silenced by a muted source and by the server's "suppress @全体成员".
 */
import type { NotificationKind } from '../wire/notifications-paths'

/** A member's mute settings as they bear on one notification's source. */
export interface SourceMutes {
  serverMuted: boolean
  everyoneSuppressed: boolean
  channelMuted: boolean
}

/** True when a notification of `kind` (`everyone`: an @全体成员 rather than a direct mention) from a source with `mutes` stays out of the inbox. */
export function isSilenced (kind: NotificationKind, everyone: boolean, mutes: SourceMutes): boolean {
  const muted = mutes.serverMuted || mutes.channelMuted
  if (kind === 'mention') return everyone && (muted || mutes.everyoneSuppressed)
  if (kind === 'moderation' || kind === 'direct_message') return false
  return muted
}
