/**
 * Uploading a file to the storage service (SPEC §7: the token from POST /v2/qn/upfiles
 * is "used to upload a file to a storage service"). A Qiniu-style form upload to the
 * environment's upload host with the fields `token`, `key` and `file`, through the same
 * interceptor chain as API calls (the log step records no form data). The public URL
 * is `domain/key`. Works with Taro.uploadFile on H5 and in the mini-program. A picture
 * a composer attaches goes up as an {@link ImageUploader} (the app's: stores/support/storage-uploader.ts).
 */
import { ENV_BASES } from '@/constants/env'
import { FRAMEWORK_DEFAULT_TIMEOUT_MS } from '@/constants/request'
import { failedError } from '@/services/request/errors'
import { uploadLink } from '@/services/request/transport'
import { formatDate } from '@/utils/format-date'
import { joinUrl } from '@core/query/url'
import type { ApiClient } from './api-client'

/** How to store one file. */
export interface StorageUploadOptions {
  /** Object key; generated from the date and a random name when absent. */
  key?: string
  /** Mime type, sent with the token request and used for the key's extension. */
  mime?: string
  /** Upload host (the environment's by default). */
  uploadUrl?: string
  /** Time-out; the framework default (60 s) because files are large (SPEC §9). */
  timeout?: number
  /** Told the percentage sent so far (0..100) as the upload goes. */
  onProgress?: (percent: number) => void
}

const EXTENSION_BY_MIME: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
}

/**
 * A fresh object key: `uploads/<YYYYMMDD in UTC+8>/<random>.<ext>`. The extension comes
 * from the file path, else the mime type, else `bin`.
 */
export function storageKeyFor (filePath: string, mime?: string, now: Date = new Date(), random: () => number = Math.random): string {
  const fromPath = /\.([a-z0-9]{1,5})$/i.exec(filePath.split(/[?#]/)[0])?.[1]?.toLowerCase()
  const extension = fromPath ?? (mime ? EXTENSION_BY_MIME[mime] : undefined) ?? 'bin'
  const name = `${Math.floor(random() * 36 ** 8).toString(36).padStart(8, '0')}${now.getTime().toString(36)}`
  return `uploads/${formatDate(now, 'YYYYMMDD')}/${name}.${extension}`
}

function readKey (data: unknown): string | null {
  try {
    const body: unknown = typeof data === 'string' ? JSON.parse(data) : data
    const key = (body as { key?: unknown } | null)?.key
    return typeof key === 'string' && key !== '' ? key : null
  } catch {
    return null
  }
}

/**
 * Gets an upload token from `tokens` and uploads the file; resolves with its public
 * URL. No token (SPEC §8: getUploadToken already logged why) or a refused upload is a
 * `failed` RequestError (999996); a time-out is a `timeout` one.
 */
export async function uploadFileToStorage (tokens: Pick<ApiClient, 'getUploadToken'>, filePath: string, options: StorageUploadOptions = {}): Promise<string> {
  const key = options.key ?? storageKeyFor(filePath, options.mime)
  const grant = await tokens.getUploadToken({ key, mime: options.mime })
  if (!grant) throw failedError()
  const url = options.uploadUrl ?? ENV_BASES.upload
  const response = await uploadLink.request({
    method: 'POST',
    path: url.split('?')[0],
    url,
    filePath,
    name: 'file',
    formData: { token: grant.token, key },
    timeout: options.timeout ?? FRAMEWORK_DEFAULT_TIMEOUT_MS,
    onProgress: options.onProgress,
  })
  if (response.statusCode < 200 || response.statusCode >= 300) throw failedError(response.statusCode)
  const storedKey = readKey(response.data) ?? key
  return joinUrl(grant.domain, storedKey.split('/').map(encodeURIComponent).join('/'))
}

/** A picked picture: its local path, type and byte size when known, and natural size (0 when unknown). */
export interface PickedImage {
  path: string
  mime?: string
  /** Bytes, when the platform tells. */
  size?: number
  width: number
  height: number
}

/** Uploads one picked picture, telling progress (0..100); resolves its public URL. */
export type ImageUploader = (image: PickedImage, onProgress: (percent: number) => void) => Promise<string>
