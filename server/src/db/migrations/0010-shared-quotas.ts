/**
 * Shared quotas: what a pool of accounts used of a limited action per time window — the
 * bytes stored from one client IP, the bytes stored by all guest accounts together — so
 * fresh throwaway accounts cannot each bring a new quota, and so these quotas hold across
 * processes sharing one database like the per-account ones (account_usage).
 */
import type { Kysely } from 'kysely'

/** Creates pool_usage. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('pool_usage')
    .addColumn('pool', 'text', col => col.notNull())
    .addColumn('action', 'text', col => col.notNull())
    .addColumn('window_start', 'integer', col => col.notNull())
    .addColumn('amount', 'bigint', col => col.notNull())
    .addPrimaryKeyConstraint('pool_usage_pk', ['pool', 'action', 'window_start'])
    .execute()
}

/** Drops pool_usage. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pool_usage').ifExists().execute()
}
