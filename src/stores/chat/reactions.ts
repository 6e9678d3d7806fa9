/**
 * Reactions on a message: one person's reaction added or taken back, mine shown at once
 * and undone when the server refuses; my own echo from the gateway is not counted twice.
 */
import type { ChatMessage, ChatReaction } from './types'

/** The reactions after one person's reaction was added (`delta` 1) or removed (-1); `mine` when that person is me. */
export function reactedWith (reactions: readonly ChatReaction[], emoji: string, delta: 1 | -1, mine: boolean): ChatReaction[] {
  const current = reactions.find(entry => entry.emoji === emoji)
  if (mine && (current?.me ?? false) === (delta === 1)) return [...reactions] // my own echo: already applied
  if (!current) return delta === 1 ? [...reactions, { emoji, count: 1, me: mine }] : [...reactions]
  const next = { emoji, count: current.count + delta, me: mine ? delta === 1 : current.me }
  return next.count > 0 ? reactions.map(entry => entry === current ? next : entry) : reactions.filter(entry => entry !== current)
}

/** True when I have reacted to the message with this emoji. */
export function hasMyReaction (message: ChatMessage, emoji: string): boolean {
  return message.reactions.some(item => item.emoji === emoji && item.me)
}
