/**
 * An invite link: what it shows (the server, who invited, whether it still
 * works) and joining through it with one tap — signing in as a guest first when needed.
 * The page renders it; this store decides. An expired, used-up or banned answer becomes
 * a plain `problem` the page says in words, never a raw server message. Someone already
 * a member is told so and offered the server instead of a join.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { TRUST_CODES } from '@core/wire/trust-paths'
import type { Invite } from '@core/wire/trust'
import { createTrustApi, type TrustApi } from '@/services/api/trust'
import { RequestError } from '@/services/request/errors'

/** Why an invite cannot be used, as the page says it. */
export type InviteProblem = 'expired' | 'used_up' | 'banned' | 'unknown' | 'failed'

/** Where the invite page stands. */
export type InviteStatus = 'idle' | 'loading' | 'ready' | 'joining' | 'joined' | 'error'

/** What the store needs of the session: whether someone is signed in (to ask their membership), a signed-in user before joining. */
export interface InviteSession {
  readonly isSignedIn: boolean
  ensureSignedIn (): Promise<void>
}

const PROBLEM_BY_CODE: Readonly<Record<number, InviteProblem>> = {
  [TRUST_CODES.INVITE_EXPIRED]: 'expired',
  [TRUST_CODES.INVITE_USED_UP]: 'used_up',
  [TRUST_CODES.BANNED]: 'banned',
}

/** The problem an error of the invite calls means. */
export function problemOf (error: unknown): InviteProblem {
  if (!(error instanceof RequestError)) return 'failed'
  if (error.status === 404) return 'unknown'
  return PROBLEM_BY_CODE[error.code] ?? 'failed'
}

/** One invite link's state. */
export class InviteStore {
  /** The invite, once loaded. */
  invite: Invite | null = null
  status: InviteStatus = 'idle'
  /** Why the invite cannot be used (shown in words), or null. */
  problem: InviteProblem | null = null
  /** The server joined (or already a member of), after accept or openServer. */
  joinedServerId: string | null = null
  /** True when the signed-in user is a member of the invite's server already. */
  alreadyMember = false

  /** `api` is the app's request chain unless a test passes a fake. */
  constructor (private readonly session: InviteSession, private readonly api: Pick<TrustApi, 'invite' | 'acceptInvite' | 'myPermissions'> = createTrustApi()) {
    makeAutoObservable<InviteStore, 'api' | 'session'>(this, { api: false, session: false })
  }

  /** True when the join button is offered: the invite works, the user is not a member yet and nothing is under way. */
  get canJoin (): boolean {
    return this.status === 'ready' && this.problem === null && !this.alreadyMember
  }

  /**
   * Loads the invite `code`; an expired or used-up one is shown with its problem. A member
   * of its server has no use for it, whatever its state: they are offered the server.
   */
  async load (code: string): Promise<void> {
    if (code.trim() === '') {
      // a link without its code (cut short when pasted) names no invite: said as one, nothing asked
      this.problem = 'unknown'
      this.status = 'error'
      return
    }
    this.status = 'loading'
    this.problem = null
    try {
      const invite = await this.api.invite(code)
      const member = await this.isMemberOf(invite.server.server_id)
      runInAction(() => {
        this.invite = invite
        this.alreadyMember = member
        this.problem = invite.state === 'valid' || member ? null : invite.state
        this.status = 'ready'
      })
    } catch (error) {
      runInAction(() => {
        this.problem = problemOf(error)
        this.status = 'error'
      })
    }
  }

  /** Opens the invite's server for a member of it (the page opens what joinedServerId names). */
  openServer (): void {
    if (this.invite && this.alreadyMember) this.joinedServerId = this.invite.server.server_id
  }

  /**
   * Whether the signed-in user is a member of `serverId`; false for no one signed in, and
   * when the answer fails (then Join is offered, and accepting says already_member itself).
   */
  private async isMemberOf (serverId: string): Promise<boolean> {
    if (!this.session.isSignedIn) return false
    try {
      return (await this.api.myPermissions(serverId)).is_member
    } catch (error) {
      console.warn('[invite] membership unknown:', error)
      return false
    }
  }

  /** Joins the invite's server with one tap (signing in as a guest first when needed). */
  async accept (): Promise<void> {
    if (!this.invite || !this.canJoin) return
    const code = this.invite.code
    this.status = 'joining'
    try {
      await this.session.ensureSignedIn()
      const joined = await this.api.acceptInvite(code)
      runInAction(() => {
        this.joinedServerId = joined.server_id
        this.status = 'joined'
      })
    } catch (error) {
      runInAction(() => {
        this.problem = problemOf(error)
        this.status = 'ready'
      })
    }
  }
}
