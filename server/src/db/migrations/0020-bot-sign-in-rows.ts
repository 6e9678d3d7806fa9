/**
 * A bot and a map account have one way in, the token their server issued
 * (core/domain/identity.ts SIGN_IN_METHODS_BY_KIND). Before that rule a bot's token could
 * register a passkey, bind an e-mail address or link WeChat on the bot, and those kept
 * signing in after the token was revoked: this deletes every such row of a bot or map
 * account (uid C_ or D_, or user_type 2), and the session rows of bots they opened.
 * Nothing to undo: the rows were never allowed.
 */
import { sql, type Kysely } from 'kysely'

/** The uids of bot and map accounts (SPEC §3: uid prefix C_ or D_, or user_type 2). */
const botOrMapUids = sql`select uid from users where substr(uid, 1, 2) in ('C_', 'D_') or user_type = 2`

/** The uids of bots (SPEC §3: uid prefix C_, or user_type 2 without another kind's prefix). */
const botUids = sql`select uid from users where substr(uid, 1, 2) = 'C_' or (user_type = 2 and substr(uid, 1, 2) not in ('B_', 'D_'))`

/** Deletes the passkeys, addresses and WeChat identities of bot and map accounts, and bots' sessions. */
export async function up (db: Kysely<unknown>): Promise<void> {
  for (const table of ['passkeys', 'account_emails', 'wechat_identities']) {
    await sql`delete from ${sql.table(table)} where uid in (${botOrMapUids})`.execute(db)
  }
  await sql`delete from sessions where uid in (${botUids})`.execute(db)
}

/** Nothing to restore. */
export async function down (): Promise<void> {}
