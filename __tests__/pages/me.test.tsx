import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import type { User } from '@core/wire/entities'
import Me from '@/pages/me/index'
import { auditRejection, fakeApi, user, type FakeApi } from '../stores/support/fakes'
import { RequestError } from '@/services/request/errors'
import { mountPage, spyToasts, toastTitles, unmountPages, type MountedPage } from '../support/page-harness'

const NOW = Date.UTC(2024, 5, 1, 4, 0, 0) // 2024-06-01 12:00 in UTC+8
const TODAY = Math.floor(Date.UTC(2024, 5, 1, 1, 0, 0) / 1000) // 09:00 the same day in UTC+8
const LAST_YEAR = Math.floor(Date.UTC(2023, 0, 2) / 1000)

function signedInApi (who: User): FakeApi {
  const api = fakeApi()
  api.getMe.mockResolvedValue(who)
  return api
}

async function openMe (who: User, api: FakeApi = signedInApi(who)) {
  const page = await mountPage(Me, { api, signedIn: who, now: NOW })
  await page.testUtils.queries.waitForQuerySelector('.me__nickname')
  return page
}

function text (testUtils: TestUtils, selector: string): string | null | undefined {
  return testUtils.queries.querySelector(selector)?.textContent
}

/** Types into the field's text box as a user would (the H5 input's own input event). */
async function typeInto (testUtils: TestUtils, fieldIndex: number, value: string): Promise<void> {
  const box = testUtils.queries.querySelectorAll('.profile-field')[fieldIndex].querySelector('input, textarea') as HTMLInputElement
  await testUtils.act(async () => {
    box.value = value
    box.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

async function pressSave (testUtils: TestUtils, fieldIndex: number): Promise<void> {
  const button = testUtils.queries.querySelectorAll('.profile-field__save')[fieldIndex]
  await testUtils.act(async () => { testUtils.fireEvent.click(button) })
}

let toasts: jest.SpyInstance
beforeEach(() => { toasts = spyToasts() })
afterEach(() => {
  unmountPages()
  jest.restoreAllMocks()
})

describe('Me page', () => {
  it('shows the signed-in identity: avatar, nickname, signature, kind and a new member', async () => {
    const { testUtils } = await openMe(user({ uid: 'B_42', nickname: '小游客', signature: '来看看', addtime: TODAY, avatar: 'https://cdn.example/a.png' }))
    expect(text(testUtils, '.me__nickname')).toBe('小游客')
    expect(text(testUtils, '.me__signature')).toBe('来看看')
    expect(text(testUtils, '.identity-badge')).toBe('游客')
    expect(text(testUtils, '.me__age')).toBe('新用户')
    expect(testUtils.queries.querySelector('.avatar-picker__image')?.getAttribute('src')).toBe('https://cdn.example/a.png')
    expect(text(testUtils, '.me__meta')).toBe('ID B_42 · 注册于 2024-06-01')
  })

  it.each<[string, Partial<User>, string]>([
    ['a user', { uid: 'U_1', user_type: 1 }, '用户'],
    ['a bot', { uid: 'C_1' }, '机器人'],
    ['a map account', { uid: 'D_1' }, '地图账号'],
  ])('names the identity of %s and an old member', async (_who, overrides, badge) => {
    const { testUtils } = await openMe(user({ ...overrides, addtime: LAST_YEAR }))
    expect(text(testUtils, '.identity-badge')).toBe(badge)
    expect(text(testUtils, '.me__age')).toBe('老用户')
  })

  it('signs a newcomer in as a guest and shows them', async () => {
    const api = fakeApi()
    api.guestLogin.mockResolvedValue({ token: 't', user: user({ uid: 'B_new', nickname: '游客8848', addtime: TODAY }) })
    const { testUtils } = await mountPage(Me, { api, now: NOW })
    expect((await testUtils.queries.waitForQuerySelector('.me__nickname')).textContent).toBe('游客8848')
  })

  it('waits for a sign-in the app already started instead of signing in a second guest', async () => {
    const api = fakeApi()
    let answer: (value: { token: string, user: User }) => void = () => undefined
    api.guestLogin.mockReturnValue(new Promise(resolve => { answer = resolve }))
    const { testUtils, root } = await mountPage(Me, {
      api,
      now: NOW,
      beforeMount: stores => { void stores.session.ensureSignedIn() }, // the app's launch
    })
    await testUtils.act(async () => { answer({ token: 't', user: user({ nickname: '唯一游客' }) }) })
    expect((await testUtils.queries.waitForQuerySelector('.me__nickname')).textContent).toBe('唯一游客')
    expect(api.guestLogin).toHaveBeenCalledTimes(1)
    expect(root.session.user?.nickname).toBe('唯一游客')
  })

  it('renders a nickname and signature as text, never as HTML', async () => {
    const { testUtils } = await openMe(user({ nickname: '<b>粗</b>', signature: '<img src=x onerror=alert(1)>' }))
    expect(text(testUtils, '.me__nickname')).toBe('<b>粗</b>')
    expect(text(testUtils, '.me__signature')).toBe('<img src=x onerror=alert(1)>')
    expect(testUtils.queries.querySelector('.me__header b, .me__signature img')).toBeNull()
  })

  it('saves an accepted nickname: the new name shows and a toast confirms', async () => {
    const api = signedInApi(user({ nickname: '旧名字' }))
    api.updateProfile.mockResolvedValue(user({ nickname: '新名字' }))
    const { testUtils } = await openMe(user({ nickname: '旧名字' }), api)
    await typeInto(testUtils, 0, '新名字')
    await pressSave(testUtils, 0)
    expect(api.updateProfile).toHaveBeenCalledWith({ nickname: '新名字' })
    expect(text(testUtils, '.me__nickname')).toBe('新名字')
    expect(toastTitles(toasts)).toEqual(['已保存'])
  })

  it('keeps the old nickname on screen and shows the field message when the audit refuses it (SPEC §5)', async () => {
    const api = signedInApi(user({ nickname: '旧名字' }))
    api.updateProfile.mockRejectedValue(auditRejection(104002, '昵称未通过审核，请修改后重试', 'nickname'))
    const { testUtils } = await openMe(user({ nickname: '旧名字' }), api)
    await typeInto(testUtils, 0, '坏名字')
    await pressSave(testUtils, 0)
    const field = testUtils.queries.querySelectorAll('.profile-field')[0]
    expect(field.querySelector('.profile-field__error')?.textContent).toBe('昵称未通过审核，请修改后重试')
    expect((field.querySelector('input') as HTMLInputElement).value).toBe('旧名字')
    expect(text(testUtils, '.me__nickname')).toBe('旧名字')
    expect(toastTitles(toasts)).toEqual([])
  })

  it('hides the audit message once the nickname is edited again', async () => {
    const api = signedInApi(user({ nickname: '旧名字' }))
    api.updateProfile.mockRejectedValue(auditRejection(104002, '昵称未通过审核，请修改后重试', 'nickname'))
    const { testUtils } = await openMe(user({ nickname: '旧名字' }), api)
    await typeInto(testUtils, 0, '坏名字')
    await pressSave(testUtils, 0)
    await typeInto(testUtils, 0, '好名字')
    expect(testUtils.queries.querySelector('.profile-field__error')).toBeNull()
  })

  it('refuses an empty nickname without asking the server', async () => {
    const api = signedInApi(user({ nickname: '旧名字' }))
    const { testUtils } = await openMe(user({ nickname: '旧名字' }), api)
    await typeInto(testUtils, 0, '   ')
    await pressSave(testUtils, 0)
    expect(text(testUtils, '.profile-field__error')).toBe('昵称不能为空')
    expect(api.updateProfile).not.toHaveBeenCalled()
  })

  it('saves a signature and limits both texts to 140 characters (SPEC §9)', async () => {
    const api = signedInApi(user({ signature: '' }))
    api.updateProfile.mockResolvedValue(user({ signature: '你好' }))
    const { testUtils } = await openMe(user({ signature: '' }), api)
    const boxes = Array.from(testUtils.queries.querySelectorAll('.profile-field__input'))
    expect(boxes.map(box => box.getAttribute('maxlength'))).toEqual(['140', '140'])
    await typeInto(testUtils, 1, '你好')
    await pressSave(testUtils, 1)
    expect(api.updateProfile).toHaveBeenCalledWith({ signature: '你好' })
    expect(text(testUtils, '.me__signature')).toBe('你好')
  })

  it('toasts a save that failed for another reason than the audit', async () => {
    const api = signedInApi(user({ nickname: '旧名字' }))
    api.updateProfile.mockRejectedValue(new Error('offline'))
    const { testUtils } = await openMe(user({ nickname: '旧名字' }), api)
    await typeInto(testUtils, 0, '新名字')
    await pressSave(testUtils, 0)
    expect(toastTitles(toasts)).toEqual(['请求异常'])
    expect(text(testUtils, '.me__nickname')).toBe('旧名字')
  })

  it('uploads a picked photo with a storage token and saves it as the avatar', async () => {
    const api = signedInApi(user())
    api.updateProfile.mockImplementation(async patch => user({ avatar: patch.avatar }))
    jest.spyOn(Taro, 'chooseImage').mockResolvedValue({ tempFilePaths: ['blob:http://localhost/p'], tempFiles: [{ path: 'blob:http://localhost/p', size: 10, type: 'image/png' }], errMsg: 'ok' })
    api.getUploadToken.mockResolvedValue({ domain: 'https://files.test', token: 'ak:sign:policy' })
    jest.spyOn(Taro, 'uploadFile').mockImplementation((() => Promise.resolve({ statusCode: 200, data: '{"key":"uploads/a.png"}', errMsg: 'ok' })) as never)
    const { testUtils } = await openMe(user(), api)
    await testUtils.act(async () => { testUtils.fireEvent.click(testUtils.queries.queryByText('更换头像')) })
    await testUtils.queries.waitForQuerySelector('.avatar-picker__image[src="https://files.test/uploads/a.png"]')
    expect(api.getUploadToken).toHaveBeenCalledWith(expect.objectContaining({ mime: 'image/png' }))
    expect(api.updateProfile).toHaveBeenCalledWith({ avatar: 'https://files.test/uploads/a.png' })
    expect(toastTitles(toasts)).toEqual(['已保存'])
  })

  it('says so in a toast and keeps the avatar when the upload fails', async () => {
    const api = signedInApi(user({ avatar: 'https://cdn.example/old.png' }))
    jest.spyOn(Taro, 'chooseImage').mockResolvedValue({ tempFilePaths: ['/tmp/p.jpg'], tempFiles: [{ path: '/tmp/p.jpg', size: 10 }], errMsg: 'ok' })
    api.getUploadToken.mockResolvedValue(null) // SPEC §8: no token, an empty result
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const { testUtils } = await openMe(user({ avatar: 'https://cdn.example/old.png' }), api)
    await testUtils.act(async () => { testUtils.fireEvent.click(testUtils.queries.queryByText('更换头像')) })
    await testUtils.act(async () => { await new Promise(resolve => setTimeout(resolve, 0)) })
    expect(toastTitles(toasts)).toEqual(['头像上传失败，请稍后重试'])
    expect(api.updateProfile).not.toHaveBeenCalled()
    expect(testUtils.queries.querySelector('.avatar-picker__image')?.getAttribute('src')).toBe('https://cdn.example/old.png')
  })

  it('does nothing when the photo picker is closed', async () => {
    const api = signedInApi(user())
    jest.spyOn(Taro, 'chooseImage').mockRejectedValue({ errMsg: 'chooseImage:fail cancel' })
    const { testUtils } = await openMe(user(), api)
    await testUtils.act(async () => { testUtils.fireEvent.click(testUtils.queries.queryByText('更换头像')) })
    expect(api.updateProfile).not.toHaveBeenCalled()
    expect(toasts).not.toHaveBeenCalled()
  })

  it('uploads a generated avatar through the base64 call and saves it', async () => {
    const api = signedInApi(user())
    api.updateProfile.mockImplementation(async patch => user({ avatar: patch.avatar }))
    api.uploadBase64.mockResolvedValue('/files/base64/x.png')
    const { testUtils } = await openMe(user(), api)
    await testUtils.act(async () => { testUtils.fireEvent.click(testUtils.queries.queryByText('生成头像')) })
    await testUtils.queries.waitForQuerySelector('.avatar-picker__image[src="/files/base64/x.png"]')
    expect(api.uploadBase64.mock.calls[0][0]).toMatch(/^data:image\/png;base64,iVBORw0KGgo/)
    expect(api.updateProfile).toHaveBeenCalledWith({ avatar: '/files/base64/x.png' })
  })

  it('shows the avatar audit message under the avatar and keeps the old one', async () => {
    const api = signedInApi(user({ avatar: 'https://cdn.example/old.png' }))
    api.updateProfile.mockRejectedValue(auditRejection(104005, '头像未通过审核，请修改后重试', 'avatar'))
    api.uploadBase64.mockResolvedValue('/files/base64/bad.png')
    const { testUtils } = await openMe(user({ avatar: 'https://cdn.example/old.png' }), api)
    await testUtils.act(async () => { testUtils.fireEvent.click(testUtils.queries.queryByText('生成头像')) })
    expect((await testUtils.queries.waitForQuerySelector('.avatar-picker__error')).textContent).toBe('头像未通过审核，请修改后重试')
    expect(testUtils.queries.querySelector('.avatar-picker__image')?.getAttribute('src')).toBe('https://cdn.example/old.png')
  })

  it('offers a retry when signing in failed', async () => {
    const api = fakeApi()
    api.guestLogin.mockRejectedValueOnce(new Error('offline'))
    jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const { testUtils } = await mountPage(Me, { api, now: NOW })
    const retry = await testUtils.queries.waitForQueryByText('重试')
    api.guestLogin.mockResolvedValue({ token: 't', user: user({ nickname: '游客1' }) })
    testUtils.fireEvent.click(retry)
    expect((await testUtils.queries.waitForQuerySelector('.me__nickname')).textContent).toBe('游客1')
  })
})

describe('Me diagnostics', () => {
  it('shows the debug panel with debug', async () => {
    const who = user({ nickname: '旧名字' })
    const { testUtils } = await mountPage(Me, { api: signedInApi(who), signedIn: who, now: NOW, params: { debug: '1' } })
    const panel = await testUtils.queries.waitForQuerySelector('.debug-panel')
    expect(panel.textContent).toContain('版本号 10001')
  })

  it('lists the devices signed in to the account, this one marked and without a sign-out of its own', async () => {
    const who = user({ uid: 'B_me', addtime: LAST_YEAR })
    const sessions = jest.fn().mockResolvedValue({
      list: [
        { session_id: 'aa', created_at: LAST_YEAR, last_used_at: TODAY, expires_at: TODAY + 86400, user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) MicroMessenger/8.0', current: true },
        { session_id: 'bb', created_at: LAST_YEAR, last_used_at: LAST_YEAR, expires_at: TODAY + 86400, user_agent: 'Mozilla/5.0 (Linux; Android 14) Chrome/124.0 Mobile Safari/537.36', current: false },
      ],
    })
    const page = await mountPage(Me, { api: signedInApi(who), signedIn: who, now: NOW, beforeMount: root => { Object.assign(root.trust, { sessions }) } })
    await page.testUtils.queries.waitForQuerySelector('[data-testid="session-row"]')
    const rows = Array.from(document.querySelectorAll('[data-testid="session-row"]')).map(row => row.textContent ?? '')
    expect(rows[0]).toContain('微信 · iOS本设备')
    expect(rows[1]).toContain('Chrome · Android')
    expect(document.querySelectorAll('[data-testid="session-revoke"]')).toHaveLength(1)
    expect(text(page.testUtils, '[data-testid="sign-out"]')).toBe('退出登录')
  })
})

describe('Me: 账号与安全', () => {
  it('offers a guest the sign-in sheet, with the e-mail code and 暂不登录', async () => {
    const who = user({ uid: 'B_guest', addtime: LAST_YEAR })
    const page = await mountPage(Me, { api: signedInApi(who), signedIn: who, now: NOW })
    await page.testUtils.queries.waitForQuerySelector('[data-testid="account-sign-in"]')
    await page.tap('[data-testid="account-sign-in"]')
    expect(document.querySelector('[data-testid="sign-in-sheet"]')?.textContent).toContain('登录或注册')
    expect(document.querySelector('[data-testid="sign-in-email"]')).not.toBeNull()
    await page.tap('[data-testid="sign-in-later"]')
    expect(document.querySelector('[data-testid="sign-in-sheet"]')).toBeNull()
  })

  it('shows an account its e-mail, WeChat link and passkeys, and the account\'s own actions', async () => {
    const who = user({ uid: '123456789012', addtime: LAST_YEAR })
    const accounts = {
      signInMethods: jest.fn().mockResolvedValue({ email: 'deer@mail.example', passkeys: 1, wechat: true }),
      passkeys: jest.fn().mockResolvedValue({ list: [{ credential_id: 'a', name: 'iPhone', created_at: 1, last_used_at: 1 }] }),
    }
    const page = await mountPage(Me, { api: signedInApi(who), signedIn: who, now: NOW, accounts: accounts as never })
    await page.testUtils.queries.waitForQuerySelector('[data-testid="passkey-row"]')
    const section = document.querySelector('[data-testid="account-section"]')?.textContent ?? ''
    expect(section).toContain('deer@mail.example')
    expect(section).toContain('已绑定')
    expect(section).toContain('iPhone')
    for (const action of ['sign-out-everywhere', 'export-data', 'delete-account']) expect(document.querySelector(`[data-testid="${action}"]`)).not.toBeNull()
  })

  it('adds an e-mail to an account: a code to the address, an expired code told under its field, the right one links it', async () => {
    const who = user({ uid: '123456789012', addtime: LAST_YEAR })
    const toasts = spyToasts()
    const accounts = {
      signInMethods: jest.fn().mockResolvedValueOnce({ email: null, passkeys: 1, wechat: false }).mockResolvedValue({ email: 'deer@mail.example', passkeys: 1, wechat: false }),
      passkeys: jest.fn().mockResolvedValue({ list: [] }),
      emailStart: jest.fn().mockResolvedValue({ sent: true }),
      emailVerify: jest.fn()
        .mockRejectedValueOnce(new RequestError({ kind: 'server', code: 400000, status: 400, message: '验证码已过期，请重新获取' }))
        .mockResolvedValueOnce({ token: 'test-token', user: who, created: false, upgraded_from: null }),
    }
    const page = await mountPage(Me, { api: signedInApi(who), signedIn: who, now: NOW, accounts: accounts as never })
    await page.testUtils.queries.waitForQuerySelector('[data-testid="account-email-change"]')
    expect(text(page.testUtils, '[data-testid="account-email"]')).toBe('未绑定')
    expect(text(page.testUtils, '[data-testid="account-email-change"]')).toBe('绑定邮箱')
    await page.tap('[data-testid="account-email-change"]')
    await typeIntoBox(page, '[data-testid="sign-in-email"]', 'deer@mail.example')
    await page.tap('[data-testid="sign-in-send"]')
    expect(accounts.emailStart).toHaveBeenCalledWith('deer@mail.example')
    await typeIntoBox(page, '[data-testid="sign-in-code"]', '123456')
    await page.tap('[data-testid="sign-in-verify"]')
    expect(text(page.testUtils, '[data-testid="sign-in-code-error"]')).toBe('验证码已过期，请重新获取')
    await page.tap('[data-testid="sign-in-verify"]')
    expect(accounts.emailVerify).toHaveBeenLastCalledWith('deer@mail.example', '123456')
    expect(toastTitles(toasts)).toContain('邮箱 deer@mail.example 已绑定，可用它登录')
    expect(document.querySelector('[data-testid="sign-in-code-error"]')).toBeNull()
    expect(document.querySelector('[data-testid="sign-in-code"]')).toBeNull()
    expect(text(page.testUtils, '[data-testid="account-email"]')).toBe('deer@mail.example')
    expect(text(page.testUtils, '[data-testid="account-email-change"]')).toBe('更换邮箱')
  })
})

/** Types into the text box `selector` names (the H5 input's own input event). */
async function typeIntoBox (page: MountedPage, selector: string, value: string): Promise<void> {
  const box = await page.testUtils.queries.waitForQuerySelector(`${selector} input, input${selector}`) as HTMLInputElement
  await page.testUtils.act(async () => {
    box.value = value
    box.dispatchEvent(new Event('input', { bubbles: true }))
  })
  await page.settle()
}
