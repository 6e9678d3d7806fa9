/**
 * The Invites section of the owner's server settings: the server's invites
 * with their uses and expiry, making one (expiry 30 min … never, uses 1 … unlimited,
 * the choices core/wire/trust-paths.ts allows), its link to copy, and revoking it. A
 * refusal is said in words.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { INVITE_MAX_AGES, INVITE_MAX_USES } from '@core/wire/trust-paths'
import type { Invite } from '@core/wire/trust'
import type { TrustApi } from '@/services/api/trust'
import { pageUrl, routeOfName } from '@/router'
import { LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import { SettingsAction } from './settings-action'

/** The trust calls the section makes. */
export type InviteSettingsApi = Pick<TrustApi, 'invites' | 'createInvite' | 'revokeInvite'>

/** A lifetime a creator may pick, in seconds (0 = never). */
export type InviteMaxAge = typeof INVITE_MAX_AGES[number]

/** A use limit a creator may pick (0 = unlimited). */
export type InviteMaxUses = typeof INVITE_MAX_USES[number]

/** The lifetime a new invite gets unless another is picked: one day. */
export const DEFAULT_INVITE_MAX_AGE: InviteMaxAge = 24 * 3600

/** The link that opens the invite page on `origin` ('' for a path). */
export function inviteLink (code: string, origin: string): string {
  const route = routeOfName('invite')
  return route ? origin + pageUrl(route, { code }, true) : ''
}

/** A server's invites as the Invites section shows and makes them. */
export class InviteSettingsStore {
  /** The invites, newest first as answered. */
  invites: Invite[] = []
  /** The lifetime the next invite gets. */
  maxAge: InviteMaxAge = DEFAULT_INVITE_MAX_AGE
  /** The use limit the next invite gets. */
  maxUses: InviteMaxUses = 0
  /** The section's writes and their refusals. */
  readonly action: SettingsAction
  private readonly loading: LoadTracker

  constructor (private readonly serverId: string, private readonly api: InviteSettingsApi, logger: StoreLogger) {
    this.loading = new LoadTracker(logger)
    this.action = new SettingsAction(logger)
    makeAutoObservable<InviteSettingsStore, 'api' | 'loading'>(this, { api: false, loading: false })
  }

  /** Where the list stands. */
  get status (): StoreStatus {
    return this.loading.status
  }

  /** The message of a failed load, else null. */
  get error (): string | null {
    return this.loading.error
  }

  /** Whether retrying the failed load may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get retryable (): boolean {
    return this.loading.retryable
  }

  /** Picks the next invite's lifetime (only an allowed one). */
  pickMaxAge (age: number): void {
    const allowed = INVITE_MAX_AGES.find(item => item === age)
    if (allowed !== undefined) this.maxAge = allowed
  }

  /** Picks the next invite's use limit (only an allowed one). */
  pickMaxUses (uses: number): void {
    const allowed = INVITE_MAX_USES.find(item => item === uses)
    if (allowed !== undefined) this.maxUses = allowed
  }

  /** Loads the invites. */
  async load (): Promise<void> {
    await this.loading.run(() => this.api.invites(this.serverId), answer => {
      this.invites = answer.list
      return answer.list.length > 0 ? 'ready' : 'empty'
    })
  }

  /** Makes an invite with the picked lifetime and use limit; resolves it, or null when refused. */
  async create (): Promise<Invite | null> {
    const body = { max_age_seconds: this.maxAge, max_uses: this.maxUses }
    const invite = await this.action.run(() => this.api.createInvite(this.serverId, body))
    if (invite) runInAction(() => { this.settle([invite, ...this.invites]) })
    return invite
  }

  /** Revokes an invite: its link stops working. Resolves true when revoked. */
  async revoke (code: string): Promise<boolean> {
    const done = await this.action.run(() => this.api.revokeInvite(code))
    if (done) runInAction(() => { this.settle(this.invites.filter(invite => invite.code !== code)) })
    return done !== null
  }

  private settle (invites: Invite[]): void {
    this.invites = invites
    this.loading.settle(invites.length > 0 ? 'ready' : 'empty')
  }
}
