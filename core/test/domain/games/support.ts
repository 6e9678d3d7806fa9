/**
 * Random games for the property tests: a definition played from a seed by a chooser of
 * legal moves (with timeouts and forfeits now and then), every state kept.
 */
import type { GameDefinition, GameRandom } from '@core/domain/games/definition'
import { randomBelow, seededRandom } from '@core/domain/games/random'
import type { ReplayStep } from '@core/domain/games/replay'

/** One played game: every state from the setup on, and the steps that led there. */
export interface PlayedGame<State, Move> {
  states: State[]
  steps: Array<ReplayStep<Move>>
}

/** What a random player does: a move of its own for `seat`, or a timeout or forfeit. */
export type Chooser<State, Move> = (state: State, seat: number, random: GameRandom) => ReplayStep<Move>

/**
 * Plays a game of `seats` from `seed` with `choose` until it ends (or `limit` steps): every
 * chosen move must be accepted, the states never changed in place.
 */
export function playRandom<State, Move, View> (
  definition: GameDefinition<State, Move, View>, seats: number, seed: number, choose: Chooser<State, Move>, limit = 1000,
): PlayedGame<State, Move> {
  const random = seededRandom(seed * 7919 + 1)
  let state = definition.setup(seats, seed)
  const states = [state]
  const steps: Array<ReplayStep<Move>> = []
  while (definition.outcome(state) === null && steps.length < limit) {
    const waiting = definition.toMove(state)
    const seat = waiting[randomBelow(random, waiting.length)]
    const step = choose(state, seat, random)
    const before = JSON.stringify(state)
    if ('move' in step) {
      const played = definition.move(state, step.seat, step.move)
      if (!played.ok) throw new Error(`refused ${JSON.stringify(step)}: ${played.reason}`)
      state = played.state
    } else if ('timeout' in step) {
      state = definition.timeout(state, step.seat)
    } else {
      state = definition.forfeit(state, step.seat)
    }
    expect(JSON.stringify(states[states.length - 1])).toBe(before)
    steps.push(step)
    states.push(state)
  }
  return { states, steps }
}

/** Seeds 1…n. */
export function seeds (n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1)
}
