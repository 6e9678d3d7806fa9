/**
 * The game plaza (SPEC §4 type 10): a lobby of tables in a channel, where members sit down,
 * say ready and play a game that the server referees (core/domain/games). Everything a
 * member does is an HTTP write (./plaza-paths.ts): a move is idempotent by its nonce, and is
 * checked against the table's version, so any server process may take it and two never both
 * advance one table. What changed reaches the clients through the gateway:
 *
 * - PLAZA_TABLE_UPDATE (audience `channel`): a table as the lobby lists it — created, a seat
 *   taken or left, ready, started, ended, closed. Nothing in it is secret.
 * - PLAZA_GAME_VIEW (audience `table`, never replayed): the game after a move, as the one
 *   session receiving it may see it — its seat's view, or a watcher's. The bus carries all
 *   of a move's views at once as PLAZA_GAME_VIEWS (between gateways only); each gateway sends
 *   each of its sessions watching the table only the view that is theirs, so a spy's word
 *   never reaches another player or a watcher in any frame.
 *
 * A client says which table it looks at with the gateway op `table_watch {table_id}` (null:
 * none): it then receives that table's PLAZA_GAME_VIEW. A seated player's watching is their
 * presence: when every socket of theirs stops watching a playing table, they have
 * PLAZA_GRACE_SECONDS to come back before forfeiting. After a reconnect the client asks
 * `GET /tables/:table_id` for its view: the game resumes exactly where it stands.
 */
import { Type, type Static } from '@sinclair/typebox'
import { ChannelParamsSchema } from './api'
import type { CallSchemasOf } from './call-schemas'
import { Nullable } from './entities'
import { IdString } from './fields'
import { NonceSchema } from './messages'
import { GAME_REFUSALS } from '../domain/games/definition'
import { GameIdSchema, Literals, PlazaResultSchema } from './plaza-card'
import { PLAZA_TABLE_ACCESS, PLAZA_TABLE_STATUSES, PLAZA_TURN_SECONDS_MAX, PLAZA_TURN_SECONDS_MIN } from './plaza-codes'
import { PLAZA_CALLS } from './plaza-paths'

export * from './plaza-card'
export * from './plaza-codes'
export * from './plaza-paths'

/** Why a move was refused (the client's message tables hold each reason's words). */
export const GameRefusalSchema = Literals(GAME_REFUSALS)

/** A game on offer in the plaza: its id and the seats a table of it may have. */
export const PlazaGameSchema = Type.Object({
  game: GameIdSchema,
  seats_min: Type.Integer({ minimum: 1 }),
  seats_max: Type.Integer({ minimum: 1 }),
  seats_default: Type.Integer({ minimum: 1 }),
})
/** A game on offer. */
export type PlazaGame = Static<typeof PlazaGameSchema>

/** One seat of a table: empty (`uid` null) or a member, their ready flag, and whether they are away (dropped: the grace period runs until `away_until`). */
export const PlazaSeatSchema = Type.Object({
  seat: Type.Integer({ minimum: 0 }),
  uid: Nullable(Type.String()),
  nickname: Type.String(),
  avatar: Type.String(),
  ready: Type.Boolean(),
  /** Unix milliseconds the away player forfeits at, null when present (or the seat is empty). */
  away_until: Nullable(Type.Integer({ minimum: 0 })),
})
/** One seat. */
export type PlazaSeat = Static<typeof PlazaSeatSchema>

/** Whose turn it is and until when: the seats expected to move, and the unix milliseconds their timer ends; null when nobody is to move. */
export const PlazaTurnSchema = Nullable(Type.Object({
  seats: Type.Array(Type.Integer({ minimum: 0 })),
  deadline: Type.Integer({ minimum: 0 }),
}))
/** Whose turn it is. */
export type PlazaTurn = Static<typeof PlazaTurnSchema>

