/**
 * A post channel's list on the client, newest first, by cursor through the
 * posts API, kept up with the gateway's dispatches: a new post from someone else waits
 * behind a "N 条新帖子" bar instead of moving the list, likes and comments update their
 * counts where the post is shown. The API and the dispatch source are passed in, so
 * tests use fakes.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { CursorPage, Post } from '@core/wire/posts'
import type { PostsDispatches } from '@core/wire/dispatches'
import type { PostsApi } from '@/services/api/posts'
import { DispatchSubscriptions, type DispatchSource } from '../support/dispatch-subscriptions'
import { failureMessage, LoadTracker, type StoreStatus } from '../support/load-tracker'
import type { PostStoreOptions } from './post-store-options'

/** The post with `like_count`/`comment_count` changed, when it is the one named. */
function withCounts (post: Post, postId: string, counts: Partial<Pick<Post, 'like_count' | 'comment_count'>>): Post {
  return post.post_id === postId ? { ...post, ...counts } : post
}

/** A post channel's list, newest first, with the posts that arrived live waiting above it. */
export class PostFeedStore {
  channelId: string | null = null
  items: Post[] = []
  hasMore = false
  /** Posts others wrote since the list loaded, newest first: the "N 条新帖子" bar shows them on tap. */
  incoming: Post[] = []
  /** Loading a further page: its status and error. */
  readonly more: LoadTracker
  private readonly first: LoadTracker
  private readonly subscriptions = new DispatchSubscriptions()

  constructor (private readonly api: PostsApi, private readonly options: PostStoreOptions) {
    this.first = new LoadTracker(options.logger)
    this.more = new LoadTracker(options.logger)
    makeAutoObservable<PostFeedStore, 'api' | 'options' | 'first' | 'subscriptions'>(this, { api: false, options: false, first: false, subscriptions: false })
  }

  /** 'loading' while the first page loads, 'empty' when the channel has no post, 'ready', or 'error'. */
  get status (): StoreStatus {
    return this.first.status
  }

  /** The user-facing message of the first page's failure, else null. */
  get error (): string | null {
    return this.first.error
  }

  /** Whether retrying the failed first page may help (false for a refusal the same request gets again). */
  get retryable (): boolean {
    return this.first.retryable
  }

  /** Opens a channel's list: the first page; calling `load` again is the retry. */
  async open (channelId: string): Promise<void> {
    this.channelId = channelId
    this.items = []
    this.incoming = []
    this.hasMore = false
    await this.load()
  }

  /** Loads the first page again (retry, pull-down refresh); the waiting posts are in it. */
  async load (): Promise<void> {
    const channelId = this.channelId
    if (channelId === null) return
    await this.first.run(() => this.api.listPosts(channelId, { limit: this.options.pageSize }), page => {
      this.items = page.items
      this.hasMore = page.has_more
      this.incoming = []
      return page.items.length === 0 ? 'empty' : 'ready'
    })
  }

  /** Loads the page after the last post shown, once at a time. */
  async loadMore (): Promise<void> {
    const channelId = this.channelId
    const last = this.items[this.items.length - 1]
    if (channelId === null || !this.hasMore || this.more.isLoading || last === undefined) return
    await this.more.run(() => this.api.listPosts(channelId, { before: last.post_id, limit: this.options.pageSize }), (page: CursorPage<Post>) => {
      const known = new Set(this.items.map(post => post.post_id))
      this.items = [...this.items, ...page.items.filter(post => !known.has(post.post_id))]
      this.hasMore = page.has_more
      return 'ready'
    })
  }

  /** Moves the waiting posts to the top of the list (the bar's tap). */
  showIncoming (): void {
    const known = new Set(this.items.map(post => post.post_id))
    this.items = [...this.incoming.filter(post => !known.has(post.post_id)), ...this.items]
    this.incoming = []
    if (this.items.length > 0) this.first.settle('ready')
  }

  /** Puts a post the member just wrote at the top at once (no bar for one's own post). */
  addOwn (post: Post): void {
    if (post.channel_id !== this.channelId) return
    this.incoming = this.incoming.filter(item => item.post_id !== post.post_id)
    this.items = [post, ...this.items.filter(item => item.post_id !== post.post_id)]
    this.first.settle('ready')
  }

  /** Likes or takes back the like of a post in the list (shown at once, put back if refused). Resolves the failure's message, or null. */
  async toggleLike (postId: string): Promise<string | null> {
    const post = this.items.find(item => item.post_id === postId)
    if (!post) return null
    const liked = !post.liked
    this.replace({ ...post, liked, like_count: Math.max(0, post.like_count + (liked ? 1 : -1)) })
    try {
      const answer = await this.api.setLike(postId, liked)
      runInAction(() => this.patch(postId, item => ({ ...item, liked: answer.liked, like_count: answer.like_count })))
      return null
    } catch (error) {
      runInAction(() => this.patch(postId, item => ({ ...item, liked: post.liked, like_count: post.like_count })))
      return failureMessage(error, this.options.logger)
    }
  }

  /** Starts applying dispatches from `source`; `dispose` stops it. */
  attach (source: DispatchSource<PostsDispatches>): void {
    this.subscriptions.replace([
      source.on('POST_CREATE', post => this.received(post)),
      source.on('POST_UPDATE', post => this.patch(post.post_id, item => ({ ...post, liked: item.liked }))),
      source.on('POST_DELETE', ({ post_id: postId }) => this.removed(postId)),
      source.on('POST_LIKE', ({ post_id: postId, like_count: count }) => this.patch(postId, item => withCounts(item, postId, { like_count: count }))),
      source.on('COMMENT_CREATE', ({ comment, comment_count: count }) => this.patch(comment.post_id, item => withCounts(item, comment.post_id, { comment_count: count }))),
      source.on('COMMENT_DELETE', ({ post_id: postId, comment_count: count }) => this.patch(postId, item => withCounts(item, postId, { comment_count: count }))),
    ])
  }

  /** Stops applying dispatches. */
  dispose (): void {
    this.subscriptions.stop()
  }

  private received (post: Post): void {
    if (post.channel_id !== this.channelId) return
    if (post.author.uid === this.options.myUid()) {
      this.addOwn(post)
      return
    }
    if (this.items.some(item => item.post_id === post.post_id) || this.incoming.some(item => item.post_id === post.post_id)) return
    this.incoming = [post, ...this.incoming]
  }

  private removed (postId: string): void {
    this.items = this.items.filter(item => item.post_id !== postId)
    this.incoming = this.incoming.filter(item => item.post_id !== postId)
  }

  private replace (post: Post): void {
    this.patch(post.post_id, () => post)
  }

  private patch (postId: string, change: (post: Post) => Post): void {
    this.items = this.items.map(item => item.post_id === postId ? change(item) : item)
    this.incoming = this.incoming.map(item => item.post_id === postId ? change(item) : item)
  }
}
