/**
 * Fakes for the chat's store tests: a MessagesApi whose calls reject until a test gives
 * them an answer, a gateway whose dispatches and connection the test drives, and
 * message builders with time-ordered ids.
 */
import { observable, runInAction } from 'mobx'
import type { MessagesApi } from '@/services/api/messages'
import type { User } from '@core/wire/entities'
import type { ChatMembership } from '@/components/chat-view'
import type { ChatDispatches, ChatGateway, ChatMessage, GatewayConnection, MemberPage } from '@/stores/chat/types'
import type { ChatPermissions } from '@/stores/chat/access'
import type { PermissionName } from '@core/domain/permissions'
import type { Attachment } from '@core/wire/messages'
import { user } from './fakes'

/** Every MessagesApi function as a jest mock. */
export type FakeMessagesApi = { [K in keyof MessagesApi]: jest.Mock<ReturnType<MessagesApi[K]>, Parameters<MessagesApi[K]>> }

/** A MessagesApi whose calls reject until a test sets an answer; writes without an answer resolve, and slow mode is off. */
export function fakeMessagesApi (): FakeMessagesApi {
  const reject = (name: string) => jest.fn(() => Promise.reject(new Error(`${name} not faked`)))
  const resolve = () => jest.fn(() => Promise.resolve())
  return {
    listHistory: reject('listHistory'),
    sendMessage: reject('sendMessage'),
    editMessage: reject('editMessage'),
    deleteMessage: resolve(),
    addReaction: resolve(),
    removeReaction: resolve(),
    sendTyping: resolve(),
    markRead: resolve(),
    slowMode: jest.fn(() => Promise.resolve({ seconds: 0, wait_seconds: 0, exempt: false })),
  } as unknown as FakeMessagesApi
}

/** A gateway the test drives: `emit` delivers a dispatch, `connect` changes the connection. */
export interface FakeGateway extends ChatGateway {
  emit<T extends keyof ChatDispatches> (t: T, d: ChatDispatches[T]): void
  connect (state: GatewayConnection): void
  focused: Array<string | null>
  listeners (): number
}

/** A gateway that is online and delivers what the test emits. */
export function fakeGateway (): FakeGateway {
  const state = observable.box<GatewayConnection>('online')
  const handlers = new Map<string, Set<(d: unknown) => void>>()
  const gateway: FakeGateway = {
    get connection () { return state.get() },
    on (t, handler) {
      const set = handlers.get(t) ?? new Set()
      handlers.set(t, set)
      const wrapped = handler as (d: unknown) => void
      set.add(wrapped)
      return () => { set.delete(wrapped) }
    },
    focused: [],
    focus (channelId) { gateway.focused.push(channelId) },
    emit (t, d) { runInAction(() => handlers.get(t)?.forEach(handler => handler(d))) },
    connect (next) { runInAction(() => state.set(next)) },
    listeners: () => [...handlers.values()].reduce((sum, set) => sum + set.size, 0),
  }
  return gateway
}

/** A membership the test reads and joins: `join` makes me a member. */
export function fakeMembership (isMember: boolean | null): ChatMembership & { join: jest.Mock } {
  const membership = observable({
    isMember,
    onlineCount: 5 as number | null,
    isJoining: false,
    joinError: null as string | null,
    removed: false,
    join: jest.fn(() => {
      runInAction(() => { membership.isMember = true })
      return Promise.resolve()
    }),
  }, { join: false })
  return membership
}

/** A member list answering these users. */
export function memberList (users: User[]): jest.Mock<Promise<MemberPage>, [string, { after?: string, limit?: number }?]> {
  return jest.fn((_serverId: string) => Promise.resolve<MemberPage>({ items: users.map(user => ({ user, joined_at: 1, online: true, role_ids: [] })), has_more: false, next: null, online_count: users.length }))
}

/** The signed-in user of the chat tests. */
export const ME = user({ uid: 'B_me', nickname: '我' })
/** Another member. */
export const LIN = user({ uid: 'B_lin', nickname: '林晓' })

/** The time-ordered id of message number `n` (19 digits, ordered as `n`). */
export function messageId (n: number): string {
  return `1790000000000${String(n).padStart(6, '0')}`
}

/** Message number `n` of channel c1, by Lin unless told. */
export function chatMessage (n: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    message_id: messageId(n), channel_id: 'c1', server_id: '723658', author: LIN, content: `message ${n}`, nonce: null,
    reply_to: null, mentions: [], reactions: [], attachments: [], created_at: 1_790_000_000 + n, edited_at: null, ...overrides,
  }
}

/** Messages number `from` to `to`, oldest first. */
export function chatMessages (from: number, to: number): ChatMessage[] {
  return Array.from({ length: to - from + 1 }, (_, index) => chatMessage(from + index))
}

/** A history page. */
export function historyPage (items: ChatMessage[], hasMore: boolean): { items: ChatMessage[], has_more: boolean } {
  return { items, has_more: hasMore }
}

/** A picture a message carries. */
export function attachment (n: number, size: { width: number, height: number } = { width: 800, height: 600 }): Attachment {
  return { url: `https://cdn.example/chat/${n}.png`, ...size, size: 1024, mime: 'image/png' }
}

/** Permissions the test sets: a member holding `names` in every channel, timed out until `timeout_until` (unix s) when set. */
export interface FakePermissions extends ChatPermissions {
  set (answer: { is_member?: boolean, names?: PermissionName[], timeout_until?: number | null } | null): void
  reload: jest.Mock<Promise<void>, []>
  focus: jest.Mock<() => void, [string]>
}

/** Permissions of a member holding `names` (nothing loaded when null), read against `clock` (unix ms). */
export function fakePermissions (names: PermissionName[] | null, clock: () => number): FakePermissions {
  const state = observable.box<{ is_member: boolean, names: PermissionName[], timeout_until: number | null } | null>(
    names === null ? null : { is_member: true, names, timeout_until: null },
    { deep: false },
  )
  return {
    get mine () { return state.get() },
    can: name => state.get()?.names.includes(name) ?? false,
    get timedOutUntil () {
      const until = state.get()?.timeout_until ?? null
      return until !== null && until * 1000 > clock() ? until : null
    },
    reload: jest.fn(() => Promise.resolve()),
    focus: jest.fn((_serverId: string) => () => undefined),
    set (answer) {
      runInAction(() => state.set(answer === null ? null : { is_member: answer.is_member ?? true, names: answer.names ?? [], timeout_until: answer.timeout_until ?? null }))
    },
  }
}