/** A table as the lobby lists it (PLAZA_TABLE_UPDATE, GET tables): nothing of its game's hidden state. */
export const PlazaTableSchema = Type.Object({
  table_id: Type.String(),
  server_id: Type.String(),
  channel_id: Type.String(),
  game: GameIdSchema,
  status: Literals(PLAZA_TABLE_STATUSES),
  access: Literals(PLAZA_TABLE_ACCESS),
  turn_seconds: Type.Integer({ minimum: PLAZA_TURN_SECONDS_MIN, maximum: PLAZA_TURN_SECONDS_MAX }),
  seats: Type.Array(PlazaSeatSchema),
  created_by: Type.String(),
  /** Unix milliseconds. */
  created_at: Type.Integer({ minimum: 0 }),
  /** Games played at the table so far, the current one included (a rematch adds one). */
  round: Type.Integer({ minimum: 1 }),
  /** Increases with every change of the table or its game; a move names the version it was made on. */
  version: Type.Integer({ minimum: 0 }),
  /** Sessions watching the table now (players included), as counted at its last change. */
  watchers: Type.Integer({ minimum: 0 }),
  turn: PlazaTurnSchema,
  /** The last game's result once it ended, else null. */
  result: Nullable(PlazaResultSchema),
})
/** A table as the lobby lists it. */
export type PlazaTable = Static<typeof PlazaTableSchema>

/**
 * The game at a table as one viewer may see it (PLAZA_GAME_VIEW, and GET table): `seat` is
 * the viewer's seat, null for a watcher; `view` is the game's view for it
 * (core/domain/games/views.ts GameView<game>).
 */
export const PlazaGameViewSchema = Type.Object({
  server_id: Type.String(),
  channel_id: Type.String(),
  table_id: Type.String(),
  game: GameIdSchema,
  version: Type.Integer({ minimum: 0 }),
  round: Type.Integer({ minimum: 1 }),
  seat: Nullable(Type.Integer({ minimum: 0 })),
  view: Type.Unknown(),
  turn: PlazaTurnSchema,
  result: Nullable(PlazaResultSchema),
})
/** One viewer's view of a table's game. */
export type PlazaGameView = Static<typeof PlazaGameViewSchema>

/** PLAZA_GAME_VIEWS (between gateways only): every view of a game after a change — the watchers' and each seated member's. */
export const PlazaGameViewsSchema = Type.Object({
  watcher: PlazaGameViewSchema,
  /** By uid: the view of that member's seat. */
  seats: Type.Record(Type.String(), PlazaGameViewSchema),
})
/** Every view of a game after a change. */
export type PlazaGameViews = Static<typeof PlazaGameViewsSchema>

/** GET /channels/:channel_id/tables: the games on offer and the open tables (waiting and playing first, then those just ended), newest first. */
export const PlazaLobbySchema = Type.Object({
  games: Type.Array(PlazaGameSchema),
  items: Type.Array(PlazaTableSchema),
})
/** The lobby. */
export type PlazaLobby = Static<typeof PlazaLobbySchema>

/** POST /channels/:channel_id/tables: a new table; seats default to the game's, the turn timer to PLAZA_TURN_SECONDS_DEFAULT. */
export const CreateTableBodySchema = Type.Object({
  game: GameIdSchema,
  seats: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })),
  access: Type.Optional(Literals(PLAZA_TABLE_ACCESS)),
  turn_seconds: Type.Optional(Type.Integer({ minimum: PLAZA_TURN_SECONDS_MIN, maximum: PLAZA_TURN_SECONDS_MAX })),
}, { additionalProperties: false })
/** A new table's body. */
export type CreateTableBody = Static<typeof CreateTableBodySchema>

/** A table with the caller's view of its game (null before it starts), and, for its creator of an invite-only table, the invite code. */
export const PlazaTableAnswerSchema = Type.Object({
  table: PlazaTableSchema,
  view: Nullable(PlazaGameViewSchema),
  invite: Type.Optional(Type.String()),
})
/** A table with the caller's view. */
export type PlazaTableAnswer = Static<typeof PlazaTableAnswerSchema>

/** The path of a table's calls. */
export const TableParamsSchema = Type.Object({ table_id: IdString })
/** The path of a seat's calls. */
export const TableSeatParamsSchema = Type.Object({ table_id: IdString, uid: IdString })
/** GET /tables/:table_id: an invite-only table's code, when the caller holds its link. */
export const TableQuerySchema = Type.Object({ invite: Type.Optional(IdString) }, { additionalProperties: false })

