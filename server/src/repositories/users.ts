/**
 * Users and their sessions. A session keeps only the SHA-256 of its bearer token, so a
 * leaked database does not leak usable tokens. A session ends 30 days after sign-in,
 * after 7 days without a request, or when revoked (sign-out, the session list); each
 * sign-in issues a new token. Bot tokens (`bot.` + random, repositories/bots.ts) sign in
 * the same way, without expiry, until the owner revokes them.
 */
import { createHash, randomBytes } from 'crypto'
import { identityKindOf } from '@core/domain/identity'
import type { ProfilePatchBody } from '@core/wire/api'
import type { User } from '@core/wire/entities'
import type { Db, SessionsTable, UsersTable } from '../db/schema'

/** How long a session lasts at most: 30 days. */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 3600

/** A session unused this long has expired: 7 days. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600

/** How stale a session's last-use time may get before a request writes it again (one write per minute, not per request). */
export const SESSION_TOUCH_SECONDS = 60

/** What a bot token starts with, so the sign-in step knows where to look it up. */
export const BOT_TOKEN_PREFIX = 'bot.'

/**
 * Avatar of a new guest: none, so clients draw the guest's own initial (a seeded
 * picture would carry another user's initial).
 */
export const GUEST_AVATAR = ''

/** The wire user of a row. */
export function toUser (row: UsersTable): User {
  return { uid: row.uid, user_type: row.user_type, addtime: row.addtime, nickname: row.nickname, avatar: row.avatar, signature: row.signature, gender: row.gender }
}

