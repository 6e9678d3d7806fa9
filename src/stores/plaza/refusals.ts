/**
 * What a member is told when the plaza refuses a write: by the envelope's code
 * (core/wire/codes.ts SERVER_CODES PLAZA_*), in the client's own words (zh-CN and en message
 * tables), never the server's text. A move the game refuses has a code per reason
 * (core/domain/games/definition.ts GAME_REFUSALS); a write made on a version the table has
 * left (PLAZA_STALE_VERSION) is not told at all: the table store asks for the table again.
 */
import type { GameRefusal } from '@core/domain/games/definition'
import { SERVER_CODES } from '@core/wire/codes'
import { t, type MessageKey } from '@/i18n'
import { isRequestError } from '@/services/request/errors'

/** The game's reason of each refused-move code. */
const MOVE_REFUSAL_CODES: Readonly<Record<number, GameRefusal>> = {
  [SERVER_CODES.PLAZA_MOVE_NOT_YOUR_TURN]: 'not_your_turn',
  [SERVER_CODES.PLAZA_MOVE_BAD_MOVE]: 'bad_move',
  [SERVER_CODES.PLAZA_MOVE_OCCUPIED]: 'occupied',
  [SERVER_CODES.PLAZA_MOVE_NO_FLIP]: 'no_flip',
  [SERVER_CODES.PLAZA_MOVE_BAD_TEXT]: 'bad_text',
  [SERVER_CODES.PLAZA_MOVE_BAD_VOTE]: 'bad_vote',
  [SERVER_CODES.PLAZA_MOVE_OVER]: 'over',
}

/** The words of each reason a move is refused. */
export const GAME_REFUSAL_KEYS: Readonly<Record<GameRefusal, MessageKey>> = {
  not_your_turn: 'plazaRefusedNotYourTurn',
  bad_move: 'plazaRefusedBadMove',
  occupied: 'plazaRefusedOccupied',
  no_flip: 'plazaRefusedNoFlip',
  bad_text: 'plazaRefusedBadText',
  bad_vote: 'plazaRefusedBadVote',
  over: 'plazaRefusedOver',
}

/** The words of every other plaza refusal, by code. */
const PLAZA_CODE_KEYS: Readonly<Record<number, MessageKey>> = {
  [SERVER_CODES.PLAZA_NOT_A_PLAZA]: 'plazaRefusedNotAPlaza',
  [SERVER_CODES.PLAZA_BAD_TABLE]: 'plazaRefusedBadTable',
  [SERVER_CODES.PLAZA_NOT_A_CHAT]: 'plazaRefusedNotAChat',
  [SERVER_CODES.PLAZA_WATCH_ONLY]: 'plazaRefusedWatchOnly',
  [SERVER_CODES.PLAZA_INVITE_REQUIRED]: 'plazaRefusedInviteRequired',
  [SERVER_CODES.PLAZA_NOT_SEATED]: 'plazaRefusedNotSeated',
  [SERVER_CODES.PLAZA_NOT_ALLOWED]: 'plazaRefusedNotAllowed',
  [SERVER_CODES.PLAZA_NO_TABLE]: 'plazaTableGone',
  [SERVER_CODES.PLAZA_SEAT_TAKEN]: 'plazaRefusedSeatTaken',
  [SERVER_CODES.PLAZA_TABLE_FULL]: 'plazaRefusedTableFull',
  [SERVER_CODES.PLAZA_ALREADY_SEATED]: 'plazaRefusedAlreadySeated',
  [SERVER_CODES.PLAZA_WRONG_STATUS]: 'plazaRefusedWrongStatus',
  [SERVER_CODES.PLAZA_TOO_MANY_TABLES]: 'plazaRefusedTooManyTables',
  [SERVER_CODES.PLAZA_CHANNEL_FULL]: 'plazaRefusedChannelFull',
}

/** Why a plaza write was refused as the table store tells it apart: a game's reason, `stale` (the table moved on), or null for any other failure. */
export type PlazaRefusal = GameRefusal | 'stale'

/** The refusal `error` carries, if it is one the table store tells apart. */
export function plazaRefusalOf (error: unknown): PlazaRefusal | null {
  if (!isRequestError(error)) return null
  if (error.code === SERVER_CODES.PLAZA_STALE_VERSION) return 'stale'
  return MOVE_REFUSAL_CODES[error.code] ?? null
}

/** What the member is told of a failed plaza write: a plaza refusal in the client's words by its code, else the request's own message (from the message table). */
export function plazaFailureText (error: unknown): string {
  if (!isRequestError(error)) return t('requestError') // SPEC §8: 请求异常
  const reason = MOVE_REFUSAL_CODES[error.code]
  if (reason !== undefined) return t(GAME_REFUSAL_KEYS[reason])
  const key = PLAZA_CODE_KEYS[error.code]
  return key === undefined ? error.message : t(key)
}
