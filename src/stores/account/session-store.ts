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
  private readonly signIn: LoadTracker

  constructor (private readonly api: ApiClient, private readonly options: SessionStoreOptions) {
    this.signIn = new LoadTracker(options.logger)
    // user is a snapshot (stored or answered), replaced whole (never changed in place): watched by reference
    makeAutoObservable<SessionStore, 'api' | 'options'>(this, { api: false, options: false, userAge: false, user: observable.ref })
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
   * - A session already held is kept.
   * - A stored login with a token is checked with the server (api.getMe): the answer
   *   replaces the stored user; a 401 (the token is no longer valid) counts as nobody
   *   signed in; any other failure (offline) keeps the stored login, with a warning.
   * - Nobody signed in: a guest sign-in (api.guestLogin), which is then stored.
   */
  async ensureSignedIn (): Promise<void> {
    if (!this.isSignedIn && this.restore() && this.isSignedIn) await this.verifyStoredLogin()
    if (this.isSignedIn) {
      this.signIn.settle('ready')
      return
    }
    await this.signIn.run(() => this.api.guestLogin(), data => {
      this.user = data.user
      this.token = data.token
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
    this.signIn.settle('ready')
    this.persist()
  }

  /** Replaces the signed-in user (after a profile edit the server accepted) and stores it. */
  setUser (user: User): void {
    this.user = user
    this.persist()
  }

  /** Forgets the login of this environment. */
  signOut (): void {
    this.user = null
    this.token = null
    this.signIn.reset()
    this.persist()
  }

  private async verifyStoredLogin (): Promise<void> {
    let unauthorized = false
    const verified = await this.signIn.run(() => this.api.getMe(), user => {
      this.setUser(user)
      return 'ready'
    }, error => {
      unauthorized = isRequestError(error) && (error.status === 401 || error.code === SERVER_CODES.UNAUTHORIZED)
    })
    if (unauthorized) this.signOut()
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
