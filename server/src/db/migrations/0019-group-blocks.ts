/**
 * A member who blocks a group conversation leaves it and is never added to it again
 * (routes/conversations): one row per member and group they block.
 */
import type { Kysely } from 'kysely'

/** Creates conversation_blocks. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('conversation_blocks')
    .addColumn('conversation_id', 'text', col => col.notNull().references('conversations.conversation_id').onDelete('cascade'))
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('created_at', 'integer', col => col.notNull())
    .addPrimaryKeyConstraint('conversation_blocks_pk', ['conversation_id', 'uid'])
    .execute()
}

/** Drops conversation_blocks. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conversation_blocks').ifExists().execute()
}
