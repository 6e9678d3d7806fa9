/**
 * Web Push: one row per browser a member opted in from the inbox — the push
 * service's endpoint and the keys its payload is encrypted with.
 */
import type { Kysely } from 'kysely'

/** Creates push_subscriptions. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('push_subscriptions')
    // one browser's subscription is one endpoint; a second member signing in there takes it over
    .addColumn('endpoint', 'text', col => col.primaryKey())
    .addColumn('uid', 'text', col => col.notNull())
    .addColumn('p256dh', 'text', col => col.notNull())
    .addColumn('auth', 'text', col => col.notNull())
    .addColumn('created_at', 'integer', col => col.notNull())
    .execute()
  await db.schema.createIndex('push_subscriptions_uid').on('push_subscriptions').column('uid').execute()
}

/** Drops push_subscriptions. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').ifExists().execute()
}
