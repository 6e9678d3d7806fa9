/**
 * Posts with images, likes and comments, and live chat: posts gain their
 * images (JSON), like and comment counts (kept in the same transaction as the like or
 * comment rows), an edit time and the creating nonce; new tables hold likes, comments,
 * live comments, reminders of reserved items and live viewers. Every list pages by
 * cursor on an index whose last column is the time-ordered id (ARCHITECTURE.md).
 */
import type { Kysely } from 'kysely'

/** Adds the columns and tables. */
export async function up (db: Kysely<unknown>): Promise<void> {
  // SQLite adds one column per statement
  await db.schema.alterTable('posts').addColumn('images', 'text', col => col.notNull().defaultTo('[]')).execute()
  await db.schema.alterTable('posts').addColumn('like_count', 'integer', col => col.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('posts').addColumn('comment_count', 'integer', col => col.notNull().defaultTo(0)).execute()
  await db.schema.alterTable('posts').addColumn('edited_at', 'integer').execute()
  await db.schema.alterTable('posts').addColumn('nonce', 'text').execute()
  // the list's order is (created_at, post_id) newest first: seeded posts have ids from before time-ordered ids
  await db.schema.dropIndex('posts_channel').execute()
  await db.schema.createIndex('posts_channel_cursor').on('posts').columns(['channel_id', 'created_at', 'post_id']).execute()
  await db.schema.createIndex('posts_author_nonce').unique().on('posts').columns(['author_uid', 'nonce']).execute()

  await db.schema.createTable('post_likes')
    .addColumn('post_id', 'text', col => col.notNull().references('posts.post_id').onDelete('cascade'))
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('created_at', 'integer', col => col.notNull())
    .addPrimaryKeyConstraint('post_likes_pk', ['post_id', 'uid'])
    .execute()

  await db.schema.createTable('post_comments')
    .addColumn('comment_id', 'text', col => col.primaryKey())
    .addColumn('post_id', 'text', col => col.notNull().references('posts.post_id').onDelete('cascade'))
    .addColumn('author_uid', 'text', col => col.notNull().references('users.uid'))
    .addColumn('content', 'text', col => col.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('nonce', 'text')
    .addColumn('created_at', 'integer', col => col.notNull())
    .execute()
  await db.schema.createIndex('post_comments_post').on('post_comments').columns(['post_id', 'comment_id']).execute()
  await db.schema.createIndex('post_comments_reply_to').on('post_comments').column('reply_to').execute()
  await db.schema.createIndex('post_comments_nonce').unique().on('post_comments').columns(['post_id', 'author_uid', 'nonce']).execute()

  await db.schema.createTable('live_comments')
    .addColumn('comment_id', 'text', col => col.primaryKey())
    .addColumn('live_id', 'text', col => col.notNull().references('lives.live_id').onDelete('cascade'))
    .addColumn('author_uid', 'text', col => col.notNull().references('users.uid'))
    .addColumn('content', 'text', col => col.notNull())
    .addColumn('nonce', 'text')
    .addColumn('created_at', 'integer', col => col.notNull())
    .execute()
  await db.schema.createIndex('live_comments_live').on('live_comments').columns(['live_id', 'comment_id']).execute()
  await db.schema.createIndex('live_comments_nonce').unique().on('live_comments').columns(['live_id', 'author_uid', 'nonce']).execute()

  await db.schema.createTable('live_reminders')
    .addColumn('live_id', 'text', col => col.notNull().references('lives.live_id').onDelete('cascade'))
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('created_at', 'integer', col => col.notNull())
    .addColumn('notified_at', 'integer')
    .addPrimaryKeyConstraint('live_reminders_pk', ['live_id', 'uid'])
    .execute()

  await db.schema.createTable('live_viewers')
    .addColumn('live_id', 'text', col => col.notNull().references('lives.live_id').onDelete('cascade'))
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('seen_at', 'integer', col => col.notNull())
    .addPrimaryKeyConstraint('live_viewers_pk', ['live_id', 'uid'])
    .execute()
  await db.schema.createIndex('live_viewers_seen').on('live_viewers').columns(['live_id', 'seen_at']).execute()
}

/** Drops the tables and columns again. */
export async function down (db: Kysely<unknown>): Promise<void> {
  for (const table of ['live_viewers', 'live_reminders', 'live_comments', 'post_comments', 'post_likes']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
  await db.schema.dropIndex('posts_author_nonce').ifExists().execute()
  await db.schema.dropIndex('posts_channel_cursor').ifExists().execute()
  await db.schema.createIndex('posts_channel').on('posts').columns(['channel_id', 'created_at']).execute()
  for (const column of ['nonce', 'edited_at', 'comment_count', 'like_count', 'images']) {
    await db.schema.alterTable('posts').dropColumn(column).execute()
  }
}
