/**
 * Direct messages: conversations outside any server (a one-to-one one found again by its
 * pair, or a group), their participants with each one's read position, their messages
 * and reactions (paged on (conversation_id, message_id); a nonce unique per author), each
 * member's choice of who may start a conversation with them, and whom they block.
 */
import type { Kysely } from 'kysely'

/** Creates the conversation tables, dm_settings and user_blocks. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('conversations')
    .addColumn('conversation_id', 'text', col => col.primaryKey())
    .addColumn('kind', 'text', col => col.notNull())
    // the two uids of a one-to-one conversation, ordered and joined: the same pair finds the same conversation
    .addColumn('direct_key', 'text', col => col.unique())
    .addColumn('created_by', 'text', col => col.notNull().references('users.uid'))
    .addColumn('created_at', 'integer', col => col.notNull())
    .addColumn('last_message_id', 'text')
    .execute()

  await db.schema.createTable('conversation_participants')
    .addColumn('conversation_id', 'text', col => col.notNull().references('conversations.conversation_id').onDelete('cascade'))
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('last_read_id', 'text')
    .addColumn('joined_at', 'integer', col => col.notNull())
    .addPrimaryKeyConstraint('conversation_participants_pk', ['conversation_id', 'uid'])
    .execute()
  // my conversations: WHERE uid = ?
  await db.schema.createIndex('conversation_participants_uid').on('conversation_participants').columns(['uid', 'conversation_id']).execute()

  await db.schema.createTable('direct_messages')
    .addColumn('message_id', 'text', col => col.primaryKey())
    .addColumn('conversation_id', 'text', col => col.notNull().references('conversations.conversation_id').onDelete('cascade'))
    .addColumn('author_uid', 'text', col => col.notNull().references('users.uid'))
    .addColumn('content', 'text', col => col.notNull())
    .addColumn('nonce', 'text', col => col.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('mentions', 'text', col => col.notNull())
    .addColumn('attachments', 'text', col => col.notNull())
    .addColumn('created_at', 'integer', col => col.notNull())
    .addColumn('edited_at', 'integer')
    .execute()
  await db.schema.createIndex('direct_messages_conversation').on('direct_messages').columns(['conversation_id', 'message_id']).execute()
  await db.schema.createIndex('direct_messages_author_nonce').on('direct_messages').columns(['author_uid', 'nonce']).unique().execute()

  await db.schema.createTable('direct_reactions')
    .addColumn('message_id', 'text', col => col.notNull().references('direct_messages.message_id').onDelete('cascade'))
    .addColumn('emoji', 'text', col => col.notNull())
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('created_at', 'integer', col => col.notNull())
    .addPrimaryKeyConstraint('direct_reactions_pk', ['message_id', 'emoji', 'uid'])
    .execute()

  await db.schema.createTable('dm_settings')
    .addColumn('uid', 'text', col => col.primaryKey().references('users.uid').onDelete('cascade'))
    .addColumn('dm_privacy', 'text', col => col.notNull())
    .execute()

  await db.schema.createTable('user_blocks')
    .addColumn('blocker_uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('blocked_uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('created_at', 'integer', col => col.notNull())
    .addPrimaryKeyConstraint('user_blocks_pk', ['blocker_uid', 'blocked_uid'])
    .execute()
}

/** Drops them again. */
export async function down (db: Kysely<unknown>): Promise<void> {
  for (const table of ['user_blocks', 'dm_settings', 'direct_reactions', 'direct_messages', 'conversation_participants', 'conversations']) {
    await db.schema.dropTable(table).execute()
  }
}
