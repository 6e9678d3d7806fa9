/**
 * The account: signing in as one (an e-mail code, a passkey, WeChat, a development sign-in
 * link, the mini-program's hand-off code) — a guest who does keeps everything it had, the server moves it — and, on Me's
 * 账号与安全, its sign-in methods and passkeys (add, rename, remove, never the last way
 * in), signing out everywhere, exporting one's data and deleting the account. The
 * transports (the account calls, the browser's WebAuthn ceremonies) are passed in, so tests
 * use fakes. Every action resolves the sentence its toast says.
 */
import '@/i18n/page-messages'
import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { AccountExport, AccountSignInData, Passkey, SignInMethods } from '@core/wire/accounts'
import { ACCOUNT_CODES } from '@core/wire/accounts-paths'
import { t } from '@/i18n'
import type { AccountApi, DeletedContent } from '@/services/api/accounts'
import { isRequestError } from '@/services/request/errors'
import type { StoreLogger } from '../support/load-tracker'
import { refusalMessage } from '../support/refusal'
import type { SessionStore } from './session-store'

/** The browser's WebAuthn ceremonies (@simplewebauthn/browser's startRegistration / startAuthentication on H5). */
export interface WebauthnCeremonies {
  /** Creates a passkey for creation options; resolves the authenticator's answer. */
  register (options: Record<string, unknown>): Promise<unknown>
  /** Signs request options with a passkey of this site; resolves the answer. */
  authenticate (options: Record<string, unknown>): Promise<unknown>
}

/** What the account store is built on. */
export interface AccountSources {
  api: AccountApi
  /** The login of this device, replaced by each sign-in and forgotten on sign-out or deletion; who it is (a guest is offered an account). */
  session: Pick<SessionStore, 'adopt' | 'signOutAfter' | 'identityKind'>
  /** WebAuthn where the platform has it (H5 in a browser with passkeys); null elsewhere. */
  webauthn: WebauthnCeremonies | null
  logger: StoreLogger
}

/** What is under way: one action at a time. */
export type AccountAction = 'email-send' | 'email-verify' | 'passkey' | 'wechat' | 'link' | 'sign-out-everywhere' | 'export' | 'delete'

/**
 * What the account is proving itself for, with a code to its current address (the server
 * asks for a fresh proof before a way in is added): a passkey, added when the member taps
 * 添加通行密钥 again (the browser's prompt needs their tap), or an address with its code,
 * added right after the proof.
 */
export type PendingProof = { adding: 'passkey' } | { adding: 'email', email: string, code: string }

/** True for the server's refusal asking this session to prove the account before adding a way in. */
function needsProof (error: unknown): boolean {
  return isRequestError(error) && error.code === ACCOUNT_CODES.STEP_UP_REQUIRED
}

/** The name of a browser's error (a DOMException's, or @simplewebauthn/browser's WebAuthnError's), else null. */
function errorName (error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : null
}

/** True for the error a browser gives when the member cancels the passkey prompt (or it found no passkey to offer). */
function isCancelled (error: unknown): boolean {
  return errorName(error) === 'NotAllowedError'
}

/** True for the browser refusing this page's origin as a passkey's relying party (an IP address is never one). */
function isOriginRefused (error: unknown): boolean {
  return errorName(error) === 'SecurityError'
}

/** The signed-in account's ways in and its own data, and signing in as an account. */
export class AccountStore {
  /** The action under way, or null. */
  busy: AccountAction | null = null
  /** The address the last code went to (the sheet then asks for the code), or null. */
  codeSentTo: string | null = null
  /** The account's sign-in methods once loaded, else null. */
  methods: SignInMethods | null = null
  /** The account's passkeys, oldest first. */
  passkeys: Passkey[] = []
  /** How many sign-ins this store made (a sheet closes when it grows). */
  signIns = 0
  /** True once this device's account was signed out everywhere or deleted (the page leaves for Home). */
  signedOut = false
  /** Why the last code was refused (wrong, expired, used…), shown under the code's field; null when none was. */
  codeError: string | null = null
  /** What a code to the account's current address proves it for, while one is asked; null otherwise. */
  proving: PendingProof | null = null
  /** True once the sign-in sheet was offered (a guest joined a server or wrote something) and not yet closed. */
  private offered = false
  /** True once a guest closed the offered sheet without signing in: not offered again until the app starts anew. */
  private offerDeclined = false

