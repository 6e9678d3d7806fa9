import Taro from '@tarojs/taro'
import { platformNetwork } from '@/services/gateway/network'

afterEach(() => {
  process.env.TARO_ENV = 'h5'
  jest.restoreAllMocks()
})

describe('the device network as the gateway watches it', () => {
  it('follows the browser\'s offline and online events on H5, until stopped', () => {
    const changes: boolean[] = []
    const stop = platformNetwork(online => changes.push(online))
    window.dispatchEvent(new Event('offline'))
    window.dispatchEvent(new Event('online'))
    stop()
    window.dispatchEvent(new Event('offline'))
    expect(changes).toEqual([false, true])
  })

  it('follows Taro\'s network status in the mini-program, until stopped', () => {
    process.env.TARO_ENV = 'weapp'
    let listener: ((status: { isConnected: boolean }) => void) | null = null
    jest.spyOn(Taro, 'onNetworkStatusChange').mockImplementation(callback => { listener = callback as typeof listener })
    const off = jest.spyOn(Taro, 'offNetworkStatusChange').mockImplementation(() => undefined)
    const changes: boolean[] = []
    const stop = platformNetwork(online => changes.push(online))
    listener!({ isConnected: false })
    listener!({ isConnected: true })
    stop()
    expect(changes).toEqual([false, true])
    expect(off).toHaveBeenCalledWith(listener)
  })
})
