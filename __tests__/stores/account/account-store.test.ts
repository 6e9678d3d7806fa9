import type { AccountSignInData, Passkey } from '@core/wire/accounts'
import { ACCOUNT_CODES } from '@core/wire/accounts-paths'
import type { IdentityKind } from '@core/domain/identity'
import type { User } from '@core/wire/entities'
import type { AccountApi } from '@/services/api/accounts'
import { RequestError } from '@/services/request/errors'
import { AccountStore, type WebauthnCeremonies } from '@/stores/account/account-store'
import { fakeLogger, fakeSignOut } from '../support/fakes'

const ACCOUNT: User = { uid: '123456789012', user_type: 1, addtime: 1_700_000_000, nickname: '小鹿', avatar: '', signature: '', gender: 0 }

function signedIn (created: boolean, token = 'fresh-token'): AccountSignInData {
  return { token, user: ACCOUNT, created, upgraded_from: created ? 'B_abcdef' : null }
}

function passkey (id: string, name: string): Passkey {
  return { credential_id: id, name, created_at: 1_700_000_000, last_used_at: 1_700_000_000 }
}

function refusal (status: number, message: string): RequestError {
  return new RequestError({ kind: 'server', code: status * 1000, message, status })
}

type FakeAccountApi = { [K in keyof AccountApi]: jest.Mock }

function setup (webauthn: WebauthnCeremonies | null = { register: jest.fn().mockResolvedValue({ id: 'new' }), authenticate: jest.fn().mockResolvedValue({ id: 'signed' }) }, kind: IdentityKind | null = 'guest') {
  const api: FakeAccountApi = {
    emailStart: jest.fn().mockResolvedValue({ sent: true }),
    emailVerify: jest.fn().mockResolvedValue(signedIn(true)),
    passkeyRegisterOptions: jest.fn().mockResolvedValue({ options: { challenge: 'reg' } }),
    passkeyRegister: jest.fn().mockResolvedValue(signedIn(true)),
    passkeySignInOptions: jest.fn().mockResolvedValue({ options: { challenge: 'auth' } }),
    passkeySignIn: jest.fn().mockResolvedValue(signedIn(false)),
    passkeys: jest.fn().mockResolvedValue({ list: [passkey('a', 'Phone')] }),
    renamePasskey: jest.fn().mockResolvedValue({ done: true }),
    removePasskey: jest.fn().mockResolvedValue({ done: true }),
    wechatWebStart: jest.fn().mockResolvedValue({ url: 'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx', state: 's' }),
    wechatWeb: jest.fn().mockResolvedValue(signedIn(false)),
    wechatMiniProgram: jest.fn().mockResolvedValue(signedIn(false)),
    devSignIn: jest.fn().mockResolvedValue(signedIn(false)),
    handoff: jest.fn().mockResolvedValue({ code: 'h'.repeat(43), expires_in: 60 }),
    redeemHandoff: jest.fn().mockResolvedValue(signedIn(false, 'web-view-token')),
    signInMethods: jest.fn().mockResolvedValue({ email: 'deer@mail.example', passkeys: 1, wechat: false }),
    signOutEverywhere: jest.fn().mockResolvedValue({ done: true }),
    exportData: jest.fn().mockResolvedValue({ exported_at: 1, profile: ACCOUNT, messages: [] }),
    deleteAccount: jest.fn().mockResolvedValue({ done: true }),
  }
  const session = { adopt: jest.fn(), ...fakeSignOut(), identityKind: kind as IdentityKind | null }
  const logger = fakeLogger()
  const store = new AccountStore({ api: api as unknown as AccountApi, session, webauthn, logger })
  return { api, session, store, webauthn, logger }
}

