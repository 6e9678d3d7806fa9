/**
 * Pictures of a draft on their way to the storage host (SPEC §7): each picked
 * picture uploads at once through the storage-token flow with its own progress; a
 * failed one can be retried or removed; while one is pending or failed the draft may
 * not be sent, and the reason is said in words. Shared by the post composer and the
 * chat composer; the uploader is passed in, so tests use a fake.
 */
import { makeAutoObservable } from 'mobx'
import { t } from '@/i18n'
import type { ImageUploader, PickedImage } from '@/services/api/storage-upload'
import { isRequestError } from '@/services/request/errors'
import { failureMessage, type StoreLogger } from './load-tracker'

/** One picture of the draft and where its upload stands. */
export interface DraftImage extends PickedImage {
  /** Local id of this picture in the draft. */
  id: number
  status: 'uploading' | 'done' | 'failed'
  /** 0..100 while uploading. */
  progress: number
  /** The public URL once uploaded. */
  url: string | null
  /** Why the upload failed, in words. */
  error: string | null
}

/** The member-facing reason of a failed upload: the upload host's size (413) and type (403, 415) refusals in words. */
function uploadFailureMessage (error: unknown, logger: StoreLogger): string {
  const status = isRequestError(error) ? error.status : undefined
  if (status === 413) return t('uploadTooLarge')
  if (status === 403 || status === 415) return t('uploadWrongType')
  return failureMessage(error, logger)
}

/** What a queue needs: the uploader, where to log, and how many pictures a draft holds at most. */
export interface UploadQueueOptions {
  upload: ImageUploader
  logger: StoreLogger
  max: number
}

/** The pictures of one draft and their uploads. */
export class UploadQueue {
  /** The draft's pictures in the order they were picked. */
  images: DraftImage[] = []
  private nextImageId = 1

  constructor (private readonly options: UploadQueueOptions) {
    makeAutoObservable<UploadQueue, 'options' | 'nextImageId'>(this, { options: false, nextImageId: false })
  }

  /** How many more pictures may be added. */
  get room (): number {
    return Math.max(0, this.options.max - this.images.length)
  }

  /** True while a picture is still uploading. */
  get uploading (): boolean {
    return this.images.some(image => image.status === 'uploading')
  }

  /** Why the draft cannot be sent because of its pictures (one uploading, one failed), or null. */
  get blockedBy (): string | null {
    if (this.uploading) return t('postImagesPending')
    if (this.images.some(image => image.status === 'failed')) return t('postImagesFailed')
    return null
  }

  /** The uploaded pictures, each with its public URL. */
  get uploaded (): Array<DraftImage & { url: string }> {
    return this.images.filter((image): image is DraftImage & { url: string } => image.status === 'done' && image.url !== null)
  }

  /** Adds picked pictures (as many as there is room for) and starts their uploads. */
  add (picked: PickedImage[]): void {
    const added = picked.slice(0, this.room).map(image => ({
      ...image, id: this.nextImageId++, status: 'uploading' as const, progress: 0, url: null, error: null,
    }))
    this.images = [...this.images, ...added]
    for (const image of added) void this.upload(image.id)
  }

  /** Puts pictures that are already uploaded back (a refused message gives its pictures back to the composer). */
  restore (uploaded: Array<PickedImage & { url: string }>): void {
    const restored = uploaded.slice(0, this.room).map(image => ({
      ...image, id: this.nextImageId++, status: 'done' as const, progress: 100, error: null,
    }))
    this.images = [...this.images, ...restored]
  }

  /** Uploads a failed picture again. */
  retry (id: number): void {
    const image = this.images.find(item => item.id === id)
    if (image?.status === 'failed') void this.upload(id)
  }

  /** Takes a picture out of the draft (an upload under way is ignored when it ends). */
  remove (id: number): void {
    this.images = this.images.filter(image => image.id !== id)
  }

  /** Empties the draft's pictures (it was sent). */
  clear (): void {
    this.images = []
  }

  private async upload (id: number): Promise<void> {
    const image = this.images.find(item => item.id === id)
    if (!image) return
    this.update(id, { status: 'uploading', progress: 0, error: null })
    try {
      const url = await this.options.upload(image, percent => this.update(id, { progress: Math.max(0, Math.min(100, Math.round(percent))) }))
      this.update(id, { status: 'done', progress: 100, url })
    } catch (error) {
      this.update(id, { status: 'failed', error: uploadFailureMessage(error, this.options.logger) })
    }
  }

  private update (id: number, change: Partial<DraftImage>): void {
    this.images = this.images.map(image => image.id === id ? { ...image, ...change } : image)
  }
}
