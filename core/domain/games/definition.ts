/**
 * The game plaza's games (SPEC §4 type 10, core/wire/plaza.ts): what every game is, as a pure
 * definition. The server keeps a table's state and asks its definition for everything — who
 * moves, whether a move is legal, what each seat and each watcher may see, who won; the client
 * draws the views. A definition is deterministic: the same seed and the same moves give the
 * same state, so a game replays from its moves (the server stores them) and is tested
 * exhaustively (core/test/domain/games). Adding a game is one definition, its view component
 * and its tests (docs/recipes/add-a-game.md).
 */

/** The games on offer, by id (a table's `game`). */
export const GAME_IDS = ['gomoku', 'reversi', 'spy'] as const
/** One game's id. */
export type GameId = typeof GAME_IDS[number]

/** True for a known game id. */
export function isGameId (value: unknown): value is GameId {
  return typeof value === 'string' && (GAME_IDS as readonly string[]).includes(value)
}

/**
 * Why a move is refused, shown to the player by code (the client's message tables hold the words):
 * - `not_your_turn`: the seat does not move now;
 * - `bad_move`: the move's shape is not this game's (a wrong field, out of the board);
 * - `occupied`: the point or square is taken;
 * - `no_flip`: (reversi) the square turns no disc;
 * - `bad_text`: (spy) a description empty, too long, or naming the player's own word;
 * - `bad_vote`: (spy) a vote for oneself, for a seat out of the game, or outside the vote;
 * - `over`: the game has ended.
 */
export const GAME_REFUSALS = ['not_your_turn', 'bad_move', 'occupied', 'no_flip', 'bad_text', 'bad_vote', 'over'] as const
/** One reason a move is refused. */
export type GameRefusal = typeof GAME_REFUSALS[number]

/**
 * How a game ended:
 * - `five` (gomoku: five or more in a row), `board_full` (gomoku: nobody made five),
 * - `discs` (reversi: neither side can move; more discs wins, equal is a draw),
 * - `spy_caught` (spy: the vote put the spy out), `spy_survived` (spy: three or fewer remain with the spy among them),
 * - `forfeit` (a player left, or did not come back within the grace period), `timeout` (a board game's turn timer ran out).
 */
export const GAME_END_REASONS = ['five', 'board_full', 'discs', 'spy_caught', 'spy_survived', 'forfeit', 'timeout'] as const
/** One way a game ended. */
export type GameEndReason = typeof GAME_END_REASONS[number]

/** The end of a game, by seat: who won, who lost (a draw has no winner), and how. */
export interface GameOutcome {
  winners: number[]
  losers: number[]
  draw: boolean
  how: GameEndReason
}

/** A move's outcome: the state after it, or the reason it was refused (the state is then unchanged). */
export type MoveOutcome<State> = { ok: true, state: State } | { ok: false, reason: GameRefusal }

/**
 * A seeded random source: the only randomness a definition may use (never Math.random), so a
 * game replays from its seed and moves. `next()` is uniform in [0, 1).
 */
export interface GameRandom {
  next (): number
}

/**
 * One game. `State` is the whole truth (the server's, stored as JSON: plain data only);
 * `Move` what a seat sends; `View` what one seat — or a watcher (`seat` null) — may see. A
 * view never holds what its viewer may not know (the spy game's words: a watcher sees none
 * until the end, a player only their own).
 */
export interface GameDefinition<State, Move, View> {
  id: GameId
  /** Seats a table of this game may have. */
  seats: { min: number, max: number }
  /** Seats a new table starts with. */
  defaultSeats: number
  /** Whether a turn timer's end loses the game (board games) or only skips the seat's part (the party game). */
  timeoutLoses: boolean
  /** The state at the start: `seats` players (min…max), randomness from `seed` only. */
  setup (seats: number, seed: number): State
  /** The move `input` is, when it has this game's shape (untrusted: from the wire); null otherwise. */
  parseMove (input: unknown): Move | null
  /** Plays `move` for `seat`: the new state (the old one is never changed), or why it is refused. */
  move (state: State, seat: number, move: Move): MoveOutcome<State>
  /** The seats expected to move now, in order (empty once the game is over). */
  toMove (state: State): number[]
  /** What happens when `seat`'s turn timer runs out: the board games end (`timeout`), the party game skips the seat's part. */
  timeout (state: State, seat: number): State
  /** `seat` left for good (left the table, or did not come back in time): the game goes on without it, or ends (`forfeit`). */
  forfeit (state: State, seat: number): State
  /** What `seat` sees; `null`: a watcher's view. */
  view (state: State, seat: number | null): View
  /** How the game ended, or null while it goes on. */
  outcome (state: State): GameOutcome | null
}

/** A definition of any game (the registry's entries, core/domain/games/index.ts). */
export type AnyGameDefinition = GameDefinition<unknown, unknown, unknown>
