/**
 * Editing one's own post: the title and text as the author changes them, sent
 * as one edit (POST /posts/:post_id, the mini-program has no PATCH). An audit rejection
 * (SPEC §5, §8: 104001 "标题未通过审核" for the title, 104008 for the text) is shown
 * under its field; nothing is written and what the author typed stays.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Post } from '@core/wire/posts'
import { t } from '@/i18n'
import type { PostsApi } from '@/services/api/posts'
import type { StoreLogger } from '../support/load-tracker'
import { PostTextDraft } from './post-text'

/** The edit of one post under way. */
export class PostEditStore {
  /** The title and text as the author changes them, with a message under each field. */
  readonly text: PostTextDraft
  /** A failure that names no field (network, not the author), shown above the buttons. */
  error: string | null = null
  saving = false

  constructor (private readonly api: PostsApi, private readonly logger: StoreLogger, private readonly post: Post) {
    this.text = new PostTextDraft(post.title, post.content)
    makeAutoObservable<PostEditStore, 'api' | 'logger' | 'post'>(this, { api: false, logger: false, post: false, text: false })
  }

  /** Sends the title and text; resolves the edited post, or null when refused (what was typed stays). */
  async save (): Promise<Post | null> {
    if (this.saving) return null
    const title = this.text.title.trim()
    if (title === '') {
      this.text.fieldErrors = { title: t('postTitleRequired') }
      return null
    }
    this.saving = true
    this.error = null
    this.text.fieldErrors = {}
    try {
      const edited = await this.api.updatePost(this.post.post_id, { title, content: this.text.content })
      return { ...edited, liked: this.post.liked }
    } catch (error) {
      runInAction(() => { this.error = this.text.refused(error, this.logger) })
      return null
    } finally {
      runInAction(() => { this.saving = false })
    }
  }
}
