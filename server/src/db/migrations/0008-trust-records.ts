/**
 * Trust records (second pass): what an audited action changed (the audit log's
 * `changes`, JSON), how a report was closed and when (`resolution`, `resolved_at`), and
 * the device a session signed in from (`user_agent`, for the session list). Same
 * migration on SQLite and PostgreSQL; rows written before it read as no changes, no
 * resolution and an unknown device.
 */
import type { Kysely } from 'kysely'

/** Adds the columns. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('changes', 'text', col => col.notNull().defaultTo('[]')).execute()
  await db.schema.alterTable('reports').addColumn('resolution', 'text').execute()
  await db.schema.alterTable('reports').addColumn('resolved_at', 'integer').execute()
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text', col => col.notNull().defaultTo('')).execute()
  await db.schema.createIndex('reports_target').on('reports').columns(['server_id', 'target_type', 'target_id']).execute()
}

/** Drops them. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('reports_target').ifExists().execute()
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute()
  await db.schema.alterTable('reports').dropColumn('resolved_at').execute()
  await db.schema.alterTable('reports').dropColumn('resolution').execute()
  await db.schema.alterTable('audit_log').dropColumn('changes').execute()
}
