import Taro from '@tarojs/taro'
import type { Notification } from '@core/wire/notifications'
import Inbox from '@/pages/inbox/index'
import Me from '@/pages/me/index'
import type { NotificationsApi } from '@/services/api/notifications'
import { RequestError } from '@/services/request/errors'
import { fakeApi, user } from '../stores/support/fakes'
import { mountPage, unmountPages } from '../support/page-harness'

const ME = user({ uid: 'u-me', nickname: '我' })
const LIN = user({ uid: 'u-lin', nickname: '林' })

function notification (n: number, overrides: Partial<Notification> = {}): Notification {
  return {
    notification_id: `1${String(n).padStart(18, '0')}`,
    kind: 'mention',
    actor: LIN,
    server_id: 's1',
    channel_id: 'c1',
    message_id: `m${n}`,
    post_id: null,
    comment_id: null,
    excerpt: `hello ${n}`,
    act: '',
    created_at: 1_700_000_000,
    read: false,
    deleted: false,
    ...overrides,
  }
}

function notificationsApi (items: Notification[]): jest.Mocked<NotificationsApi> {
  const unread = items.filter(item => !item.read).length
  return {
    list: jest.fn().mockResolvedValue({ items, next_cursor: null, unread }),
    unread: jest.fn().mockResolvedValue({ unread }),
    markRead: jest.fn().mockImplementation(async body => ({ ids: 'ids' in body ? body.ids : [], all: 'all' in body, unread: 0 })),
    settings: jest.fn().mockResolvedValue({ items: [] }),
    setServer: jest.fn(),
    setChannel: jest.fn(),
    pushKey: jest.fn().mockResolvedValue({ public_key: 'BPk' }),
    savePush: jest.fn().mockImplementation(async body => ({ endpoint: body.endpoint, subscribed: true })),
    deletePush: jest.fn().mockImplementation(async endpoint => ({ endpoint, subscribed: false })),
  }
}

let navigateTo: jest.SpyInstance
beforeEach(() => {
  navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as TaroGeneral.CallbackResult)
})
afterEach(() => {
  unmountPages()
  jest.restoreAllMocks()
})

