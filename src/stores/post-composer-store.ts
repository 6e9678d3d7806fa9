/**
 * Writing a post (issue 17): title, text and up to 9 images, each uploaded through the
 * storage-token flow (SPEC §7) as soon as it is picked, with its own progress; a failed
 * image can be retried or removed, and the post is not sent while an image is pending
 * or failed. An audit rejection (SPEC §5, §8: 104001 title, 104006 cover, 104008 text)
 * is shown under its field and nothing typed is lost.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { POST_MAX_IMAGES } from '@core/wire/codes'
import type { Post } from '@core/wire/posts'
import { t } from '@/constants/messages'
import { isRequestError } from '@/services/request/errors'
import type { ApiClient } from '@/services/api/api-client'
import type { PostsApi } from '@/services/api/posts'
import { uploadFileToStorage } from '@/services/api/storage-upload'
import { failureMessage, type StoreLogger } from './load-tracker'
import { randomNonce } from './post-store'
import { PostTextDraft } from './post-text'

/** Uploads one picked picture, telling progress (0..100); resolves its public URL. */
export type ImageUploader = (image: PickedImage, onProgress: (percent: number) => void) => Promise<string>

/** The uploader of the app: the storage-token flow (SPEC §7) with tokens from `tokens`. */
export function storageUploader (tokens: Pick<ApiClient, 'getUploadToken'>): ImageUploader {
  return (image, onProgress) => uploadFileToStorage(tokens, image.path, { mime: image.mime, onProgress })
}

/** A picked picture: its local path, type when known and natural size (0 when unknown). */
export interface PickedImage {
  path: string
  mime?: string
  width: number
  height: number
}

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

/** What the composer needs besides the API. */
export interface PostComposerOptions {
  upload: ImageUploader
  logger: StoreLogger
  nonce?: () => string
}

/** The draft of one post and its sending. */
export class PostComposerStore {
  /** The title and text, with a message under each field (and under the pictures). */
  readonly text = new PostTextDraft()
  images: DraftImage[] = []
  /** A failure that names no field (network, not a member), shown above the button. */
  error: string | null = null
  sending = false
  private nextImageId = 1
  /** One nonce per draft: sending again after a lost answer answers the same post. */
  private draftNonce: string

  constructor (private readonly api: PostsApi, private readonly options: PostComposerOptions) {
    this.draftNonce = (options.nonce ?? randomNonce)()
    makeAutoObservable<PostComposerStore, 'api' | 'options'>(this, { api: false, options: false, text: false })
  }

  /** How many more pictures may be added. */
  get roomForImages (): number {
    return POST_MAX_IMAGES - this.images.length
  }

  /** True while a picture is still uploading. */
  get uploading (): boolean {
    return this.images.some(image => image.status === 'uploading')
  }

  /** Why the post cannot be sent now, or null when it can. */
  get blockedBy (): string | null {
    if (this.uploading) return t('postImagesPending')
    if (this.images.some(image => image.status === 'failed')) return t('postImagesFailed')
    if (this.text.title.trim() === '') return t('postTitleRequired')
    return null
  }

  /** True when the send button works. */
  get canSend (): boolean {
    return !this.sending && this.blockedBy === null
  }

  /** Adds picked pictures (as many as there is room for, SPEC-free limit of 9) and starts their uploads. */
  addImages (picked: PickedImage[]): void {
    const added = picked.slice(0, this.roomForImages).map(image => ({
      ...image, id: this.nextImageId++, status: 'uploading' as const, progress: 0, url: null, error: null,
    }))
    this.images = [...this.images, ...added]
    delete this.text.fieldErrors.images
    for (const image of added) void this.upload(image.id)
  }

  /** Uploads a failed picture again. */
  retryImage (id: number): void {
    const image = this.images.find(item => item.id === id)
    if (image?.status === 'failed') void this.upload(id)
  }

  /** Takes a picture out of the draft (an upload under way is ignored when it ends). */
  removeImage (id: number): void {
    this.images = this.images.filter(image => image.id !== id)
    delete this.text.fieldErrors.images
  }

  /** Sends the post; resolves it, or null when it was refused (the draft stays as typed). */
  async send (channelId: string): Promise<Post | null> {
    const blocked = this.blockedBy
    if (blocked !== null) {
      if (this.text.title.trim() === '') this.text.fieldErrors = { ...this.text.fieldErrors, title: blocked }
      else this.error = blocked
      return null
    }
    if (this.sending) return null
    this.sending = true
    this.error = null
    this.text.fieldErrors = {}
    const images = this.images.map(image => ({ url: image.url ?? '', width: image.width, height: image.height }))
    try {
      const post = await this.api.createPost(channelId, { title: this.text.title.trim(), content: this.text.content, images, nonce: this.draftNonce })
      runInAction(() => this.clear())
      return post
    } catch (error) {
      runInAction(() => { this.error = this.text.refused(error, this.options.logger) })
      return null
    } finally {
      runInAction(() => { this.sending = false })
    }
  }

  private clear (): void {
    this.text.setTitle('')
    this.text.setContent('')
    this.images = []
    this.draftNonce = (this.options.nonce ?? randomNonce)()
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

/** The member-facing reason of a failed upload: the upload host's size (413) and type (403, 415) refusals in words. */
export function uploadFailureMessage (error: unknown, logger: StoreLogger): string {
  const status = isRequestError(error) ? error.status : undefined
  if (status === 413) return t('uploadTooLarge')
  if (status === 403 || status === 415) return t('uploadWrongType')
  return failureMessage(error, logger)
}
