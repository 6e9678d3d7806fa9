/**
 * Bots (SPEC §3: uid C_, user_type 2, bot role type 1): accounts an owner creates in a
 * server, signed in with a bot token (`bot.` + random) of which only the SHA-256 is
 * kept. One token per bot: a new one replaces the old, revoking deletes it.
 */
import { randomBytes } from 'crypto'
import { BOT_USER_TYPE } from '@core/domain/identity'
import { BOT_ROLE_TYPE } from '@core/domain/role'
import type { BotToken } from '@core/wire/trust'
import type { Db, UsersTable } from '../db/schema'
import { writeAuditEntry, type AuditRecord } from './audit-log'
import { BOT_TOKEN_PREFIX, GUEST_AVATAR, hashToken, toUser } from './users'

/** A fresh bot token. */
export function newBotToken (): string {
  return `${BOT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
}

/** Reads and writes bots and their tokens. */
export interface BotsRepository {
  /** Creates a bot member of the server (with the server's bot roles) and its token. */
  create (serverId: string, nickname: string, audit: AuditRecord): Promise<BotToken>
  /** True when `uid` is a bot created in (or seeded for) the server. */
  isBotOf (serverId: string, uid: string): Promise<boolean>
  /** The server the bot's token was issued in, the only one where it acts; null when it has no token. */
  homeServerOf (uid: string): Promise<string | null>
  /** A new token for the bot; the old one stops working. */
  resetToken (serverId: string, uid: string, audit: AuditRecord): Promise<BotToken | null>
  /** Deletes the bot's token; false when it had none. */
  revokeToken (serverId: string, uid: string, audit: AuditRecord): Promise<boolean>
}

/**
 * Ends every way the bot `uid` is in: its token and any session row (none is issued to a
 * bot; one left from before opens nothing either, repositories/users.ts), so a new or
 * revoked token leaves nothing behind.
 */
async function endSessions (trx: Db, uid: string): Promise<void> {
  await trx.deleteFrom('bot_tokens').where('bot_uid', '=', uid).execute()
  await trx.deleteFrom('sessions').where('uid', '=', uid).execute()
}

/** The bots repository on `db`. */
export function createBotsRepository (db: Db): BotsRepository {
  async function writeToken (trx: Db, serverId: string, uid: string, audit: AuditRecord): Promise<string> {
    const token = newBotToken()
    await endSessions(trx, uid)
    await trx.insertInto('bot_tokens').values({ token_hash: hashToken(token), bot_uid: uid, server_id: serverId, created_by: audit.actor_uid, created_at: audit.created_at }).execute()
    await writeAuditEntry(trx, { ...audit, target_id: uid })
    return token
  }
  async function isBotOf (serverId: string, uid: string): Promise<boolean> {
    const row = await db.selectFrom('server_members').innerJoin('users', 'users.uid', 'server_members.uid').select('users.uid')
      .where('server_members.server_id', '=', serverId).where('users.uid', '=', uid).where('users.user_type', '=', BOT_USER_TYPE).executeTakeFirst()
    return row !== undefined
  }
  return {
    async create (serverId, nickname, audit) {
      const user: UsersTable = { uid: `C_${randomBytes(6).toString('hex')}`, user_type: BOT_USER_TYPE, addtime: audit.created_at, nickname, avatar: GUEST_AVATAR, signature: '', gender: 0 }
      const token = await db.transaction().execute(async trx => {
        await trx.insertInto('users').values(user).execute()
        await trx.insertInto('server_members').values({ server_id: serverId, uid: user.uid, joined_at: audit.created_at }).execute()
        const botRoles = await trx.selectFrom('roles').select('role_id').where('server_id', '=', serverId).where('type', '=', BOT_ROLE_TYPE).execute()
        if (botRoles.length > 0) await trx.insertInto('member_roles').values(botRoles.map(role => ({ server_id: serverId, uid: user.uid, role_id: role.role_id }))).execute()
        return writeToken(trx, serverId, user.uid, audit)
      })
      return { user: toUser(user), token }
    },
    isBotOf,
    async homeServerOf (uid) {
      const row = await db.selectFrom('bot_tokens').select('server_id').where('bot_uid', '=', uid).executeTakeFirst()
      return row?.server_id ?? null
    },
    async resetToken (serverId, uid, audit) {
      if (!await isBotOf(serverId, uid)) return null
      const user = await db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow()
      const token = await db.transaction().execute(trx => writeToken(trx, serverId, uid, audit))
      return { user: toUser(user), token }
    },
    async revokeToken (serverId, uid, audit) {
      return db.transaction().execute(async trx => {
        const removed = await trx.deleteFrom('bot_tokens').where('bot_uid', '=', uid).where('server_id', '=', serverId).executeTakeFirst()
        if (Number(removed.numDeletedRows) === 0) return false
        await endSessions(trx, uid)
        await writeAuditEntry(trx, audit)
        return true
      })
    },
  }
}
