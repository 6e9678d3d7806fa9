/**
 * Pins (精华): which messages of a channel a member may pin, who may, and how many a
 * channel holds. Shared by the server (which refuses) and the client (which shows the
 * 设为精华 item only when the server would accept it). Pure.
 */
import { isChatChannel, type ChatChannelShape } from './messages'
import { hasPermission, Permission } from './permissions'

/** Most pinned messages one channel holds; a pin beyond it is refused until one is taken off. */
export const PINS_PER_CHANNEL_MAX = 50

/** Whether a member holding `permissions` in a channel may pin and unpin its messages: ManageMessages, as a moderator. */
export function mayPin (permissions: number): boolean {
  return hasPermission(permissions, Permission.ManageMessages)
}

/** The fields of a message that decide whether it can be pinned. */
export interface PinnableMessageShape {
  /** A system line the server wrote (a pin's announcement); absent or null on a member's message. */
  notice?: unknown
}

/**
 * Why a pin of `message` in `channel` is refused, or null when it may be pinned:
 * `not_chat` for a channel members do not chat in (voice, post, plaza, a group header),
 * `notice` for a system line (announcing a pin is no message to pin), `full` when the
 * channel already holds {@link PINS_PER_CHANNEL_MAX} other pinned messages. A message
 * already pinned is never `full`: pinning it again changes nothing.
 */
export function pinRefusal (
  channel: ChatChannelShape, message: PinnableMessageShape, pinned: { count: number, already: boolean },
): 'not_chat' | 'notice' | 'full' | null {
  if (!isChatChannel(channel)) return 'not_chat'
  if (message.notice !== undefined && message.notice !== null) return 'notice'
  if (!pinned.already && pinned.count >= PINS_PER_CHANNEL_MAX) return 'full'
  return null
}
