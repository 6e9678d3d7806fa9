/**
 * Accounts: the ways a member signs in besides a guest token — an e-mail address proved
 * by a one-time code, passkeys (WebAuthn) — and what keeps a guest's old uid pointing at
 * the account it became (SPEC §3: a B_ uid marks a guest, so an upgraded guest gets a new
 * uid). A code is kept only as a salted hash; a challenge (WebAuthn's, a WeChat
 * authorisation's state) lives until it is used or expires. A WeChat identity is an openid
 * of one app (the mini-program, the Official Account's web authorisation) and, where WeChat
 * gives one, the unionid that is the same person across the apps.
 */
import type { Kysely } from 'kysely'

/** Creates account_emails, email_codes, passkeys, sign_in_challenges, wechat_identities and uid_aliases. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('account_emails')
    .addColumn('uid', 'text', col => col.primaryKey().references('users.uid').onDelete('cascade'))
    .addColumn('email', 'text', col => col.notNull().unique())
    .addColumn('verified_at', 'integer', col => col.notNull())
    .execute()
  await db.schema.createTable('email_codes')
    .addColumn('email', 'text', col => col.primaryKey())
    .addColumn('code_hash', 'text', col => col.notNull())
    .addColumn('salt', 'text', col => col.notNull())
    .addColumn('created_at', 'integer', col => col.notNull())
    .addColumn('expires_at', 'integer', col => col.notNull())
    .addColumn('attempts', 'integer', col => col.notNull())
    .addColumn('used_at', 'integer')
    .execute()
  await db.schema.createTable('passkeys')
    .addColumn('credential_id', 'text', col => col.primaryKey())
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('public_key', 'text', col => col.notNull())
    .addColumn('counter', 'bigint', col => col.notNull())
    .addColumn('transports', 'text', col => col.notNull())
    .addColumn('name', 'text', col => col.notNull())
    .addColumn('created_at', 'integer', col => col.notNull())
    .addColumn('last_used_at', 'integer', col => col.notNull())
    .execute()
  await db.schema.createIndex('passkeys_uid').on('passkeys').column('uid').execute()
  await db.schema.createTable('sign_in_challenges')
    .addColumn('challenge', 'text', col => col.primaryKey())
    .addColumn('purpose', 'text', col => col.notNull())
    .addColumn('uid', 'text')
    .addColumn('detail', 'text', col => col.notNull())
    .addColumn('expires_at', 'integer', col => col.notNull())
    .execute()
  await db.schema.createTable('wechat_identities')
    .addColumn('app', 'text', col => col.notNull())
    .addColumn('openid', 'text', col => col.notNull())
    .addColumn('unionid', 'text')
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('created_at', 'integer', col => col.notNull())
    .addPrimaryKeyConstraint('wechat_identities_pk', ['app', 'openid'])
    .execute()
  await db.schema.createIndex('wechat_identities_unionid').on('wechat_identities').column('unionid').execute()
  await db.schema.createIndex('wechat_identities_uid').on('wechat_identities').column('uid').execute()
  await db.schema.createTable('uid_aliases')
    .addColumn('old_uid', 'text', col => col.primaryKey())
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .execute()
}

/** Drops the account tables. */
export async function down (db: Kysely<unknown>): Promise<void> {
  for (const table of ['uid_aliases', 'wechat_identities', 'sign_in_challenges', 'passkeys', 'email_codes', 'account_emails']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
