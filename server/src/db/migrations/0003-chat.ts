/**
 * Chat: messages get what a conversation needs (server, nonce, reply, mentions,
 * attachments, edit time) and an index on (channel_id, message_id) that history pages
 * on; reactions; each member's read position and mention count per channel.
 *
 * Before this migration no route wrote messages: every row was a demo-seed row with an
 * id that is not time-ordered. The table is made anew and the seed (which runs after
 * the migrations on every start) writes the demo messages again with time-ordered ids.
 */
import type { Kysely } from 'kysely'

/** Recreates messages; creates reactions and read_states. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute()
  await db.schema.createTable('messages')
    .addColumn('message_id', 'text', col => col.primaryKey())
    .addColumn('channel_id', 'text', col => col.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('server_id', 'text', col => col.notNull().references('servers.server_id').onDelete('cascade'))
    .addColumn('author_uid', 'text', col => col.notNull().references('users.uid'))
    .addColumn('content', 'text', col => col.notNull())
    .addColumn('nonce', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('mentions', 'text', col => col.notNull())
    .addColumn('attachments', 'text', col => col.notNull())
    .addColumn('created_at', 'integer', col => col.notNull())
    .addColumn('edited_at', 'integer')
    .execute()
  // history: WHERE channel_id = ? AND message_id < ? ORDER BY message_id DESC LIMIT n+1
  await db.schema.createIndex('messages_channel_id').on('messages').columns(['channel_id', 'message_id']).execute()
  // a retried send (same author, same nonce) finds its message; NULL nonces (seed) never collide
  await db.schema.createIndex('messages_author_nonce').on('messages').columns(['author_uid', 'nonce']).unique().execute()

  await db.schema.createTable('reactions')
    .addColumn('message_id', 'text', col => col.notNull().references('messages.message_id').onDelete('cascade'))
    .addColumn('emoji', 'text', col => col.notNull())
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('created_at', 'integer', col => col.notNull())
    .addPrimaryKeyConstraint('reactions_pk', ['message_id', 'emoji', 'uid'])
    .execute()

  await db.schema.createTable('read_states')
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('channel_id', 'text', col => col.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('last_read_id', 'text')
    .addColumn('mention_count', 'integer', col => col.notNull())
    .addPrimaryKeyConstraint('read_states_pk', ['uid', 'channel_id'])
    .execute()
}

/** Drops the chat tables and gives messages back their first shape (empty: the seed fills it). */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('read_states').execute()
  await db.schema.dropTable('reactions').execute()
  await db.schema.dropTable('messages').execute()
  await db.schema.createTable('messages')
    .addColumn('message_id', 'text', col => col.primaryKey())
    .addColumn('channel_id', 'text', col => col.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('author_uid', 'text', col => col.notNull().references('users.uid'))
    .addColumn('content', 'text', col => col.notNull())
    .addColumn('created_at', 'integer', col => col.notNull())
    .execute()
  await db.schema.createIndex('messages_channel').on('messages').columns(['channel_id', 'created_at']).execute()
}
