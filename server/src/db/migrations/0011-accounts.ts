/**
 * Accounts: the ways a member signs in besides a guest token — an e-mail address proved
 * by a one-time code, passkeys (WebAuthn) — and what keeps a guest's old uid pointing at
 * the account it became (SPEC §3: a B_ uid marks a guest, so an upgraded guest gets a new
 * uid). A code is kept only as a salted hash; a WebAuthn challenge lives until it is used
 * or expires.
 */
import type { Kysely } from 'kysely'

/** Creates account_emails, email_codes, passkeys, webauthn_challenges and uid_aliases. */
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
  await db.schema.createTable('webauthn_challenges')
    .addColumn('challenge', 'text', col => col.primaryKey())
    .addColumn('purpose', 'text', col => col.notNull())
    .addColumn('uid', 'text')
    .addColumn('expires_at', 'integer', col => col.notNull())
    .execute()
  await db.schema.createTable('uid_aliases')
    .addColumn('old_uid', 'text', col => col.primaryKey())
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .execute()
}

/** Drops the account tables. */
export async function down (db: Kysely<unknown>): Promise<void> {
  for (const table of ['uid_aliases', 'webauthn_challenges', 'passkeys', 'email_codes', 'account_emails']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
