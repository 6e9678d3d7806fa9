/**
 * The real type of a file by its magic bytes, never by its name or declared type
 * (SPEC §7 POST /resource/base64 accepts png, jpeg, gif and webp only), and whether a file
 * that claims to be an image reads as one: its header must give the claimed format's
 * width and height (image-size, pure JS), so a magic number in front of other bytes is
 * not an image.
 */
import { imageSize } from 'image-size'

/** The raster image types whose claim can be checked, by mime, as image-size names their format. */
const CHECKED_IMAGE_FORMATS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/bmp': 'bmp',
  'image/tiff': 'tiff',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
  'image/heic': 'heif',
  'image/heif': 'heif',
  'image/avif': 'heif',
}

/**
 * True when `content` holds what `mime` claims: anything that is not a raster image
 * (video, SVG text, other files) holds its claim; a raster image must be a type listed
 * here whose header gives a width and height in that format.
 */
export function holdsImageClaim (content: Buffer, mime: string): boolean {
  if (!mime.startsWith('image/') || mime === 'image/svg+xml') return true
  const format = CHECKED_IMAGE_FORMATS[mime]
  if (!format) return false
  try {
    const { type, width, height } = imageSize(content)
    return type === format && width > 0 && height > 0
  } catch {
    return false // image-size throws on a header it cannot read
  }
}

/** An image type the server accepts, with the file extension it is stored under. */
export interface ImageType {
  mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'
  extension: 'png' | 'jpg' | 'gif' | 'webp'
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const JPEG = [0xff, 0xd8, 0xff]

function startsWith (content: Buffer, bytes: number[], offset = 0): boolean {
  return content.length >= offset + bytes.length && bytes.every((byte, index) => content[offset + index] === byte)
}

function ascii (content: Buffer, offset: number, text: string): boolean {
  return startsWith(content, Array.from(text, char => char.charCodeAt(0)), offset)
}

/** The image type of `content`, or null when it is none of png, jpeg, gif, webp. */
export function sniffImageType (content: Buffer): ImageType | null {
  if (startsWith(content, PNG)) return { mime: 'image/png', extension: 'png' }
  if (startsWith(content, JPEG)) return { mime: 'image/jpeg', extension: 'jpg' }
  if (ascii(content, 0, 'GIF87a') || ascii(content, 0, 'GIF89a')) return { mime: 'image/gif', extension: 'gif' }
  if (ascii(content, 0, 'RIFF') && ascii(content, 8, 'WEBP')) return { mime: 'image/webp', extension: 'webp' }
  return null
}

/**
 * The type of an uploaded file: a recognised image by its bytes, an mp4 by its 'ftyp'
 * box, an SVG by its opening tag, else what the uploader declared (or octet-stream).
 */
export function detectMime (content: Buffer, declared: string | undefined): string {
  const image = sniffImageType(content)
  if (image) return image.mime
  if (ascii(content, 4, 'ftyp')) return 'video/mp4'
  const head = content.subarray(0, 256).toString('utf8').trimStart()
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'image/svg+xml'
  const type = declared?.split(';')[0].trim().toLowerCase()
  return type && /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/.test(type) ? type : 'application/octet-stream'
}
