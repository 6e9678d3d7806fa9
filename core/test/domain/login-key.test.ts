import { ANY_LOGIN_KEY_SOURCE, loginKeyOf, STORAGE_KEY_PREFIX } from '@core/domain/login-key'

describe('The login data\'s storage key (SPEC §3: per environment)', () => {
  it('is one key per environment, under the app\'s prefix', () => {
    expect(loginKeyOf('test')).toBe(`${STORAGE_KEY_PREFIX}:test:login`)
    expect(loginKeyOf('online')).not.toBe(loginKeyOf('test'))
  })

  it('is recognised whatever the environment, and nothing else is', () => {
    const anyLogin = new RegExp(ANY_LOGIN_KEY_SOURCE)
    expect(['test', 'master', 'online'].map(env => anyLogin.test(loginKeyOf(env)))).toEqual([true, true, true])
    expect([`${STORAGE_KEY_PREFIX}:env-test-flag`, `${STORAGE_KEY_PREFIX}:a:b:login`, 'other:test:login'].some(key => anyLogin.test(key))).toBe(false)
  })
})