describe('AccountStore: signing in', () => {
  it('signs up with an e-mail code: the code goes to the address, and the answer becomes this device\'s login', async () => {
    const { api, session, store } = setup()
    expect(await store.sendCode(' deer@mail.example ')).toBe('验证码已发送至 deer@mail.example')
    expect(store.codeSentTo).toBe('deer@mail.example')
    expect(await store.verifyCode('042137')).toBe('账号已创建，欢迎！')
    expect(api.emailVerify).toHaveBeenCalledWith('deer@mail.example', '042137')
    expect(session.adopt).toHaveBeenCalledWith(signedIn(true))
    expect(store.codeSentTo).toBeNull()
  })

  it('says a wrong code in the server\'s words and keeps the login as it was', async () => {
    const { api, session, store } = setup()
    await store.sendCode('deer@mail.example')
    api.emailVerify.mockRejectedValueOnce(refusal(400, '验证码不正确'))
    expect(await store.verifyCode('000000')).toBe('验证码不正确')
    expect(session.adopt).not.toHaveBeenCalled()
    expect(store.codeSentTo).toBe('deer@mail.example')
    // the reason stays for under the code's field until a new code or a right one
    expect(store.codeError).toBe('验证码不正确')
    expect(await store.verifyCode('042137')).toBe('账号已创建，欢迎！')
    expect(store.codeError).toBeNull()
  })

  it('clears a refused code\'s reason when a new code is sent, and forgets the address on cancel', async () => {
    const { api, store } = setup()
    await store.sendCode('deer@mail.example')
    api.emailVerify.mockRejectedValueOnce(refusal(400, '验证码已过期，请重新获取'))
    await store.verifyCode('000000')
    expect(store.codeError).toBe('验证码已过期，请重新获取')
    await store.sendCode('deer@mail.example')
    expect(store.codeError).toBeNull()
    store.cancelCode()
    expect([store.codeSentTo, store.codeError]).toEqual([null, null])
  })

  it('adds (or changes) the address of a signed-in account: the methods are read again and the sentence says so', async () => {
    const { api, session, store } = setup(undefined, 'user')
    api.emailVerify.mockResolvedValueOnce(signedIn(false, 'same-token'))
    api.signInMethods.mockResolvedValueOnce({ email: 'new@mail.example', passkeys: 1, wechat: false })
    await store.sendCode('new@mail.example')
    expect(await store.verifyCode('123456')).toBe('邮箱 new@mail.example 已绑定，可用它登录')
    expect(session.adopt).toHaveBeenCalledWith(signedIn(false, 'same-token'))
    expect(store.signIns).toBe(0)
    expect(store.methods?.email).toBe('new@mail.example')
  })

  it('asks for a code before checking one', async () => {
    const { api, store } = setup()
    expect(await store.verifyCode('123456')).toBe('请先获取验证码')
    expect(api.emailVerify).not.toHaveBeenCalled()
  })

  it('signs up with a passkey: the browser creates it for the server\'s options', async () => {
    const { api, session, store, webauthn } = setup()
    expect(await store.addPasskey('iPhone')).toBe('账号已创建，欢迎！')
    expect(webauthn?.register).toHaveBeenCalledWith({ challenge: 'reg' })
    expect(api.passkeyRegister).toHaveBeenCalledWith({ id: 'new' }, 'iPhone')
    expect(session.adopt).toHaveBeenCalled()
  })

  it('signs in with a passkey of this site', async () => {
    const { api, session, store, webauthn } = setup()
    expect(await store.signInWithPasskey()).toBe('已登录：小鹿')
    expect(webauthn?.authenticate).toHaveBeenCalledWith({ challenge: 'auth' })
    expect(api.passkeySignIn).toHaveBeenCalledWith({ id: 'signed' })
    expect(session.adopt).toHaveBeenCalledWith(signedIn(false))
  })

  it('says a cancelled passkey prompt as cancelled when making one, writing nothing', async () => {
    const { api, store, webauthn } = setup()
    ;(webauthn?.register as jest.Mock).mockRejectedValueOnce(Object.assign(new Error('The operation either timed out or was not allowed'), { name: 'NotAllowedError' }))
    expect(await store.addPasskey('iPhone')).toBe('已取消')
    expect(api.passkeyRegister).not.toHaveBeenCalled()
  })

  it('tells a passkey sign-in on a device without the account\'s passkey that it has none here, and points to the e-mail code', async () => {
    const { api, store, webauthn } = setup()
    ;(webauthn?.authenticate as jest.Mock).mockRejectedValueOnce(Object.assign(new Error('The operation either timed out or was not allowed'), { name: 'NotAllowedError' }))
    expect(await store.signInWithPasskey()).toBe('此设备上没有这个账号的通行密钥：请用下方的邮箱验证码登录')
    expect(api.passkeySignIn).not.toHaveBeenCalled()
  })

  it('says why a passkey cannot work on a page opened by IP address, and what to do, instead of 请求异常', async () => {
    const { store, webauthn } = setup()
    const invalidDomain = Object.assign(new Error('127.0.0.1 is an invalid domain'), { name: 'SecurityError', code: 'ERROR_INVALID_DOMAIN' })
    ;(webauthn?.register as jest.Mock).mockRejectedValueOnce(invalidDomain)
    ;(webauthn?.authenticate as jest.Mock).mockRejectedValueOnce(invalidDomain)
    const sentence = '通行密钥不能在以 IP 地址打开的页面上使用：请改用 localhost 或域名打开本页，或用邮箱验证码登录'
    expect([await store.addPasskey('Laptop'), await store.signInWithPasskey()]).toEqual([sentence, sentence])
  })

  it('offers no passkeys where the platform has none', async () => {
    const { store } = setup(null)
    expect(store.passkeysAvailable).toBe(false)
    expect(await store.signInWithPasskey()).toBe('当前浏览器不支持通行密钥，请使用邮箱验证码')
  })

  it('asks the server where WeChat\'s browser goes to authorise, coming back to this page', async () => {
    const { api, store } = setup()
    expect(await store.wechatAuthorizeUrl('https://realm.example/index.html', () => undefined)).toBe('https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx')
    expect(api.wechatWebStart).toHaveBeenCalledWith('snsapi_userinfo', 'https://realm.example/index.html')
  })

  it('asks for the silent snsapi_base authorisation, and goes on without it when the server has no Official Account', async () => {
    const { api, logger, store } = setup()
    expect(await store.silentWechatUrl('https://realm.example/index.html')).toBe('https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx')
    expect(api.wechatWebStart).toHaveBeenCalledWith('snsapi_base', 'https://realm.example/index.html')
    api.wechatWebStart.mockRejectedValueOnce(refusal(503, 'WeChat sign-in is not configured on this server (WX_APP_ID, WX_APP_SECRET)'))
    expect(await store.silentWechatUrl('https://realm.example/index.html')).toBeNull()
    expect(logger.warn).toHaveBeenCalled()
  })

  it('signs in with a development sign-in link', async () => {
    const { api, session, store } = setup()
    await store.signInWithLink('tok')
    expect(api.devSignIn).toHaveBeenCalledWith('tok')
    expect(session.adopt).toHaveBeenCalledWith(signedIn(false))
  })

  it('signs in with the mini-program\'s hand-off code as its member, in a session of its own', async () => {
    const { api, session, store } = setup()
    expect(await store.signInWithHandoff('h'.repeat(43))).toBe('已登录：小鹿')
    expect(api.redeemHandoff).toHaveBeenCalledWith('h'.repeat(43))
    expect(session.adopt).toHaveBeenCalledWith(signedIn(false, 'web-view-token'))
    expect(store.signIns).toBe(1)
  })

  it('says why a used or expired hand-off code did not sign in, and adopts nothing', async () => {
    const { api, session, store } = setup()
    api.redeemHandoff.mockRejectedValueOnce(refusal(400, '登录码无效或已过期，请从小程序重新打开'))
    expect(await store.signInWithHandoff('h'.repeat(43))).toBe('登录码无效或已过期，请从小程序重新打开')
    expect(session.adopt).not.toHaveBeenCalled()
  })

  it('signs the mini-program in at launch with Taro.login\'s code through code2Session', async () => {
    const { api, session, store } = setup()
    expect(await store.signInInMiniProgram(async () => 'wx-login-code')).toBe(true)
    expect(api.wechatMiniProgram).toHaveBeenCalledWith('wx-login-code')
    expect(session.adopt).toHaveBeenCalledWith(signedIn(false))
  })

  it('leaves the guest step to the caller when WeChat refuses the mini-program\'s code', async () => {
    const { api, session, store } = setup()
    api.wechatMiniProgram.mockRejectedValueOnce(refusal(400, 'WeChat refused'))
    expect(await store.signInInMiniProgram(async () => 'bad')).toBe(false)
    expect(session.adopt).not.toHaveBeenCalled()
  })

  it('leaves the guest step to the caller, and reports no failure, when Taro.login gives no code (no WeChat account on the device)', async () => {
    const { api, session, store, logger } = setup()
    expect(await store.signInInMiniProgram(async () => { throw new Error('login:fail no account') })).toBe(false)
    expect(api.wechatMiniProgram).not.toHaveBeenCalled()
    expect(session.adopt).not.toHaveBeenCalled()
    expect(logger.error).not.toHaveBeenCalled()
  })

  it('does one thing at a time', async () => {
    const { api, store } = setup()
    let finish: (value: unknown) => void = () => undefined
    api.emailStart.mockReturnValueOnce(new Promise(resolve => { finish = resolve }))
    const first = store.sendCode('deer@mail.example')
    expect(await store.signInWithPasskey()).toBe('正在处理上一个操作')
    finish({ sent: true })
    await first
  })
})

