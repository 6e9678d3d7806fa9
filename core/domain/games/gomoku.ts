/**
 * 五子棋 (gomoku), free style (SPEC §4 type 10, docs/games.md): a 15 × 15 board, seat 0
 * (black) first, then in turn; five or more of one's stones in a row — across, down or
 * diagonal — wins (`five`); a full board with no five is a draw (`board_full`). A turn
 * timer's end, or leaving, loses. Nothing is hidden: every viewer sees the same view.
 */
import type { GameDefinition, GameOutcome, MoveOutcome } from './definition'
import type { BoardCell, BoardPoint, GomokuMove, GomokuView } from './views'
import {
  assertTwoSeats, cellIndex, duelForfeit, duelRefusal, duelTimeout, duelToMove, emptyBoard, onBoard, parseBoardPoint,
  type DuelSeat, type DuelState,
} from './board'

/** The board's side. */
export const GOMOKU_SIZE = 15
/** Stones in a row that win. */
export const GOMOKU_LINE = 5

/** A gomoku game: the view's fields and its end. Plain data (stored as JSON). */
export interface GomokuState extends DuelState {
  size: number
  board: BoardCell[]
  last: BoardPoint | null
  /** The winning line once there is one, else empty. */
  line: BoardPoint[]
  /** Stones on the board. */
  moves: number
}

/** The four directions a line runs in (the other half of each is its opposite). */
const DIRECTIONS: readonly BoardPoint[] = [{ x: 1, y: 0 }, { x: 0, y: 1 }, { x: 1, y: 1 }, { x: 1, y: -1 }]

/** The points of `seat`'s stones from `from` stepping by `step` (not `from` itself), until another cell or the edge. */
function run (board: readonly BoardCell[], from: BoardPoint, step: BoardPoint, seat: DuelSeat): BoardPoint[] {
  const points: BoardPoint[] = []
  for (let p = { x: from.x + step.x, y: from.y + step.y }; onBoard(GOMOKU_SIZE, p) && board[cellIndex(GOMOKU_SIZE, p)] === seat; p = { x: p.x + step.x, y: p.y + step.y }) {
    points.push(p)
  }
  return points
}

/** The first line of five or more through `at` (the whole run, ends in board order), or empty. */
function winningLine (board: readonly BoardCell[], at: BoardPoint, seat: DuelSeat): BoardPoint[] {
  for (const step of DIRECTIONS) {
    const back = run(board, at, { x: -step.x, y: -step.y }, seat).reverse()
    const line = [...back, at, ...run(board, at, step, seat)]
    if (line.length >= GOMOKU_LINE) return line
  }
  return []
}

function play (state: GomokuState, seat: number, move: GomokuMove): MoveOutcome<GomokuState> {
  const refusal = duelRefusal(state, GOMOKU_SIZE, seat, move)
  if (refusal) return { ok: false, reason: refusal }
  const mover = seat as DuelSeat
  const at = { x: move.x, y: move.y }
  const index = cellIndex(GOMOKU_SIZE, at)
  if (state.board[index] !== -1) return { ok: false, reason: 'occupied' }
  const board = state.board.slice()
  board[index] = mover
  const moves = state.moves + 1
  const line = winningLine(board, at, mover)
  let result: GameOutcome | null = null
  if (line.length > 0) result = { winners: [mover], losers: [1 - mover], draw: false, how: 'five' }
  else if (moves === board.length) result = { winners: [], losers: [], draw: true, how: 'board_full' }
  const next = result ? null : (1 - mover) as DuelSeat
  return { ok: true, state: { ...state, board, last: at, line, moves, next, result } }
}

/** 五子棋's definition (the registry's `gomoku`, ./index.ts). */
export const gomoku: GameDefinition<GomokuState, GomokuMove, GomokuView> = {
  id: 'gomoku',
  seats: { min: 2, max: 2 },
  defaultSeats: 2,
  timeoutLoses: true,
  setup (seats) {
    assertTwoSeats('gomoku', seats)
    return { size: GOMOKU_SIZE, board: emptyBoard(GOMOKU_SIZE), next: 0, last: null, line: [], moves: 0, result: null }
  },
  parseMove: input => parseBoardPoint(input, GOMOKU_SIZE),
  move: play,
  toMove: duelToMove,
  timeout: duelTimeout,
  forfeit: duelForfeit,
  view: state => ({
    size: state.size,
    board: state.board.slice(),
    next: state.next,
    last: state.last,
    line: state.line.slice(),
    moves: state.moves,
  }),
  outcome: state => state.result,
}
