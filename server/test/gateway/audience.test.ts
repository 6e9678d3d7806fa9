import type { PublishedDispatchName } from '@core/wire/dispatches'
import type { BusEvent, BusEventTarget, LoggedEvent } from '../../src/bus'
import { membershipBefore, offerTo, receives, type SessionView } from '../../src/gateway/audience'
import type { ServerGrant } from '../../src/gateway/grants'

/** u1 is a member of s1 who may read c1 and does not moderate. */
const reader: ServerGrant = { readable: new Set(['c1']), moderator: false }
const view = (overrides: Partial<SessionView> = {}): SessionView => ({ uid: 'u1', serverIds: new Set(['s1']), focusedChannelId: null, watchedTableId: null, grantIn: () => reader, ...overrides })
/** An event to route: the audience rules read its name and target, so its payload is left empty (a test fixture, not a publishable event). */
const event = (overrides: Partial<BusEventTarget> & { t?: PublishedDispatchName } = {}): BusEvent => ({ t: 'MESSAGE_CREATE', server_id: 's1', channel_id: 'c1', d: {}, ...overrides }) as BusEvent
/** A join as membership reads it: only the member's uid is filled in. */
const memberAdd = (serverId: string, uid: string): BusEvent => ({ t: 'MEMBER_ADD', server_id: serverId, d: { server_id: serverId, member: { user: { uid } }, member_count: 1 } }) as BusEvent
const memberRemove = (serverId: string, uid: string): BusEvent => ({ t: 'MEMBER_REMOVE', server_id: serverId, d: { server_id: serverId, uid, member_count: 0, online_count: 0 } })

describe('receives', () => {
  it('gives members the events of their servers and nobody else\'s', () => {
    expect(receives(view(), event())).toBe(true)
    expect(receives(view(), event({ server_id: 's2' }))).toBe(false)
  })

  it('gives a channel\'s event only to members who may read that channel', () => {
    expect(receives(view(), event({ channel_id: 'c2' }))).toBe(false)
    expect(receives(view({ grantIn: () => undefined }), event())).toBe(false)
  })

  it('gives a user\'s own event only to that user, and a moderators\' event only to moderators', () => {
    expect(receives(view(), event({ t: 'READ_STATE_UPDATE', channel_id: undefined, uid: 'u1' }))).toBe(true)
    expect(receives(view(), event({ t: 'READ_STATE_UPDATE', channel_id: undefined, uid: 'u2' }))).toBe(false)
    expect(receives(view(), event({ t: 'REPORT_CREATE', channel_id: undefined }))).toBe(false)
    expect(receives(view({ grantIn: () => ({ ...reader, moderator: true }) }), event({ t: 'REPORT_CREATE', channel_id: undefined }))).toBe(true)
  })

  it('never hands a gateway control event or an undeclared name to a client', () => {
    expect(receives(view(), event({ t: 'SESSION_REVOKED', channel_id: undefined, uid: 'u1' }))).toBe(false)
    expect(receives(view(), { ...event(), t: 'NOT_DECLARED' } as unknown as BusEvent)).toBe(false)
  })

  it('gives a direct conversation\'s event to the participants it names, whatever servers they are in, and to nobody else', () => {
    const dm = event({ t: 'DM_MESSAGE_CREATE', server_id: '', channel_id: undefined, conversation_id: 'd1', uids: ['u1', 'u2'] })
    expect(receives(view({ serverIds: new Set() }), dm)).toBe(true)
    expect(receives(view({ uid: 'u3' }), dm)).toBe(false)
  })

  it('gives TYPING_START only to sessions focused on its channel', () => {
    const typing = event({ t: 'TYPING_START', channel_id: 'c1' })
    expect(receives(view({ focusedChannelId: 'c1' }), typing)).toBe(true)
    expect(receives(view({ focusedChannelId: 'c2' }), typing)).toBe(false)
    expect(receives(view(), typing)).toBe(false)
  })
})

describe('offerTo', () => {
  it('gives a table\'s game view only to sessions watching that table who may read its channel', () => {
    const game = event({ t: 'PLAZA_GAME_VIEW' as PublishedDispatchName, channel_id: 'c1', table_id: 't1' })
    expect(receives(view({ watchedTableId: 't1' }), game)).toBe(true)
    expect(receives(view({ watchedTableId: 't2' }), game)).toBe(false)
    expect(receives(view(), game)).toBe(false)
    expect(receives(view({ watchedTableId: 't1' }), event({ t: 'PLAZA_GAME_VIEW' as PublishedDispatchName, channel_id: 'c2', table_id: 't1' }))).toBe(false)
  })

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
