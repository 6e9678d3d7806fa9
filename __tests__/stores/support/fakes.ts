/**
 * Fakes for store tests: an ApiClient whose every call fails until a test gives it an
 * answer, a Map storage, a hand-stepped clock and scheduler, and a silent logger.
 */
import { AuditStatus, ChannelKind, ChannelType, LiveCommentFlag, LiveFlag, MediaType, type Channel, type LiveItem, type User } from '@core/wire/entities'
import type { Paged } from '@core/wire/api'
import type { ServerDetail } from '@core/wire/members'
import type { ApiClient } from '@/services/api/api-client'
import type { MembersApi } from '@/services/api/members'
import { RequestError } from '@/services/request/errors'
import type { TimerScheduler } from '@/stores/support/timer-scheduler'
import type { ImageUploader } from '@/services/api/storage-upload'
import type { StoreLogger } from '@/stores/support/load-tracker'
import type { KeyValueStorage } from '@/stores/account/session-store'

/** Every ApiClient function as a jest mock. */
export type FakeApi = { [K in keyof ApiClient]: jest.Mock<ReturnType<ApiClient[K]>, Parameters<ApiClient[K]>> }

/** An ApiClient whose calls reject until a test sets an answer (`api.getServer.mockResolvedValue(...)`). */
export function fakeApi (): FakeApi {
  const names: Array<keyof ApiClient> = [
    'uploadBase64', 'getWxConfig', 'bindWechat', 'getUploadToken', 'getShowroom', 'guestLogin', 'getMe', 'updateProfile', 'getUser',
    'listServers', 'getServer', 'listChannels', 'createChannel', 'listRoles', 'listServerLives', 'listChannelLives',
    'getChannel',
  ]
  const api: Partial<Record<keyof ApiClient, jest.Mock>> = {}
  for (const name of names) api[name] = jest.fn(() => Promise.reject(new Error(`${name} not faked`)))
  return api as FakeApi
}

/** The request failure (SPEC §8: 999996) the request layer produces. */
export function failedRequest (): RequestError {
  return new RequestError({ kind: 'failed', code: 999996, message: '请求异常' })
}

/** An audit rejection as the request layer produces it. */
export function auditRejection (code: number, message: string, field?: RequestError['field']): RequestError {
  return new RequestError({ kind: 'audit', code, message, status: 422, field })
}

/**
 * The session's own sign-out as the account stores call it: `signOutAfter` runs the request,
 * then `signOut` (the mock the tests count), as SessionStore does; a failed request signs nothing out.
 */
export function fakeSignOut () {
  const signOut = jest.fn()
  const signOutAfter = jest.fn(async (request: () => Promise<unknown>): Promise<void> => {
    await request()
    signOut()
  })
  return { signOut, signOutAfter }
}

/** A promise the test settles by hand, to order answers. */
export function deferred<T> (): { promise: Promise<T>, resolve: (value: T) => void, reject: (error: unknown) => void } {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej })
  return { promise, resolve, reject }
}

/** An uploader whose uploads the test finishes by hand: each call's picture path, progress and a deferred URL. */
export function manualUploader () {
  const calls: Array<{ path: string, progress: (percent: number) => void, done: ReturnType<typeof deferred<string>> }> = []
  const upload: ImageUploader = (image, progress) => {
    const done = deferred<string>()
    calls.push({ path: image.path, progress, done })
    return done.promise
  }
  return { upload, calls }
}

/** A storage backed by a Map. */
export function memoryStorage (initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial))
  return {
    data,
    get: key => data.get(key) ?? null,
    set: (key, value) => { data.set(key, value) },
    remove: key => { data.delete(key) },
  }
}

/** A logger whose calls tests can read. */
export function fakeLogger (): StoreLogger & { info: jest.Mock, warn: jest.Mock, error: jest.Mock } {
  return { info: jest.fn(), warn: jest.fn(), error: jest.fn() }
}

/** A clock the test moves by hand (unix ms). */
export function manualClock (startMs: number): { now: () => number, set: (ms: number) => void } {
  let current = startMs
  return { now: () => current, set: ms => { current = ms } }
}

/** A scheduler whose timers the test fires by hand. */
export function manualScheduler (): TimerScheduler & { pending: () => Array<{ delayMs: number }>, fireNext: () => void } {
  let timers: Array<{ callback: () => void, delayMs: number }> = []
  return {
    schedule (callback, delayMs) {
      const timer = { callback, delayMs }
      timers.push(timer)
      return () => { timers = timers.filter(other => other !== timer) }
    },
    pending: () => timers.map(({ delayMs }) => ({ delayMs })),
    fireNext () {
      const timer = timers.shift()
      if (!timer) throw new Error('no timer pending')
      timer.callback()
    },
  }
}

/** A user; guest by default. */
export function user (overrides: Partial<User> = {}): User {
  return { uid: 'B_guest1', user_type: 1, addtime: 1_700_000_000, nickname: '游客', avatar: '', signature: '', ...overrides }
}

/** A channel of server 723658. */
export function channel (channelId: string, overrides: Partial<Channel> = {}): Channel {
  return {
    channel_id: channelId, server_id: '723658', channel_type: ChannelType.Discussion, kind: ChannelKind.Channel, name: channelId,
    parent_id: null, sort: 0, map_category: null, link_url: null, icon: '', audit_status: AuditStatus.Pass, ...overrides,
  }
}

/** A server detail. */
export function serverDetail (serverId: string, overrides: Partial<ServerDetail> = {}): ServerDetail {
  return { server_id: serverId, name: `server ${serverId}`, sub_domain: 'x', icon: 'https://cdn.example/icon.png', introduction: 'hello', member_count: 12345, online_count: 3, ...overrides }
}

/** Membership calls as jest mocks that reject until a test gives them an answer. */
export function fakeMembersApi (): { [K in keyof MembersApi]: jest.Mock<ReturnType<MembersApi[K]>, Parameters<MembersApi[K]>> } {
  const members: Partial<Record<keyof MembersApi, jest.Mock>> = {}
  for (const name of ['join', 'leave', 'list', 'find'] as const) members[name] = jest.fn(() => Promise.reject(new Error(`${name} not faked`)))
  return members as ReturnType<typeof fakeMembersApi>
}

/** A live item on air (an m3u8 stream) of server 723658. */
export function liveItem (liveId: string, overrides: Partial<LiveItem> = {}): LiveItem {
  return {
    live_id: liveId, server_id: '723658', channel_id: 'live1', type: MediaType.Live, is_live: LiveFlag.OnAir,
    play_url: 'https://cdn.example/live.m3u8', started_at: 1_700_000_000, duration: 0, title: liveId, cover: '',
    can_comment: LiveCommentFlag.CanComment, ...overrides,
  }
}

/** A page of a list. */
export function paged<T> (list: T[], page: number, hasMore: boolean): Paged<T> {
  return { list, page, page_size: 20, total: list.length, has_more: hasMore }
}
