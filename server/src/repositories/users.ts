/**
 * Users and their sessions. A session keeps only the SHA-256 of its bearer token, so a
 * leaked database does not leak usable tokens.
 */
import { createHash, randomBytes } from 'crypto'
import type { ProfilePatchBody } from '@core/wire/api'
import type { User } from '@core/wire/entities'
import type { Db, UsersTable } from '../db/schema'

/** How long a guest session lasts: 30 days. */
export const SESSION_LIFETIME_SECONDS = 30 * 24 * 3600

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

/** Reads and writes users and sessions. */
export interface UsersRepository {
  get (uid: string): Promise<User | null>
  /** Creates a guest (uid B_…) with a fresh session, in one transaction. */
  createGuest (nowSeconds: number): Promise<GuestSession>
  /** The user a bearer token belongs to while its session lasts, else null. */
  findBySession (token: string, nowSeconds: number): Promise<User | null>
  /** Writes the given profile fields (already audited) and resolves the updated user. */
  updateProfile (uid: string, patch: ProfilePatchBody): Promise<User | null>
}

/** The users repository on `db`. */
export function createUsersRepository (db: Db): UsersRepository {
  async function get (uid: string): Promise<User | null> {
    const row = await db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst()
    return row ? toUser(row) : null
  }
  return {
    get,
    async createGuest (nowSeconds) {
      const uid = `B_${randomBytes(6).toString('hex')}`
      const token = randomBytes(32).toString('base64url')
      const row: UsersTable = { uid, user_type: 1, addtime: nowSeconds, nickname: `游客${uid.slice(-4)}`, avatar: GUEST_AVATAR, signature: '', gender: 0 }
      await db.transaction().execute(async trx => {
        await trx.insertInto('users').values(row).execute()
        await trx.insertInto('sessions').values({ token_hash: hashToken(token), uid, created_at: nowSeconds, expires_at: nowSeconds + SESSION_LIFETIME_SECONDS }).execute()
      })
      return { token, user: toUser(row) }
    },
    async findBySession (token, nowSeconds) {
      const row = await db.selectFrom('sessions').innerJoin('users', 'users.uid', 'sessions.uid').selectAll('users')
        .where('sessions.token_hash', '=', hashToken(token)).where('sessions.expires_at', '>', nowSeconds).executeTakeFirst()
      return row ? toUser(row) : null
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