describe('AccountStore: Me\'s 账号与安全', () => {
  it('loads the sign-in methods and passkeys, even while the sign-in that made the account finishes', async () => {
    const { api, store } = setup()
    let finish: (value: unknown) => void = () => undefined
    api.emailStart.mockReturnValueOnce(new Promise(resolve => { finish = resolve }))
    const sending = store.sendCode('deer@mail.example')
    expect(await store.load()).toBe('')
    finish({ sent: true })
    await sending
    expect(store.methods).toEqual({ email: 'deer@mail.example', passkeys: 1, wechat: false })
    expect(store.passkeys.map(key => key.name)).toEqual(['Phone'])
  })

  it('adds a passkey to the signed-in account and lists it', async () => {
    const { api, session, store } = setup()
    api.passkeyRegister.mockResolvedValueOnce(signedIn(false, 'same-token'))
    api.passkeys.mockResolvedValueOnce({ list: [passkey('a', 'Phone'), passkey('b', 'Laptop')] })
    expect(await store.addPasskey('Laptop')).toBe('通行密钥已添加')
    expect(store.passkeys.map(key => key.name)).toEqual(['Phone', 'Laptop'])
    expect(session.adopt).not.toHaveBeenCalled()
  })

  it('renames and removes passkeys, and says the refusal of the last way in', async () => {
    const { api, store } = setup()
    await store.load()
    expect(await store.renamePasskey(store.passkeys[0], ' Work phone ')).toBe('已重命名')
    expect(api.renamePasskey).toHaveBeenCalledWith('a', 'Work phone')
    api.removePasskey.mockRejectedValueOnce(refusal(409, '这是你唯一的登录方式，请先添加邮箱或其他通行密钥再删除'))
    expect(await store.removePasskey(store.passkeys[0])).toBe('这是你唯一的登录方式，请先添加邮箱或其他通行密钥再删除')
  })

  it('signs out everywhere: the server ends every session, then this device forgets its login', async () => {
    const { api, session, store } = setup()
    expect(await store.signOutEverywhere()).toBe('已在所有设备上退出登录')
    expect(api.signOutEverywhere).toHaveBeenCalled()
    expect([session.signOut.mock.calls.length, store.signedOut]).toEqual([1, true])
  })

  it('keeps the login when signing out everywhere fails', async () => {
    const { api, session, store } = setup()
    api.signOutEverywhere.mockRejectedValueOnce(refusal(500, 'failed'))
    expect(await store.signOutEverywhere()).toBe('failed')
    expect([session.signOut.mock.calls.length, store.signedOut]).toEqual([0, false])
  })

  it('exports the account\'s data', async () => {
    const { store } = setup()
    const failures: string[] = []
    expect(await store.exportData(sentence => failures.push(sentence))).toMatchObject({ profile: { uid: ACCOUNT.uid } })
    expect(failures).toEqual([])
  })

  it('deletes the account with the member\'s choice for their content, then forgets the login', async () => {
    const { api, session, store } = setup()
    expect(await store.deleteAccount('remove')).toBe('账号已注销')
    expect(api.deleteAccount).toHaveBeenCalledWith('remove')
    expect(session.signOut).toHaveBeenCalled()
  })
})

