import { parseUser, userAgeOf } from '@core/domain/user'

/** 2024-05-01 00:00:00 in UTC+8 (2024-04-30 16:00:00 UTC), unix seconds. */
const MAY_FIRST_UTC8 = Date.UTC(2024, 3, 30, 16, 0, 0) / 1000

describe('userAgeOf (SPEC §4: new if registered today in UTC+8)', () => {
  it('calls a user registered earlier today new', () => {
    expect(userAgeOf({ addtime: MAY_FIRST_UTC8 + 60 }, MAY_FIRST_UTC8 + 3600)).toBe('new')
  })

  it('calls a user registered yesterday old', () => {
    expect(userAgeOf({ addtime: MAY_FIRST_UTC8 - 1 }, MAY_FIRST_UTC8 + 3600)).toBe('old')
  })

  it('counts the first second of the UTC+8 day as today', () => {
    expect(userAgeOf({ addtime: MAY_FIRST_UTC8 }, MAY_FIRST_UTC8 + 86399)).toBe('new')
  })

  it('calls a user old from the first second of the next UTC+8 day', () => {
    expect(userAgeOf({ addtime: MAY_FIRST_UTC8 }, MAY_FIRST_UTC8 + 86400)).toBe('old')
  })

  it('calls new a user registered on the same UTC+8 day though on the previous UTC day', () => {
    // 16:30 UTC on 30 April and 00:30 UTC on 1 May are both 1 May in UTC+8.
    expect(userAgeOf({ addtime: MAY_FIRST_UTC8 + 1800 }, MAY_FIRST_UTC8 + 8.5 * 3600)).toBe('new')
  })

  it('calls old a user registered on the previous UTC+8 day though on the same UTC day', () => {
    // 15:30 UTC is 23:30 on 30 April in UTC+8; 16:30 UTC is 00:30 on 1 May.
    expect(userAgeOf({ addtime: MAY_FIRST_UTC8 - 1800 }, MAY_FIRST_UTC8 + 1800)).toBe('old')
  })

  it('calls a registration later on the same day new', () => {
    expect(userAgeOf({ addtime: MAY_FIRST_UTC8 + 7200 }, MAY_FIRST_UTC8 + 3600)).toBe('new')
  })

  it('calls a registration on a later day old', () => {
    expect(userAgeOf({ addtime: MAY_FIRST_UTC8 + 86400 }, MAY_FIRST_UTC8)).toBe('old')
  })

  it('calls a user with an unreadable registration time old', () => {
    expect(userAgeOf({ addtime: Number.NaN }, MAY_FIRST_UTC8)).toBe('old')
  })

  it('calls a user old when the current time is unreadable', () => {
    expect(userAgeOf({ addtime: MAY_FIRST_UTC8 }, Number.POSITIVE_INFINITY)).toBe('old')
  })

  it('handles times before 1970 on whole UTC+8 days', () => {
    const dayBeforeEpochUtc8 = -86400 - 8 * 3600
    expect(userAgeOf({ addtime: dayBeforeEpochUtc8 }, dayBeforeEpochUtc8 + 86399)).toBe('new')
  })
})

describe('parseUser', () => {
  const stored = { uid: 'B_1', user_type: 1, addtime: 1700000000, nickname: '游客', avatar: '', signature: '' }

  it('reads a well-formed user', () => {
    expect(parseUser(stored)).toEqual(stored)
  })

  it('keeps a known gender', () => {
    expect(parseUser({ ...stored, gender: 2 })).toEqual({ ...stored, gender: 2 })
  })

  it('drops an unknown gender', () => {
    expect(parseUser({ ...stored, gender: 7 })).toEqual(stored)
  })

  it('copies only the known fields', () => {
    expect(parseUser({ ...stored, token: 'secret', isAdmin: true })).toEqual(stored)
  })

  it.each([
    ['null', null],
    ['a string', 'B_1'],
    ['an array', [stored]],
    ['an empty uid', { ...stored, uid: '' }],
    ['a numeric uid', { ...stored, uid: 1 }],
    ['a missing user_type', { ...stored, user_type: undefined }],
    ['a non-finite addtime', { ...stored, addtime: Number.NaN }],
    ['a missing nickname', { ...stored, nickname: undefined }],
    ['a numeric avatar', { ...stored, avatar: 1 }],
    ['a null signature', { ...stored, signature: null }],
  ])('rejects %s', (_name, value) => {
    expect(parseUser(value)).toBeNull()
  })
})
