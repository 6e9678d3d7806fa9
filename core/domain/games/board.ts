/**
 * What the two board games (./gomoku.ts, ./reversi.ts) share: a square board of cells held
 * row-major (`y * size + x`, core/domain/games/views.ts), a point's shape checked from the
 * wire, and how a two-seat game ends when a seat's timer runs out or it leaves.
 */
import type { GameEndReason, GameOutcome, GameRefusal } from './definition'
import type { BoardCell, BoardPoint } from './views'

/** A two-seat board game's seat: 0 black (moves first), 1 white. */
export type DuelSeat = 0 | 1

/** What every two-seat board game's state holds: the seat to move (null once over) and the end. */
export interface DuelState {
  next: DuelSeat | null
  result: GameOutcome | null
}

/** An empty `size` × `size` board. */
export function emptyBoard (size: number): BoardCell[] {
  return new Array<BoardCell>(size * size).fill(-1)
}

/** The index of `point` in a row-major board of `size`. */
export function cellIndex (size: number, point: BoardPoint): number {
  return point.y * size + point.x
}

/** True when `point` lies on a board of `size`. */
export function onBoard (size: number, point: BoardPoint): boolean {
  return point.x >= 0 && point.y >= 0 && point.x < size && point.y < size
}

/**
 * A point from the wire: an object of exactly `x` and `y`, integers on a board of `size`;
 * null for anything else (a string, NaN, a fraction, a point off the board, another field).
 */
export function parseBoardPoint (input: unknown, size: number): BoardPoint | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null
  const fields = input as Record<string, unknown>
  const keys = Object.keys(fields)
  if (keys.length !== 2 || !keys.includes('x') || !keys.includes('y')) return null
  const { x, y } = fields
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isInteger(x) || !Number.isInteger(y)) return null
  const point = { x, y }
  return onBoard(size, point) ? point : null
}

/** Why `seat` may not play `move` now in a board game of `size` (null: it may, as far as turn and shape go). */
export function duelRefusal (state: DuelState, size: number, seat: number, move: BoardPoint): GameRefusal | null {
  if (state.result) return 'over'
  if (seat !== state.next) return 'not_your_turn'
  if (parseBoardPoint(move, size) === null) return 'bad_move'
  return null
}

/** `loser` lost: the other seat won, `how`. */
export function duelLoss (loser: DuelSeat, how: GameEndReason): GameOutcome {
  return { winners: [1 - loser], losers: [loser], draw: false, how }
}

/**
 * A board game's timer ran out for `seat` (only the seat to move has one): it loses
 * (`timeout`). Anything else — another seat, a game over — changes nothing.
 */
export function duelTimeout<S extends DuelState> (state: S, seat: number): S {
  if (state.result || seat !== state.next) return state
  return { ...state, next: null, result: duelLoss(seat, 'timeout') }
}

/** `seat` left a board game before its end: it loses (`forfeit`); a seat not at the table or a game over changes nothing. */
export function duelForfeit<S extends DuelState> (state: S, seat: number): S {
  if (state.result || (seat !== 0 && seat !== 1)) return state
  return { ...state, next: null, result: duelLoss(seat, 'forfeit') }
}

/** The seats to move in a board game: the one whose turn it is, none once over. */
export function duelToMove (state: DuelState): number[] {
  return state.next === null ? [] : [state.next]
}

/** A board game's setup takes exactly two seats. */
export function assertTwoSeats (game: string, seats: number): void {
  if (seats !== 2) throw new RangeError(`${game} is played by 2 seats, not ${seats}`)
}
