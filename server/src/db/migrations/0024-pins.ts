/**
 * Pins (精华, core/wire/pins.ts): one row per pinned message — a message is pinned at most
 * once, in its own channel — with who pinned it and when (unix seconds), and a chat
 * message's system line (messages.notice: JSON core/wire/messages.ts MessageNotice, null
 * on every member's message), which announces a pin.
 */
import type { Kysely } from 'kysely'

/** Creates the pins table and messages.notice. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('pins')
    .addColumn('message_id', 'text', col => col.primaryKey().references('messages.message_id').onDelete('cascade'))
    .addColumn('channel_id', 'text', col => col.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('server_id', 'text', col => col.notNull())
    .addColumn('pinned_by', 'text', col => col.notNull())
    .addColumn('pinned_at', 'integer', col => col.notNull())
    .execute()
  // a channel's list, newest pin first, and its count: WHERE channel_id = ? ORDER BY pinned_at DESC
  await db.schema.createIndex('pins_channel').on('pins').columns(['channel_id', 'pinned_at']).execute()
  await db.schema.alterTable('messages').addColumn('notice', 'text').execute()
}

/** Drops them again. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('notice').execute()
  await db.schema.dropTable('pins').execute()
}
