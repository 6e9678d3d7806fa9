/**
 * What each game's seats send and see (core/domain/games/definition.ts `Move` and `View`):
 * the shapes the client draws and the server stores, declared apart from the rules so the
 * client's views import no rule. Boards are row-major arrays, `y * size + x`.
 */
import type { GameId } from './definition'

/** A point on a board (0-based column `x`, row `y`). */
export interface BoardPoint {
  x: number
  y: number
}

/** A gomoku or reversi board cell: empty, or the stone/disc of seat 0 (black, moves first) or seat 1 (white). */
export type BoardCell = -1 | 0 | 1

/** 五子棋: a stone on a free point. */
export type GomokuMove = BoardPoint

/** 五子棋 as anyone sees it (nothing is hidden): the board, the last stone, and the winning line once there is one. */
export interface GomokuView {
  size: number
  board: BoardCell[]
  /** The seat to move, null once over. */
  next: 0 | 1 | null
  last: BoardPoint | null
  /** The five (or more) that won, empty until then. */
  line: BoardPoint[]
  moves: number
}

/** 黑白棋: a disc on a square that turns at least one of the other's discs. */
export type ReversiMove = BoardPoint

/** 黑白棋 as anyone sees it: the board, whose turn, where that seat may play, the discs each holds. */
export interface ReversiView {
  size: number
  board: BoardCell[]
  next: 0 | 1 | null
  last: BoardPoint | null
  /** Where `next` may play (the client marks them). */
  legal: BoardPoint[]
  /** Discs of seat 0 and seat 1. */
  discs: [number, number]
  /** The seat whose turn was passed last because it could not move (shown once), or null. */
  passed: 0 | 1 | null
}

/** 谁是卧底: describe one's word in the describing phase (in seat order), or vote for a seat in the vote (all at once). */
export type SpyMove = { describe: string } | { vote: number }

/** One description said in a round. */
export interface SpyDescription {
  seat: number
  text: string
  /** The seat's turn ran out and it said nothing. */
  skipped: boolean
}

/** One finished round: what was said, how each seat voted, and who went out (null: a tie, nobody). */
export interface SpyRound {
  descriptions: SpyDescription[]
  /** votes[seat] = the seat voted for, null for no vote (out, or the timer ran out). */
  votes: Array<number | null>
  out: number | null
  /** Whether the seat that went out was the spy: told when it goes out. */
  outWasSpy: boolean | null
}

/**
 * 谁是卧底 as one seat sees it: its own word only (a watcher: null), who is still in, the
 * round's descriptions so far, during the vote only who has voted (not for whom), and the
 * finished rounds. At the end every seat's word and the spy are shown to all.
 */
export interface SpyView {
  phase: 'describe' | 'vote' | 'over'
  round: number
  /** The viewer's own word (kept once out); null for a watcher. */
  word: string | null
  /** Seats still in the game. */
  alive: number[]
  /** The seat describing now (phase describe), else null. */
  describing: number | null
  descriptions: SpyDescription[]
  /** Seats that have voted in this vote. */
  voted: number[]
  rounds: SpyRound[]
  /** Only once over: each seat's word and which seat was the spy. */
  reveal: { words: string[], spy: number } | null
}

/** Each game's move and view, by id (the client's view components and the store take their types from here). */
export interface GameShapes {
  gomoku: { move: GomokuMove, view: GomokuView }
  reversi: { move: ReversiMove, view: ReversiView }
  spy: { move: SpyMove, view: SpyView }
}

/** The move of game `G`. */
export type GameMove<G extends GameId> = GameShapes[G]['move']
/** The view of game `G`. */
export type GameView<G extends GameId> = GameShapes[G]['view']
