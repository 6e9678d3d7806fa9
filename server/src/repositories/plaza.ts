/**
 * The game plaza's storage (migration 0023-game-plaza, server/src/plaza): tables, their
 * moves, the sessions watching them and the members' records. Every change of a table is
 * one transaction that names the version it was computed from (`UPDATE … WHERE version = ?`):
 * of two writers on one version — two processes, a move and the sweeper — one wins, the other
 * is told `stale` and writes nothing. A move's nonce is unique per table, so a move sent twice
 * (to one process or two) is stored once; the second is told `duplicate`.
 */
import type { GameId } from '@core/domain/games/definition'
import type { PlazaTableStatus } from '@core/wire/plaza-codes'
import type { Db } from '../db/schema'
import { isUniqueViolation } from '../db/errors'
import type { GameRecordsTable, PlazaMovesTable, PlazaTablesTable, StoredSeat } from '../db/tables/plaza'

/** What a version-checked write did: written, refused because another write came first, or a move whose nonce was stored before. */
export type PlazaWriteResult = 'written' | 'stale' | 'duplicate'

/** The records of a game's players after it ended, from their current ones (none yet: absent). */
export type RecordSettler = (current: GameRecordsTable[]) => GameRecordsTable[]

/** The statuses of a table still in the lobby's count of open tables. */
const OPEN_STATUSES: PlazaTableStatus[] = ['waiting', 'playing']

/** Reads and writes the plaza. */
export interface PlazaRepository {
  /** One table, or null. */
  get (tableId: string): Promise<PlazaTablesTable | null>
  /** The lobby of a channel: open tables (waiting, playing), then ended ones, newest first; at most `limit`. */
  lobby (channelId: string, limit: number): Promise<PlazaTablesTable[]>
  /** Open tables of a channel (`createdBy`: only theirs). */
  openCount (channelId: string, createdBy?: string): Promise<number>
  /** Stores a new table. */
  insert (row: PlazaTablesTable): Promise<void>
  /**
   * Writes `next` over the table if it still has `version` (next.version is version + 1), with
   * `move` (its nonce unique per table) and, when the write ends a game, the records `settle`
   * makes of its players' current ones (read in the same transaction), all or nothing.
   */
  write (next: PlazaTablesTable, version: number, move: PlazaMovesTable | null, settle: RecordSettler | null): Promise<PlazaWriteResult>
  /** The chat channel a table's result cards go to from now on (its last invitation's). */
  cardChannel (tableId: string, channelId: string): Promise<void>
  /** The move stored with `nonce` at a table, or null. */
  moveByNonce (tableId: string, nonce: string): Promise<PlazaMovesTable | null>
  /** Moves of a table's round so far. */
  moveCount (tableId: string, round: number): Promise<number>
  /** The records of `uids` in one game of a server (absent: none yet). */
  records (serverId: string, game: GameId, uids: readonly string[]): Promise<GameRecordsTable[]>
  /** The best `limit` records of one game of a server, best rating first. */
  leaderboard (serverId: string, game: GameId, limit: number): Promise<GameRecordsTable[]>
  /** One member's records in each game of a server. */
  ratings (serverId: string, uid: string): Promise<GameRecordsTable[]>
  /** Session `sessionId` (of `uid`) watches `tableId` now (null: none); returns the table it watched before, or null. */
  watch (sessionId: string, uid: string, tableId: string | null, at: number): Promise<string | null>
  /** Sessions watching a table (of `uid` only, when given), on every process. */
  watcherCount (tableId: string, uid?: string): Promise<number>
  /** Playing tables whose turn timer or a grace period ended by `now`, at most `limit`. */
  due (now: number, limit: number): Promise<PlazaTablesTable[]>
}

