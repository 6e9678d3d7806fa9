import Taro from '@tarojs/taro'
import type { AwayServer } from '@/services/away-channel'
import { createAwayChannel, forgetAwayOnDevice, keyBytes, PUSH_WORKER_PATH, type PushBrowser } from '@/services/away-channel.h5'

// the mini-program's channel asks through the mini-program's subscription (Jest, like the H5 build, resolves the .h5 files first)
jest.mock('@/services/wechat-subscribe', () => jest.requireActual('@/services/wechat-subscribe.ts'))

/** The mini-program's version (Jest resolves '@/services/away-channel' to the H5 one, as the H5 build does). */
const { createAwayChannel: inMiniProgram, forgetAwayOnDevice: forgetInMiniProgram } = jest.requireActual<typeof import('@/services/away-channel')>('@/services/away-channel.ts')

const CHROME = 'Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile Safari/537.36'
const WECHAT = 'Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47'
const ENDPOINT = 'https://push.example/send/abc'

function fakeServer (): jest.Mocked<AwayServer> {
  return {
    bindWechat: jest.fn(async (_code: string) => ({ bound: true })),
    pushKey: jest.fn(async () => ({ public_key: 'AQID_-8' })),
    savePush: jest.fn(async body => ({ endpoint: body.endpoint, subscribed: true })),
    deletePush: jest.fn(async endpoint => ({ endpoint, subscribed: false })),
  }
}

/** A browser with service workers and push; `permission` as the member left it, `subscribed` whether this browser already has a subscription. */
function fakeBrowser (permission: NotificationPermission, options: { answer?: NotificationPermission, subscribed?: boolean, userAgent?: string } = {}) {
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'p256', auth: 'auth' } }),
    unsubscribe: jest.fn(async () => true),
  }
  let current = options.subscribed === true ? subscription : null
  const pushManager = {
    getSubscription: jest.fn(async () => current),
    subscribe: jest.fn(async (_options: PushSubscriptionOptionsInit) => { current = subscription; return subscription }),
  }
  const registration = { pushManager }
  const serviceWorker = {
    register: jest.fn(async () => registration),
    getRegistration: jest.fn(async () => current === null && !options.subscribed ? undefined : registration),
  }
  const notification = { permission, requestPermission: jest.fn(async () => options.answer ?? permission) }
  const browser = { userAgent: options.userAgent ?? CHROME, serviceWorker, PushManager: class {}, Notification: notification } as unknown as PushBrowser
  return { browser, serviceWorker, pushManager, notification, subscription }
}

afterEach(() => jest.restoreAllMocks())

describe('keyBytes', () => {
  it('reads the server\'s base64url key, padded or not', () => {
    expect(Array.from(keyBytes('AQID_-8'))).toEqual([1, 2, 3, 255, 239])
    expect(Array.from(keyBytes('AQI='))).toEqual([1, 2])
  })
})

