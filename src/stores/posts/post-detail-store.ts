/**
 * One post on the client with its comments, oldest first, by cursor through
 * the posts API: my like, the comment composer, edits and removals (the author's, or a
 * moderator's), reports, and the gateway's dispatches about this post applied live. The
 * API and the dispatch source are passed in, so tests use fakes.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { Comment, Post } from '@core/wire/posts'
import type { PostsDispatches } from '@core/wire/dispatches'
import type { ReportReason } from '@core/wire/trust'
import type { PostsApi } from '@/services/api/posts'
import { CommentDraft } from './comment-draft'
import { DispatchSubscriptions, type DispatchSource } from '../support/dispatch-subscriptions'
import { randomNonce } from '../support/random-nonce'
import { PostEditStore } from './post-edit-store'
import { failureMessage, LoadTracker, type StoreStatus } from '../support/load-tracker'
import { refusalMessage } from '../support/refusal'
import type { PostStoreOptions } from './post-store-options'

/** A top-level comment with its replies (one level deep), oldest first. */
export interface CommentThread {
  comment: Comment
  replies: Comment[]
}

/** One post with its comments oldest first, my like, and the comment composer. */
export class PostDetailStore {
  postId: string | null = null
  post: Post | null = null
  /** Loaded comments, oldest first. */
  comments: Comment[] = []
  commentsHaveMore = false
  /** The post was removed while it was shown. */
  deleted = false
  /** The comment being written. */
  readonly draft: CommentDraft
  /** The comment the draft answers, or null for a top-level comment. */
  replyTo: Comment | null = null
  /** The member's own comment the draft rewrites, or null when the draft is a new comment. */
  editingComment: Comment | null = null
  /** The author's edit of the post under way, or null. */
  edit: PostEditStore | null = null
  /** The new comment (its text and what it answers) set aside while a comment edit holds the bar; it comes back when the edit ends. */
  private setAside: { text: string, replyTo: Comment | null } | null = null
  readonly commentsLoad: LoadTracker
  private readonly loading: LoadTracker
  private readonly subscriptions = new DispatchSubscriptions()
  /** The server the permissions were focused on (the post's), and how to let go of it. */
  private focused: { serverId: string, release: () => void } | null = null

  constructor (private readonly api: PostsApi, private readonly options: PostStoreOptions) {
    this.loading = new LoadTracker(options.logger)
    this.commentsLoad = new LoadTracker(options.logger)
    this.draft = new CommentDraft(options.logger)
    makeAutoObservable<PostDetailStore, 'api' | 'options' | 'loading' | 'subscriptions' | 'focused'>(this, { api: false, options: false, loading: false, subscriptions: false, focused: false })
  }

  get status (): StoreStatus {
    return this.loading.status
  }

  get error (): string | null {
    return this.loading.error
  }

  /** Whether retrying the failed load may help (false for a refusal the same request gets again). */
  get retryable (): boolean {
    return this.loading.retryable
  }

  /** True when the signed-in member wrote the post (they may edit and remove it). */
  get isMine (): boolean {
    return this.post !== null && this.post.author.uid === this.options.myUid()
  }

  /** True when the member may remove the post: its author, or a moderator of its channel (ManageMessages). */
  get canDelete (): boolean {
    return this.post !== null && (this.isMine || this.moderates(this.post.channel_id))
  }

  /** Comments grouped into threads: each top-level comment with the replies under it. */
  get threads (): CommentThread[] {
    const threads: CommentThread[] = []
    const byId = new Map<string, CommentThread>()
    for (const comment of this.comments) {
      const parent = comment.reply_to ? byId.get(comment.reply_to.comment_id) : undefined
      if (parent) {
        parent.replies.push(comment)
      } else {
        const thread = { comment, replies: [] }
        byId.set(comment.comment_id, thread)
        threads.push(thread)
      }
    }
    return threads
  }

  /** True when `comment` is the signed-in member's own. */
  isMineComment (comment: Comment): boolean {
    return comment.author.uid === this.options.myUid()
  }

  /** True when the member may remove `comment`: its author, or a moderator of the post's channel (ManageMessages). */
  canDeleteComment (comment: Comment): boolean {
    return this.isMineComment(comment) || (this.post !== null && this.moderates(this.post.channel_id))
  }

  /** Opens the edit of the post (its author only). */
  startEdit (): void {
    if (this.post && this.isMine) this.edit = new PostEditStore(this.api, this.options.logger, this.post)
  }

