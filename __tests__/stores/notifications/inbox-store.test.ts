import { runInAction } from 'mobx'
import type { Notification, NotificationPage, NotificationSetting } from '@core/wire/notifications'
import type { NotificationsApi } from '@/services/api/notifications'
import { GATEWAY_RESYNC } from '@/stores/gateway-store'
import { InboxStore, type InboxDispatches } from '@/stores/notifications/inbox-store'
import { fakeLogger } from '../support/fakes'

/** A notification of `kind` numbered `n` (ids in time order). */
function notification (n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    notification_id: `1${String(n).padStart(18, '0')}`,
    kind: 'mention',
    actor: { uid: 'u-lin', user_type: 1, addtime: 0, nickname: '林', avatar: '', signature: '' },
    server_id: 's1',
    channel_id: 'c1',
    message_id: `m${n}`,
    post_id: null,
    comment_id: null,
    excerpt: `text ${n}`,
    act: '',
    created_at: 1_700_000_000 + n,
    read: false,
    deleted: false,
    ...overrides,
  }
}

/** A gateway the test drives with the inbox's dispatches. */
function fakeSource () {
  const handlers = new Map<string, Set<(d: unknown) => void>>()
  return {
    on<T extends keyof InboxDispatches> (t: T, handler: (d: InboxDispatches[T]) => void): () => void {
      const set = handlers.get(t as string) ?? new Set()
      handlers.set(t as string, set)
      set.add(handler as (d: unknown) => void)
      return () => { set.delete(handler as (d: unknown) => void) }
    },
    emit<T extends keyof InboxDispatches> (t: T, d: InboxDispatches[T]): void {
      runInAction(() => handlers.get(t as string)?.forEach(handler => handler(d)))
    },
    listeners: () => [...handlers.values()].reduce((sum, set) => sum + set.size, 0),
  }
}

function fakeApi (pages: NotificationPage[], unread = 0) {
  const settings: NotificationSetting[] = []
  const api = {
    list: jest.fn(async (cursor?: string) => cursor === undefined ? pages[0] : pages[1]),
    unread: jest.fn(async () => ({ unread })),
    markRead: jest.fn(async (body: { ids: string[] } | { all: true }) => ({ ids: 'ids' in body ? body.ids : [], all: 'all' in body, unread: 'all' in body ? 0 : 1 })),
    settings: jest.fn(async () => ({ items: settings })),
    setServer: jest.fn(async (serverId: string, body: { muted: boolean, suppress_everyone: boolean }) => ({ scope: 'server' as const, id: serverId, ...body })),
    setChannel: jest.fn(async (channelId: string, body: { muted: boolean }) => ({ scope: 'channel' as const, id: channelId, muted: body.muted, suppress_everyone: false })),
    pushKey: jest.fn(async () => ({ public_key: 'BPk' })),
    savePush: jest.fn(async (body: { endpoint: string }) => ({ endpoint: body.endpoint, subscribed: true })),
    deletePush: jest.fn(async (endpoint: string) => ({ endpoint, subscribed: false })),
  } satisfies NotificationsApi
  return api
}

function setup (pages: NotificationPage[] = [{ items: [notification(3), notification(2)], next_cursor: '1000000000000000002', unread: 2 }, { items: [notification(1, { read: true })], next_cursor: null, unread: 2 }]) {
  const api = fakeApi(pages, 5)
  const source = fakeSource()
  const store = new InboxStore(api, fakeLogger())
  store.attach(source)
  return { api, source, store }
}

describe('InboxStore', () => {
  it('loads the newest page with the unread count, then the older page by its cursor', async () => {
    const { api, store } = setup()
    await store.load()
    expect([store.status, store.unread, store.items.map(item => item.excerpt), store.hasMore]).toEqual(['ready', 2, ['text 3', 'text 2'], true])
    await store.loadMore()
    expect(api.list).toHaveBeenLastCalledWith('1000000000000000002')
    expect([store.items.map(item => item.excerpt), store.hasMore]).toEqual([['text 3', 'text 2', 'text 1'], false])
  })

  it('puts a live notification on top and takes its unread count; before the list loaded only the count', async () => {
    const { source, store } = setup()
    source.emit('NOTIFICATION_CREATE', { notification: notification(9), unread: 7 })
    expect([store.unread, store.items]).toEqual([7, []])
    await store.load()
    source.emit('NOTIFICATION_CREATE', { notification: notification(4), unread: 3 })
    source.emit('NOTIFICATION_CREATE', { notification: notification(4), unread: 3 })
    expect([store.unread, store.items.map(item => item.excerpt)]).toEqual([3, ['text 4', 'text 3', 'text 2']])
  })

  it('marks one read at once and tells the server; marks all read', async () => {
    const { api, store } = setup()
    await store.load()
    await store.markRead(notification(3).notification_id)
    expect(api.markRead).toHaveBeenCalledWith({ ids: [notification(3).notification_id] })
    expect([store.unread, store.items.map(item => item.read)]).toEqual([1, [true, false]])
    await store.markRead(notification(3).notification_id) // already read: nothing sent
    expect(api.markRead).toHaveBeenCalledTimes(1)
    await store.markAllRead()
    expect(api.markRead).toHaveBeenLastCalledWith({ all: true })
    expect([store.unread, store.items.every(item => item.read)]).toEqual([0, true])
  })

  it('follows reads made on another device, and reloads the count after a resync', async () => {
    const { api, source, store } = setup()
    await store.load()
    source.emit('NOTIFICATIONS_READ', { ids: [notification(2).notification_id], all: false, unread: 1 })
    expect([store.unread, store.items.map(item => item.read)]).toEqual([1, [false, true]])
    source.emit(GATEWAY_RESYNC, null)
    await Promise.resolve()
    await Promise.resolve()
    expect(api.unread).toHaveBeenCalled()
    expect(store.unread).toBe(5)
  })

  it('shows a notification whose reply a moderator deleted as deleted, without its words, while the inbox is open', async () => {
    const { source, store } = setup()
    await store.load()
    source.emit('NOTIFICATIONS_SUBJECT_DELETE', { ids: [notification(2).notification_id] })
    expect(store.items.map(item => [item.excerpt, item.deleted])).toEqual([['text 3', false], ['', true]])
  })

  it('mutes a server keeping its @全体成员 choice, and mutes a channel', async () => {
    const { api, store } = setup()
    expect(await store.setEveryoneSuppressed('s1', true)).toBe(true)
    expect(await store.setServerMuted('s1', true)).toBe(true)
    expect(api.setServer).toHaveBeenLastCalledWith('s1', { muted: true, suppress_everyone: true })
    expect(await store.setChannelMuted('c1', true)).toBe(true)
    expect([store.isMuted('server', 's1'), store.isEveryoneSuppressed('s1'), store.isMuted('channel', 'c1'), store.isMuted('channel', 'c2')]).toEqual([true, true, true, false])
  })

  it('stops following the gateway when disposed', () => {
    const { source, store } = setup()
    expect(source.listeners()).toBe(4)
    store.dispose()
    expect(source.listeners()).toBe(0)
  })
})
