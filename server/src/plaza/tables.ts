/**
 * A plaza table between its row (server/src/db/tables/plaza.ts) and the wire
 * (core/wire/plaza.ts), and the pure steps of its life: start a game, follow a change of it
 * (the turn timer, the end), end it, turn the seats for a rematch. Nothing here reads or
 * writes the database; server/src/plaza/service.ts does, version-checked.
 */
import type { AnyGameDefinition, GameOutcome } from '@core/domain/games/definition'
import { rematchSeats, tableStarts } from '@core/domain/plaza'
import type { User } from '@core/wire/entities'
import { PLAZA_GRACE_SECONDS, type PlazaGameView, type PlazaGameViews, type PlazaResult, type PlazaSeat, type PlazaTable, type PlazaTurn } from '@core/wire/plaza'
import type { PlazaTablesTable, StoredSeat } from '../db/tables/plaza'

/** A table being changed: its row, with the seats, the game's state and the result parsed. */
export interface Draft {
  row: PlazaTablesTable
  seats: StoredSeat[]
  state: unknown
  result: PlazaResult | null
}

/** The draft of a stored row. */
export function draftOf (row: PlazaTablesTable): Draft {
  return {
    row: { ...row },
    seats: JSON.parse(row.seats) as StoredSeat[],
    state: row.state === null ? null : JSON.parse(row.state) as unknown,
    result: row.result === null ? null : JSON.parse(row.result) as PlazaResult,
  }
}

/** The row a draft writes: the next version, the soonest grace deadline among its seats. */
export function rowOf (draft: Draft, watchers: number): PlazaTablesTable {
  const graces = draft.seats.map(seat => seat.away_until).filter((until): until is number => until !== null)
  return {
    ...draft.row,
    seats: JSON.stringify(draft.seats),
    state: draft.state === null ? null : JSON.stringify(draft.state),
    result: draft.result === null ? null : JSON.stringify(draft.result),
    grace_deadline: draft.row.status === 'playing' && graces.length > 0 ? Math.min(...graces) : null,
    version: draft.row.version + 1,
    watchers,
  }
}

/** An empty seat. */
export function emptySeat (): StoredSeat {
  return { uid: null, ready: false, away_until: null, left: false }
}

/** The seat `uid` holds (and has not left), or -1. */
export function seatOf (seats: readonly StoredSeat[], uid: string): number {
  return seats.findIndex(seat => seat.uid === uid && !seat.left)
}

/** Whose turn it is in a playing draft, or null. */
export function turnOf (row: PlazaTablesTable, definition: AnyGameDefinition, state: unknown): PlazaTurn {
  if (row.status !== 'playing' || state === null || row.turn_deadline === null) return null
  const seats = definition.toMove(state)
  return seats.length === 0 ? null : { seats, deadline: row.turn_deadline }
}

/** The lobby's row of a table; names and avatars from `users` (a seat whose user is gone shows none). */
export function tableOf (row: PlazaTablesTable, definition: AnyGameDefinition, users: ReadonlyMap<string, User>): PlazaTable {
  const draft = draftOf(row)
  const seats: PlazaSeat[] = draft.seats.map((seat, index) => {
    const user = seat.uid === null ? undefined : users.get(seat.uid)
    return { seat: index, uid: seat.uid, nickname: user?.nickname ?? '', avatar: user?.avatar ?? '', ready: seat.ready, away_until: seat.away_until }
  })
  return {
    table_id: row.table_id,
    server_id: row.server_id,
    channel_id: row.channel_id,
    game: row.game,
    status: row.status,
    access: row.access,
    turn_seconds: row.turn_seconds,
    seats,
    created_by: row.created_by,
    created_at: row.created_at,
    round: row.round,
    version: row.version,
    watchers: row.watchers,
    turn: turnOf(row, definition, draft.state),
    result: draft.result,
  }
}

/** The game as `seat` (null: a watcher) sees it, or null before the first game. */
export function viewOf (row: PlazaTablesTable, definition: AnyGameDefinition, seat: number | null): PlazaGameView | null {
  const draft = draftOf(row)
  if (draft.state === null) return null
  return {
    server_id: row.server_id,
    channel_id: row.channel_id,
    table_id: row.table_id,
    game: row.game,
    version: row.version,
    round: row.round,
    seat,
    view: definition.view(draft.state, seat),
    turn: turnOf(row, definition, draft.state),
    result: draft.result,
  }
}

/** Every view of the game (PLAZA_GAME_VIEWS): the watchers' and each seated member's, or null before the first game. */
export function viewsOf (row: PlazaTablesTable, definition: AnyGameDefinition): PlazaGameViews | null {
  const watcher = viewOf(row, definition, null)
  if (!watcher) return null
  const seats: Record<string, PlazaGameView> = {}
  draftOf(row).seats.forEach((seat, index) => {
    const view = seat.uid === null ? null : viewOf(row, definition, index)
    if (seat.uid !== null && view) seats[seat.uid] = view
  })
  return { watcher, seats }
}

