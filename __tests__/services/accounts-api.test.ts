import { createAccountApi } from '@/services/api/accounts'
import { recordingRequester } from '../support/recording-requester'

describe('createAccountApi', () => {
  it('sends each way in to its path with its body', async () => {
    const { send, sent } = recordingRequester({})
    const accounts = createAccountApi(send)
    await accounts.emailStart('lin@example.com')
    await accounts.emailVerify('lin@example.com', '123456')
    await accounts.passkeyRegisterOptions()
    await accounts.passkeyRegister({ id: 'c1' }, '我的手机')
    await accounts.passkeySignInOptions()
    await accounts.passkeySignIn({ id: 'c1' })
    await accounts.wechatWebStart('snsapi_base', 'https://realm.example.com/index.html')
    await accounts.wechatWeb('wx-code', 'state-1')
    await accounts.wechatMiniProgram('mp-code')
    await accounts.devSignIn('dev-token')
    expect(sent).toEqual([
      { path: '/auth/email/start', method: 'POST', data: { email: 'lin@example.com' } },
      { path: '/auth/email/verify', method: 'POST', data: { email: 'lin@example.com', code: '123456' } },
      { path: '/auth/passkeys/register/options', method: 'POST' },
      { path: '/auth/passkeys/register', method: 'POST', data: { credential: { id: 'c1' }, name: '我的手机' } },
      { path: '/auth/passkeys/sign-in/options', method: 'POST' },
      { path: '/auth/passkeys/sign-in', method: 'POST', data: { credential: { id: 'c1' } } },
      { path: '/auth/wechat/web/start', method: 'POST', data: { scope: 'snsapi_base', redirect_uri: 'https://realm.example.com/index.html' } },
      { path: '/auth/wechat/web', method: 'POST', data: { code: 'wx-code', state: 'state-1' } },
      { path: '/auth/wechat/mini-program', method: 'POST', data: { code: 'mp-code' } },
      { path: '/auth/dev-sign-in', method: 'POST', data: { token: 'dev-token' } },
    ])
  })

  it('asks for a hand-off code and redeems one, the code in the body and never in the URL', async () => {
    const { send, sent } = recordingRequester({})
    const accounts = createAccountApi(send)
    await accounts.handoff()
    await accounts.redeemHandoff('code-of-43-characters')
    expect(sent).toEqual([
      { path: '/auth/handoff', method: 'POST' },
      { path: '/auth/handoff/redeem', method: 'POST', data: { code: 'code-of-43-characters' } },
    ])
  })

  it('sends the account\'s own calls: methods, passkeys by id, sign out everywhere, export and delete', async () => {
    const { send, sent } = recordingRequester({ done: true })
    const accounts = createAccountApi(send)
    await accounts.signInMethods()
    await accounts.passkeys()
    await accounts.renamePasskey('cred/1', '电脑')
    await accounts.removePasskey('cred/1')
    await accounts.signOutEverywhere()
    await accounts.exportData()
    await accounts.deleteAccount('keep')
    expect(sent).toEqual([
      { path: '/account' },
      { path: '/auth/passkeys' },
      { path: '/auth/passkeys/cred%2F1', method: 'PATCH', data: { name: '电脑' } },
      { path: '/auth/passkeys/cred%2F1', method: 'DELETE' },
      { path: '/auth/sign-out-everywhere', method: 'POST' },
      { path: '/account/export' },
      { path: '/account/delete', method: 'POST', data: { content: 'keep' } },
    ])
  })
})
