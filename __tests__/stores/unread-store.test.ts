import { UnreadStore } from '@/stores/unread-store'
import { channel } from './support/fakes'
import { LIN, ME, chatMessage, fakeGateway, messageId } from './support/chat-fakes'

function setup () {
  const gateway = fakeGateway()
  const store = new UnreadStore(gateway, () => ME.uid)
  store.start()
  return { gateway, store }
}

describe('UnreadStore', () => {
  it('starts from the counts of the channel list answer, zero for unknown channels', () => {
    const { store } = setup()
    store.seed([{ channel_id: 'c1', unread_count: 120, mention_count: 2 }, { channel_id: 'c2' }])
    expect([store.of('c1'), store.of('c2'), store.of('c9')]).toEqual([{ unread: 120, mentions: 2 }, { unread: 0, mentions: 0 }, { unread: 0, mentions: 0 }])
  })

  it("counts others' new messages and mentions of me, not my own", () => {
    const { gateway, store } = setup()
    gateway.emit('MESSAGE_CREATE', chatMessage(1))
    gateway.emit('MESSAGE_CREATE', chatMessage(2, { mentions: [ME.uid] }))
    gateway.emit('MESSAGE_CREATE', chatMessage(3, { author: ME }))
    expect(store.of('c1')).toEqual({ unread: 2, mentions: 1 })
  })

  it('clears a channel read on another device, and one being viewed here', () => {
    const { gateway, store } = setup()
    gateway.emit('MESSAGE_CREATE', chatMessage(1))
    gateway.emit('MESSAGE_CREATE', chatMessage(2, { channel_id: 'c2', author: LIN }))
    gateway.emit('READ_STATE_UPDATE', { channel_id: 'c1', last_read_id: messageId(1) })
    store.view('c2')
    gateway.emit('MESSAGE_CREATE', chatMessage(3, { channel_id: 'c2' }))
    expect([store.of('c1'), store.of('c2')]).toEqual([{ unread: 0, mentions: 0 }, { unread: 0, mentions: 0 }])
  })

  it('keeps counting a message that arrived after the position a late read update names (read on leaving the channel, answered after a newer message)', () => {
    const { gateway, store } = setup()
    store.seed([{ channel_id: 'c1', unread_count: 4, mention_count: 1 }])
    gateway.emit('MESSAGE_CREATE', chatMessage(5))
    gateway.emit('MESSAGE_CREATE', chatMessage(6, { mentions: [ME.uid] }))
    gateway.emit('MESSAGE_CREATE', chatMessage(7))
    gateway.emit('READ_STATE_UPDATE', { channel_id: 'c1', last_read_id: messageId(5) })
    expect(store.of('c1')).toEqual({ unread: 2, mentions: 1 })
    gateway.emit('READ_STATE_UPDATE', { channel_id: 'c1', last_read_id: messageId(7) })
    expect(store.of('c1')).toEqual({ unread: 0, mentions: 0 })
    gateway.emit('MESSAGE_CREATE', chatMessage(8))
    expect(store.of('c1')).toEqual({ unread: 1, mentions: 0 })
  })

  it('puts the live counts on the channel list', () => {
    const { gateway, store } = setup()
    const lobby = channel('c1', { unread_count: 0, mention_count: 0 })
    store.seed([lobby])
    gateway.emit('MESSAGE_CREATE', chatMessage(1, { mentions: [ME.uid] }))
    const [entry] = store.overlay([{ group: null, channels: [lobby, channel('c9')] }])
    expect(entry.channels.map(item => [item.channel_id, item.unread_count, item.mention_count])).toEqual([['c1', 1, 1], ['c9', undefined, undefined]])
  })

  it('stops counting once stopped', () => {
    const { gateway, store } = setup()
    store.stop()
    gateway.emit('MESSAGE_CREATE', chatMessage(1))
    expect([store.of('c1').unread, gateway.listeners()]).toEqual([0, 0])
  })
})
