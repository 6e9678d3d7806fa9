/**
 * Row shapes of the game plaza (migration 0023-game-plaza): tables, their moves, the
 * sessions watching them and each member's record per game. JSON columns are text;
 * times are unix milliseconds.
 */
import type { GameId } from '@core/domain/games/definition'
import type { PlazaTableAccess, PlazaTableStatus } from '@core/wire/plaza-codes'

/** One seat as stored (JSON in plaza_tables.seats): who sits there, ready, and until when an away player may come back. */
export interface StoredSeat {
  uid: string | null
  ready: boolean
  away_until: number | null
  /** The player left while playing (forfeited): the seat empties at the rematch. */
  left: boolean
}

/** A plaza table. */
export interface PlazaTablesTable {
  table_id: string
  server_id: string
  channel_id: string
  game: GameId
  status: PlazaTableStatus
  access: PlazaTableAccess
  /** An invite-only table's code, else null. */
  invite_code: string | null
  turn_seconds: number
  /** JSON StoredSeat[]. */
  seats: string
  created_by: string
  created_at: number
  round: number
  version: number
  seed: number
  /** JSON of the game definition's state; null before the first game. */
  state: string | null
  turn_deadline: number | null
  /** The soonest away_until among the seats, null when nobody is away (the sweeper's index). */
  grace_deadline: number | null
  /** JSON PlazaResult; null while no game ended. */
  result: string | null
  /** Sessions watching, as counted at the last change. */
  watchers: number
  /** The chat channel the table was last invited into (its result cards go there), or null. */
  card_channel_id: string | null
}

/** One move played at a table (its nonce is unique per table). */
export interface PlazaMovesTable {
  table_id: string
  round: number
  seq: number
  seat: number
  uid: string
  nonce: string
  /** JSON of the game's move. */
  move: string
  at: number
}

/** A gateway session watching a table (any process): a seated player is present while one of theirs does. */
export interface PlazaWatchersTable {
  session_id: string
  table_id: string
  uid: string
  since: number
}

/** A member's record in one game of one server. */
export interface GameRecordsTable {
  server_id: string
  game: GameId
  uid: string
  wins: number
  losses: number
  draws: number
  rating: number
}
