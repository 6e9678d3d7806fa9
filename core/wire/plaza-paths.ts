/**
 * Values of the game plaza's routes (./plaza.ts) the client needs too: their paths. No
 * imports, so the client takes them from here without loading TypeBox.
 */

/** Paths of the plaza routes (`:x` marks a path parameter; fill with core/wire/paths.ts fillPath). */
export const PLAZA_PATHS = {
  /** GET: the games on offer and the channel's open tables; POST {game, seats, access, turn_seconds}: a new table (its creator takes seat 0) */
  tables: '/channels/:channel_id/tables',
  /** GET (?invite=): the table and the caller's view of its game; DELETE: close it (its creator while waiting, a moderator any time) */
  table: '/tables/:table_id',
  /** POST {seat?, invite?}: take a seat (the first free one when none is named) */
  seats: '/tables/:table_id/seats',
  /** DELETE: leave one's seat (while playing: forfeit); DELETE another's (a moderator): remove a player */
  seat: '/tables/:table_id/seats/:uid',
  /** PUT {ready}: say ready, or not; the game starts when every seat is taken and ready */
  ready: '/tables/:table_id/ready',
  /** POST {nonce, version, move}: play a move (idempotent by nonce; refused with a reason) */
  moves: '/tables/:table_id/moves',
  /** POST: after the end, the next game at the table with the seats turned by one */
  rematch: '/tables/:table_id/rematch',
  /** POST {channel_id}: invite to the table with a card (来一局) in a chat channel of the server */
  invite: '/tables/:table_id/invite',
  /** GET: the server's leaderboard of one game (wins, losses, rating) */
  leaderboard: '/servers/:server_id/leaderboards/:game',
  /** GET: one member's record in each game of the server (their member card) */
  ratings: '/servers/:server_id/members/:uid/game-ratings',
} as const

/** The plaza calls (core/wire/plaza.ts). */
export const PLAZA_CALLS = {
  tables: { method: 'GET', path: PLAZA_PATHS.tables, auth: 'anyone' },
  createTable: { method: 'POST', path: PLAZA_PATHS.tables, auth: 'user' },
  table: { method: 'GET', path: PLAZA_PATHS.table, auth: 'anyone' },
  closeTable: { method: 'DELETE', path: PLAZA_PATHS.table, auth: 'user' },
  sit: { method: 'POST', path: PLAZA_PATHS.seats, auth: 'user' },
  stand: { method: 'DELETE', path: PLAZA_PATHS.seat, auth: 'user' },
  ready: { method: 'PUT', path: PLAZA_PATHS.ready, auth: 'user' },
  move: { method: 'POST', path: PLAZA_PATHS.moves, auth: 'user' },
  rematch: { method: 'POST', path: PLAZA_PATHS.rematch, auth: 'user' },
  invite: { method: 'POST', path: PLAZA_PATHS.invite, auth: 'user' },
  leaderboard: { method: 'GET', path: PLAZA_PATHS.leaderboard, auth: 'anyone' },
  ratings: { method: 'GET', path: PLAZA_PATHS.ratings, auth: 'anyone' },
} as const
