/**
 * Which chat messages continue their author's group (as Discord and WeChat groups show
 * them): a message within {@link GROUP_WINDOW_S} of the previous one by the same author,
 * on the same day in UTC+8 (the chat's clock), shows no avatar, name or badges again. The
 * app's message list and the server's first screen both ask this one rule. Pure.
 */

/** A message within this many seconds of its author's previous one joins its group. */
export const GROUP_WINDOW_S = 5 * 60

/** UTC+8's offset from UTC, in seconds: the chat's days are Beijing days. */
const UTC8_OFFSET_S = 8 * 3600
const DAY_S = 86_400

/** A message as the grouping rule reads it: its author and time (seconds). */
export interface GroupedMessage {
  author: { uid: string }
  created_at: number
}

/** True when `message` continues the group of `previous` (the message above it): same author, within the window, same UTC+8 day. */
export function continuesAuthorGroup (previous: GroupedMessage | undefined, message: GroupedMessage): boolean {
  if (previous === undefined) return false
  const sameDay = Math.floor((previous.created_at + UTC8_OFFSET_S) / DAY_S) === Math.floor((message.created_at + UTC8_OFFSET_S) / DAY_S)
  return previous.author.uid === message.author.uid && message.created_at - previous.created_at <= GROUP_WINDOW_S && sameDay
}