/** POST /tables/:table_id/seats: the seat to take (the first free one when absent), and an invite-only table's code. */
export const SitBodySchema = Type.Object({
  seat: Type.Optional(Type.Integer({ minimum: 0, maximum: 15 })),
  invite: Type.Optional(IdString),
}, { additionalProperties: false })

/** PUT /tables/:table_id/ready. */
export const ReadyBodySchema = Type.Object({ ready: Type.Boolean() }, { additionalProperties: false })

/**
 * POST /tables/:table_id/moves: a move of the caller's seat, made on the table's `version`
 * (an older version is refused: the client asks for the table again), with a nonce the
 * same move sent again carries (on any process, it counts once and answers the same).
 */
export const MoveBodySchema = Type.Object({
  nonce: NonceSchema,
  version: Type.Integer({ minimum: 0 }),
  /** The game's move (core/domain/games/views.ts GameMove<game>); its definition checks its shape. */
  move: Type.Unknown(),
}, { additionalProperties: false })
/** A move's body. */
export type MoveBody = Static<typeof MoveBodySchema>

/** POST /tables/:table_id/invite: the chat channel (of the table's server) the invitation card goes to. */
export const InviteBodySchema = Type.Object({ channel_id: IdString }, { additionalProperties: false })

/** One member's record in one game of a server: games won, lost and drawn, and an Elo rating. */
export const GameRecordSchema = Type.Object({
  game: GameIdSchema,
  uid: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  wins: Type.Integer({ minimum: 0 }),
  losses: Type.Integer({ minimum: 0 }),
  draws: Type.Integer({ minimum: 0 }),
  rating: Type.Integer(),
})
/** One member's record in one game. */
export type GameRecord = Static<typeof GameRecordSchema>

/** GET leaderboards/:game, GET members/:uid/game-ratings: records, best rating first. */
export const GameRecordsSchema = Type.Object({ items: Type.Array(GameRecordSchema) })
/** A list of records. */
export type GameRecords = Static<typeof GameRecordsSchema>

/** The plaza calls' shapes (./plaza-paths.ts declares their paths). */
export const PLAZA_CALL_SCHEMAS = {
  tables: { params: ChannelParamsSchema, answer: PlazaLobbySchema },
  createTable: { params: ChannelParamsSchema, body: CreateTableBodySchema, answer: PlazaTableAnswerSchema },
  table: { params: TableParamsSchema, query: TableQuerySchema, answer: PlazaTableAnswerSchema },
  closeTable: { params: TableParamsSchema, answer: Type.Null() },
  sit: { params: TableParamsSchema, body: SitBodySchema, answer: PlazaTableAnswerSchema },
  stand: { params: TableSeatParamsSchema, answer: PlazaTableAnswerSchema },
  ready: { params: TableParamsSchema, body: ReadyBodySchema, answer: PlazaTableAnswerSchema },
  move: { params: TableParamsSchema, body: MoveBodySchema, answer: PlazaTableAnswerSchema },
  rematch: { params: TableParamsSchema, answer: PlazaTableAnswerSchema },
  invite: { params: TableParamsSchema, body: InviteBodySchema, answer: Type.Null() },
  leaderboard: { params: Type.Object({ server_id: IdString, game: GameIdSchema }), answer: GameRecordsSchema },
  ratings: { params: Type.Object({ server_id: IdString, uid: IdString }), answer: GameRecordsSchema },
} as const satisfies CallSchemasOf<typeof PLAZA_CALLS>

/** Client → server: the table the client looks at (it then receives its PLAZA_GAME_VIEW), or null for none. */
export const TableWatchFrameSchema = Type.Object({
  op: Type.Literal('table_watch'),
  d: Type.Object({ table_id: Nullable(IdString), invite: Type.Optional(IdString) }),
}, { description: 'the plaza table shown (null: none): its `PLAZA_GAME_VIEW` comes to this session; a seated player\'s watching is their presence' })

/** Every plaza op a client sends. */
export const PlazaClientFrameSchemas = [TableWatchFrameSchema] as const
/** A plaza op a client sends. */
export type PlazaClientFrame = Static<typeof PlazaClientFrameSchemas[number]>
