/**
 * Writing a post: title, text and up to 9 images, each uploaded through the
 * storage-token flow (SPEC §7) as soon as it is picked, with its own progress; a failed
 * image can be retried or removed, and the post is not sent while an image is pending
 * or failed. An audit rejection (SPEC §5, §8: 104001 title, 104006 cover, 104008 text)
 * is shown under its field and nothing typed is lost.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { POST_MAX_IMAGES } from '@core/wire/codes'
import type { Post } from '@core/wire/posts'
import { t } from '@/i18n'
import type { PostsApi } from '@/services/api/posts'
import type { ImageUploader, PickedImage } from '@/services/api/storage-upload'
import type { StoreLogger } from '../support/load-tracker'
import { randomNonce } from '../support/random-nonce'
import { PostTextDraft } from './post-text'
import { UploadQueue, type DraftImage } from '../support/upload-queue'

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
  /** The post's pictures and their uploads. */
  readonly uploads: UploadQueue
  /** A failure that names no field (network, not a member), shown above the button. */
  error: string | null = null
  sending = false
  /** One nonce per draft: sending again after a lost answer answers the same post. */
  private draftNonce: string

  constructor (private readonly api: PostsApi, private readonly options: PostComposerOptions) {
    this.draftNonce = (options.nonce ?? randomNonce)()
    this.uploads = new UploadQueue({ upload: options.upload, logger: options.logger, max: POST_MAX_IMAGES })
    makeAutoObservable<PostComposerStore, 'api' | 'options'>(this, { api: false, options: false, uploads: false, text: false })
  }

  /** The post's pictures in the order they were picked. */
  get images (): DraftImage[] {
    return this.uploads.images
  }

  /** How many more pictures may be added. */
  get roomForImages (): number {
    return this.uploads.room
  }

  /** True while a picture is still uploading. */
  get uploading (): boolean {
    return this.uploads.uploading
  }

  /** Why the post cannot be sent now, or null when it can. */
  get blockedBy (): string | null {
    return this.uploads.blockedBy ?? (this.text.title.trim() === '' ? t('postTitleRequired') : null)
  }

  /** True when the send button works. */
  get canSend (): boolean {
    return !this.sending && this.blockedBy === null
  }

  /** Adds picked pictures (as many as there is room for, SPEC-free limit of 9) and starts their uploads. */
  addImages (picked: PickedImage[]): void {
    this.uploads.add(picked)
    delete this.text.fieldErrors.images
  }

  /** Uploads a failed picture again. */
  retryImage (id: number): void {
    this.uploads.retry(id)
  }

  /** Takes a picture out of the draft (an upload under way is ignored when it ends). */
  removeImage (id: number): void {
    this.uploads.remove(id)
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
    this.uploads.clear()
    this.draftNonce = (this.options.nonce ?? randomNonce)()
  }
}
