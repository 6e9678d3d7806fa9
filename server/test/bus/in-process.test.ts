import type { TypingEvent } from '@core/wire/messages'
import { createInProcessBus, type BusEvent, type EventBus } from '../../src/bus'

/** A typing event whose nickname names it: the bus carries it as any other declared dispatch. */
const event = (name: string): Parameters<EventBus['publish']> => ['TYPING_START', { server_id: 's1', channel_id: 'c1' }, { channel_id: 'c1', uid: 'u1', nickname: name, at: 0 }]
const nameOf = (published: BusEvent): string => (published.d as TypingEvent).nickname

describe('in-process bus', () => {
  it('delivers every event to every subscriber with ids increasing by one', async () => {
    const bus = createInProcessBus()
    const heard: Array<[string, number]> = []
    bus.subscribe((published, id) => heard.push([nameOf(published), id]))
    await bus.publish(...event('A'))
    await bus.publish(...event('B'))
    expect(heard).toEqual([['A', 1], ['B', 2]])
    expect(await bus.lastId()).toBe(2)
  })

  it('publishes only declared dispatches with their declared payload and target (a mistake does not compile)', async () => {
    const bus = createInProcessBus()
    const heard: BusEvent[] = []
    bus.subscribe(published => heard.push(published))
    await bus.publish('READ_STATE_UPDATE', { server_id: 's1', uid: 'u1' }, { channel_id: 'c1', last_read_id: '1' })
    // @ts-expect-error a payload of another dispatch does not compile
    await bus.publish('MESSAGE_DELETE', { server_id: 's1', channel_id: 'c1' }, { channel_id: 'c1', uid: 'u1', nickname: 'n', at: 0 })
    // @ts-expect-error a channel's dispatch names its channel
    await bus.publish('MESSAGE_DELETE', { server_id: 's1' }, { channel_id: 'c1', message_id: '1' })
    // @ts-expect-error the gateway makes CHANNELS_VISIBLE_UPDATE itself: no route publishes it
    await bus.publish('CHANNELS_VISIBLE_UPDATE', { server_id: 's1', uid: 'u1' }, { server_id: 's1', added: [], removed: [] })
    // @ts-expect-error an undeclared name does not compile
    await bus.publish('NOT_DECLARED', { server_id: 's1' }, {})
    expect(heard[0]).toEqual({ t: 'READ_STATE_UPDATE', server_id: 's1', uid: 'u1', d: { channel_id: 'c1', last_read_id: '1' } })
  })

  it('keeps a listener\'s failure from reaching the publisher or the other listeners', async () => {
    const bus = createInProcessBus()
    const heard: string[] = []
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    bus.subscribe(() => { throw new Error('listener bug') })
    bus.subscribe(published => heard.push(nameOf(published)))
    await expect(bus.publish(...event('A'))).resolves.toBeUndefined()
    expect(heard).toEqual(['A'])
    quiet.mockRestore()
  })

  it('answers the events after an id, none after the newest, and null for an id never issued', async () => {
    const bus = createInProcessBus()
    for (const t of ['A', 'B', 'C']) await bus.publish(...event(t))
    expect((await bus.eventsAfter(1))?.map(logged => [logged.id, nameOf(logged.event)])).toEqual([[2, 'B'], [3, 'C']])
    expect(await bus.eventsAfter(3)).toEqual([])
    expect(await bus.eventsAfter(4)).toBeNull()
  })

  it('answers null once the events after an id have left the bounded log', async () => {
    const bus = createInProcessBus(3)
    for (let index = 0; index < 10; index++) await bus.publish(...event(`E${index}`))
    expect((await bus.eventsAfter(7))?.map(logged => logged.id)).toEqual([8, 9, 10])
    expect(await bus.eventsAfter(6)).toBeNull()
  })

  it('tells invalidation subscribers every scope invalidated', async () => {
    const bus = createInProcessBus()
    const scopes: string[] = []
    bus.subscribeInvalidations(scope => scopes.push(scope))
    await bus.publishInvalidation('server 1')
    expect(scopes).toEqual(['server 1'])
  })
})
