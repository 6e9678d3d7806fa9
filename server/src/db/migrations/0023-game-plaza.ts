/**
 * The game plaza (SPEC §4 type 10, core/wire/plaza.ts, docs/games.md): its tables (the game,
 * the seats as JSON, the game's state as JSON, a version every change increases — a write
 * names the version it read, so two processes never both advance one table), each game's
 * moves (a nonce unique per table: a move sent twice counts once, on any process), the
 * sessions watching a table (a seated player's presence, across processes), each member's
 * record per game and server (wins, losses, draws, Elo rating), and a chat message's plaza
 * card (JSON, null on every other message). Times here are unix milliseconds (bigint).
 */
import type { Kysely } from 'kysely'

/** Creates the plaza tables and messages.card. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('plaza_tables')
    .addColumn('table_id', 'text', col => col.primaryKey())
    .addColumn('server_id', 'text', col => col.notNull())
    .addColumn('channel_id', 'text', col => col.notNull().references('channels.channel_id').onDelete('cascade'))
    .addColumn('game', 'text', col => col.notNull())
    .addColumn('status', 'text', col => col.notNull())
    .addColumn('access', 'text', col => col.notNull())
    .addColumn('invite_code', 'text')
    .addColumn('turn_seconds', 'integer', col => col.notNull())
    // JSON array, one entry per seat: {uid, ready, away_until}
    .addColumn('seats', 'text', col => col.notNull())
    .addColumn('created_by', 'text', col => col.notNull())
    .addColumn('created_at', 'bigint', col => col.notNull())
    .addColumn('round', 'integer', col => col.notNull())
    .addColumn('version', 'integer', col => col.notNull())
    .addColumn('seed', 'bigint', col => col.notNull())
    // the game definition's state as JSON, null before the first game starts
    .addColumn('state', 'text')
    .addColumn('turn_deadline', 'bigint')
    // the soonest away_until among the seats (a grace period ends), null when nobody is away
    .addColumn('grace_deadline', 'bigint')
    // JSON core/wire/plaza.ts PlazaResult of the last game, null while none ended
    .addColumn('result', 'text')
    .addColumn('watchers', 'integer', col => col.notNull())
    // the chat channel the table was last invited into: its result cards go there (none: the result stays on the table)
    .addColumn('card_channel_id', 'text')
    .execute()
  // the lobby: WHERE channel_id = ? AND status IN (…)
  await db.schema.createIndex('plaza_tables_channel').on('plaza_tables').columns(['channel_id', 'status', 'created_at']).execute()
  // the sweeper: WHERE status = 'playing' AND (turn_deadline <= ? OR grace_deadline <= ?)
  await db.schema.createIndex('plaza_tables_status').on('plaza_tables').columns(['status', 'turn_deadline']).execute()

  await db.schema.createTable('plaza_moves')
    .addColumn('table_id', 'text', col => col.notNull().references('plaza_tables.table_id').onDelete('cascade'))
    .addColumn('round', 'integer', col => col.notNull())
    .addColumn('seq', 'integer', col => col.notNull())
    .addColumn('seat', 'integer', col => col.notNull())
    .addColumn('uid', 'text', col => col.notNull())
    .addColumn('nonce', 'text', col => col.notNull())
    .addColumn('move', 'text', col => col.notNull())
    .addColumn('at', 'bigint', col => col.notNull())
    .addPrimaryKeyConstraint('plaza_moves_pk', ['table_id', 'round', 'seq'])
    .execute()
  await db.schema.createIndex('plaza_moves_nonce').on('plaza_moves').columns(['table_id', 'nonce']).unique().execute()

  await db.schema.createTable('plaza_watchers')
    .addColumn('session_id', 'text', col => col.primaryKey())
    .addColumn('table_id', 'text', col => col.notNull().references('plaza_tables.table_id').onDelete('cascade'))
    .addColumn('uid', 'text', col => col.notNull())
    .addColumn('since', 'bigint', col => col.notNull())
    .execute()
  await db.schema.createIndex('plaza_watchers_table').on('plaza_watchers').columns(['table_id', 'uid']).execute()

  await db.schema.createTable('game_records')
    .addColumn('server_id', 'text', col => col.notNull())
    .addColumn('game', 'text', col => col.notNull())
    .addColumn('uid', 'text', col => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('wins', 'integer', col => col.notNull())
    .addColumn('losses', 'integer', col => col.notNull())
    .addColumn('draws', 'integer', col => col.notNull())
    .addColumn('rating', 'integer', col => col.notNull())
    .addPrimaryKeyConstraint('game_records_pk', ['server_id', 'game', 'uid'])
    .execute()
  // a leaderboard: WHERE server_id = ? AND game = ? ORDER BY rating DESC
  await db.schema.createIndex('game_records_board').on('game_records').columns(['server_id', 'game', 'rating']).execute()

  await db.schema.alterTable('messages').addColumn('card', 'text').execute()
}

/** Drops them again. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('card').execute()
  for (const table of ['game_records', 'plaza_watchers', 'plaza_moves', 'plaza_tables']) {
    await db.schema.dropTable(table).execute()
  }
}
