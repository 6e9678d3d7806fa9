import { TIME_ID_LENGTH, createTimeIdSource, isTimeId, timeIdAt, timeOfId } from '@core/domain/ids'

describe('time-ordered ids', () => {
  it('makes ids of one length whose string order is their time order', () => {
    const next = createTimeIdSource(() => 0.99)
    const ids = [next(1_700_000_000_000), next(1_700_000_000_000), next(1_700_000_000_001), next(1_800_000_000_000)]
    expect(ids.every(id => id.length === TIME_ID_LENGTH)).toBe(true)
    expect([...ids].sort()).toEqual(ids)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('never goes backwards when the clock does', () => {
    const next = createTimeIdSource(() => 0)
    const later = next(2_000)
    const earlier = next(1_000)
    expect(earlier > later).toBe(true)
  })

  it('moves to the next millisecond when one millisecond runs out of sequence numbers', () => {
    const next = createTimeIdSource(() => 0.999999999)
    let last = next(5)
    for (let index = 0; index < 600_000; index += 1) {
      const id = next(5)
      if (id <= last) throw new Error(`${id} after ${last}`)
      last = id
    }
    expect(timeOfId(last)).toBe(6)
  })

  it('reads the millisecond back and tells other ids apart', () => {
    const id = createTimeIdSource(() => 0)(1_234)
    expect(timeOfId(id)).toBe(1_234)
    expect(isTimeId(id)).toBe(true)
    expect(isTimeId('275902-msg-01')).toBe(false)
    expect(timeOfId('12')).toBeNull()
  })

  it('gives a fixed id for a fixed time and sequence, in time order', () => {
    expect(timeIdAt(1_700_000_000_000, 7)).toBe('1700000000000000007')
    expect(timeOfId(timeIdAt(1_700_000_000_000))).toBe(1_700_000_000_000)
    expect(timeIdAt(1_700_000_000_001) > timeIdAt(1_700_000_000_000, 999_999)).toBe(true)
  })
})
