import Taro from '@tarojs/taro'
import {
  clearLogin, ENV_TEST_FLAG_KEY, isProduction, loadLogin, loginKey, readEnvTestFlag, readJson, readUserItem, removeKey,
  removeUserItem, saveLogin, setEnvTestFlag, userKey, writeJson, writeUserItem, type LoginData,
} from '@/utils/storage'

const login: LoginData = {
  user: { uid: 'B_guest1', user_type: 1, addtime: 1700000000, nickname: '访客', avatar: '', signature: '' },
  token: 'token-1',
}

beforeEach(() => localStorage.clear())
afterEach(() => jest.restoreAllMocks())

describe('login data (SPEC §3: holds a user object, stored per environment)', () => {
  it('reads back the login data saved for an environment', () => {
    expect(saveLogin(login, 'test')).toBe(true)
    expect(loadLogin('test')).toEqual(login)
  })

  it("never reads another environment's login (SPEC §3)", () => {
    saveLogin(login, 'master')
    expect(loadLogin('online')).toBeNull()
    expect(loadLogin('dev')).toBeNull()
    expect(loginKey('master')).not.toBe(loginKey('online'))
  })

  it('forgets the login of one environment only on sign-out', () => {
    saveLogin(login, 'master')
    saveLogin(login, 'online')
    clearLogin('master')
    expect(loadLogin('master')).toBeNull()
    expect(loadLogin('online')).toEqual(login)
  })

  it('treats corrupt stored JSON as no login instead of throwing (SPEC §3)', () => {
    Taro.setStorageSync(loginKey('test'), '{"user":{"uid":')
    expect(loadLogin('test')).toBeNull()
  })

  it('treats stored data without a user uid as no login', () => {
    writeJson(loginKey('test'), { user: { nickname: 'x' } })
    expect(loadLogin('test')).toBeNull()
    writeJson(loginKey('test'), { user: { uid: 'B_1' }, token: 42 })
    expect(loadLogin('test')).toBeNull()
    writeJson(loginKey('test'), 'just text')
    expect(loadLogin('test')).toBeNull()
    writeJson(loginKey('test'), { user: null })
    expect(loadLogin('test')).toBeNull()
  })

  it('refuses to save something that is not login data', () => {
    expect(saveLogin({ user: { uid: '' } } as unknown as LoginData, 'test')).toBe(false)
    expect(loadLogin('test')).toBeNull()
  })

  it('uses the build environment when none is named', () => {
    saveLogin(login)
    expect(loadLogin()).toEqual(login)
    expect(loginKey()).toBe('openrealm:dev:login')
  })
})

describe('per-user items (SPEC §3: stored under a key derived from the uid)', () => {
  it('stores an item under a key derived from the uid', () => {
    writeUserItem('C_bot', 'draft', { text: 'hi' })
    expect(readUserItem('C_bot', 'draft')).toEqual({ text: 'hi' })
    expect(userKey('C_bot', 'draft')).toBe('openrealm:dev:user:C_bot:draft')
  })

  it("keeps one user's items apart from another's", () => {
    writeUserItem('u1', 'draft', 'a')
    expect(readUserItem('u2', 'draft')).toBeUndefined()
  })

  it('encodes the uid so no uid can reach into another key', () => {
    expect(userKey('a:draft', 'x')).toBe('openrealm:dev:user:a%3Adraft:x')
    expect(userKey('a', 'draft:x')).not.toBe(userKey('a:draft', 'x'))
  })

  it('refuses an empty uid or item name with a TypeError', () => {
    expect(() => userKey('', 'draft')).toThrow(TypeError)
    expect(() => userKey('u1', '')).toThrow(TypeError)
  })

  it('removes an item', () => {
    writeUserItem('u1', 'draft', 'a')
    removeUserItem('u1', 'draft')
    expect(readUserItem('u1', 'draft')).toBeUndefined()
  })

  it('treats a corrupt item as absent', () => {
    Taro.setStorageSync(userKey('u1', 'draft'), 'not json')
    expect(readUserItem('u1', 'draft')).toBeUndefined()
  })
})

describe('storage that misbehaves', () => {
  it('answers false when the storage refuses to write', () => {
    jest.spyOn(Taro, 'setStorageSync').mockImplementation(() => { throw new Error('quota') })
    expect(writeJson('k', 1)).toBe(false)
  })

  it('answers false for a value JSON cannot hold', () => {
    expect(writeJson('k', undefined)).toBe(false)
    expect(writeJson('k', { big: BigInt(1) })).toBe(false)
  })

  it('reads a value stored by another writer that is not text as absent', () => {
    Taro.setStorageSync('k', { not: 'text' })
    expect(readJson('k')).toBeUndefined()
  })

  it('ignores a storage that fails to remove', () => {
    jest.spyOn(Taro, 'removeStorageSync').mockImplementation(() => { throw new Error('locked') })
    expect(() => removeKey('k')).not.toThrow()
  })
})

describe('local test flag (SPEC §9: master and online are production unless a local helper flag says test)', () => {
  it('counts master and online as production without the flag', () => {
    expect(isProduction('master')).toBe(true)
    expect(isProduction('online')).toBe(true)
    expect(isProduction('dev')).toBe(false)
    expect(isProduction()).toBe(false)
  })

  it('counts master and online as test when the flag is set on this device', () => {
    setEnvTestFlag(true)
    expect(readEnvTestFlag()).toBe(true)
    expect(isProduction('online')).toBe(false)
    setEnvTestFlag(false)
    expect(readEnvTestFlag()).toBe(false)
    expect(isProduction('online')).toBe(true)
  })

  it('reads a flag that is not exactly true as off', () => {
    writeJson(ENV_TEST_FLAG_KEY, 'yes')
    expect(readEnvTestFlag()).toBe(false)
  })
})