/** The turn timer after a change: restarted when a seat not expected before is to move now, kept while the same seats still owe their part, none once nobody is. */
function followTurn (draft: Draft, definition: AnyGameDefinition, before: readonly number[], nowMs: number): void {
  const after = definition.toMove(draft.state)
  if (after.length === 0) draft.row.turn_deadline = null
  else if (draft.row.turn_deadline === null || after.some(seat => !before.includes(seat))) draft.row.turn_deadline = nowMs + draft.row.turn_seconds * 1000
}

/** The result by member of a game's outcome by seat. */
export function resultOf (seats: readonly StoredSeat[], outcome: GameOutcome): PlazaResult {
  const uidsOf = (indexes: readonly number[]): string[] => indexes.map(index => seats[index]?.uid).filter((uid): uid is string => uid !== null && uid !== undefined)
  return { winners: uidsOf(outcome.winners), losers: uidsOf(outcome.losers), draw: outcome.draw, how: outcome.how }
}

/**
 * Follows a change of the game's state (`before`: the seats expected to move before it):
 * the turn timer, and when the game is over its end — `ended`, the result by member,
 * nobody away or ready (a player who left keeps the seat until the rematch). Returns the outcome when this
 * change ended the game (its records are then written once, with it).
 */
export function followGame (draft: Draft, definition: AnyGameDefinition, before: readonly number[], nowMs: number): GameOutcome | null {
  const outcome = definition.outcome(draft.state)
  if (!outcome) {
    followTurn(draft, definition, before, nowMs)
    return null
  }
  draft.result = resultOf(draft.seats, outcome)
  draft.row.status = 'ended'
  draft.row.turn_deadline = null
  // who left stays in their seat until the rematch: the records count them
  draft.seats = draft.seats.map(seat => ({ ...seat, ready: false, away_until: null }))
  return outcome
}

/** Starts the next game when every seat is taken and ready: the state from the table's seed and round. */
export function startIfReady (draft: Draft, definition: AnyGameDefinition, nowMs: number): boolean {
  if (draft.row.status !== 'waiting' || !tableStarts(draft.seats)) return false
  // each round its own deal, the same on every process: the table's seed and the round
  draft.row.seed = (draft.row.seed + draft.row.round * 0x9E3779B1) >>> 0
  draft.state = definition.setup(draft.seats.length, draft.row.seed)
  draft.row.status = 'playing'
  draft.result = null
  draft.row.turn_deadline = null
  followTurn(draft, definition, [], nowMs)
  return true
}

/** `seat` left for good while playing (stood up, or its grace period ended): the game goes on without it or ends. */
export function forfeitSeat (draft: Draft, definition: AnyGameDefinition, seat: number, nowMs: number): GameOutcome | null {
  const before = definition.toMove(draft.state)
  draft.state = definition.forfeit(draft.state, seat)
  draft.seats[seat] = { ...draft.seats[seat], left: true, ready: false, away_until: null }
  return followGame(draft, definition, before, nowMs)
}

/**
 * What the sweeper applies at `nowMs`: every grace period that ended (a forfeit), then, if the
 * game goes on, the turn timer that ran out (definition.timeout for each seat that owed a
 * move). Returns the outcome when this ended the game, and whether anything changed.
 */
export function applyDue (draft: Draft, definition: AnyGameDefinition, nowMs: number): { changed: boolean, outcome: GameOutcome | null } {
  let changed = false
  for (let seat = 0; seat < draft.seats.length; seat++) {
    const until = draft.seats[seat].away_until
    if (draft.row.status !== 'playing' || until === null || until > nowMs) continue
    changed = true
    const outcome = forfeitSeat(draft, definition, seat, nowMs)
    if (outcome) return { changed, outcome }
  }
  if (draft.row.status === 'playing' && draft.row.turn_deadline !== null && draft.row.turn_deadline <= nowMs) {
    changed = true
    const before = definition.toMove(draft.state)
    for (const seat of before) {
      if (definition.outcome(draft.state)) break
      draft.state = definition.timeout(draft.state, seat)
    }
    draft.row.turn_deadline = null // the seats now to move get a fresh timer
    return { changed, outcome: followGame(draft, definition, [], nowMs) }
  }
  return { changed, outcome: null }
}

/** A player's presence at a playing table: away (the grace period starts at `nowMs`) or back. Returns whether the seat changed. */
export function markAway (draft: Draft, seat: number, away: boolean, nowMs: number): boolean {
  const current = draft.seats[seat]
  if (draft.row.status !== 'playing' || current.left) return false
  if (away === (current.away_until !== null)) return false
  draft.seats[seat] = { ...current, away_until: away ? nowMs + PLAZA_GRACE_SECONDS * 1000 : null }
  return true
}

/** The next game at an ended table: the seats turned by one (seat i's player to seat i + 1; who left, gone), a new round, nobody ready. */
export function rematch (draft: Draft): void {
  draft.seats = rematchSeats(draft.seats).map(before => ({ ...emptySeat(), uid: before.left ? null : before.uid }))
  draft.row.round += 1
  draft.row.status = 'waiting'
  draft.state = null
  draft.result = null
  draft.row.turn_deadline = null
}
