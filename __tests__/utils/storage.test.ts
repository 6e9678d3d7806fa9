import Taro from '@tarojs/taro'
import { ENV_TEST_FLAG_KEY, isProduction, loginKey, readEnvTestFlag, setEnvTestFlag } from '@/utils/storage'

beforeEach(() => localStorage.clear())
afterEach(() => jest.restoreAllMocks())

describe('login key (SPEC §3: login data stored per environment)', () => {
  it('gives each environment its own key', () => {
    expect(loginKey('test')).not.toBe(loginKey('online'))
  })

  it('uses the build environment when none is named', () => {
    expect(loginKey()).toBe(loginKey('dev'))
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
    Taro.setStorageSync(ENV_TEST_FLAG_KEY, 'yes')
    expect(readEnvTestFlag()).toBe(false)
  })

  it('answers false when the storage refuses the flag, and reads an unreadable storage as no flag', () => {
    jest.spyOn(Taro, 'setStorageSync').mockImplementation(() => { throw new Error('quota') })
    expect(setEnvTestFlag(true)).toBe(false)
    jest.spyOn(Taro, 'getStorageSync').mockImplementation(() => { throw new Error('locked') })
    expect(readEnvTestFlag()).toBe(false)
  })
})
