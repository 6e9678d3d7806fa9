/**
 * The registry of the plaza's games (SPEC §4 type 10): one row per GameId, each a pure
 * definition (./definition.ts). The server looks a table's game up here
 * (`gameDefinition(table.game)`), the lobby lists `gamesOnOffer()`; a typed row
 * (`GAMES.gomoku`) keeps its own state, move and view types. Adding a game:
 * docs/recipes/add-a-game.md.
 */
import type { AnyGameDefinition, GameDefinition, GameId } from './definition'
import { GAME_IDS } from './definition'
import type { GameMove, GameView } from './views'
import { gomoku, type GomokuState } from './gomoku'
import { reversi, type ReversiState } from './reversi'
import { spy, type SpyState } from './spy'

/** Each game's whole state, by id (the server's, stored as JSON). */
export interface GameStates {
  gomoku: GomokuState
  reversi: ReversiState
  spy: SpyState
}

/** The state of game `G`. */
export type GameState<G extends GameId> = GameStates[G]

/** The definition of game `G`, with its own types. */
export type GameDefinitionOf<G extends GameId> = GameDefinition<GameState<G>, GameMove<G>, GameView<G>>

/** Every game's definition, by id. */
export const GAMES: { readonly [G in GameId]: GameDefinitionOf<G> } = { gomoku, reversi, spy }

/**
 * The definition of game `id`, as any game's (the server holds states and moves as JSON:
 * it passes a move through `parseMove` before `move`).
 */
export function gameDefinition (id: GameId): AnyGameDefinition {
  return GAMES[id] as AnyGameDefinition
}

/** A game on offer in the lobby: its id and the seats a table of it may have (core/wire/plaza.ts PlazaGame). */
export interface GameOnOffer {
  game: GameId
  seats_min: number
  seats_max: number
  seats_default: number
}

/** The games on offer, in GAME_IDS order. */
export function gamesOnOffer (): GameOnOffer[] {
  return GAME_IDS.map(id => {
    const definition = GAMES[id]
    return { game: id, seats_min: definition.seats.min, seats_max: definition.seats.max, seats_default: definition.defaultSeats }
  })
}

export * from './definition'
export * from './views'
export { seededRandom, randomBelow, shuffled } from './random'
export { replay, ReplayError, type ReplayStep } from './replay'
export { ELO_K, RATING_START, expectedScore, ratingsAfter } from './rating'