describe('Web Push on H5', () => {
  it('is unsupported without service workers or PushManager, and inside WeChat\'s browser', async () => {
    const server = fakeServer()
    expect(await createAwayChannel(server, { userAgent: CHROME }).state()).toBe('unsupported')
    const { browser } = fakeBrowser('default', { userAgent: WECHAT })
    const channel = createAwayChannel(server, browser)
    expect([await channel.state(), await channel.enable(), await channel.disable()]).toEqual(['unsupported', 'unsupported', 'unsupported'])
    expect(server.pushKey).not.toHaveBeenCalled()
  })

  it('is off until the member allows it and this browser subscribed, on after, denied when the member blocked the site', async () => {
    expect(await createAwayChannel(fakeServer(), fakeBrowser('default').browser).state()).toBe('off')
    expect(await createAwayChannel(fakeServer(), fakeBrowser('granted').browser).state()).toBe('off')
    expect(await createAwayChannel(fakeServer(), fakeBrowser('granted', { subscribed: true }).browser).state()).toBe('on')
    expect(await createAwayChannel(fakeServer(), fakeBrowser('denied').browser).state()).toBe('denied')
  })

  it('turning on asks for permission, registers the root service worker, subscribes with the server\'s key and hands the subscription to the server', async () => {
    const server = fakeServer()
    const { browser, serviceWorker, pushManager } = fakeBrowser('default', { answer: 'granted' })
    expect(await createAwayChannel(server, browser).enable()).toBe('on')
    expect(serviceWorker.register).toHaveBeenCalledWith(PUSH_WORKER_PATH)
    const options = pushManager.subscribe.mock.calls[0][0]
    expect(options.userVisibleOnly).toBe(true)
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual([1, 2, 3, 255, 239])
    expect(server.savePush).toHaveBeenCalledWith({ endpoint: ENDPOINT, keys: { p256dh: 'p256', auth: 'auth' } })
  })

  it('stays off when the member dismisses the prompt, denied when they refuse it; nothing reaches the server', async () => {
    const server = fakeServer()
    expect(await createAwayChannel(server, fakeBrowser('default', { answer: 'default' }).browser).enable()).toBe('off')
    expect(await createAwayChannel(server, fakeBrowser('default', { answer: 'denied' }).browser).enable()).toBe('denied')
    expect(server.savePush).not.toHaveBeenCalled()
  })

  it('throws when the server refuses the subscription (the store toasts it)', async () => {
    const server = fakeServer()
    server.savePush.mockRejectedValue(new Error('endpoint must be an https URL of a push service'))
    await expect(createAwayChannel(server, fakeBrowser('granted').browser).enable()).rejects.toThrow('https URL')
  })

  it('turning off forgets the subscription on the server and in the browser', async () => {
    const server = fakeServer()
    const { browser, subscription } = fakeBrowser('granted', { subscribed: true })
    expect(await createAwayChannel(server, browser).disable()).toBe('off')
    expect(server.deletePush).toHaveBeenCalledWith(ENDPOINT)
    expect(subscription.unsubscribe).toHaveBeenCalled()
    const none = fakeServer()
    expect(await createAwayChannel(none, fakeBrowser('granted').browser).disable()).toBe('off')
    expect(none.deletePush).not.toHaveBeenCalled()
  })

  it('at a sign-out, unsubscribes the browser (the next member of it is not shown the last one\'s notifications); nothing to do without a subscription or service workers', async () => {
    const { browser, subscription } = fakeBrowser('granted', { subscribed: true })
    await forgetAwayOnDevice(browser)
    expect(subscription.unsubscribe).toHaveBeenCalled()
    await expect(forgetAwayOnDevice(fakeBrowser('granted').browser)).resolves.toBeUndefined()
    await expect(forgetAwayOnDevice({ userAgent: CHROME })).resolves.toBeUndefined()
    await expect(forgetInMiniProgram()).resolves.toBeUndefined()
  })
})

describe('subscribe messages in the mini-program', () => {
  function fakeWechat (answer: Record<string, string>) {
    const request = jest.fn(async (_option: unknown) => ({ errMsg: 'requestSubscribeMessage:ok', ...answer }))
    jest.spyOn(Taro, 'requestSubscribeMessage').mockImplementation(request as never)
    jest.spyOn(Taro, 'login').mockResolvedValue({ code: 'code-1', errMsg: 'login:ok' })
    return request
  }

  it('is unsupported when the build names no template', async () => {
    const channel = inMiniProgram(fakeServer(), [])
    expect([await channel.state(), await channel.enable(), await channel.disable()]).toEqual(['unsupported', 'unsupported', 'unsupported'])
  })

  it('asks for the mention and DM templates at once; on when the member agreed (the openid bound), off again after', async () => {
    const request = fakeWechat({ 'tmpl-m': 'accept', 'tmpl-dm': 'accept' })
    const server = fakeServer()
    const channel = inMiniProgram(server, ['tmpl-m', 'tmpl-dm'])
    expect(await channel.state()).toBe('off')
    expect(await channel.enable()).toBe('on')
    expect(request).toHaveBeenCalledWith({ tmplIds: ['tmpl-m', 'tmpl-dm'] })
    expect(server.bindWechat).toHaveBeenCalledWith('code-1')
    expect(await channel.disable()).toBe('off')
  })

  it('stays off when the member rejects', async () => {
    fakeWechat({ 'tmpl-m': 'reject' })
    expect(await inMiniProgram(fakeServer(), ['tmpl-m']).enable()).toBe('off')
  })
})