describe('AccountStore: proving the account before adding a way in', () => {
  const proofAsked = () => new RequestError({ kind: 'server', code: ACCOUNT_CODES.STEP_UP_REQUIRED, message: '为确认是你本人，请先用已有的登录方式验证', status: 403 })

  it('sends a code to the current address when adding a passkey needs a proof, confirms it, and adds the passkey on the next tap', async () => {
    const { api, session, store } = setup(undefined, 'user')
    await store.load()
    api.passkeyRegisterOptions.mockRejectedValueOnce(proofAsked())
    expect(await store.addPasskey('Laptop')).toBe('为确认是你本人，验证码已发送至 deer@mail.example，请输入后再添加')
    expect(api.emailStart).toHaveBeenCalledWith('deer@mail.example')
    expect(store.codeSentTo).toBe('deer@mail.example')
    expect(store.proving).toEqual({ adding: 'passkey' })
    api.emailVerify.mockResolvedValueOnce(signedIn(false, 'same-token'))
    expect(await store.verifyCode('123456')).toBe('已确认身份，请再次添加通行密钥')
    expect(api.emailVerify).toHaveBeenCalledWith('deer@mail.example', '123456')
    expect(session.adopt).toHaveBeenCalledWith(signedIn(false, 'same-token'))
    expect(store.proving).toBeNull()
    api.passkeyRegister.mockResolvedValueOnce(signedIn(false, 'same-token'))
    expect(await store.addPasskey('Laptop')).toBe('通行密钥已添加')
  })

  it('proves the account with a code to the current address before replacing it, then adds the new address with its code', async () => {
    const { api, store } = setup(undefined, 'user')
    await store.load()
    await store.sendCode('fawn@mail.example')
    api.emailVerify.mockRejectedValueOnce(proofAsked())
    expect(await store.verifyCode('222222')).toBe('为确认是你本人，验证码已发送至 deer@mail.example，请输入后再添加')
    expect(store.codeError).toBeNull()
    api.emailVerify.mockResolvedValueOnce(signedIn(false, 'same-token')).mockResolvedValueOnce(signedIn(false, 'same-token'))
    expect(await store.verifyCode('111111')).toBe('邮箱 fawn@mail.example 已绑定，可用它登录')
    expect(api.emailVerify.mock.calls.slice(-2)).toEqual([['deer@mail.example', '111111'], ['fawn@mail.example', '222222']])
  })

  it('asks an account without an address to sign in again with its passkey or WeChat first', async () => {
    const { api, store } = setup(undefined, 'user')
    api.signInMethods.mockResolvedValueOnce({ email: null, passkeys: 1, wechat: false })
    await store.load()
    api.passkeyRegisterOptions.mockRejectedValueOnce(proofAsked())
    expect(await store.addPasskey('Laptop')).toBe('为确认是你本人，请先用通行密钥或微信重新登录，再添加')
    expect(api.emailStart).not.toHaveBeenCalled()
  })
})

describe('AccountStore: the offered sign-in sheet', () => {
  it('offers a guest the sheet after a join or a write, and not again this run once declined', () => {
    const { store } = setup()
    store.offerSignIn()
    expect(store.offering).toBe(true)
    store.closeOffer()
    expect(store.offering).toBe(false)
    store.offerSignIn()
    expect(store.offering).toBe(false)
  })

  it('takes the offer away once the guest signed up elsewhere (Me\'s sheet): the bar goes without a reload', () => {
    const { store, session } = setup()
    store.offerSignIn()
    expect(store.offering).toBe(true)
    session.identityKind = 'user'
    expect(store.offering).toBe(false)
  })

  it('offers an account nothing', () => {
    const { store } = setup(undefined, 'user')
    store.offerSignIn()
    expect(store.offering).toBe(false)
  })
})
