import { LiveFlag } from '@core/wire/entities'
import { LiveReminderStore, liveRemindersKey } from '@/stores/live/live-reminder-store'
import { fakeLogger, liveItem, manualClock, memoryStorage } from '../support/fakes'

const START = 1_700_000_000

function setup (uid: string | null = 'B_me') {
  const storage = memoryStorage()
  const clock = manualClock(START * 1000 - 60_000)
  const logger = fakeLogger()
  const store = new LiveReminderStore({ storage, clock: clock.now, uid: () => uid, logger })
  return { storage, clock, logger, store }
}

const reserved = (liveId: string, startedAt = START) => liveItem(liveId, { is_live: LiveFlag.Reserved, started_at: startedAt, title: `预告 ${liveId}`, channel_id: 'c-live' })

describe('LiveReminderStore', () => {
  it('lists nothing before the start time, then the reminded lives that started, earliest first', () => {
    const { clock, store } = setup()
    store.remember(reserved('l2', START + 30), true)
    store.remember(reserved('l1'), true)
    store.remember(reserved('l3', START + 3600), true)
    store.check()
    expect(store.due).toEqual([])
    clock.set(START * 1000 + 60_000)
    store.check()
    expect(store.due.map(entry => [entry.live_id, entry.title, entry.channel_id])).toEqual([['l1', '预告 l1', 'c-live'], ['l2', '预告 l2', 'c-live']])
  })

  it('forgets a reminder turned off, and one seen or dismissed once', () => {
    const { clock, store } = setup()
    store.remember(reserved('l1'), true)
    store.remember(reserved('l2'), true)
    store.remember(reserved('l3'), true)
    store.remember(reserved('l3'), false)
    clock.set(START * 1000)
    store.check()
    expect(store.due.map(entry => entry.live_id)).toEqual(['l1', 'l2'])
    store.seen(store.due[0])
    expect(store.due.map(entry => entry.live_id)).toEqual(['l2'])
    store.dismiss()
    expect(store.due).toEqual([])
    store.check()
    expect(store.due).toEqual([])
  })

  it("keeps each member's reminders apart, and keeps none for a visitor", () => {
    const { storage, clock, store } = setup('B_me')
    store.remember(reserved('l1'), true)
    expect(storage.data.has(liveRemindersKey('B_me'))).toBe(true)
    const other = new LiveReminderStore({ storage, clock: clock.now, uid: () => 'B_other', logger: fakeLogger() })
    clock.set(START * 1000)
    other.check()
    expect(other.due).toEqual([])
    const visitor = setup(null)
    visitor.store.remember(reserved('l1'), true)
    visitor.clock.set(START * 1000)
    visitor.store.check()
    expect(visitor.store.due).toEqual([])
    expect(visitor.storage.data.size).toBe(0)
  })

  it('ignores an item without a start time and starts afresh from unreadable storage', () => {
    const { storage, clock, logger, store } = setup()
    store.remember(liveItem('l0', { started_at: null }), true)
    expect(storage.data.size).toBe(0)
    storage.set(liveRemindersKey('B_me'), '{not json')
    clock.set(START * 1000)
    store.check()
    expect(store.due).toEqual([])
    expect(logger.warn).toHaveBeenCalled()
    storage.set(liveRemindersKey('B_me'), JSON.stringify([{ live_id: 'x' }, 'junk', { live_id: 'l9', server_id: 's', channel_id: 'c', title: 't', started_at: START }]))
    store.check()
    expect(store.due.map(entry => entry.live_id)).toEqual(['l9'])
  })
})
