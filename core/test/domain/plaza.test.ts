import { firstFreeSeat, lobbyOrder, mayTakeSeat, rematchSeats, seatRefusal, tableSeatCount, tableStarts } from '@core/domain/plaza'
import { DEFAULT_EVERYONE_PERMISSIONS, Permission } from '@core/domain/permissions'

const MEMBER = { user: { uid: 'u1', user_type: 0 }, member: true, permissions: DEFAULT_EVERYONE_PERMISSIONS }

describe('the plaza\'s table rules', () => {
  it.each([
    ['a member who may send messages', MEMBER, null],
    ['a guest', { ...MEMBER, user: { uid: 'B_1' } }, 'watch_only'],
    ['a bot by prefix', { ...MEMBER, user: { uid: 'C_1' } }, 'watch_only'],
    ['a bot by user type', { ...MEMBER, user: { uid: 'u2', user_type: 2 } }, 'watch_only'],
    ['a map account', { ...MEMBER, user: { uid: 'D_1' } }, 'watch_only'],
    ['someone who is not a member', { ...MEMBER, member: false }, 'not_member'],
    ['a member in timeout (no SendMessages)', { ...MEMBER, permissions: Permission.ViewChannel }, 'cannot_send'],
  ] as const)('decides whether %s may take a seat', (_, candidate, refusal) => {
    expect(seatRefusal(candidate)).toBe(refusal)
    expect(mayTakeSeat(candidate)).toBe(refusal === null)
  })

  it('gives a new table the game\'s default seats, or the seats asked for within its range', () => {
    expect(tableSeatCount('gomoku')).toBe(2)
    expect(tableSeatCount('spy')).toBe(6)
    expect([tableSeatCount('spy', 4), tableSeatCount('spy', 8)]).toEqual([4, 8])
    expect([tableSeatCount('spy', 3), tableSeatCount('spy', 9), tableSeatCount('spy', 5.5), tableSeatCount('reversi', 3)]).toEqual([null, null, null, null])
  })

  it('starts a table once every seat is taken and ready, and finds the first free seat', () => {
    const seat = (uid: string | null, ready: boolean) => ({ uid, ready })
    expect(tableStarts([seat('a', true), seat('b', true)])).toBe(true)
    expect(tableStarts([seat('a', true), seat('b', false)])).toBe(false)
    expect(tableStarts([seat('a', true), seat(null, true)])).toBe(false)
    expect(tableStarts([])).toBe(false)
    expect(firstFreeSeat([seat('a', false), seat(null, false), seat(null, false)])).toBe(1)
    expect(firstFreeSeat([seat('a', false)])).toBeNull()
  })

  it('turns the seats by one for a rematch, swapping a board game\'s colours', () => {
    expect(rematchSeats(['black', 'white'])).toEqual(['white', 'black'])
    expect(rematchSeats(['a', 'b', 'c', null])).toEqual([null, 'a', 'b', 'c'])
    expect(rematchSeats([])).toEqual([])
  })

  it('orders the lobby: waiting and playing newest first, then ended, closed left out', () => {
    const table = (table_id: string, status: 'waiting' | 'playing' | 'ended' | 'closed', created_at: number) => ({ table_id, status, created_at })
    const tables = [
      table('t1', 'ended', 50), table('t2', 'waiting', 10), table('t3', 'closed', 99), table('t4', 'playing', 20),
      table('t5', 'ended', 60), table('t6', 'waiting', 20), table('t7', 'waiting', 20),
    ]
    expect(lobbyOrder(tables).map(t => t.table_id)).toEqual(['t7', 't6', 't4', 't2', 't5', 't1'])
    expect(tables[0].table_id).toBe('t1') // the list itself is left as it was
  })
})
