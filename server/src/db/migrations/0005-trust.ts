/**
 * Trust and safety: a server's owner, role permissions and colours, who holds
 * which role, per-channel overrides, bans, timeouts, invites, the audit log, reports,
 * bot tokens, each server's own audit words, and sessions that can be listed, revoked
 * and expire after inactivity. Same migration on SQLite and PostgreSQL.
 */
import { sql, type Kysely } from 'kysely'

/** Adds the trust tables and columns. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('servers').addColumn('owner_uid', 'text').execute()
  await db.schema.alterTable('roles').addColumn('permissions', 'integer', col => col.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('roles').addColumn('color', 'text', col => col.notNull().defaultTo('')).execute()

  await db.schema.createTable('member_roles')
    .addColumn('server_id', 'text', col => col.notNull().references('servers.server_id').onDelete('cascade'))
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('role_id', 'text', col => col.notNull().references('roles.role_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('member_roles_pk', ['server_id', 'uid', 'role_id'])
    .execute()
  await db.schema.createIndex('member_roles_role').on('member_roles').column('role_id').execute()

  await db.schema.createTable('channel_overrides')
    .addColumn('channel_id', 'text', col => col.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('target_type', 'text', col => col.notNull())
    .addColumn('target_id', 'text', col => col.notNull())
    .addColumn('allow', 'integer', col => col.notNull())
    .addColumn('deny', 'integer', col => col.notNull())
    .addPrimaryKeyConstraint('channel_overrides_pk', ['channel_id', 'target_type', 'target_id'])
    .execute()

  await db.schema.createTable('bans')
    .addColumn('server_id', 'text', col => col.notNull().references('servers.server_id').onDelete('cascade'))
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('reason', 'text', col => col.notNull())
    .addColumn('banned_by', 'text', col => col.notNull())
    .addColumn('created_at', 'integer', col => col.notNull())
    .addPrimaryKeyConstraint('bans_pk', ['server_id', 'uid'])
    .execute()

  await db.schema.createTable('member_timeouts')
    .addColumn('server_id', 'text', col => col.notNull().references('servers.server_id').onDelete('cascade'))
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('until', 'integer', col => col.notNull())
    .addColumn('set_by', 'text', col => col.notNull())
    .addPrimaryKeyConstraint('member_timeouts_pk', ['server_id', 'uid'])
    .execute()

  await db.schema.createTable('invites')
    .addColumn('code', 'text', col => col.primaryKey())
    .addColumn('server_id', 'text', col => col.notNull().references('servers.server_id').onDelete('cascade'))
    .addColumn('inviter_uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('max_uses', 'integer', col => col.notNull())
    .addColumn('uses', 'integer', col => col.notNull())
    .addColumn('expires_at', 'integer')
    .addColumn('created_at', 'integer', col => col.notNull())
    .execute()
  await db.schema.createIndex('invites_server').on('invites').columns(['server_id', 'created_at']).execute()

  await db.schema.createTable('audit_log')
    .addColumn('entry_id', 'text', col => col.primaryKey())
    .addColumn('server_id', 'text', col => col.notNull().references('servers.server_id').onDelete('cascade'))
    .addColumn('actor_uid', 'text', col => col.notNull())
    .addColumn('action', 'text', col => col.notNull())
    .addColumn('target_id', 'text', col => col.notNull())
    .addColumn('reason', 'text', col => col.notNull())
    .addColumn('created_at', 'integer', col => col.notNull())
    .execute()
  await db.schema.createIndex('audit_log_server').on('audit_log').columns(['server_id', 'entry_id']).execute()

  await db.schema.createTable('reports')
    .addColumn('report_id', 'text', col => col.primaryKey())
    .addColumn('server_id', 'text', col => col.notNull().references('servers.server_id').onDelete('cascade'))
    .addColumn('reporter_uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('target_type', 'text', col => col.notNull())
    .addColumn('target_id', 'text', col => col.notNull())
    .addColumn('reason', 'text', col => col.notNull())
    .addColumn('note', 'text', col => col.notNull())
    .addColumn('created_at', 'integer', col => col.notNull())
    .addColumn('resolved_by', 'text')
    .execute()
  await db.schema.createIndex('reports_server').on('reports').columns(['server_id', 'report_id']).execute()

  await db.schema.createTable('bot_tokens')
    .addColumn('token_hash', 'text', col => col.primaryKey())
    .addColumn('bot_uid', 'text', col => col.notNull().unique().references('users.uid').onDelete('cascade'))
    .addColumn('server_id', 'text', col => col.notNull().references('servers.server_id').onDelete('cascade'))
    .addColumn('created_by', 'text', col => col.notNull())
    .addColumn('created_at', 'integer', col => col.notNull())
    .execute()

  await db.schema.createTable('server_words')
    .addColumn('server_id', 'text', col => col.notNull().references('servers.server_id').onDelete('cascade'))
    .addColumn('word', 'text', col => col.notNull())
    .addPrimaryKeyConstraint('server_words_pk', ['server_id', 'word'])
    .execute()

  await db.schema.alterTable('sessions').addColumn('session_id', 'text').execute()
  await db.schema.alterTable('sessions').addColumn('last_used_at', 'integer', col => col.notNull().defaultTo(0)).execute()
  // sessions issued before this migration get an id from their hash and count as used when issued
  await sql`update sessions set session_id = substr(token_hash, 1, 24), last_used_at = created_at`.execute(db)
  await db.schema.createIndex('sessions_session_id').on('sessions').column('session_id').unique().execute()
  await db.schema.createIndex('sessions_uid').on('sessions').column('uid').execute()
}

/** Drops what up added. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sessions_uid').ifExists().execute()
  await db.schema.dropIndex('sessions_session_id').ifExists().execute()
  await db.schema.alterTable('sessions').dropColumn('last_used_at').execute()
  await db.schema.alterTable('sessions').dropColumn('session_id').execute()
  for (const table of ['server_words', 'bot_tokens', 'reports', 'audit_log', 'invites', 'member_timeouts', 'bans', 'channel_overrides', 'member_roles']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
  await db.schema.alterTable('roles').dropColumn('color').execute()
  await db.schema.alterTable('roles').dropColumn('permissions').execute()
  await db.schema.alterTable('servers').dropColumn('owner_uid').execute()
}
