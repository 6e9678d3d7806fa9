/**
 * Account calls (core/wire/accounts.ts): signing in as an account — e-mail code, passkeys,
 * WeChat, the development sign-in links, a hand-off code from the mini-program — and the account's own routes (sign-in methods,
 * passkeys, sign out everywhere, export, delete), on the same request chain as every other
 * call. The session token the chain sends is the signed-in one, so a guest who signs up
 * keeps everything it had.
 */
import { ACCOUNT_PATHS } from '@core/wire/accounts-paths'
import type {
  AccountExport, AccountSignInData, EmailStartData, HandoffData, PasskeyList, SignInMethods, WebauthnOptionsData, WechatWebStartData,
} from '@core/wire/accounts'
import { fillPath } from '@core/wire/paths'
import type { Done } from '@core/wire/trust'
import { request } from '@/services/request/request'
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
  const post = <T>(path: string, data: object = {}) => send<T>({ path, method: 'POST', data })
  const passkey = (credentialId: string) => fillPath(ACCOUNT_PATHS.passkey, { credential_id: credentialId })
  return {
    emailStart: email => post(ACCOUNT_PATHS.emailStart, { email }),
    emailVerify: (email, code) => post(ACCOUNT_PATHS.emailVerify, { email, code }),
    passkeyRegisterOptions: () => post(ACCOUNT_PATHS.passkeyRegisterOptions),
    passkeyRegister: (credential, name) => post(ACCOUNT_PATHS.passkeyRegister, { credential, name }),
    passkeySignInOptions: () => post(ACCOUNT_PATHS.passkeySignInOptions),
    passkeySignIn: credential => post(ACCOUNT_PATHS.passkeySignIn, { credential }),
    passkeys: () => send<PasskeyList>({ path: ACCOUNT_PATHS.passkeys }),
    renamePasskey: (credentialId, name) => send<Done>({ path: passkey(credentialId), method: 'PATCH', data: { name } }),
    removePasskey: credentialId => send<Done>({ path: passkey(credentialId), method: 'DELETE' }),
    wechatWebStart: (scope, redirectUri) => post(ACCOUNT_PATHS.wechatWebStart, { scope, redirect_uri: redirectUri }),
    wechatWeb: (code, state) => post(ACCOUNT_PATHS.wechatWeb, { code, state }),
    wechatMiniProgram: code => post(ACCOUNT_PATHS.wechatMiniProgram, { code }),
    devSignIn: token => post(ACCOUNT_PATHS.devSignIn, { token }),
    handoff: () => post(ACCOUNT_PATHS.handoff),
    redeemHandoff: code => post(ACCOUNT_PATHS.handoffRedeem, { code }),
    signInMethods: () => send<SignInMethods>({ path: ACCOUNT_PATHS.account }),
    signOutEverywhere: () => post(ACCOUNT_PATHS.signOutEverywhere),
    exportData: () => send<AccountExport>({ path: ACCOUNT_PATHS.exportData }),
    deleteAccount: content => post(ACCOUNT_PATHS.deleteAccount, { content }),
  }
}