  /** Leaves the edit without sending it. */
  cancelEdit (): void {
    this.edit = null
  }

  /** Sends the edit; the post shows it at once (others see it through POST_UPDATE). Resolves true when saved. */
  async saveEdit (): Promise<boolean> {
    const edit = this.edit
    if (!edit) return false
    const edited = await edit.save()
    if (edited === null) return false
    runInAction(() => {
      if (this.edit === edit) this.edit = null
      if (this.post?.post_id === edited.post_id) this.post = edited
    })
    return true
  }

  /** Opens a post: the post and its first comments side by side; calling `load` again is the retry. */
  async open (postId: string): Promise<void> {
    this.postId = postId
    this.post = null
    this.comments = []
    this.deleted = false
    await this.load()
  }

  async load (): Promise<void> {
    const postId = this.postId
    if (postId === null) return
    await Promise.all([
      this.loading.run(() => this.api.getPost(postId), post => {
        this.focusServer(post.server_id) // before the post shows: what it shows asks that server's permissions
        this.post = post
        return 'ready'
      }),
      this.loadComments(),
    ])
  }

  /** Loads the next comments after the last one held (the first ones when none is). */
  async loadComments (): Promise<void> {
    const postId = this.postId
    if (postId === null || this.commentsLoad.isLoading) return
    const last = this.comments[this.comments.length - 1]
    await this.commentsLoad.run(() => this.api.listComments(postId, { after: last?.comment_id, limit: this.options.pageSize }), page => {
      this.appendComments(page.items)
      this.commentsHaveMore = page.has_more
      return this.comments.length === 0 ? 'empty' : 'ready'
    })
  }

  /** Answers `comment` with the next comment (null: a top-level comment); leaves an edit under way. */
  setReplyTo (comment: Comment | null): void {
    if (this.editingComment) this.cancelCommentEdit()
    this.replyTo = comment
  }

  /**
   * Puts one's own `comment` in the comment bar to rewrite it (authors edit their
   * own comments). A new comment being written meanwhile is set aside, not lost: it comes
   * back when the edit ends.
   */
  startCommentEdit (comment: Comment): void {
    if (!this.isMineComment(comment)) return
    if (!this.editingComment) this.setAside = { text: this.draft.text, replyTo: this.replyTo }
    this.replyTo = null
    this.editingComment = comment
    this.draft.setText(comment.content)
  }

  /** Leaves the edit: the bar shows the new comment set aside when it began (empty if there was none). */
  cancelCommentEdit (): void {
    this.endCommentEdit()
  }

  /** Ends the edit under way and brings back what was set aside for it. */
  private endCommentEdit (): void {
    this.editingComment = null
    this.draft.setText(this.setAside?.text ?? '')
    this.replyTo = this.setAside?.replyTo ?? null
    this.setAside = null
  }

  /**
   * Sends the draft: the edit of `editingComment` when one is under way, else a new comment
   * answering `replyTo`. On refusal the text stays where the member typed it. Resolves true when sent.
   */
  async sendComment (): Promise<boolean> {
    const postId = this.postId
    if (postId === null) return false
    const editing = this.editingComment
    if (editing) {
      const saved = await this.draft.send(content => this.api.updateComment(postId, editing.comment_id, { content }), edited => this.commentUpdated(edited))
      if (saved && this.editingComment === editing) this.endCommentEdit()
      return saved
    }
    const replyTo = this.replyTo?.comment_id ?? null
    return this.draft.send(content => this.api.createComment(postId, { content, reply_to: replyTo, nonce: this.nonce() }), comment => {
      if (this.appendComments([comment]) && this.post) this.setCounts({ comment_count: this.post.comment_count + 1 })
      this.replyTo = null
    })
  }

  /** Removes a comment (one's own, or as a moderator) with its replies. Resolves the failure's message, or null. */
  async deleteComment (comment: Comment): Promise<string | null> {
    try {
      await this.api.deleteComment(comment.post_id, comment.comment_id)
      runInAction(() => this.commentRemoved(comment.comment_id))
      return null
    } catch (error) {
      return failureMessage(error, this.options.logger)
    }
  }

