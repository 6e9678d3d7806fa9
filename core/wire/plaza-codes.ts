/**
 * Values of the game plaza (./plaza.ts) the client needs: a table's limits, its timers, what
 * a refusal is. No imports, so the client takes them from here without loading TypeBox.
 */

/** A table's turn timer when its creator names none, seconds. */
export const PLAZA_TURN_SECONDS_DEFAULT = 60
/** The shortest turn timer a table may have, seconds. */
export const PLAZA_TURN_SECONDS_MIN = 10
/** The longest turn timer a table may have, seconds. */
export const PLAZA_TURN_SECONDS_MAX = 300
/** A seated player whose every socket dropped, or who left a playing table's page, has this long to come back before forfeiting, seconds. */
export const PLAZA_GRACE_SECONDS = 60
/** Open (not ended, not closed) tables a channel holds at once. */
export const PLAZA_OPEN_TABLES_MAX = 500
/** Open tables one member may have created in a channel at once. */
export const PLAZA_TABLES_PER_MEMBER_MAX = 3
/** A rating every member starts each game with (Elo). */
export const PLAZA_RATING_START = 1200
/** Members a leaderboard lists. */
export const PLAZA_LEADERBOARD_SIZE = 20

/**
 * Where a table stands: `waiting` (seats filling, players saying ready), `playing`, `ended`
 * (the result is shown; a rematch starts the next game there), `closed` (a moderator or its
 * creator closed it, or everyone left: gone from the lobby).
 */
export const PLAZA_TABLE_STATUSES = ['waiting', 'playing', 'ended', 'closed'] as const
/** One table status. */
export type PlazaTableStatus = typeof PLAZA_TABLE_STATUSES[number]

/** Who may sit at a table: anyone who may see the channel (`open`), or who holds its invite link (`invite`; watching stays open to all). */
export const PLAZA_TABLE_ACCESS = ['open', 'invite'] as const
/** One table access. */
export type PlazaTableAccess = typeof PLAZA_TABLE_ACCESS[number]

/**
 * What a chat card of the plaza is (a message's `card`): an invitation to a table (来一局,
 * tapping it opens the table) or the result of a game there, posted by the server at its end.
 */
export const PLAZA_CARD_KINDS = ['game_invite', 'game_result'] as const
/** One chat card kind. */
export type PlazaCardKind = typeof PLAZA_CARD_KINDS[number]

/** 谁是卧底: the longest description a player may give of their word, characters. */
export const SPY_DESCRIPTION_MAX_LENGTH = 30
