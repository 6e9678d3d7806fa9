/**
 * A message's text cut into what the chat shows differently: plain text,
 * links (http/https only, opened through the external-link confirmation) and mentions
 * (`<@uid>`, shown as `@nickname`). Every piece is rendered as text, never as markup.
 */
import { parseHttpUrl } from '@core/query/url'
import { t } from '@/i18n'

/** One piece of a message's text. */
export type ChatTextPiece =
  | { kind: 'text', text: string }
  | { kind: 'link', url: string }
  | { kind: 'mention', uid: string, name: string }

/** Links (http/https) and mentions (`<@uid>`), in one pass. */
const SPECIAL = /(https?:\/\/[^\s<>"'，。！？、）]+)|<@([A-Za-z0-9_-]{1,64})>/gi

/** Punctuation that ends a sentence rather than a link. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/

/** The pieces of `content`; `nameOf` gives a mentioned member's nickname (用户 / User when unknown: a raw id means nothing to a reader). */
export function chatTextPieces (content: string, nameOf: (uid: string) => string | null): ChatTextPiece[] {
  const pieces: ChatTextPiece[] = []
  let textStart = 0
  const pushText = (end: number) => {
    if (end > textStart) pieces.push({ kind: 'text', text: content.slice(textStart, end) })
  }
  const special = new RegExp(SPECIAL.source, SPECIAL.flags)
  for (let match = special.exec(content); match !== null; match = special.exec(content)) {
    const start = match.index
    if (match[2] !== undefined) {
      pushText(start)
      pieces.push({ kind: 'mention', uid: match[2], name: nameOf(match[2]) ?? t('mentionUnknown') })
      textStart = start + match[0].length
      continue
    }
    const url = match[1].replace(TRAILING_PUNCTUATION, '')
    if (parseHttpUrl(url) === null) continue // not a link a browser reads as one host: stays text
    pushText(start)
    pieces.push({ kind: 'link', url })
    textStart = start + url.length
  }
  pushText(content.length)
  return pieces
}

/** The text a mention of this member is written as in a message (`<@uid>`). */
export function mentionToken (uid: string): string {
  return `<@${uid}>`
}

/** `content` with mentions written as `@nickname`, for one-line previews (reply quotes). */
export function chatPlainText (content: string, nameOf: (uid: string) => string | null): string {
  return chatTextPieces(content, nameOf).map(piece => piece.kind === 'text' ? piece.text : piece.kind === 'link' ? piece.url : `@${piece.name}`).join('')
}

/** A message as a quote shows it (a reply, the composer's "replying to"): its plain text, or 图片 / Picture for a picture sent without text. */
export function chatQuoteText (content: string, nameOf: (uid: string) => string | null): string {
  return content === '' ? t('chatImageAlt') : chatPlainText(content, nameOf)
}
