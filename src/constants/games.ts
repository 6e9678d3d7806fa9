/**
 * The plaza's games as members read them (core/domain/games/definition.ts): each game's
 * name and each way a game ends, by message key (both message tables hold the words).
 */
import type { GameEndReason, GameId } from '@core/domain/games/definition'
import type { MessageKey } from '@/i18n'

/** Each game's name. */
export const GAME_NAME_KEYS: Readonly<Record<GameId, MessageKey>> = {
  gomoku: 'gameGomoku',
  reversi: 'gameReversi',
  spy: 'gameSpy',
}

/** How each ending reads (a result's `how`). */
export const GAME_END_KEYS: Readonly<Record<GameEndReason, MessageKey>> = {
  five: 'plazaHowFive',
  board_full: 'plazaHowBoardFull',
  discs: 'plazaHowDiscs',
  spy_caught: 'plazaHowSpyCaught',
  spy_survived: 'plazaHowSpySurvived',
  forfeit: 'plazaHowForfeit',
  timeout: 'plazaHowTimeout',
}
