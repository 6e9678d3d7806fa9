/**
 * The colour of a member's avatar without a picture: their initial on one of a few tones,
 * always the same for the same uid (the app's ChatAvatar, and the chat's first screen the
 * server draws, core/view/first-screen.ts). Pure.
 */

/** How many avatar colours there are (`chat-avatar--tone-0` … in src/components/chat-avatar/index.scss). */
export const AVATAR_TONES = 6

/** The tone of `uid`'s avatar: 0 … AVATAR_TONES − 1. */
export function avatarTone (uid: string): number {
  let hash = 0
  for (let index = 0; index < uid.length; index++) hash = (hash * 31 + uid.charCodeAt(index)) >>> 0
  return hash % AVATAR_TONES
}
