/**
 * Slow mode of chat channels (core/domain/slow-mode.ts, docs/product-tour.md "Slow mode"):
 * each channel's setting (`channels.slow_mode_seconds`, 0 — off — on every channel, existing
 * ones included), and when each member last sent a message in a channel whose slow mode was
 * on (`slow_mode_sends`, unix seconds): the send's transaction moves it forward only when the
 * member's wait is over, so two sockets or two parallel requests cannot both pass.
 */
import type { Kysely } from 'kysely'

/** Adds the column and the table of last sends. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('channels').addColumn('slow_mode_seconds', 'integer', col => col.notNull().defaultTo(0)).execute()
  await db.schema.createTable('slow_mode_sends')
    .addColumn('channel_id', 'text', col => col.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('sent_at', 'bigint', col => col.notNull())
    .addPrimaryKeyConstraint('slow_mode_sends_pk', ['channel_id', 'uid'])
    .execute()
}

/** Drops them again. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('slow_mode_sends').execute()
  await db.schema.alterTable('channels').dropColumn('slow_mode_seconds').execute()
}
