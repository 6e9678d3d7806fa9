import { identityKindOf } from '@core/domain/identity'

describe('identityKindOf (SPEC §3, §6)', () => {
  it('names a uid starting with C_ a bot', () => {
    expect(identityKindOf({ uid: 'C_1001', user_type: 1 })).toBe('bot')
  })

  it('names a uid starting with D_ a map account', () => {
    expect(identityKindOf({ uid: 'D_1001', user_type: 1 })).toBe('map')
  })

  it('names a uid starting with B_ a guest', () => {
    expect(identityKindOf({ uid: 'B_1001', user_type: 1 })).toBe('guest')
  })

  it('names a user_type 2 account without a special prefix a bot', () => {
    expect(identityKindOf({ uid: '1001', user_type: 2 })).toBe('bot')
  })

  it('names any other account an ordinary user', () => {
    expect(identityKindOf({ uid: '1001', user_type: 1 })).toBe('user')
  })

  it('names an account without user_type by its uid alone', () => {
    expect(identityKindOf({ uid: '1001' })).toBe('user')
  })

  it('lets the uid prefix decide before user_type', () => {
    expect(identityKindOf({ uid: 'B_1001', user_type: 2 })).toBe('guest')
  })

  it('matches prefixes in their exact case only', () => {
    expect(identityKindOf({ uid: 'c_1001', user_type: 1 })).toBe('user')
  })

  it('does not treat a prefix letter without underscore as a prefix', () => {
    expect(identityKindOf({ uid: 'Bob', user_type: 1 })).toBe('user')
  })
})
