import type { BusEvent, LoggedEvent } from '../../src/bus'
import { membershipBefore, offerTo, receives, type SessionView } from '../../src/gateway/audience'

const view = (overrides: Partial<SessionView> = {}): SessionView => ({ uid: 'u1', serverIds: new Set(['s1']), focusedChannelId: null, ...overrides })
const event = (overrides: Partial<BusEvent> = {}): BusEvent => ({ t: 'MESSAGE_CREATE', server_id: 's1', d: {}, ...overrides })
const memberAdd = (serverId: string, uid: string): BusEvent => ({ t: 'MEMBER_ADD', server_id: serverId, d: { server_id: serverId, member: { user: { uid } }, member_count: 1 } })
const memberRemove = (serverId: string, uid: string): BusEvent => ({ t: 'MEMBER_REMOVE', server_id: serverId, d: { server_id: serverId, uid, member_count: 0 } })

describe('receives', () => {
  it('gives members the events of their servers and nobody else\'s', () => {
    expect(receives(view(), event())).toBe(true)
    expect(receives(view(), event({ server_id: 's2' }))).toBe(false)
  })

  it('gives an event with only_uids only to those users', () => {
    expect(receives(view(), event({ only_uids: ['u1'] }))).toBe(true)
    expect(receives(view(), event({ only_uids: ['u2'] }))).toBe(false)
  })

  it('gives TYPING_START only to sessions focused on its channel', () => {
    const typing = event({ t: 'TYPING_START', channel_id: 'c1' })
    expect(receives(view({ focusedChannelId: 'c1' }), typing)).toBe(true)
    expect(receives(view({ focusedChannelId: 'c2' }), typing)).toBe(false)
    expect(receives(view(), typing)).toBe(false)
  })
})

describe('offerTo', () => {
  it('lets a joiner hear their own MEMBER_ADD and a leaver their own MEMBER_REMOVE, then updates the membership', () => {
    const session = view({ serverIds: new Set() })
    const sent: string[] = []
    expect(offerTo(session, memberAdd('s2', 'u1'), () => sent.push('add'))).toEqual({ serverId: 's2', joined: true })
    expect(session.serverIds.has('s2')).toBe(true)
    expect(offerTo(session, memberRemove('s2', 'u1'), () => sent.push('remove'))).toEqual({ serverId: 's2', joined: false })
    expect(session.serverIds.has('s2')).toBe(false)
    expect(sent).toEqual(['add', 'remove'])
  })

  it('leaves the membership alone for other users\' joins', () => {
    const session = view()
    expect(offerTo(session, memberAdd('s2', 'u2'), () => undefined)).toBeNull()
    expect([...session.serverIds]).toEqual(['s1'])
  })
})

describe('membershipBefore', () => {
  it('undoes the log\'s own joins and restores its leaves', () => {
    const log: LoggedEvent[] = [
      { id: 1, event: memberAdd('s2', 'u1') },
      { id: 2, event: memberRemove('s3', 'u1') },
      { id: 3, event: memberAdd('s4', 'u2') },
    ]
    expect([...membershipBefore('u1', ['s1', 's2'], log)].sort()).toEqual(['s1', 's3'])
  })
})
