import type { AwayChannel, AwayState } from '@/services/away-channel'
import { AwayStore } from '@/stores/notifications/away-store'

function fakeChannel (state: AwayState): jest.Mocked<AwayChannel> {
  return {
    state: jest.fn(async () => state),
    enable: jest.fn(async () => 'on' as const),
    disable: jest.fn(async () => 'off' as const),
  }
}

describe('AwayStore', () => {
  it('is loading until the device answers, then shows its state', async () => {
    const store = new AwayStore(fakeChannel('denied'), jest.fn())
    expect(store.status).toBe('loading')
    await store.load()
    expect(store.status).toBe('denied')
  })

  it('turns it on from off, and off from on', async () => {
    const channel = fakeChannel('off')
    const store = new AwayStore(channel, jest.fn())
    await store.load()
    await store.toggle()
    expect(store.status).toBe('on')
    expect(channel.enable).toHaveBeenCalledTimes(1)
    await store.toggle()
    expect(store.status).toBe('off')
    expect(channel.disable).toHaveBeenCalledTimes(1)
  })

  it('does nothing where it is unsupported, before it loaded, or while a tap\'s change runs', async () => {
    const unsupported = fakeChannel('unsupported')
    const store = new AwayStore(unsupported, jest.fn())
    await store.toggle()
    await store.load()
    await store.toggle()
    expect(unsupported.enable).not.toHaveBeenCalled()
    const channel = fakeChannel('off')
    let finish: (state: AwayState) => void = () => undefined
    channel.enable.mockImplementation(() => new Promise(resolve => { finish = resolve }))
    const busy = new AwayStore(channel, jest.fn())
    await busy.load()
    const first = busy.toggle()
    expect(busy.busy).toBe(true)
    await busy.toggle()
    finish('on')
    await first
    expect(channel.enable).toHaveBeenCalledTimes(1)
    expect([busy.status, busy.busy]).toEqual(['on', false])
  })

  it('hands a failure to onError (the page\'s toast) and keeps the state it had', async () => {
    const channel = fakeChannel('off')
    const failure = new Error('push service unavailable')
    channel.enable.mockRejectedValue(failure)
    const onError = jest.fn()
    const store = new AwayStore(channel, onError)
    await store.load()
    await store.toggle()
    expect(onError).toHaveBeenCalledWith(failure)
    expect([store.status, store.busy]).toEqual(['off', false])
  })

  it('is unsupported, with the failure handed on, when the device cannot be asked', async () => {
    const channel = fakeChannel('off')
    channel.state.mockRejectedValue(new Error('SecurityError'))
    const onError = jest.fn()
    const store = new AwayStore(channel, onError)
    await store.load()
    expect(store.status).toBe('unsupported')
    expect(onError).toHaveBeenCalled()
  })
})
