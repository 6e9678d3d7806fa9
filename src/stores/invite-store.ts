/**
 * An invite link (issue 18): what it shows (the server, who invited, whether it still
 * works) and joining through it with one tap — signing in as a guest first when needed.
 * The page renders it; this store decides. An expired, used-up or banned answer becomes
 * a plain `problem` the page says in words, never a raw server message.
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

/** What the store needs of the session: a signed-in user before joining. */
export interface InviteSession {
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
  /** The server joined (or already a member of), after accept. */
  joinedServerId: string | null = null

  /** `api` is the app's request chain unless a test passes a fake. */
  constructor (private readonly session: InviteSession, private readonly api: Pick<TrustApi, 'invite' | 'acceptInvite'> = createTrustApi()) {
    makeAutoObservable<InviteStore, 'api' | 'session'>(this, { api: false, session: false })
  }

  /** True when the join button is offered: the invite works and nothing is under way. */
  get canJoin (): boolean {
    return this.status === 'ready' && this.problem === null
  }

  /** Loads the invite `code`; an expired or used-up one is shown with its problem. */
  async load (code: string): Promise<void> {
    this.status = 'loading'
    this.problem = null
    try {
      const invite = await this.api.invite(code)
      runInAction(() => {
        this.invite = invite
        this.problem = invite.state === 'valid' ? null : invite.state
        this.status = 'ready'
      })
    } catch (error) {
      runInAction(() => {
        this.problem = problemOf(error)
        this.status = 'error'
      })
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
