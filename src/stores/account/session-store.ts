/**
 * The session (SPEC §3): the local login data of this environment (the signed-in
 * user and the session token), the identity kind of that user, and guest sign-in
 * when nobody is signed in. Persisted with `toJSON` / `hydrate` through an injected
 * string storage, so tests need no Taro.
 */
import { makeAutoObservable, observable } from 'mobx'
import { SERVER_CODES } from '@core/wire/codes'
import type { User } from '@core/wire/entities'
import { identityKindOf, type IdentityKind } from '@core/domain/identity'
import { parseUser, userAgeOf, type UserAge } from '@core/domain/user'
import type { ApiClient } from '@/services/api/api-client'
import { isRequestError } from '@/services/request/errors'
import { LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'

/** A string key-value storage (Taro's storage in the app, a Map in tests). */
export interface KeyValueStorage {
  /** The stored text, or null when nothing is stored. */
  get (key: string): string | null
  set (key: string, value: string): void
  remove (key: string): void
}

/** SPEC §3: the persisted login data: the user and the session token. */
export interface SessionSnapshot {
  user: User
  token?: string
}

/** What a session store needs besides the API. */
export interface SessionStoreOptions {
  storage: KeyValueStorage
  /** SPEC §3: the storage key of this environment's login data (src/utils/storage.ts `loginKey()`). */
  loginKey: string
  /** The current time in unix milliseconds. */
  clock: () => number
  logger: StoreLogger
}

/** The signed-in user and token of this environment, and guest sign-in. */
export class SessionStore {
  /** The signed-in user, or null before sign-in. */
  user: User | null = null
  /** The bearer token of the session, for the request layer's token provider; null when signed out. */
  token: string | null = null
  /**
   * True once this device's account login, in use in this run, ended without the member
   * signing out here (another device ended the session, or signed out everywhere): the app
   * says so until the member has read it ({@link noticeSeen}).
   */
  signedOutElsewhere = false
  private readonly signIn: LoadTracker
  /** The sign-in under way (the launch's own, or a guest's), which every later ask joins: one sign-in, one guest. */
  private flight: Promise<void> | null = null
  /** The launch's own sign-in (a development link, WeChat's) while it runs: a guest sign-in waits for it. */
  private launch: Promise<unknown> | null = null
  /**
   * The token the server answered for in this run (a sign-in's, a guest's, or the stored one
   * checked): the login the member has been using here. A stored token found refused before
   * it was ever answered is a login that ended while the app was closed, not one taken away
   * in use.
   */
  private honoured: string | null = null
  /** The token of this device's own sign-out while its request runs ({@link signOutAfter}): its refusal meanwhile is expected. */
  private leaving: string | null = null

  constructor (private readonly api: ApiClient, private readonly options: SessionStoreOptions) {
    this.signIn = new LoadTracker(options.logger)
    // user is a snapshot (stored or answered), replaced whole (never changed in place): watched by reference
    makeAutoObservable<SessionStore, 'api' | 'options' | 'flight' | 'launch' | 'honoured' | 'leaving'>(this, { api: false, options: false, flight: false, launch: false, honoured: false, leaving: false, userAge: false, user: observable.ref })
  }

  /** Sign-in status: 'loading' during guest sign-in, 'ready' when signed in, 'error' when it failed. */
  get status (): StoreStatus {
    return this.signIn.status
  }

  /** The user-facing message of a failed sign-in, else null. */
  get error (): string | null {
    return this.signIn.error
  }

  /** Whether retrying the failed sign-in may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get retryable (): boolean {
    return this.signIn.retryable
  }

  /** True when a user and a token are held. */
  get isSignedIn (): boolean {
    return this.user !== null && this.token !== null
  }

  /** SPEC §3, §6: the identity kind of the signed-in user (by uid prefix), or null before sign-in. */
  get identityKind (): IdentityKind | null {
    return this.user ? identityKindOf(this.user) : null
  }

  /** SPEC §4: 'new' when the signed-in user registered today (UTC+8), 'old' otherwise; null before sign-in. */
  userAge (nowMs: number = this.options.clock()): UserAge | null {
    return this.user ? userAgeOf(this.user, nowMs / 1000) : null
  }

  /** The login data to persist, or null when nobody is signed in. */
  toJSON (): SessionSnapshot | null {
    if (!this.user) return null
    return this.token === null ? { user: this.user } : { user: this.user, token: this.token }
  }

  /**
   * Takes login data read from storage. Data of the wrong shape is treated as absent:
   * the session is emptied and false returned.
   */
  hydrate (data: unknown): boolean {
    const { user, token } = (typeof data === 'object' && data !== null ? data : {}) as { user?: unknown, token?: unknown }
    const parsed = parseUser(user)
    const validToken = typeof token === 'string' && token !== '' ? token : null
    this.user = parsed
    this.token = parsed ? validToken : null
    return parsed !== null
  }

  /** Reads this environment's login data from storage; corrupt or unreadable data counts as none. */
  restore (): boolean {
    return this.hydrate(this.readStored())
  }

  /**
   * Makes sure someone is signed in; calling it again after a failure is the retry.
   * - A sign-in under way (the launch's, or a guest's another page asked for) is waited
   *   for, never doubled: a launch mints at most one guest, and none when its own sign-in
   *   signs the member in.
   * - A session already held is kept.
   * - A stored login with a token is checked with the server (api.getMe): the answer
   *   replaces the stored user; a 401 (the token is no longer valid) counts as nobody
   *   signed in; any other failure (offline) keeps the stored login, with a warning.
   * - Nobody signed in: a guest sign-in (api.guestLogin), which is then stored.
   */
  ensureSignedIn (): Promise<void> {
    if (this.flight === null) {
      const flight = this.signInOnce().finally(() => { if (this.flight === flight) this.flight = null })
      this.flight = flight
    }
    return this.flight
  }

  /**
   * Runs the launch's own sign-in (a development link, WeChat's answer, the mini-program's
   * Taro.login): until it settles, every guest sign-in asked for waits, then finds the
   * member signed in. Resolves what `signIn` resolves.
   */
  async duringLaunch<T> (signIn: () => Promise<T>): Promise<T> {
    const running = signIn()
    this.launch = running
    try {
      return await running
    } finally {
      if (this.launch === running) this.launch = null
    }
  }

  private async signInOnce (): Promise<void> {
    if (this.launch !== null) await this.launch.catch(() => undefined)
    if (!this.isSignedIn && this.restore() && this.isSignedIn) await this.verifyStoredLogin()
    if (this.isSignedIn) {
      this.signIn.settle('ready')
      return
    }
    await this.signIn.run(() => this.api.guestLogin(), data => {
      this.user = data.user
      this.token = data.token
      this.honoured = data.token
      this.persist()
      return 'ready'
    })
  }

  /**
   * Takes a sign-in the server answered (an account's e-mail code, passkey, WeChat or
   * development link): its user and fresh token replace the login here and are stored. A
   * guest who signed up is that account now; its old token no longer works.
   */
  adopt (signedIn: { user: User, token: string }): void {
    this.user = signedIn.user
    this.token = signedIn.token
    this.honoured = signedIn.token
    this.signIn.settle('ready')
    this.persist()
  }

  /** Replaces the signed-in user (after a profile edit the server accepted) and stores it. */
  setUser (user: User): void {
    this.user = user
    this.persist()
  }

  /**
   * Signs out here: forgets the login of this environment, then signs in afresh as a guest,
   * as a fresh visitor is (the pages show an identity and the join button at once). What
   * is kept on the device per member (unsent texts, reminders) stays for their next sign-in.
   */
  signOut (): void {
    this.forget()
    void this.ensureSignedIn()
  }

  /**
   * This device's own sign-out: `request` (the server ending this session, or every one of
   * the account's) runs first, then this device signs out ({@link signOut}). Meanwhile the
   * server's refusal of the token (the gateway's socket, closed by that very request, is
   * refused on reconnecting) signs out without telling the member it happened elsewhere, and
   * the sign-out after it changes nothing more (no second guest). A failed request keeps the
   * login and rejects.
   */
  async signOutAfter (request: () => Promise<unknown>): Promise<void> {
    const token = this.token
    this.leaving = token
    try {
      await request()
      if (this.token === token) this.signOut()
    } finally {
      if (this.leaving === token) this.leaving = null
    }
  }

  /**
   * The one way a login the server no longer honours ends here (the gateway closed and
   * refused its token; an API call answered 401): when `token` is still this device's, the
   * login is forgotten and a guest is signed in as for a fresh visitor. An account's member
   * is told ({@link signedOutElsewhere}) when the login was in use in this run and this
   * device was not signing itself out; a stored login found ended at launch becomes a guest
   * as before. A token already replaced changes nothing.
   */
  signedOutHere (token: string): void {
    if (this.token !== token) return
    if (this.identityKind !== 'guest' && token === this.honoured && token !== this.leaving) this.signedOutElsewhere = true
    this.forget()
    void this.ensureSignedIn()
  }

  /** The member was told this device was signed out. */
  noticeSeen (): void {
    this.signedOutElsewhere = false
  }

  private forget (): void {
    this.user = null
    this.token = null
    this.persist()
  }

  private async verifyStoredLogin (): Promise<void> {
    let unauthorized = false
    const token = this.token
    const verified = await this.signIn.run(() => this.api.getMe(), user => {
      if (this.token === token) this.honoured = token
      this.setUser(user)
      return 'ready'
    }, error => {
      unauthorized = isRequestError(error) && (error.status === 401 || error.code === SERVER_CODES.UNAUTHORIZED)
    })
    if (unauthorized) this.forget()
    else if (!verified) this.options.logger.warn('[session] the stored login could not be checked; kept as is')
  }

  private readStored (): unknown {
    try {
      const text = this.options.storage.get(this.options.loginKey)
      return text ? JSON.parse(text) : null
    } catch (error) {
      this.options.logger.warn('[session] stored login data is unreadable; treated as absent:', error)
      return null
    }
  }

  private persist (): void {
    const snapshot = this.toJSON()
    try {
      if (snapshot) this.options.storage.set(this.options.loginKey, JSON.stringify(snapshot))
      else this.options.storage.remove(this.options.loginKey)
    } catch (error) {
      this.options.logger.warn('[session] login data could not be stored:', error)
    }
  }
}
