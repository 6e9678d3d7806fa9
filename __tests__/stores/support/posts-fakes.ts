/**
 * Fakes for the post stores: a PostsApi whose calls reject until a test answers them, a
 * dispatch source the test emits on, and posts and comments to answer with.
 */
import type { Comment, Post } from '@core/wire/posts'
import type { PostsDispatches } from '@core/wire/dispatches'
import type { PostsApi } from '@/services/api/posts'
import type { DispatchSource } from '@/stores/support/dispatch-subscriptions'
import { user } from './fakes'

/** Every PostsApi function as a jest mock. */
export type FakePostsApi = { [K in keyof PostsApi]: jest.Mock<ReturnType<PostsApi[K]>, Parameters<PostsApi[K]>> }

/** A PostsApi whose calls reject until a test sets an answer. */
export function fakePostsApi (): FakePostsApi {
  const names: Array<keyof PostsApi> = [
    'listPosts', 'getPost', 'createPost', 'updatePost', 'deletePost', 'listComments', 'createComment', 'updateComment', 'deleteComment',
    'setLike', 'listLiveComments', 'createLiveComment', 'getReminder', 'setReminder', 'setViewing',
  ]
  const api: Partial<Record<keyof PostsApi, jest.Mock>> = {}
  for (const name of names) api[name] = jest.fn(() => Promise.reject(new Error(`${name} not faked`)))
  return api as FakePostsApi
}

/** A dispatch source the test drives: `emit(t, d)` calls the handlers registered for `t`. */
export function fakeDispatches (): DispatchSource<PostsDispatches> & { emit<T extends keyof PostsDispatches> (t: T, d: PostsDispatches[T]): void, listeners (): number } {
  const handlers = new Map<string, Set<(d: never) => void>>()
  return {
    on (t, handler) {
      const set = handlers.get(t) ?? new Set()
      set.add(handler as (d: never) => void)
      handlers.set(t, set)
      return () => { set.delete(handler as (d: never) => void) }
    },
    emit (t, d) {
      for (const handler of handlers.get(t) ?? []) (handler as (payload: typeof d) => void)(d)
    },
    listeners: () => [...handlers.values()].reduce((sum, set) => sum + set.size, 0),
  }
}

/** A post of channel `channelId` by `authorUid`. */
export function post (postId: string, overrides: Partial<Post> = {}): Post {
  return {
    post_id: postId, channel_id: 'c1', server_id: 's1', author: user({ uid: '100001' }), title: `title ${postId}`, content: 'text', cover: '',
    images: [], like_count: 0, comment_count: 0, liked: false, created_at: 1_700_000_000, edited_at: null, ...overrides,
  }
}

/** A comment on `postId`. */
export function comment (commentId: string, overrides: Partial<Comment> = {}): Comment {
  return { comment_id: commentId, post_id: 'p1', author: user({ uid: '100002' }), content: `comment ${commentId}`, reply_to: null, created_at: 1_700_000_100, edited_at: null, ...overrides }
}
