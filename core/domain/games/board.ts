/**
 * What the two board games (./gomoku.ts, ./reversi.ts) share: a square board of cells held
 * row-major (`y * size + x`, core/domain/games/views.ts), a point's shape checked from the
 * wire, and how a two-seat game ends when a seat's timer runs out or it leaves.
 */
import type { GameDefinition, GameEndReason, GameId, GameOutcome, GameRefusal, MoveOutcome } from './definition'
import type { BoardCell, BoardPoint } from './views'

/** A two-seat board game's seat: 0 black (moves first), 1 white. */
export type DuelSeat = 0 | 1

/** What every two-seat board game's state holds: its board, the seat to move (null once over) and the end. */
export interface DuelState {
  size: number
  board: BoardCell[]
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

/** Why `seat` may not play `move` now in a board game (null: it may, as far as turn, shape and a free point go). */
function duelRefusal (state: DuelState, seat: number, move: BoardPoint): GameRefusal | null {
  if (state.result) return 'over'
  if (seat !== state.next) return 'not_your_turn'
  if (parseBoardPoint(move, state.size) === null) return 'bad_move'
  if (state.board[cellIndex(state.size, move)] !== -1) return 'occupied'
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

/** What makes one two-seat board game: its id, its board's side, its start, its move and its view. */
export interface DuelRules<S extends DuelState, V> {
  id: GameId
  size: number
  start: () => S
  /** Plays a stone or disc of `mover` on the free point `at` (turn, shape and a free point already checked). */
  play: (state: S, mover: DuelSeat, at: BoardPoint) => MoveOutcome<S>
  view: (state: S) => V
}

/**
 * A two-seat board game's definition: two seats, seat 0 first, a point as its move, the
 * seat to move the only one with a timer, whose end loses (`timeout`), as leaving does
 * (`forfeit`); every viewer sees the same view.
 */
export function duelDefinition<S extends DuelState, V> (rules: DuelRules<S, V>): GameDefinition<S, BoardPoint, V> {
  return {
    id: rules.id,
    seats: { min: 2, max: 2 },
    defaultSeats: 2,
    timeoutLoses: true,
    setup (seats) {
      if (seats !== 2) throw new RangeError(`${rules.id} is played by 2 seats, not ${seats}`)
      return rules.start()
    },
    parseMove: input => parseBoardPoint(input, rules.size),
    move (state, seat, move) {
      const refusal = duelRefusal(state, seat, move)
      return refusal ? { ok: false, reason: refusal } : rules.play(state, seat as DuelSeat, { x: move.x, y: move.y })
    },
    toMove: state => state.next === null ? [] : [state.next],
    timeout: duelTimeout,
    forfeit: duelForfeit,
    view: state => rules.view(state),
    outcome: state => state.result,
  }
}
