/**
 * Rules of chat messages that the composer and the server must agree on: how long a
 * message may be, which text is a mention, which reactions are emoji, how much of a
 * replied-to message its quote shows, which channels hold a conversation. Pure.
 */
import { ChannelKind } from '../wire/codes'
import { channelTypeHas } from './channel-types'

/** Longest message, in characters (Unicode code points) after trimming (text ≤ 2000). */
export const MESSAGE_CONTENT_MAX_LENGTH = 2000

/** Most attachments (pictures) one message carries. */
export const MESSAGE_ATTACHMENTS_MAX = 10

/** Characters of the replied-to message a reply carries as its quote. */
export const REPLY_PREVIEW_LENGTH = 100

/** Most distinct members one message can mention (more `<@uid>` are left as plain text). */
export const MESSAGE_MENTIONS_MAX = 20

/** Longest reaction emoji, in UTF-16 units (a family or a flag with modifiers fits). */
export const REACTION_EMOJI_MAX_LENGTH = 32

/** Length of `text` in characters as a person counts them (code points, so an emoji is 1, not 2). */
export function characterCount (text: string): number {
  return Array.from(text).length
}

/**
 * The text a message is stored with: `content` trimmed, or null when that is empty or
 * longer than {@link MESSAGE_CONTENT_MAX_LENGTH} characters.
 */
export function messageContentOf (content: string): string | null {
  const trimmed = content.trim()
  const length = characterCount(trimmed)
  return length >= 1 && length <= MESSAGE_CONTENT_MAX_LENGTH ? trimmed : null
}

/**
 * The text a new message is sent with: as {@link messageContentOf}, except that a message
 * carrying pictures may have no text at all (a picture is a message), which is
 * sent as ''. Null when the message cannot be sent.
 */
export function sendableContentOf (content: string, attachmentCount: number): string | null {
  const text = messageContentOf(content)
  if (text !== null) return text
  return attachmentCount > 0 && content.trim() === '' ? '' : null
}

/**
 * The words that mention every member who may read the channel (QQ频道's @全体成员):
 * only an author holding MentionEveryone there makes it notify; to anyone else
 * it is plain text. Each member's "suppress @全体成员" and mutes silence it for them.
 */
export const EVERYONE_MENTION = '@全体成员'

/** True when `content` contains {@link EVERYONE_MENTION}. */
export function mentionsEveryone (content: string): boolean {
  return content.includes(EVERYONE_MENTION)
}

/** `<@uid>` marks a mention; uids are ids (letters, digits, `_`, `-`). */
const MENTION_SOURCE = '<@([A-Za-z0-9_-]{1,64})>'

/** The uids `content` mentions as `<@uid>`, each once, in order of first mention, at most {@link MESSAGE_MENTIONS_MAX}. */
export function mentionedUids (content: string): string[] {
  const uids = new Set<string>()
  const mention = new RegExp(MENTION_SOURCE, 'g')
  for (let match = mention.exec(content); match !== null && uids.size < MESSAGE_MENTIONS_MAX; match = mention.exec(content)) {
    uids.add(match[1])
  }
  return [...uids]
}

/**
 * `content` with each `<@uid>` written as `@nickname` (`nameOf` answers null for a uid it
 * does not know: written `@` + uid), for text shown outside the chat, such as an inbox
 * notification's excerpt.
 */
export function withMentionNames (content: string, nameOf: (uid: string) => string | null): string {
  return content.replace(new RegExp(MENTION_SOURCE, 'g'), (_mention, uid: string) => `@${nameOf(uid) ?? uid}`)
}

/**
 * Most distinct emoji one member may put on a message someone else wrote, so one member
 * cannot fill all of a message's emoji slots; on their own message the author is not
 * limited by it (only by the message's own cap).
 */
export const REACTIONS_PER_MEMBER_ON_OTHERS_MAX = 3

/** Characters an emoji sequence is made of: pictographs, skin tones, keycaps, flags, joiners and presentation selectors. */
const EMOJI_SEQUENCE = /^[\p{Extended_Pictographic}\p{Emoji_Component}\u200d\ufe0f\u20e3]+$/u
/** What makes a sequence an emoji and not bare digits or `#`: a pictograph, a regional-indicator flag or a keycap. */
const EMOJI_CORE = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u20e3]/u

/**
 * Whether `text` may be a reaction: one short emoji sequence (👍, ❤️, 👨‍👩‍👧, 🇨🇳, 1️⃣) of
 * at most {@link REACTION_EMOJI_MAX_LENGTH} UTF-16 units — never words, markup or digits
 * alone. A rule on characters instead of a fixed list, so every emoji keyboard works.
 */
export function isReactionEmoji (text: string): boolean {
  return text.length > 0 && text.length <= REACTION_EMOJI_MAX_LENGTH && EMOJI_SEQUENCE.test(text) && EMOJI_CORE.test(text)
}

/** The quote a reply shows of the message it answers: its first {@link REPLY_PREVIEW_LENGTH} characters. */
export function replyPreviewOf (content: string): string {
  return Array.from(content).slice(0, REPLY_PREVIEW_LENGTH).join('')
}

/** The channel fields that decide whether members chat in it. */
export interface ChatChannelShape {
  channel_type: number
  kind: number
}

/** Whether members write messages in `channel`: one of a type carrying chat (a discussion) that is not a group header (SPEC §4). */
export function isChatChannel (channel: ChatChannelShape): boolean {
  return channelTypeHas(channel.channel_type, 'carriesChat') && channel.kind !== ChannelKind.Group
}
