import Taro from '@tarojs/taro'
import { taroKeyValueStorage } from '@/stores/support/taro-storage'

describe("taroKeyValueStorage (Taro's storage as strings)", () => {
  afterEach(() => {
    Taro.clearStorageSync()
  })

  it('reads back what it stored', () => {
    taroKeyValueStorage.set('openrealm:test:login', '{"user":null}')
    expect(taroKeyValueStorage.get('openrealm:test:login')).toBe('{"user":null}')
  })

  it('reads a missing key as null', () => {
    expect(taroKeyValueStorage.get('openrealm:missing')).toBeNull()
  })

  it('reads a removed key as null', () => {
    taroKeyValueStorage.set('openrealm:gone', 'x')
    taroKeyValueStorage.remove('openrealm:gone')
    expect(taroKeyValueStorage.get('openrealm:gone')).toBeNull()
  })

  it('reads a stored value that is not a string as null', () => {
    Taro.setStorageSync('openrealm:number', 42)
    expect(taroKeyValueStorage.get('openrealm:number')).toBeNull()
  })
})
