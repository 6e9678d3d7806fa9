import Taro from '@tarojs/taro'
import { defaultGatewayUrl, gatewayUrlFor, taroSocketConnector } from '@/services/gateway'

type Listener = (result?: unknown) => void

/** A SocketTask double recording its calls and keeping its listeners. */
function fakeTask () {
  const listeners: Record<string, Listener> = {}
  return {
    listeners,
    send: jest.fn(),
    close: jest.fn(),
    onOpen: (listener: Listener) => { listeners.open = listener },
    onMessage: (listener: Listener) => { listeners.message = listener },
    onClose: (listener: Listener) => { listeners.close = listener },
    onError: (listener: Listener) => { listeners.error = listener },
  }
}

const flush = () => new Promise(resolve => setTimeout(resolve, 0))

function handlers () {
  return { onOpen: jest.fn(), onMessage: jest.fn(), onClose: jest.fn() }
}

describe('gatewayUrlFor', () => {
  it('turns an http(s) API base into the ws(s) gateway URL on the same host', () => {
    expect(gatewayUrlFor('https://api.realm.example/')).toBe('wss://api.realm.example/gateway')
    expect(gatewayUrlFor('http://127.0.0.1:3000')).toBe('ws://127.0.0.1:3000/gateway')
  })

  it('uses the page\'s location for a same-origin base', () => {
    expect(gatewayUrlFor('', { protocol: 'https:', host: 'h5.realm.example' })).toBe('wss://h5.realm.example/gateway')
    expect(gatewayUrlFor('')).toBe('ws://localhost/gateway')
  })

  it('gives this build a ws(s) URL', () => {
    expect(defaultGatewayUrl()).toMatch(/^wss?:\/\/.+\/gateway$/)
  })
})

describe('taroSocketConnector', () => {
  afterEach(() => jest.restoreAllMocks())

  it('opens a socket with Taro.connectSocket and passes its open, text messages and close on', async () => {
    const task = fakeTask()
    const connect = jest.spyOn(Taro, 'connectSocket').mockResolvedValue(task as unknown as Taro.SocketTask)
    const events = handlers()
    const socket = taroSocketConnector('ws://realm.test/gateway', events)
    await flush()
    expect(connect).toHaveBeenCalledWith({ url: 'ws://realm.test/gateway' })
    task.listeners.open()
    task.listeners.message({ data: '{"op":"heartbeat_ack","d":null}' })
    task.listeners.message({ data: new ArrayBuffer(2) })
    socket.send('{"op":"heartbeat","d":{"seq":null}}')
    task.listeners.close({ code: 4009, reason: 'silent' })
    task.listeners.error()
    expect(events.onOpen).toHaveBeenCalledTimes(1)
    expect(events.onMessage).toHaveBeenCalledWith('{"op":"heartbeat_ack","d":null}')
    expect(events.onMessage).toHaveBeenCalledTimes(1)
    expect(task.send).toHaveBeenCalledWith({ data: '{"op":"heartbeat","d":{"seq":null}}' })
    expect(events.onClose).toHaveBeenCalledTimes(1)
    expect(events.onClose).toHaveBeenCalledWith(4009, 'silent')
  })

  it('reports a socket error as an abnormal close', async () => {
    const task = fakeTask()
    jest.spyOn(Taro, 'connectSocket').mockResolvedValue(task as unknown as Taro.SocketTask)
    const events = handlers()
    taroSocketConnector('ws://realm.test/gateway', events)
    await flush()
    task.listeners.error()
    expect(events.onClose).toHaveBeenCalledWith(1006, 'socket error')
  })

  it('reports a refused connect as an abnormal close', async () => {
    jest.spyOn(Taro, 'connectSocket').mockRejectedValue({ errMsg: 'connectSocket:fail' })
    const events = handlers()
    taroSocketConnector('ws://realm.test/gateway', events)
    await flush()
    expect(events.onClose).toHaveBeenCalledWith(1006, 'connectSocket failed')
  })

  it('closes a socket asked to close before it was handed over, and closes an open one with the code given', async () => {
    const early = fakeTask()
    jest.spyOn(Taro, 'connectSocket').mockResolvedValueOnce(early as unknown as Taro.SocketTask)
    const earlyEvents = handlers()
    taroSocketConnector('ws://realm.test/gateway', earlyEvents).close(1000, 'stopped')
    await flush()
    expect(early.close).toHaveBeenCalledWith({ code: 1000, reason: 'stopped' })
    expect(earlyEvents.onClose).toHaveBeenCalledTimes(1)

    const task = fakeTask()
    jest.spyOn(Taro, 'connectSocket').mockResolvedValueOnce(task as unknown as Taro.SocketTask)
    const socket = taroSocketConnector('ws://realm.test/gateway', handlers())
    await flush()
    socket.close()
    expect(task.close).toHaveBeenCalledWith({ code: 1000, reason: '' })
  })
})
