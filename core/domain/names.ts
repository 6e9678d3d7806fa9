/**
 * Names people read as someone's or something's identity — nicknames, role names and
 * channel names: what is stored of them, and when two read as the same name. Pure; the
 * server applies it on every write of such a name.
 */
import { auditComparableOf } from './audit'

/**
 * Characters that change how a name reads without being seen: the bidi embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069), the bidi marks (U+200E, U+200F,
 * U+061C) and the zero-width ones (U+200B, U+200C, U+2060–U+2064, U+FEFF, U+180E). A
 * zero-width joiner (U+200D) goes too, except between two parts of one emoji (👨‍👩‍👧),
 * where it is what makes the emoji.
 */
const HIDDEN_NAME_CHARACTERS = /[\u061c\u180e\u200b\u200c\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|(?<![\p{Extended_Pictographic}\p{Emoji_Modifier}\ufe0f])\u200d|\u200d(?!\p{Extended_Pictographic})/gu

/** The name as it is stored: the hidden characters stripped, then trimmed. */
export function cleanNameOf (name: string): string {
  return name.replace(HIDDEN_NAME_CHARACTERS, '').trim()
}

/**
 * True when two names read as the same to a person: compared in the audit's form (NFKC,
 * no invisible characters or spaces, lower case), so 'ＯＷＮＥＲ' and 'o w n e r' both
 * read as 'owner'. An empty name reads like no other.
 */
export function namesLookAlike (left: string, right: string): boolean {
  const key = auditComparableOf(left)
  return key.length > 0 && key === auditComparableOf(right)
}