  constructor (private readonly sources: AccountSources) {
    makeAutoObservable<AccountStore, 'sources'>(this, { sources: false, passkeys: observable.ref, methods: observable.ref })
  }

  /**
   * Offers the sign-in sheet after a join or a write, to a guest only (joining a
   * server or writing anything offers it; the server still takes the guest's write), and
   * not again once they said 暂不登录.
   */
  offerSignIn (): void {
    if (this.sources.session.identityKind === 'guest' && !this.offerDeclined) this.offered = true
  }

  /**
   * True while the sign-in sheet is offered to a guest: it goes the moment this device is
   * signed in as an account, wherever that happened (Me's sheet, another page's).
   */
  get offering (): boolean {
    return this.offered && this.sources.session.identityKind === 'guest'
  }

  /** Closes the offered sheet: signed in, or declined (a guest who closes it is not asked again this run). */
  closeOffer (): void {
    this.offered = false
    if (this.sources.session.identityKind === 'guest') this.offerDeclined = true
  }

  /** True where passkeys can be made and used here. */
  get passkeysAvailable (): boolean {
    return this.sources.webauthn !== null
  }

  /**
   * Runs one action, unless another is under way; resolves its sentence (the failure's in
   * words: `cancelled` is what a closed passkey prompt says).
   */
  private async act (action: AccountAction, work: () => Promise<string>, cancelled: string = t('passkeyCancelled')): Promise<string> {
    if (this.busy !== null) return t('modBusy')
    this.busy = action
    try {
      return await work()
    } catch (error) {
      if (isCancelled(error)) return cancelled
      return isOriginRefused(error) ? t('passkeyIpOrigin') : refusalMessage(error, this.sources.logger)
    } finally {
      runInAction(() => { this.busy = null })
    }
  }

  private adopt (signedIn: AccountSignInData): string {
    this.sources.session.adopt(signedIn)
    this.signIns += 1
    return signedIn.created ? t('accountCreated') : t('signedInAs', { name: signedIn.user.nickname })
  }

  /** Sends a one-time code to `email`; the sheet then asks for it. */
  async sendCode (email: string): Promise<string> {
    return this.act('email-send', async () => {
      await this.sources.api.emailStart(email.trim())
      runInAction(() => {
        this.codeSentTo = email.trim()
        this.codeError = null
      })
      return t('emailCodeSent', { email: email.trim() })
    })
  }

  /**
   * Signs in (or up) with the code of the last mail; a signed-in account adds the address
   * (or changes its address to it) and its sign-in methods are read again. A refused code's
   * reason stays in `codeError`, for under the field.
   */
  async verifyCode (code: string): Promise<string> {
    const email = this.codeSentTo
    if (email === null) return t('emailCodeFirst')
    const adding = this.sources.session.identityKind !== null && this.sources.session.identityKind !== 'guest'
    let verified = false
    const sentence = await this.act('email-verify', async () => {
      let signedIn: AccountSignInData
      try {
        signedIn = await this.sources.api.emailVerify(email, code.trim())
      } catch (error) {
        if (!adding || !needsProof(error)) throw error
        verified = true
        return this.askForProof({ adding: 'email', email, code: code.trim() })
      }
      verified = true
      const proving = this.proving
      runInAction(() => {
        this.codeSentTo = null
        this.proving = null
      })
      if (!adding || signedIn.created) return this.adopt(signedIn)
      this.sources.session.adopt(signedIn)
      // proved: the address that asked for the proof is added with its code, still live
      if (proving?.adding === 'email') this.sources.session.adopt(await this.sources.api.emailVerify(proving.email, proving.code))
      await this.reload()
      if (proving?.adding === 'passkey') return t('stepUpConfirmed')
      return t('emailAdded', { email: proving?.adding === 'email' ? proving.email : email })
    })
    runInAction(() => { this.codeError = verified ? null : sentence })
    return sentence
  }

