/**
 * Editing one's own post (issue 17): the title and text as the author changes them, sent
 * as one edit (POST /posts/:post_id, the mini-program has no PATCH). An audit rejection
 * (SPEC §5, §8: 104001 "标题未通过审核" for the title, 104008 for the text) is shown
 * under its field; nothing is written and what the author typed stays.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Post } from '@core/wire/posts'
import { t } from '@/constants/messages'
import type { PostsApi } from '@/services/api/posts'
import type { StoreLogger } from './load-tracker'
import { postRefusal } from './post-refusal'

/** The fields an edit changes. */
export type PostEditField = 'title' | 'content'

/** The edit of one post under way. */
export class PostEditStore {
  title: string
  content: string
  /** A message under a field (audit rejection, a required title), by field. */
  fieldErrors: Partial<Record<PostEditField, string>> = {}
  /** A failure that names no field (network, not the author), shown above the buttons. */
  error: string | null = null
  saving = false

  constructor (private readonly api: PostsApi, private readonly logger: StoreLogger, private readonly post: Post) {
    this.title = post.title
    this.content = post.content
    makeAutoObservable<PostEditStore, 'api' | 'logger' | 'post'>(this, { api: false, logger: false, post: false })
  }

  setTitle (text: string): void {
    this.title = text
    delete this.fieldErrors.title
  }

  setContent (text: string): void {
    this.content = text
    delete this.fieldErrors.content
  }

  /** Sends the title and text; resolves the edited post, or null when refused (what was typed stays). */
  async save (): Promise<Post | null> {
    if (this.saving) return null
    const title = this.title.trim()
    if (title === '') {
      this.fieldErrors = { title: t('postTitleRequired') }
      return null
    }
    this.saving = true
    this.error = null
    this.fieldErrors = {}
    try {
      const edited = await this.api.updatePost(this.post.post_id, { title, content: this.content })
      return { ...edited, liked: this.post.liked }
    } catch (error) {
      runInAction(() => {
        const { field, message } = postRefusal(error, this.logger)
        if (field === 'title' || field === 'content') this.fieldErrors = { [field]: message }
        else this.error = message
      })
      return null
    } finally {
      runInAction(() => { this.saving = false })
    }
  }
}
