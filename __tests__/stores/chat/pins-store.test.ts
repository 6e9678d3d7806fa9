import { runInAction } from 'mobx'
import { PINS_PER_CHANNEL_MAX } from '@core/domain/pins'
import { PIN_CODES } from '@core/wire/pins-paths'
import type { ChatMessage } from '@core/wire/messages'
import type { Pin } from '@core/wire/pins'
import { RequestError } from '@/services/request/errors'
import { GATEWAY_RESYNC } from '@/stores/gateway-store'
import { PinsStore, type PinsDispatches } from '@/stores/chat/pins-store'
import { failedRequest, fakeLogger, user } from '../support/fakes'

const CHANNEL = '83282802'

function message (messageId: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    message_id: messageId, channel_id: CHANNEL, server_id: '832828', author: user({ uid: '100002', nickname: '林晓' }), created_at: 1_900_000_000,
    content: `text ${messageId}`, nonce: null, reply_to: null, mentions: [], reactions: [], attachments: [], edited_at: null, ...overrides,
  }
}

function pin (messageId: string): Pin {
  return { message: message(messageId), pinned_by: user({ uid: '100003', nickname: '版主' }), pinned_at: 1_900_000_100 }
}

function fakeSource () {
  const handlers = new Map<string, Set<(d: unknown) => void>>()
  return {
    on<T extends keyof PinsDispatches> (t: T, handler: (d: PinsDispatches[T]) => void): () => void {
      const set = handlers.get(t as string) ?? new Set()
      handlers.set(t as string, set)
      set.add(handler as (d: unknown) => void)
      return () => { set.delete(handler as (d: unknown) => void) }
    },
    emit<T extends keyof PinsDispatches> (t: T, d: PinsDispatches[T]): void {
      runInAction(() => handlers.get(t as string)?.forEach(handler => handler(d)))
    },
    listeners: () => [...handlers.values()].reduce((sum, set) => sum + set.size, 0),
  }
}

function setup (listed: Pin[] = [pin('1000000000000000002'), pin('1000000000000000001')]) {
  const api = {
    list: jest.fn(async () => listed),
    pin: jest.fn(async (_channelId: string, messageId: string) => pin(messageId)),
    unpin: jest.fn(async (channelId: string, messageId: string) => ({ channel_id: channelId, message_id: messageId, pin: null })),
  }
  const source = fakeSource()
  const store = new PinsStore(CHANNEL, { api, logger: fakeLogger() })
  store.attach(source)
  return { api, source, store }
}

const ids = (store: PinsStore) => store.pins.map(item => item.message.message_id)

describe('PinsStore', () => {
  it('is idle, then loads the channel pins newest first; an empty list is "empty"', async () => {
    const { api, store } = setup()
    expect(store.status).toBe('idle')
    await store.load()
    expect([store.status, ids(store), store.isPinned('1000000000000000001'), store.isPinned('1000000000000000009')]).toEqual(['ready', ['1000000000000000002', '1000000000000000001'], true, false])
    expect(api.list).toHaveBeenCalledWith(CHANNEL)
    const empty = setup([]).store
    await empty.load()
    expect(empty.status).toBe('empty')
  })

  it('says why a load failed and offers a retry, which loads it', async () => {
    const { api, store } = setup()
    api.list.mockRejectedValueOnce(failedRequest())
    await store.load()
    expect([store.status, store.error, store.retryable]).toEqual(['error', '请求异常', true])
    await store.load()
    expect(store.status).toBe('ready')
  })

  it('pins a message that is not pinned and unpins one that is, each once in the list', async () => {
    const { api, store } = setup()
    await store.load()
    expect(await store.toggle('1000000000000000003')).toBeNull()
    expect(api.pin).toHaveBeenCalledWith(CHANNEL, '1000000000000000003')
    expect(ids(store)[0]).toBe('1000000000000000003')
    expect(await store.toggle('1000000000000000002')).toBeNull()
    expect(api.unpin).toHaveBeenCalledWith(CHANNEL, '1000000000000000002')
    expect(ids(store)).toEqual(['1000000000000000003', '1000000000000000001'])
  })

  it("answers a refused pin with the server's words and changes nothing", async () => {
    const { api, store } = setup()
    await store.load()
    const full = `本频道的精华消息已满 ${PINS_PER_CHANNEL_MAX} 条，请先取消一条`
    api.pin.mockRejectedValueOnce(new RequestError({ kind: 'server', code: PIN_CODES.CHANNEL_FULL, message: full, status: 409 }))
    expect(await store.toggle('1000000000000000003')).toBe(full)
    expect(ids(store)).toEqual(['1000000000000000002', '1000000000000000001'])
  })

  it('follows the channel live: a pin by someone else, an unpin, a deleted or edited message; other channels change nothing', async () => {
    const { source, store } = setup()
    await store.load()
    source.emit('CHANNEL_PINS_UPDATE', { channel_id: CHANNEL, message_id: '1000000000000000003', pin: pin('1000000000000000003') })
    // my own pin arrives twice (the answer and the dispatch): listed once
    source.emit('CHANNEL_PINS_UPDATE', { channel_id: CHANNEL, message_id: '1000000000000000003', pin: pin('1000000000000000003') })
    source.emit('CHANNEL_PINS_UPDATE', { channel_id: 'other', message_id: '1000000000000000004', pin: pin('1000000000000000004') })
    expect(ids(store)).toEqual(['1000000000000000003', '1000000000000000002', '1000000000000000001'])
    source.emit('CHANNEL_PINS_UPDATE', { channel_id: CHANNEL, message_id: '1000000000000000002', pin: null })
    source.emit('MESSAGE_DELETE', { channel_id: CHANNEL, message_id: '1000000000000000001' })
    source.emit('MESSAGE_DELETE', { channel_id: 'other', message_id: '1000000000000000003' })
    source.emit('MESSAGE_DELETE', { channel_id: CHANNEL, message_id: '1000000000000000009' })
    expect(ids(store)).toEqual(['1000000000000000003'])
    source.emit('MESSAGE_UPDATE', message('1000000000000000003', { content: 'edited', edited_at: 1_900_000_200 }))
    source.emit('MESSAGE_UPDATE', message('1000000000000000003', { channel_id: 'other', content: 'not here' }))
    expect(store.pins.map(item => item.message.content)).toEqual(['edited'])
  })

  it('loads again after a gap the gateway could not replay, once it has loaded; before that it waits to be opened', async () => {
    const { api, source, store } = setup()
    source.emit(GATEWAY_RESYNC, null)
    expect(api.list).not.toHaveBeenCalled()
    await store.load()
    source.emit(GATEWAY_RESYNC, null)
    expect(api.list).toHaveBeenCalledTimes(2)
  })

  it('stops following the channel when disposed', () => {
    const { source, store } = setup()
    expect(source.listeners()).toBe(4)
    store.dispose()
    expect(source.listeners()).toBe(0)
  })
})
