/**
 * The pictures a chat message carries: how many, and what a message says of
 * an uploaded picture.
 */
import { MESSAGE_ATTACHMENTS_MAX } from '@core/domain/messages'
import type { Attachment } from '@core/wire/messages'
import type { DraftImage } from '../support/upload-queue'

/** Most pictures the composer holds for one message: what the server takes (core's rule). */
export const CHAT_ATTACHMENTS_MAX = MESSAGE_ATTACHMENTS_MAX

/** Picture types by file extension, for a picture whose type the platform did not tell. */
const IMAGE_MIME_BY_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' }

/** What a message carries for an uploaded picture: its URL, natural size, bytes and type (JPEG when nobody can tell). */
export function attachmentOf (image: DraftImage & { url: string }): Attachment {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(image.url.split(/[?#]/)[0])?.[1]?.toLowerCase() ?? ''
  const mime = image.mime ?? IMAGE_MIME_BY_EXTENSION[extension] ?? 'image/jpeg'
  return { url: image.url, width: image.width, height: image.height, size: Math.max(0, Math.floor(image.size ?? 0)), mime }
}
