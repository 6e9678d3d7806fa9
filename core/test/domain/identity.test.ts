import { identityKindOf, mayHoldSignIn, SIGN_IN_METHODS_BY_KIND, type IdentityKind, type SignInMethod } from '@core/domain/identity'

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

describe('which ways in each kind of account may hold', () => {
  const kinds: IdentityKind[] = ['user', 'bot', 'guest', 'map']
  const methods: SignInMethod[] = ['bot-token', 'guest-token', 'passkey', 'email', 'wechat', 'dev-link']
  const expected: Record<IdentityKind, SignInMethod[]> = {
    user: ['passkey', 'email', 'wechat', 'dev-link'],
    bot: ['bot-token'],
    map: ['bot-token'],
    guest: ['guest-token'],
  }

  it.each(kinds.flatMap(kind => methods.map(method => [kind, method] as const)))('answers for a %s holding %s exactly as the table says', (kind, method) => {
    expect(mayHoldSignIn(kind, method)).toBe(expected[kind].includes(method))
  })

  it('gives a bot and a map account their token as the one way in', () => {
    expect(SIGN_IN_METHODS_BY_KIND.bot).toEqual(['bot-token'])
    expect(SIGN_IN_METHODS_BY_KIND.map).toEqual(['bot-token'])
  })

  it('lets no kind but an ordinary user hold a passkey, an address or WeChat', () => {
    for (const method of ['passkey', 'email', 'wechat'] as const) {
      expect(kinds.filter(kind => mayHoldSignIn(kind, method))).toEqual(['user'])
    }
  })
})