describe('the inbox page', () => {
  it('shows a reply a moderator deleted as 消息已删除, not its words, and a tap opens its channel where it was', async () => {
    const notifications = notificationsApi([notification(1, { kind: 'reply', excerpt: '', deleted: true })])
    const api = fakeApi()
    api.getMe.mockResolvedValue(ME)
    const page = await mountPage(Inbox, { api, signedIn: ME, notifications })
    await page.settle()
    expect(document.querySelector('.inbox__excerpt')?.textContent).toBe('消息已删除')
    await page.tap('.inbox__row')
    expect(navigateTo).toHaveBeenCalledWith({ url: expect.stringContaining('around=m1') })
  })

  it('offers 重试 when the list failed in a way a retry can fix, and none when the server refused it', async () => {
    const api = fakeApi()
    api.getMe.mockResolvedValue(ME)
    const notifications = notificationsApi([notification(1)])
    notifications.list.mockRejectedValueOnce(new RequestError({ kind: 'server', code: 503000, status: 503, message: '服务暂时不可用，请稍后重试' }))
    const page = await mountPage(Inbox, { api, signedIn: ME, notifications })
    await page.settle()
    await page.tap('.state-view__retry')
    expect(page.text()).toContain('hello 1')
    unmountPages()
    notifications.list.mockRejectedValueOnce(new RequestError({ kind: 'server', code: 403000, status: 403, message: '你没有权限这样做' }))
    const refused = await mountPage(Inbox, { api, signedIn: ME, notifications })
    await refused.settle()
    expect(document.querySelector('.state-view--error')).not.toBeNull()
    expect(document.querySelector('.state-view__retry')).toBeNull()
  })

  it('says a deleted item is gone when it has nowhere to open', async () => {
    const showToast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
    const notifications = notificationsApi([notification(1, { kind: 'reply', server_id: null, channel_id: null, message_id: null, excerpt: '', deleted: true })])
    const api = fakeApi()
    api.getMe.mockResolvedValue(ME)
    const page = await mountPage(Inbox, { api, signedIn: ME, notifications })
    await page.settle()
    await page.tap('.inbox__row')
    expect(navigateTo).not.toHaveBeenCalled()
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '消息已删除' }))
  })

  it('lists the notifications in words, and a tap marks one read and opens its message in its channel', async () => {
    const notifications = notificationsApi([notification(2), notification(1, { kind: 'moderation', act: 'timeout', channel_id: null, message_id: null, excerpt: '星海城', read: true })])
    const api = fakeApi()
    api.getMe.mockResolvedValue(ME)
    const page = await mountPage(Inbox, { api, signedIn: ME, notifications })
    await page.settle()
    expect(Array.from(document.querySelectorAll('.inbox__headline')).map(node => node.textContent)).toEqual(['林 提到了你', '你被禁言了'])
    expect(document.querySelectorAll('.inbox__row--unread')).toHaveLength(1)
    await page.tap('.inbox__row', '林 提到了你')
    expect(notifications.markRead).toHaveBeenCalledWith({ ids: [notification(2).notification_id] })
    // opened in its channel's history around the message (highlighted there)
    expect(navigateTo).toHaveBeenCalledWith({ url: expect.stringMatching(/^\/pages\/channel\/index\?(?=.*channel_id=c1)(?=.*around=m2)/) })
    expect(document.querySelectorAll('.inbox__row--unread')).toHaveLength(0)
  })

  it('opened first by a newcomer, waits for the launch\'s guest sign-in and then lists the notifications', async () => {
    const api = fakeApi()
    let answer: (value: { token: string, user: typeof ME }) => void = () => undefined
    api.guestLogin.mockReturnValue(new Promise(resolve => { answer = resolve }))
    const notifications = notificationsApi([notification(1)])
    let signedInAtList: boolean | null = null
    const page = await mountPage(Inbox, {
      api,
      notifications,
      beforeMount: root => {
        // the server answers 401 to a list asked for without a session
        notifications.list.mockImplementation(async () => {
          signedInAtList = root.session.isSignedIn
          if (!root.session.isSignedIn) throw Object.assign(new Error('request:fail 401'), { status: 401 })
          return { items: [notification(1)], next_cursor: null, unread: 1 }
        })
        void root.session.ensureSignedIn() // the app's launch, still under way
      },
    })
    await page.settle()
    expect(notifications.list).not.toHaveBeenCalled()
    expect(document.querySelector('.state-view--error')).toBeNull()
    await page.testUtils.act(async () => { answer({ token: 't', user: user({ uid: 'B_new', nickname: '游客1' }) }) })
    await page.settle()
    expect(signedInAtList).toBe(true)
    expect(api.guestLogin).toHaveBeenCalledTimes(1)
    expect(Array.from(document.querySelectorAll('.inbox__headline')).map(node => node.textContent)).toEqual(['林 提到了你'])
  })

  it('says a failed sign-in, and its retry signs in and lists the notifications', async () => {
    const api = fakeApi()
    api.guestLogin.mockRejectedValueOnce(new Error('offline'))
    api.guestLogin.mockResolvedValue({ token: 't', user: user({ uid: 'B_new', nickname: '游客1' }) })
    const notifications = notificationsApi([notification(1)])
    const page = await mountPage(Inbox, { api, notifications })
    await page.settle()
    expect(notifications.list).not.toHaveBeenCalled()
    await page.tap('.state-view__retry')
    await page.settle()
    expect(Array.from(document.querySelectorAll('.inbox__headline')).map(node => node.textContent)).toEqual(['林 提到了你'])
  })

  it('opens a direct message\'s conversation', async () => {
    const notifications = notificationsApi([notification(1, { kind: 'direct_message', server_id: null, channel_id: 'dm1', excerpt: '在吗' })])
    const api = fakeApi()
    api.getMe.mockResolvedValue(ME)
    const page = await mountPage(Inbox, { api, signedIn: ME, notifications })
    await page.settle()
    await page.tap('.inbox__row', '林 给你发了私信')
    // the conversation page (built beside this one: until it is routed, the not-found page names it)
    const url: string = navigateTo.mock.calls[0][0].url
    expect([url.includes('conversation_id=dm1'), /pages(\/|%2F)conversation(\/|%2F)index/.test(url)]).toEqual([true, true])
  })

  it('shows the unread count on Me, and opens the inbox from there', async () => {
    const notifications = notificationsApi([notification(1), notification(2)])
    const api = fakeApi()
    api.getMe.mockResolvedValue(ME)
    const page = await mountPage(Me, { api, signedIn: ME, notifications, beforeMount: root => { void root.inbox.refreshUnread() } })
    await page.settle()
    expect(document.querySelector('.me__inbox-badge')?.textContent).toBe('2')
    await page.tap('.me__inbox')
    expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/inbox/index' })
  })
})

