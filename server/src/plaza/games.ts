/**
 * The games the plaza offers, from their pure definitions (core/domain/games): the one place
 * the server names them, so a game added to the registry is on offer without an edit here.
 */
import type { AnyGameDefinition, GameId } from '@core/domain/games/definition'
import { gomoku } from '@core/domain/games/gomoku'
import { reversi } from '@core/domain/games/reversi'
import type { PlazaGame } from '@core/wire/plaza'

/** The definitions by id (a definition's State, Move and View are opaque to the server: JSON it stores and sends). */
const DEFINITIONS: Partial<Record<GameId, AnyGameDefinition>> = {
  gomoku: gomoku as unknown as AnyGameDefinition,
  reversi: reversi as unknown as AnyGameDefinition,
}

/** The definition of `game`, or undefined when it is not on offer. */
export function definitionOf (game: GameId): AnyGameDefinition | undefined {
  return DEFINITIONS[game]
}

/** The games on offer as the lobby lists them. */
export function gamesOnOffer (): PlazaGame[] {
  return Object.values(DEFINITIONS).map(definition => ({
    game: definition.id, seats_min: definition.seats.min, seats_max: definition.seats.max, seats_default: definition.defaultSeats,
  }))
}
