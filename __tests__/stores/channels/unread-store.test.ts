import { UnreadStore } from '@/stores/channels/unread-store'
import { channel } from '../support/fakes'
import { LIN, ME, chatMessage, fakeGateway, messageId } from '../support/chat-fakes'

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
    gateway.emit('MESSAGE_CREATE', chatMessage(1, { author: ME }))
    gateway.emit('MESSAGE_CREATE', chatMessage(2))
    gateway.emit('MESSAGE_CREATE', chatMessage(3, { mentions: [ME.uid] }))
    expect(store.of('c1')).toEqual({ unread: 2, mentions: 1 })
  })

  it('reads a channel up to my own message, as the server counts it', () => {
    const { gateway, store } = setup()
    store.seed([{ channel_id: 'c1', unread_count: 3, mention_count: 1, last_message_id: messageId(3), last_read_id: null }])
    gateway.emit('MESSAGE_CREATE', chatMessage(4))
    gateway.emit('MESSAGE_CREATE', chatMessage(5, { author: ME }))
    expect([store.of('c1'), store.readPosition('c1')]).toEqual([{ unread: 0, mentions: 0 }, messageId(5)])
    gateway.emit('MESSAGE_CREATE', chatMessage(6))
    expect(store.of('c1')).toEqual({ unread: 1, mentions: 0 })
  })

  it('keeps a live message newer than what a slower list answer counted on top of its counts, and drops one it counted', () => {
    const { gateway, store } = setup()
    gateway.emit('MESSAGE_CREATE', chatMessage(4))
    gateway.emit('MESSAGE_CREATE', chatMessage(5, { mentions: [ME.uid] }))
    gateway.emit('MESSAGE_CREATE', chatMessage(6, { mentions: [ME.uid] }))
    // the answer was taken when message 5 was the newest: it counted 4 and 5 among its 3
    store.seed([{ channel_id: 'c1', unread_count: 3, mention_count: 1, last_message_id: messageId(5), last_read_id: messageId(2) }])
    expect(store.of('c1')).toEqual({ unread: 4, mentions: 2 })
    // the next answer counted 6 too: nothing is counted twice
    store.seed([{ channel_id: 'c1', unread_count: 4, mention_count: 2, last_message_id: messageId(6), last_read_id: messageId(2) }])
    expect(store.of('c1')).toEqual({ unread: 4, mentions: 2 })
  })

  it('keeps a channel read here read when a list answer taken before the read comes after it', () => {
    const { gateway, store } = setup()
    gateway.emit('MESSAGE_CREATE', chatMessage(3))
    gateway.emit('READ_STATE_UPDATE', { channel_id: 'c1', last_read_id: messageId(3) })
    store.seed([{ channel_id: 'c1', unread_count: 2, mention_count: 0, last_message_id: messageId(3), last_read_id: messageId(1) }])
    expect([store.of('c1'), store.readPosition('c1')]).toEqual([{ unread: 0, mentions: 0 }, messageId(3)])
  })

  it('keeps the channel on screen read when a list answer comes', () => {
    const { store } = setup()
    store.seed([{ channel_id: 'c1', unread_count: 0, last_message_id: null, last_read_id: null }])
    store.view('c1')
    store.seed([{ channel_id: 'c1', unread_count: 2, mention_count: 1, last_message_id: messageId(2), last_read_id: null }])
    expect(store.of('c1')).toEqual({ unread: 0, mentions: 0 })
  })

  it('tells the read position of the list answer, or of a read since; nothing for a channel no answer told', () => {
    const { gateway, store } = setup()
    store.seed([{ channel_id: 'c1', unread_count: 1, last_message_id: messageId(3), last_read_id: messageId(2) }, { channel_id: 'c2', last_message_id: null, last_read_id: null }])
    gateway.emit('READ_STATE_UPDATE', { channel_id: 'c1', last_read_id: messageId(1) })
    expect([store.readPosition('c1'), store.readPosition('c2'), store.readPosition('c9')]).toEqual([messageId(2), null, undefined])
  })

  it('clears a channel read on another device, and one being viewed here as far as its chat read it', () => {
    const { gateway, store } = setup()
    gateway.emit('MESSAGE_CREATE', chatMessage(1))
    gateway.emit('MESSAGE_CREATE', chatMessage(2, { channel_id: 'c2', author: LIN }))
    gateway.emit('READ_STATE_UPDATE', { channel_id: 'c1', last_read_id: messageId(1) })
    store.view('c2')
    gateway.emit('MESSAGE_CREATE', chatMessage(3, { channel_id: 'c2' }))
    store.readOnScreen('c2', messageId(3), { unread: 0, mentions: 0 }, messageId(3))
    expect([store.of('c1'), store.of('c2')]).toEqual([{ unread: 0, mentions: 0 }, { unread: 0, mentions: 0 }])
  })

  it('counts for the channel on screen what its chat says is left below what was shown, and a list answer does not bring the old count back', () => {
    const { store } = setup()
    store.seed([{ channel_id: 'c1', unread_count: 30, mention_count: 0, last_message_id: messageId(30), last_read_id: null }])
    store.view('c1')
    store.readOnScreen('c1', messageId(10), { unread: 20, mentions: 0 }, messageId(30))
    expect(store.of('c1')).toEqual({ unread: 20, mentions: 0 })
    // Home's list answer taken before the read landed, while the channel is still on screen
    store.seed([{ channel_id: 'c1', unread_count: 30, mention_count: 0, last_message_id: messageId(30), last_read_id: null }])
    expect([store.of('c1'), store.readPosition('c1')]).toEqual([{ unread: 20, mentions: 0 }, messageId(10)])
    store.view(null)
    expect(store.of('c1')).toEqual({ unread: 20, mentions: 0 })
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

  it('changes nothing for a read update no newer than the position known, and keeps the count of an answer a read stops short of', () => {
    const { gateway, store } = setup()
    // the answer counted 4 (messages 3 to 6, one mentioning me) after the position 2
    store.seed([{ channel_id: 'c1', unread_count: 4, mention_count: 1, last_message_id: messageId(6), last_read_id: messageId(2) }])
    gateway.emit('READ_STATE_UPDATE', { channel_id: 'c1', last_read_id: messageId(2) })
    gateway.emit('READ_STATE_UPDATE', { channel_id: 'c1', last_read_id: messageId(1) })
    expect([store.of('c1'), store.readPosition('c1')]).toEqual([{ unread: 4, mentions: 1 }, messageId(2)])
    // read up to 4 elsewhere: which of the answer's 4 are left is not known here, so the badge stays rather than lie "read"
    gateway.emit('MESSAGE_CREATE', chatMessage(7))
    gateway.emit('READ_STATE_UPDATE', { channel_id: 'c1', last_read_id: messageId(4) })
    expect([store.of('c1'), store.readPosition('c1')]).toEqual([{ unread: 5, mentions: 1 }, messageId(4)])
    // read up to the answer's newest: only what arrived after it is left
    gateway.emit('READ_STATE_UPDATE', { channel_id: 'c1', last_read_id: messageId(6) })
    expect(store.of('c1')).toEqual({ unread: 1, mentions: 0 })
  })

  it('starts afresh when another member signs in on this device: the last one\'s reads are not theirs', () => {
    const gateway = fakeGateway()
    let me = ME.uid
    const store = new UnreadStore(gateway, () => me)
    store.start()
    store.seed([{ channel_id: 'c1', unread_count: 0, last_message_id: messageId(3), last_read_id: messageId(3) }])
    me = LIN.uid
    store.seed([{ channel_id: 'c1', unread_count: 2, last_message_id: messageId(3), last_read_id: messageId(1) }])
    expect([store.of('c1'), store.readPosition('c1')]).toEqual([{ unread: 2, mentions: 0 }, messageId(1)])
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