/** Gives jsdom's window service workers, PushManager and Notification (permission as the member left it, `answer` to the prompt); removed after each test. */
function installPush (permission: NotificationPermission, answer: NotificationPermission = permission) {
  const subscription = { endpoint: 'https://push.example/1', toJSON: () => ({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } }), unsubscribe: jest.fn(async () => true) }
  const registration = { pushManager: { getSubscription: jest.fn(async () => null), subscribe: jest.fn(async () => subscription) } }
  const parts: Record<string, [object, unknown]> = {
    serviceWorker: [navigator, { register: jest.fn(async () => registration), getRegistration: jest.fn(async () => undefined) }],
    PushManager: [window, class {}],
    Notification: [window, { permission, requestPermission: jest.fn(async () => answer) }],
  }
  for (const [name, [owner, value]] of Object.entries(parts)) Object.defineProperty(owner, name, { value, configurable: true })
  installed.push(() => { for (const [name, [owner]] of Object.entries(parts)) delete (owner as Record<string, unknown>)[name] })
}
const installed: Array<() => void> = []
afterEach(() => { for (const remove of installed.splice(0)) remove() })

describe('the inbox\'s away-from-the-app opt-in (Web Push on H5)', () => {
  async function open (notifications = notificationsApi([notification(1)])) {
    const api = fakeApi()
    api.getMe.mockResolvedValue(ME)
    const page = await mountPage(Inbox, { api, signedIn: ME, notifications })
    await page.settle()
    return page
  }

  it('is not offered where the browser has no Web Push', async () => {
    await open()
    expect(document.querySelector('.inbox__away')).toBeNull()
    expect(document.querySelector('.inbox__away-denied')).toBeNull()
  })

  it('is offered where it is supported; a tap subscribes and hands the subscription to the server, and the button then turns it off', async () => {
    installPush('default', 'granted')
    const notifications = notificationsApi([notification(1)])
    const page = await open(notifications)
    expect(document.querySelector('.inbox__away')?.textContent).toBe('离开时通知我')
    await page.tap('.inbox__away')
    await page.settle()
    expect(notifications.savePush).toHaveBeenCalledWith({ endpoint: 'https://push.example/1', keys: { p256dh: 'p', auth: 'a' } })
    expect(document.querySelector('.inbox__away')?.textContent).toBe('关闭离开时通知')
  })

  it('says how to allow notifications when the member blocked them for the site', async () => {
    installPush('denied')
    await open()
    expect(document.querySelector('.inbox__away')).toBeNull()
    expect(document.querySelector('.inbox__away-denied')?.textContent).toBe('浏览器已禁止本站通知，请在浏览器设置中开启')
  })

  it('shows a failure in a toast and stays off', async () => {
    const showToast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'showToast:ok' })
    installPush('granted')
    const notifications = notificationsApi([notification(1)])
    notifications.savePush.mockRejectedValue(new Error('推送服务不可用'))
    const page = await open(notifications)
    await page.tap('.inbox__away')
    await page.settle()
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '推送服务不可用' }))
    expect(document.querySelector('.inbox__away')?.textContent).toBe('离开时通知我')
  })
})