  /** Forgets the address a code went to (the form asks for an address again), and any proof asked. */
  cancelCode (): void {
    this.codeSentTo = null
    this.codeError = null
    this.proving = null
  }

  /**
   * Sends a code to the account's current address to prove it for `pending`, and asks for
   * that code; an account without an address is told to sign in again with its passkey or
   * WeChat first.
   */
  private async askForProof (pending: PendingProof): Promise<string> {
    const current = this.methods?.email ?? null
    if (current === null) return t('stepUpSignInAgain')
    await this.sources.api.emailStart(current)
    runInAction(() => {
      this.proving = pending
      this.codeSentTo = current
      this.codeError = null
    })
    return t('stepUpCodeSent', { email: current })
  }

  /** Makes a passkey named `name`: signs up (a guest keeps everything) or adds it to the signed-in account. */
  async addPasskey (name: string): Promise<string> {
    const webauthn = this.sources.webauthn
    if (!webauthn) return t('passkeyUnavailable')
    return this.act('passkey', async () => {
      let options: Record<string, unknown>
      try {
        ({ options } = await this.sources.api.passkeyRegisterOptions())
      } catch (error) {
        if (needsProof(error)) return this.askForProof({ adding: 'passkey' })
        throw error
      }
      const credential = await webauthn.register(options)
      const signedIn = await this.sources.api.passkeyRegister(credential, name.trim() || t('passkeyDefaultName'))
      const sentence = signedIn.created ? this.adopt(signedIn) : t('passkeyAdded')
      if (!signedIn.created) await this.reload()
      return sentence
    })
  }

  /**
   * Signs in with a passkey of this site. A prompt that ends without one (the browser found
   * none of this site's on the device, or the member closed it) says the device has no
   * passkey for the account and points to the e-mail code.
   */
  async signInWithPasskey (): Promise<string> {
    const webauthn = this.sources.webauthn
    if (!webauthn) return t('passkeyUnavailable')
    return this.act('passkey', async () => {
      const { options } = await this.sources.api.passkeySignInOptions()
      return this.adopt(await this.sources.api.passkeySignIn(await webauthn.authenticate(options)))
    }, t('passkeyNoneOnDevice'))
  }

  /** Signs in with a development sign-in link's token (`npm start` prints them). */
  async signInWithLink (token: string): Promise<string> {
    return this.act('link', async () => this.adopt(await this.sources.api.devSignIn(token)))
  }

  /**
   * Signs in with a hand-off code (the mini-program opened this H5 page in its web-view
   * with `?handoff=`): as the mini-program's member, in a session of this browser's own.
   */
  async signInWithHandoff (code: string): Promise<string> {
    return this.act('link', async () => this.adopt(await this.sources.api.redeemHandoff(code)))
  }

  /**
   * Where WeChat's browser goes to authorise (`snsapi_userinfo`: the member is asked to share
   * nickname and avatar, the 微信登录 button), coming back to `redirectUri`; null after a
   * failure, told by `onFailure`.
   */
  async wechatAuthorizeUrl (redirectUri: string, onFailure: (sentence: string) => void): Promise<string | null> {
    let url: string | null = null
    const sentence = await this.act('wechat', async () => {
      url = (await this.sources.api.wechatWebStart('snsapi_userinfo', redirectUri)).url
      return ''
    })
    if (url === null) onFailure(sentence)
    return url
  }

