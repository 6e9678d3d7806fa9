/**
 * The idempotency key a store sends a write under (a message, a post, a comment): the
 * same key again answers the same write, so a retry never stores it twice.
 */

/** A random nonce: 16 characters of [0-9a-z] from `random` (Math.random by default). */
export function randomNonce (random: () => number = Math.random): string {
  let text = ''
  while (text.length < 16) text += Math.floor(random() * 36).toString(36)
  return text
}
