import { observable, runInAction } from 'mobx'
import { DM_NOTICE_SHOWN_MS, DmNoticeStore } from '@/stores/direct-messages/dm-notice-store'
import { chatMessage, fakeGateway } from '../support/chat-fakes'
import { manualScheduler, user } from '../support/fakes'

const ME = user({ uid: 'B_me', nickname: '我' })
const FANG = user({ uid: 'B_fang', nickname: '芳' })
const WEI = user({ uid: 'B_wei', nickname: '伟' })

/** A direct message number `n` of conversation `conversationId` by `author`. */
const dm = (n: number, conversationId: string, author = FANG) => chatMessage(n, { channel_id: conversationId, server_id: '', author, content: `你好 ${n}` })

function setup () {
  const gateway = fakeGateway()
  const scheduler = manualScheduler()
  const looking = observable.box<string | null>(null)
  const store = new DmNoticeStore({ me: () => ME, looking: () => looking.get(), scheduler })
  store.attach(gateway)
  const look = (conversationId: string | null) => runInAction(() => looking.set(conversationId))
  return { gateway, scheduler, store, look }
}

describe('DmNoticeStore', () => {
  it('notices a direct message that arrives while the member is elsewhere, with who wrote and its words, and lets it go after a while', () => {
    const { gateway, scheduler, store } = setup()
    gateway.emit('DM_MESSAGE_CREATE', dm(1, 'dm1'))
    expect(store.shown).toEqual({ conversationId: 'dm1', latest: expect.objectContaining({ content: '你好 1', author: FANG }), count: 1 })
    expect(scheduler.pending()).toEqual([{ delayMs: DM_NOTICE_SHOWN_MS }])
    scheduler.fireNext()
    expect(store.shown).toBeNull()
  })

  it('notices nothing of the conversation on screen, nor of my own messages from another device', () => {
    const { gateway, store, look } = setup()
    look('dm1')
    gateway.emit('DM_MESSAGE_CREATE', dm(1, 'dm1'))
    gateway.emit('DM_MESSAGE_CREATE', dm(2, 'dm2', ME))
    expect(store.shown).toBeNull()
  })

  it('hides the notice while its conversation is on screen', () => {
    const { gateway, store, look } = setup()
    gateway.emit('DM_MESSAGE_CREATE', dm(1, 'dm1'))
    look('dm1')
    expect(store.shown).toBeNull()
    look(null)
    expect(store.shown?.conversationId).toBe('dm1')
  })

  it('never notices one message twice (a resumed socket replays it), even after its notice went', () => {
    const { gateway, scheduler, store } = setup()
    gateway.emit('DM_MESSAGE_CREATE', dm(1, 'dm1'))
    gateway.emit('DM_MESSAGE_CREATE', dm(1, 'dm1'))
    expect(store.shown?.count).toBe(1)
    scheduler.fireNext()
    gateway.emit('DM_MESSAGE_CREATE', dm(1, 'dm1'))
    expect(store.shown).toBeNull()
  })

  it('coalesces a burst into one notice that counts its messages, opening the list when they come from several conversations', () => {
    const { gateway, scheduler, store } = setup()
    for (let n = 1; n <= 5; n++) gateway.emit('DM_MESSAGE_CREATE', dm(n, 'dm1'))
    expect(store.shown).toMatchObject({ conversationId: 'dm1', count: 5, latest: { content: '你好 5' } })
    gateway.emit('DM_MESSAGE_CREATE', dm(6, 'dm2', WEI))
    expect(store.shown).toMatchObject({ conversationId: null, count: 6, latest: { author: WEI } })
    expect(scheduler.pending()).toHaveLength(1)
  })

  it('goes when dismissed (closed or tapped) and stops noticing when disposed', () => {
    const { gateway, scheduler, store } = setup()
    gateway.emit('DM_MESSAGE_CREATE', dm(1, 'dm1'))
    store.dismiss()
    expect([store.shown, scheduler.pending()]).toEqual([null, []])
    store.dispose()
    gateway.emit('DM_MESSAGE_CREATE', dm(2, 'dm1'))
    expect([store.shown, gateway.listeners()]).toEqual([null, 0])
  })
})
