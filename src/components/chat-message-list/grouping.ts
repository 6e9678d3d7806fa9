/**
 * Which message rows continue their author's group: a message within GROUP_WINDOW_S of
 * the previous one by the same author, on the same day and not the first unread one,
 * shows no avatar, name or badges again (as Discord and WeChat groups do).
 */
import { GROUP_WINDOW_S } from '@/constants/chat'
import type { ChatEntry } from '@/stores/chat/message-order'
import { isNewChatDay } from '@/utils/format-chat-time'

/** True when `entry` continues the group of `previous` (the row above it); a divider between them (a new day, the first unread) breaks the group. */
export function continuesGroup (previous: ChatEntry | undefined, entry: ChatEntry, firstUnreadId: string | null): boolean {
  if (previous === undefined || entry.message.message_id === firstUnreadId) return false
  const before = previous.message
  const now = entry.message
  return before.author.uid === now.author.uid &&
    now.created_at - before.created_at <= GROUP_WINDOW_S &&
    !isNewChatDay(before.created_at * 1000, now.created_at * 1000)
}
