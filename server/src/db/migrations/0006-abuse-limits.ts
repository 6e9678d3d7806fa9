/**
 * Abuse limits: what each account has used of a limited action per time
 * window — bytes uploaded per day, channels created per minute — so quotas hold across
 * processes sharing one database.
 */
import type { Kysely } from 'kysely'

/** Creates account_usage. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('account_usage')
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('action', 'text', col => col.notNull())
    .addColumn('window_start', 'integer', col => col.notNull())
    .addColumn('amount', 'bigint', col => col.notNull())
    .addPrimaryKeyConstraint('account_usage_pk', ['uid', 'action', 'window_start'])
    .execute()
}

/** Drops account_usage. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_usage').ifExists().execute()
}