/** The plaza repository on `db`. */
export function createPlazaRepository (db: Db): PlazaRepository {
  async function moveByNonce (tableId: string, nonce: string): Promise<PlazaMovesTable | null> {
    return (await db.selectFrom('plaza_moves').selectAll().where('table_id', '=', tableId).where('nonce', '=', nonce).executeTakeFirst()) ?? null
  }

  return {
    async get (tableId) {
      return (await db.selectFrom('plaza_tables').selectAll().where('table_id', '=', tableId).executeTakeFirst()) ?? null
    },

    async lobby (channelId, limit) {
      const open = await db.selectFrom('plaza_tables').selectAll().where('channel_id', '=', channelId).where('status', 'in', OPEN_STATUSES)
        .orderBy('created_at', 'desc').orderBy('table_id', 'desc').limit(limit).execute()
      if (open.length >= limit) return open
      const ended = await db.selectFrom('plaza_tables').selectAll().where('channel_id', '=', channelId).where('status', '=', 'ended')
        .orderBy('created_at', 'desc').orderBy('table_id', 'desc').limit(limit - open.length).execute()
      return [...open, ...ended]
    },

    async openCount (channelId, createdBy) {
      let query = db.selectFrom('plaza_tables').select(eb => eb.fn.countAll<number>().as('n')).where('channel_id', '=', channelId).where('status', 'in', OPEN_STATUSES)
      if (createdBy !== undefined) query = query.where('created_by', '=', createdBy)
      return Number((await query.executeTakeFirstOrThrow()).n)
    },

    async insert (row) {
      await db.insertInto('plaza_tables').values(row).execute()
    },

    async write (next, version, move, settle) {
      try {
        return await db.transaction().execute(async trx => {
          if (move) await trx.insertInto('plaza_moves').values(move).execute()
          // where its cards go is no part of the game: an invitation sets it apart (cardChannel), unversioned
          const { table_id: tableId, ...fields } = next
          const updated = await trx.updateTable('plaza_tables').set({ ...fields, card_channel_id: undefined }).where('table_id', '=', tableId).where('version', '=', version).executeTakeFirst()
          if (Number(updated.numUpdatedRows) === 0) throw new StaleTable()
          const players = (JSON.parse(next.seats) as StoredSeat[]).map(seat => seat.uid).filter((uid): uid is string => uid !== null)
          const current = settle && players.length > 0
            ? await trx.selectFrom('game_records').selectAll().where('server_id', '=', next.server_id).where('game', '=', next.game).where('uid', 'in', players).execute()
            : []
          for (const record of settle ? settle(current) : []) {
            const counts = { wins: record.wins, losses: record.losses, draws: record.draws, rating: record.rating }
            await trx.insertInto('game_records').values(record)
              .onConflict(conflict => conflict.columns(['server_id', 'game', 'uid']).doUpdateSet(counts)).execute()
          }
          return 'written' as const
        })
      } catch (error) {
        if (error instanceof StaleTable) return 'stale'
        if (move && isUniqueViolation(error) && await moveByNonce(move.table_id, move.nonce)) return 'duplicate'
        // the move's sequence number was taken by a write on the same version: that write came first
        if (move && isUniqueViolation(error)) return 'stale'
        throw error
      }
    },

    async cardChannel (tableId, channelId) {
      await db.updateTable('plaza_tables').set({ card_channel_id: channelId }).where('table_id', '=', tableId).execute()
    },

    moveByNonce,

    async moveCount (tableId, round) {
      return Number((await db.selectFrom('plaza_moves').select(eb => eb.fn.countAll<number>().as('n')).where('table_id', '=', tableId).where('round', '=', round).executeTakeFirstOrThrow()).n)
    },

    async records (serverId, game, uids) {
      if (uids.length === 0) return []
      return db.selectFrom('game_records').selectAll().where('server_id', '=', serverId).where('game', '=', game).where('uid', 'in', [...uids]).execute()
    },

    async leaderboard (serverId, game, limit) {
      return db.selectFrom('game_records').selectAll().where('server_id', '=', serverId).where('game', '=', game)
        .orderBy('rating', 'desc').orderBy('wins', 'desc').orderBy('uid').limit(limit).execute()
    },

    async ratings (serverId, uid) {
      return db.selectFrom('game_records').selectAll().where('server_id', '=', serverId).where('uid', '=', uid).orderBy('game').execute()
    },

    async watch (sessionId, uid, tableId, at) {
      return db.transaction().execute(async trx => {
        const before = await trx.selectFrom('plaza_watchers').select('table_id').where('session_id', '=', sessionId).executeTakeFirst()
        await trx.deleteFrom('plaza_watchers').where('session_id', '=', sessionId).execute()
        if (tableId !== null) await trx.insertInto('plaza_watchers').values({ session_id: sessionId, uid, table_id: tableId, since: at }).execute()
        return before?.table_id ?? null
      })
    },

    async watcherCount (tableId, uid) {
      let query = db.selectFrom('plaza_watchers').select(eb => eb.fn.countAll<number>().as('n')).where('table_id', '=', tableId)
      if (uid !== undefined) query = query.where('uid', '=', uid)
      return Number((await query.executeTakeFirstOrThrow()).n)
    },

    async due (now, limit) {
      return db.selectFrom('plaza_tables').selectAll().where('status', '=', 'playing')
        .where(eb => eb.or([eb('turn_deadline', '<=', now), eb('grace_deadline', '<=', now)]))
        .orderBy('table_id').limit(limit).execute()
    },
  }
}

/** Thrown inside a write's transaction when the table's version moved on: the transaction rolls back. */
class StaleTable extends Error {}