/** SHA-256 hex of a bearer token: what the sessions table stores. */
export function hashToken (token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A guest and the token it signs in with. */
export interface GuestSession {
  token: string
  user: User
}

/** Who a token signs in, and which session it is (null for a bot token). */
export interface SignedIn {
  user: User
  session_id: string | null
}

/** One of a user's live sessions, as the session list shows it. */
export interface SessionInfo {
  session_id: string
  created_at: number
  last_used_at: number
  expires_at: number
  /** The User-Agent it signed in with ('' when unknown). */
  user_agent: string
}

/** The longest User-Agent a session keeps (enough to name a browser and system). */
const USER_AGENT_MAX_LENGTH = 256

/** A new session's row for `uid` and the token that opens it (only the token's hash is stored). */
export function newSession (uid: string, nowSeconds: number, userAgent = ''): { token: string, row: SessionsTable } {
  const token = randomBytes(32).toString('base64url')
  return {
    token,
    row: {
      token_hash: hashToken(token), uid, created_at: nowSeconds, expires_at: nowSeconds + SESSION_LIFETIME_SECONDS, session_id: randomBytes(12).toString('hex'), last_used_at: nowSeconds,
      user_agent: userAgent.slice(0, USER_AGENT_MAX_LENGTH),
    },
  }
}

/** Reads and writes users and sessions. */
export interface UsersRepository {
  /** The user `uid` names (a guest uid that became an account names the account), or null. */
  get (uid: string): Promise<User | null>
  /** Creates a guest (uid B_…) with a fresh session (named by the device's User-Agent), in one transaction. */
  createGuest (nowSeconds: number, userAgent?: string): Promise<GuestSession>
  /** The user a token (session or bot) belongs to while it lasts, else null. */
  findBySession (token: string, nowSeconds: number): Promise<User | null>
  /** The user and session a token opens while it lasts, else null; records the use (idle expiry). */
  signIn (token: string, nowSeconds: number): Promise<SignedIn | null>
  /** The user's live sessions, most recently used first. */
  listSessions (uid: string, nowSeconds: number): Promise<SessionInfo[]>
  /** Ends one of the user's sessions; false when they have no such session. */
  revokeSession (uid: string, sessionId: string): Promise<boolean>
  /** Writes the given profile fields (already audited) and resolves the updated user. */
  updateProfile (uid: string, patch: ProfilePatchBody): Promise<User | null>
  /** Keeps the user's WeChat openid (from the mini-program's sign-in code), replacing an earlier one (live reminders). */
  bindWechatOpenid (uid: string, openid: string, nowSeconds: number): Promise<void>
  /** The user's bound WeChat openid, or null (subscribe messages go to it). */
  openidOf (uid: string): Promise<string | null>
}

/** The users repository on `db`. */
export function createUsersRepository (db: Db): UsersRepository {
  async function get (uid: string): Promise<User | null> {
    const row = await db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst() ??
      // a guest's uid that became an account names that account (repositories/accounts.ts)
      await db.selectFrom('uid_aliases').innerJoin('users', 'users.uid', 'uid_aliases.uid').selectAll('users').where('uid_aliases.old_uid', '=', uid).executeTakeFirst()
    return row ? toUser(row) : null
  }
  async function signIn (token: string, nowSeconds: number): Promise<SignedIn | null> {
    if (token.startsWith(BOT_TOKEN_PREFIX)) {
      const bot = await db.selectFrom('bot_tokens').innerJoin('users', 'users.uid', 'bot_tokens.bot_uid').selectAll('users')
        .where('bot_tokens.token_hash', '=', hashToken(token)).executeTakeFirst()
      return bot ? { user: toUser(bot), session_id: null } : null
    }
    const row = await db.selectFrom('sessions').innerJoin('users', 'users.uid', 'sessions.uid').selectAll('users')
      .select(['sessions.session_id', 'sessions.last_used_at'])
      .where('sessions.token_hash', '=', hashToken(token)).where('sessions.expires_at', '>', nowSeconds)
      .where('sessions.last_used_at', '>', nowSeconds - SESSION_IDLE_SECONDS).executeTakeFirst()
    // a bot's one way in is its token (SIGN_IN_METHODS_BY_KIND): a session naming a bot opens nothing
    if (!row || identityKindOf(row) === 'bot') return null
    if (nowSeconds - row.last_used_at >= SESSION_TOUCH_SECONDS) {
      await db.updateTable('sessions').set({ last_used_at: nowSeconds }).where('session_id', '=', row.session_id).execute()
    }
    return { user: toUser(row), session_id: row.session_id }
  }

  return {
    get,
    async createGuest (nowSeconds, userAgent) {
      const uid = `B_${randomBytes(6).toString('hex')}`
      const session = newSession(uid, nowSeconds, userAgent)
      const row: UsersTable = { uid, user_type: 1, addtime: nowSeconds, nickname: `游客${uid.slice(-4)}`, avatar: GUEST_AVATAR, signature: '', gender: 0 }
      await db.transaction().execute(async trx => {
        await trx.insertInto('users').values(row).execute()
        await trx.insertInto('sessions').values(session.row).execute()
      })
      return { token: session.token, user: toUser(row) }
    },
    async findBySession (token, nowSeconds) {
      return (await signIn(token, nowSeconds))?.user ?? null
    },
    signIn,
    async listSessions (uid, nowSeconds) {
      return db.selectFrom('sessions').select(['session_id', 'created_at', 'last_used_at', 'expires_at', 'user_agent'])
        .where('uid', '=', uid).where('expires_at', '>', nowSeconds).where('last_used_at', '>', nowSeconds - SESSION_IDLE_SECONDS)
        .orderBy('last_used_at', 'desc').orderBy('session_id').execute()
    },
    async openidOf (uid) {
      return (await db.selectFrom('wechat_accounts').select('openid').where('uid', '=', uid).executeTakeFirst())?.openid ?? null
    },

    async bindWechatOpenid (uid, openid, nowSeconds) {
      await db.insertInto('wechat_accounts').values({ uid, openid, updated_at: nowSeconds })
        .onConflict(conflict => conflict.column('uid').doUpdateSet({ openid, updated_at: nowSeconds })).execute()
    },
    async revokeSession (uid, sessionId) {
      const result = await db.deleteFrom('sessions').where('uid', '=', uid).where('session_id', '=', sessionId).executeTakeFirst()
      return Number(result.numDeletedRows) > 0
    },
    async updateProfile (uid, patch) {
      const changes: Partial<UsersTable> = {}
      if (patch.nickname !== undefined) changes.nickname = patch.nickname
      if (patch.signature !== undefined) changes.signature = patch.signature
      if (patch.avatar !== undefined) changes.avatar = patch.avatar
      await db.updateTable('users').set(changes).where('uid', '=', uid).execute()
      return get(uid)
    },
  }
}
