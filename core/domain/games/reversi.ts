/**
 * 黑白棋 (reversi), standard rules (SPEC §4 type 10, docs/games.md): an 8 × 8 board with
 * the four middle discs set crosswise, seat 0 (black) first. A disc must turn at least one
 * of the other's discs — every straight line of theirs it closes off with one's own. A seat
 * with no such square is passed (the view's `passed`, once); when neither can play, more
 * discs wins and equal discs is a draw (`discs`). A turn timer's end, or leaving, loses.
 * Nothing is hidden.
 */
import type { GameDefinition, GameOutcome, MoveOutcome } from './definition'
import type { BoardCell, BoardPoint, ReversiMove, ReversiView } from './views'
import {
  assertTwoSeats, cellIndex, duelForfeit, duelRefusal, duelTimeout, duelToMove, emptyBoard, onBoard, parseBoardPoint,
  type DuelSeat, type DuelState,
} from './board'

/** The board's side. */
export const REVERSI_SIZE = 8

/** A reversi game. Plain data (stored as JSON). */
export interface ReversiState extends DuelState {
  size: number
  board: BoardCell[]
  last: BoardPoint | null
  /** The seat passed last (it had no square), shown until the next move; null otherwise. */
  passed: DuelSeat | null
}

/** The eight directions a disc closes lines in. */
const DIRECTIONS: readonly BoardPoint[] = [
  { x: 1, y: 0 }, { x: -1, y: 0 }, { x: 0, y: 1 }, { x: 0, y: -1 },
  { x: 1, y: 1 }, { x: 1, y: -1 }, { x: -1, y: 1 }, { x: -1, y: -1 },
]

/** The indexes of the other's discs a disc of `seat` at `at` turns (empty: the square is not a move). */
export function reversiFlips (board: readonly BoardCell[], at: BoardPoint, seat: DuelSeat): number[] {
  if (board[cellIndex(REVERSI_SIZE, at)] !== -1) return []
  const flips: number[] = []
  for (const step of DIRECTIONS) {
    const line: number[] = []
    let p = { x: at.x + step.x, y: at.y + step.y }
    while (onBoard(REVERSI_SIZE, p) && board[cellIndex(REVERSI_SIZE, p)] === 1 - seat) {
      line.push(cellIndex(REVERSI_SIZE, p))
      p = { x: p.x + step.x, y: p.y + step.y }
    }
    if (line.length > 0 && onBoard(REVERSI_SIZE, p) && board[cellIndex(REVERSI_SIZE, p)] === seat) flips.push(...line)
  }
  return flips
}

/** Every square `seat` may play on, in board order. */
export function reversiLegal (board: readonly BoardCell[], seat: DuelSeat): BoardPoint[] {
  const legal: BoardPoint[] = []
  for (let y = 0; y < REVERSI_SIZE; y++) {
    for (let x = 0; x < REVERSI_SIZE; x++) {
      if (reversiFlips(board, { x, y }, seat).length > 0) legal.push({ x, y })
    }
  }
  return legal
}

/** The discs of seat 0 and seat 1. */
function discs (board: readonly BoardCell[]): [number, number] {
  return [board.filter(cell => cell === 0).length, board.filter(cell => cell === 1).length]
}

/** Neither can play: the one with more discs wins, equal is a draw. */
function final (board: readonly BoardCell[]): GameOutcome {
  const [black, white] = discs(board)
  if (black === white) return { winners: [], losers: [], draw: true, how: 'discs' }
  const winner = black > white ? 0 : 1
  return { winners: [winner], losers: [1 - winner], draw: false, how: 'discs' }
}

function play (state: ReversiState, seat: number, move: ReversiMove): MoveOutcome<ReversiState> {
  const refusal = duelRefusal(state, REVERSI_SIZE, seat, move)
  if (refusal) return { ok: false, reason: refusal }
  const mover = seat as DuelSeat
  const at = { x: move.x, y: move.y }
  const index = cellIndex(REVERSI_SIZE, at)
  if (state.board[index] !== -1) return { ok: false, reason: 'occupied' }
  const flips = reversiFlips(state.board, at, mover)
  if (flips.length === 0) return { ok: false, reason: 'no_flip' }
  const board = state.board.slice()
  board[index] = mover
  for (const flipped of flips) board[flipped] = mover
  const other = (1 - mover) as DuelSeat
  const base = { ...state, board, last: at }
  if (reversiLegal(board, other).length > 0) return { ok: true, state: { ...base, next: other, passed: null } }
  if (reversiLegal(board, mover).length > 0) return { ok: true, state: { ...base, next: mover, passed: other } } // the other cannot move: passed
  return { ok: true, state: { ...base, next: null, passed: null, result: final(board) } }
}

/** The standard start: white on d4 and e5, black on e4 and d5. */
function startBoard (): BoardCell[] {
  const board = emptyBoard(REVERSI_SIZE)
  const middle = REVERSI_SIZE / 2
  board[cellIndex(REVERSI_SIZE, { x: middle - 1, y: middle - 1 })] = 1
  board[cellIndex(REVERSI_SIZE, { x: middle, y: middle })] = 1
  board[cellIndex(REVERSI_SIZE, { x: middle, y: middle - 1 })] = 0
  board[cellIndex(REVERSI_SIZE, { x: middle - 1, y: middle })] = 0
  return board
}

/** 黑白棋's definition (the registry's `reversi`, ./index.ts). */
export const reversi: GameDefinition<ReversiState, ReversiMove, ReversiView> = {
  id: 'reversi',
  seats: { min: 2, max: 2 },
  defaultSeats: 2,
  timeoutLoses: true,
  setup (seats) {
    assertTwoSeats('reversi', seats)
    return { size: REVERSI_SIZE, board: startBoard(), next: 0, last: null, passed: null, result: null }
  },
  parseMove: input => parseBoardPoint(input, REVERSI_SIZE),
  move: play,
  toMove: duelToMove,
  timeout: duelTimeout,
  forfeit: duelForfeit,
  view: state => ({
    size: state.size,
    board: state.board.slice(),
    next: state.next,
    last: state.last,
    legal: state.next === null ? [] : reversiLegal(state.board, state.next),
    discs: discs(state.board),
    passed: state.passed,
  }),
  outcome: state => state.result,
}
