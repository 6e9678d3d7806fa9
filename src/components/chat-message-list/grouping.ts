/**
 * Which message rows continue their author's group: the one rule of
 * core/domain/chat-grouping.ts, and the first unread message always starts a new group
 * (the 新消息 divider stands between them); a system line (a pin's announcement) is never in a group.
 */
import { continuesAuthorGroup } from '@core/domain/chat-grouping'
import type { ChatEntry } from '@/stores/chat/message-order'

/** True when `entry` continues the group of `previous` (the row above it); a divider between them (a new day, the first unread) breaks the group. */
export function continuesGroup (previous: ChatEntry | undefined, entry: ChatEntry, firstUnreadId: string | null): boolean {
  if (entry.message.message_id === firstUnreadId) return false
  // a system line stands alone, and the message after it shows its author again
  if (entry.message.notice || previous?.message.notice) return false
  return continuesAuthorGroup(previous?.message, entry.message)
}
