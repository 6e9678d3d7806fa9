/**
 * A conversation's messages as the chat shows them: each with where its delivery stands,
 * kept in id order (time-ordered ids), found by a binary search.
 */
import type { ChatMessage } from './types'

/** Where one of my messages stands: stored on the server, on its way, or refused by the network or server. */
export type DeliveryStatus = 'sent' | 'pending' | 'failed'

/** A message as the chat shows it. */
export interface ChatEntry {
  /** Stable across pending → sent, so the row is not rebuilt when the server answers. */
  key: string
  message: ChatMessage
  status: DeliveryStatus
  /** Why sending failed (status 'failed'), else null. */
  error: string | null
}

/** Orders message ids: time-ordered ids compare as text of one length; a shorter id is older. */
export function compareMessageIds (a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length
  return a < b ? -1 : a > b ? 1 : 0
}

/** The index of the message with this id in a list sorted by id, or where it would go (as `-(place) - 1`). */
export function searchById (entries: readonly ChatEntry[], messageId: string): number {
  let low = 0
  let high = entries.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const order = compareMessageIds(entries[middle].message.message_id, messageId)
    if (order === 0) return middle
    if (order < 0) low = middle + 1
    else high = middle - 1
  }
  return -low - 1
}
