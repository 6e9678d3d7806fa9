/**
 * The app's picture uploader, shared by the post composer and the chat composer: each
 * picked picture goes up through the storage-token flow (SPEC §7). Stores take an
 * {@link ImageUploader}, so tests pass a fake and only the app builds this one.
 */
import type { ApiClient } from '@/services/api/api-client'
import { uploadFileToStorage, type ImageUploader } from '@/services/api/storage-upload'

/** The uploader of the app: the storage-token flow (SPEC §7) with tokens from `tokens`. */
export function storageUploader (tokens: Pick<ApiClient, 'getUploadToken'>): ImageUploader {
  return (image, onProgress) => uploadFileToStorage(tokens, image.path, { mime: image.mime, onProgress })
}