  /**
   * Where WeChat's browser goes for the silent sign-in at launch (`snsapi_base`: no prompt),
   * coming back to `redirectUri`; null when the server has no Official Account configured
   * (503) or cannot say, and the launch goes on as a guest.
   */
  async silentWechatUrl (redirectUri: string): Promise<string | null> {
    try {
      return (await this.sources.api.wechatWebStart('snsapi_base', redirectUri)).url
    } catch (error) {
      this.sources.logger.warn('[account] no silent WeChat sign-in:', error)
      return null
    }
  }

  /** Signs in with the code WeChat's browser came back with from the web authorisation. */
  async signInWithWechatWeb (code: string, state: string): Promise<string> {
    return this.act('wechat', async () => this.adopt(await this.sources.api.wechatWeb(code, state)))
  }

  /**
   * The mini-program's silent sign-in: `login` is Taro.login's code, exchanged by the
   * server (code2Session). Resolves true when signed in; false leaves the guest step to
   * the caller (WeChat refused, or the server has no WeChat app).
   */
  async signInInMiniProgram (login: () => Promise<string>): Promise<boolean> {
    let code: string
    try {
      code = await login()
    } catch (error) {
      // WeChat gave no code (no account on the device, or it refused): the guest step follows, nothing is wrong with the app
      this.sources.logger.warn('[account] Taro.login gave no code; signing in as a guest:', error)
      return false
    }
    let signedIn = false
    await this.act('wechat', async () => {
      const sentence = this.adopt(await this.sources.api.wechatMiniProgram(code))
      signedIn = true
      return sentence
    })
    return signedIn
  }

  /**
   * Loads the account's sign-in methods and passkeys (Me's 账号与安全); resolves '' or the
   * failure. Not one of the actions: the sign-in that made this an account may still be
   * finishing when the section asks.
   */
  async load (): Promise<string> {
    try {
      await this.reload()
      return ''
    } catch (error) {
      return refusalMessage(error, this.sources.logger)
    }
  }

  private async reload (): Promise<void> {
    const [methods, passkeys] = await Promise.all([this.sources.api.signInMethods(), this.sources.api.passkeys()])
    runInAction(() => {
      this.methods = methods
      this.passkeys = passkeys.list
    })
  }

  /** Renames one of the account's passkeys. */
  async renamePasskey (passkey: Passkey, name: string): Promise<string> {
    return this.act('passkey', async () => {
      await this.sources.api.renamePasskey(passkey.credential_id, name.trim())
      await this.reload()
      return t('passkeyRenamed')
    })
  }

  /** Removes one of the account's passkeys (the server refuses the last way in, in words). */
  async removePasskey (passkey: Passkey): Promise<string> {
    return this.act('passkey', async () => {
      await this.sources.api.removePasskey(passkey.credential_id)
      await this.reload()
      return t('passkeyRemoved')
    })
  }

  /** Signs the account out on every device, this one included. */
  async signOutEverywhere (): Promise<string> {
    return this.act('sign-out-everywhere', async () => {
      await this.signOutAfter(() => this.sources.api.signOutEverywhere())
      return t('signedOutEverywhere')
    })
  }

  /** The account's data (profile, memberships, messages, posts, comments), for the page to save; null after a failure, told by `onFailure`. */
  async exportData (onFailure: (sentence: string) => void): Promise<AccountExport | null> {
    let data: AccountExport | null = null
    const sentence = await this.act('export', async () => {
      data = await this.sources.api.exportData()
      return ''
    })
    if (data === null) onFailure(sentence)
    return data
  }

  /** Deletes the account, its content kept as 已注销用户 or removed; this device forgets the login. */
  async deleteAccount (content: DeletedContent): Promise<string> {
    return this.act('delete', async () => {
      await this.signOutAfter(() => this.sources.api.deleteAccount(content))
      return t('accountDeleted')
    })
  }

  /** Signs this device out once `request` (which ends its session on the server) succeeded, and forgets the account's data here. */
  private async signOutAfter (request: () => Promise<unknown>): Promise<void> {
    await this.sources.session.signOutAfter(request)
    runInAction(() => {
      this.methods = null
      this.passkeys = []
      this.signedOut = true
    })
  }
}
