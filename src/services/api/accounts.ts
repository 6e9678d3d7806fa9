/**
 * Account calls (core/wire/accounts.ts): signing in as an account — e-mail code, passkeys,
 * WeChat, the development sign-in links, a hand-off code from the mini-program — and the account's own routes (sign-in methods,
 * passkeys, sign out everywhere, export, delete), on the same request chain as every other
 * call. The session token the chain sends is the signed-in one, so a guest who signs up
 * keeps everything it had.
 */
import { ACCOUNT_CALLS } from '@core/wire/accounts-paths'
import type {
  ACCOUNT_CALL_SCHEMAS, AccountExport, AccountSignInData, EmailStartData, HandoffData, PasskeyList, SignInMethods, WebauthnCredential, WebauthnOptionsData, WechatWebStartData,
} from '@core/wire/accounts'
import type { Done } from '@core/wire/trust'
import { request } from '@/services/request/request'
import { callsOf } from './call'
import type { Requester } from './index'

/** What a deleted account's content becomes: kept under 已注销用户, or removed. */
export type DeletedContent = 'keep' | 'remove'

/** The account calls. */
export interface AccountApi {
  emailStart (email: string): Promise<EmailStartData>
  emailVerify (email: string, code: string): Promise<AccountSignInData>
  passkeyRegisterOptions (): Promise<WebauthnOptionsData>
  passkeyRegister (credential: unknown, name: string): Promise<AccountSignInData>
  passkeySignInOptions (): Promise<WebauthnOptionsData>
  passkeySignIn (credential: unknown): Promise<AccountSignInData>
  passkeys (): Promise<PasskeyList>
  renamePasskey (credentialId: string, name: string): Promise<Done>
  removePasskey (credentialId: string): Promise<Done>
  wechatWebStart (scope: 'snsapi_base' | 'snsapi_userinfo', redirectUri: string): Promise<WechatWebStartData>
  wechatWeb (code: string, state: string): Promise<AccountSignInData>
  wechatMiniProgram (code: string): Promise<AccountSignInData>
  devSignIn (token: string): Promise<AccountSignInData>
  /** A single-use code that signs this member in once elsewhere (the mini-program's web-view), within its `expires_in` seconds. */
  handoff (): Promise<HandoffData>
  /** Signs in with a hand-off code, as the member who asked for it. */
  redeemHandoff (code: string): Promise<AccountSignInData>
  signInMethods (): Promise<SignInMethods>
  signOutEverywhere (): Promise<Done>
  exportData (): Promise<AccountExport>
  deleteAccount (content: DeletedContent): Promise<Done>
}

/** The account calls sent through `send`. */
export function createAccountApi (send: Requester = request): AccountApi {
  const calls = callsOf<typeof ACCOUNT_CALLS, typeof ACCOUNT_CALL_SCHEMAS>(send, ACCOUNT_CALLS)
  // the browser's answer is passed on as the authenticator gave it: the server checks its shape
  const answer = (credential: unknown) => credential as WebauthnCredential
  return {
    emailStart: email => calls.emailStart({ body: { email } }),
    emailVerify: (email, code) => calls.emailVerify({ body: { email, code } }),
    passkeyRegisterOptions: () => calls.passkeyRegisterOptions({}),
    passkeyRegister: (credential, name) => calls.passkeyRegister({ body: { credential: answer(credential), name } }),
    passkeySignInOptions: () => calls.passkeySignInOptions({}),
    passkeySignIn: credential => calls.passkeySignIn({ body: { credential: answer(credential) } }),
    passkeys: () => calls.passkeys({}),
    renamePasskey: (credentialId, name) => calls.renamePasskey({ params: { credential_id: credentialId }, body: { name } }),
    removePasskey: credentialId => calls.deletePasskey({ params: { credential_id: credentialId } }),
    wechatWebStart: (scope, redirectUri) => calls.wechatWebStart({ body: { scope, redirect_uri: redirectUri } }),
    wechatWeb: (code, state) => calls.wechatWeb({ body: { code, state } }),
    wechatMiniProgram: code => calls.wechatMiniProgram({ body: { code } }),
    devSignIn: token => calls.devSignIn({ body: { token } }),
    handoff: () => calls.handoff({}),
    redeemHandoff: code => calls.handoffRedeem({ body: { code } }),
    signInMethods: () => calls.account({}),
    signOutEverywhere: () => calls.signOutEverywhere({}),
    exportData: () => calls.exportData({}),
    deleteAccount: content => calls.deleteAccount({ body: { content } }),
  }
}