  /** Likes or takes back the like (shown at once, put back if refused). Resolves the failure's message, or null. */
  async toggleLike (): Promise<string | null> {
    const post = this.post
    if (!post) return null
    const liked = !post.liked
    this.post = { ...post, liked, like_count: Math.max(0, post.like_count + (liked ? 1 : -1)) }
    try {
      const answer = await this.api.setLike(post.post_id, liked)
      runInAction(() => { if (this.post) this.post = { ...this.post, liked: answer.liked, like_count: answer.like_count } })
      return null
    } catch (error) {
      runInAction(() => { if (this.post) this.post = { ...this.post, liked: post.liked, like_count: post.like_count } })
      return failureMessage(error, this.options.logger)
    }
  }

  /** True when the member may report this post (someone else's, with reporting wired). */
  get canReport (): boolean {
    return this.post !== null && !this.isMine && this.options.myUid() !== null && this.options.report !== undefined
  }

  /** Reports the post to its server's moderators. Resolves the failure's message, or null when the report was taken. */
  async report (reason: ReportReason): Promise<string | null> {
    const post = this.post
    if (!post || !this.options.report) return null
    try {
      await this.options.report({ target_type: 'post', target_id: post.post_id, reason })
      return null
    } catch (error) {
      return refusalMessage(error, this.options.logger)
    }
  }

  /** Removes the post (its author, or a moderator). Resolves the failure's message, or null. */
  async deletePost (): Promise<string | null> {
    const post = this.post
    if (!post) return null
    try {
      await this.api.deletePost(post.post_id)
      runInAction(() => { this.deleted = true })
      return null
    } catch (error) {
      return failureMessage(error, this.options.logger)
    }
  }

  /** Starts applying dispatches about this post from `source`; `dispose` stops it. */
  attach (source: DispatchSource<PostsDispatches>): void {
    this.subscriptions.replace([
      source.on('COMMENT_CREATE', ({ comment, comment_count: count }) => {
        if (comment.post_id !== this.postId) return
        // a comment beyond the loaded page arrives with its page; only the tail of the list grows live
        if (!this.commentsHaveMore) this.appendComments([comment])
        this.setCounts({ comment_count: count })
      }),
      source.on('COMMENT_UPDATE', ({ comment }) => { if (comment.post_id === this.postId) this.commentUpdated(comment) }),
      source.on('COMMENT_DELETE', ({ post_id: postId, comment_id: commentId, comment_count: count }) => {
        if (postId !== this.postId) return
        this.commentRemoved(commentId)
        this.setCounts({ comment_count: count })
      }),
      source.on('POST_LIKE', ({ post_id: postId, like_count: count }) => { if (postId === this.postId) this.setCounts({ like_count: count }) }),
      source.on('POST_UPDATE', post => { if (post.post_id === this.postId && this.post) this.post = { ...post, liked: this.post.liked } }),
      source.on('POST_DELETE', ({ post_id: postId }) => { if (postId === this.postId) this.deleted = true }),
    ])
  }

  /** Stops applying dispatches; the permissions answer for the current server again. */
  dispose (): void {
    this.subscriptions.stop()
    this.focused?.release()
    this.focused = null
  }

  private focusServer (serverId: string): void {
    if (this.focused?.serverId === serverId || !this.options.focusServer) return
    this.focused?.release()
    this.focused = { serverId, release: this.options.focusServer(serverId) }
  }

  private moderates (channelId: string): boolean {
    return this.options.mayModerate?.(channelId) ?? false
  }

  private nonce (): string {
    return (this.options.nonce ?? randomNonce)()
  }

  private setCounts (counts: Partial<Pick<Post, 'like_count' | 'comment_count'>>): void {
    if (this.post) this.post = { ...this.post, ...counts }
  }

  /** Adds the comments not held yet; true when any was new. */
  private appendComments (comments: Comment[]): boolean {
    const known = new Set(this.comments.map(comment => comment.comment_id))
    const added = comments.filter(comment => !known.has(comment.comment_id))
    if (added.length === 0) return false
    this.comments = [...this.comments, ...added]
    this.commentsLoad.settle('ready')
    return true
  }

  /** Shows a comment's new text where it stands (a comment not loaded yet arrives with its page). */
  private commentUpdated (updated: Comment): void {
    this.comments = this.comments.map(comment => comment.comment_id === updated.comment_id ? updated : comment)
  }

  private commentRemoved (commentId: string): void {
    this.comments = this.comments.filter(comment => comment.comment_id !== commentId && comment.reply_to?.comment_id !== commentId)
    if (this.editingComment && (this.editingComment.comment_id === commentId || this.editingComment.reply_to?.comment_id === commentId)) this.cancelCommentEdit()
  }
}
