/**
 * Rebuilding a game from what the server stored (core/domain/games/definition.ts): its
 * seats, its seed and its steps in order — moves, timer ends, forfeits. A definition is
 * deterministic, so the state replayed is the state the table had.
 */
import type { GameDefinition } from './definition'

/** One stored step of a game: a seat's move, its turn timer running out, or its leaving. */
export type ReplayStep<Move> = { seat: number, move: Move } | { seat: number, timeout: true } | { seat: number, forfeit: true }

/** A stored step the game refuses: the stored moves are not this game's (never the case for moves the server accepted). */
export class ReplayError extends Error {
  constructor (readonly index: number, readonly reason: string) {
    super(`replay: step ${index} refused (${reason})`)
    this.name = 'ReplayError'
  }
}

/**
 * The state after `steps` from `definition.setup(seats, seed)`. Each move passes through
 * `parseMove` (stored JSON is untrusted as any input); a refused one throws ReplayError.
 */
export function replay<State, Move, View> (
  definition: GameDefinition<State, Move, View>, seats: number, seed: number, steps: ReadonlyArray<ReplayStep<unknown>>,
): State {
  return steps.reduce((state, step, index) => {
    if ('timeout' in step) return definition.timeout(state, step.seat)
    if ('forfeit' in step) return definition.forfeit(state, step.seat)
    const move = definition.parseMove(step.move)
    if (move === null) throw new ReplayError(index, 'bad_move')
    const played = definition.move(state, step.seat, move)
    if (!played.ok) throw new ReplayError(index, played.reason)
    return played.state
  }, definition.setup(seats, seed))
}
