/**
 * One's own sessions, as the Me page lists them: every device signed in to
 * this account, most recently used first, this one marked; ending another device's
 * session (its token stops working and its open gateway sockets close on every server
 * process), and signing out here (the server forgets the token, then this device does).
 */
import { makeAutoObservable, observable, reaction, runInAction } from 'mobx'
import type { Session } from '@core/wire/trust'
import { t } from '@/i18n'
import type { TrustApi } from '@/services/api/trust'
import { isRequestError } from '@/services/request/errors'
import { LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import { refusalMessage } from '../support/refusal'
import type { SessionStore } from './session-store'

/** What the sessions list is built on. */
export interface MySessionsSources {
  trust: Pick<TrustApi, 'sessions' | 'revokeSession' | 'logout'>
  /** The local login this device forgets on sign-out; its token says who the list is of. */
  session: Pick<SessionStore, 'signOutAfter' | 'token'>
  logger: StoreLogger
}

/** The signed-in account's sessions and signing out. */
export class MySessionsStore {
  /** The live sessions, most recently used first (as the server answers them). */
  sessions: Session[] = []
  /** The session being ended, 'sign-out' while signing out here, or null. */
  ending: string | null = null
  /** True once this device signed out (the page leaves for Home). */
  signedOut = false
  private readonly listing: LoadTracker

  constructor (private readonly sources: MySessionsSources) {
    this.listing = new LoadTracker(sources.logger)
    makeAutoObservable<MySessionsStore, 'sources' | 'listing'>(this, { sources: false, listing: false, sessions: observable.ref, follow: false })
  }

  /** The list's state: loading, ready, empty or error. */
  get status (): StoreStatus {
    return this.listing.status
  }

  /** The list's failure in words, else null. */
  get error (): string | null {
    return this.listing.error
  }

  /** Whether retrying the failed load may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get retryable (): boolean {
    return this.listing.retryable
  }

  /** Loads the list (a refresh; after a failure, the retry). */
  async load (): Promise<void> {
    await this.listing.run(() => this.sources.trust.sessions(), answer => this.show(answer.list))
  }

  /**
   * Keeps the list that of whoever is signed in here: loaded now and again at every sign-in
   * (a guest who signs in as an account sees the account's other devices at once). The
   * returned function stops following.
   */
  follow (): () => void {
    return reaction(() => this.sources.session.token, token => { if (token !== null) void this.load() }, { fireImmediately: true })
  }

  /**
   * Reads a shown list again, keeping it on screen meanwhile (the page shows again: the
   * server tells no event when the account signs in on another device, so the list may
   * lack it). Before the list was first answered this does nothing: {@link follow} loads it.
   */
  async refresh (): Promise<void> {
    if (this.status !== 'ready' && this.status !== 'empty') return
    await this.listing.refresh(() => this.sources.trust.sessions(), answer => this.show(answer.list))
  }

  private show (list: Session[]): 'ready' | 'empty' {
    this.sessions = list
    return list.length === 0 ? 'empty' : 'ready'
  }

  /**
   * Ends another device's session; it leaves the list. Ending this device's own is signing
   * out ({@link signOut}). Resolves the toast's sentence: done, or the failure in words. A
   * session already gone (404) leaves the list too.
   */
  async revoke (session: Session): Promise<string> {
    if (session.current) return this.signOut()
    if (this.ending !== null) return t('modBusy')
    this.ending = session.session_id
    try {
      await this.sources.trust.revokeSession(session.session_id).catch((error: unknown) => { if (!isRequestError(error) || error.status !== 404) throw error })
      runInAction(() => {
        this.sessions = this.sessions.filter(other => other.session_id !== session.session_id)
        if (this.sessions.length === 0) this.listing.settle('empty')
      })
      return t('sessionRevoked')
    } catch (error) {
      return refusalMessage(error, this.sources.logger)
    } finally {
      runInAction(() => { this.ending = null })
    }
  }

  /**
   * Signs out here: the server ends this session, then this device forgets its login. A
   * session the server no longer knows (401) is signed out already; any other failure
   * (offline) keeps the login, so the member is never left believing a live token is gone.
   */
  async signOut (): Promise<string> {
    if (this.ending !== null) return t('modBusy')
    this.ending = 'sign-out'
    try {
      await this.sources.session.signOutAfter(() => this.sources.trust.logout().catch((error: unknown) => { if (!isRequestError(error) || error.status !== 401) throw error }))
      runInAction(() => {
        this.sessions = []
        this.listing.reset()
        this.signedOut = true
      })
      return t('signedOut')
    } catch (error) {
      return refusalMessage(error, this.sources.logger)
    } finally {
      runInAction(() => { this.ending = null })
    }
  }
}
