/**
 * What a member is told when the plaza refuses a write: by the refusal's code, in the
 * client's own words (zh-CN and en message tables), never the server's text. A move the
 * game refuses names its reason (core/domain/games/definition.ts GAME_REFUSALS) as the
 * envelope's `msg`; a move made on an older version of the table is a conflict (409): the
 * table store asks for the table again instead of telling the member.
 */
import { GAME_REFUSALS, type GameRefusal } from '@core/domain/games/definition'
import { t, type MessageKey } from '@/i18n'
import { isRequestError } from '@/services/request/errors'

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

/** HTTP status of a write made on a version of the table that is no longer its own. */
const STALE_STATUS = 409

/** Why a plaza write was refused: a game's reason, `stale` (the table moved on), or null for any other failure. */
export type PlazaRefusal = GameRefusal | 'stale'

/** The refusal `error` carries, if it is one the plaza tells apart. */
export function plazaRefusalOf (error: unknown): PlazaRefusal | null {
  if (!isRequestError(error)) return null
  const reason = GAME_REFUSALS.find(code => error.serverMessage === code || error.serverMessage?.startsWith(`${code}:`) === true)
  if (reason !== undefined) return reason
  return error.status === STALE_STATUS ? 'stale' : null
}

/** What the member is told of a failed plaza write: a game's reason in the client's words, else the request's own message (from the message table). */
export function plazaFailureText (error: unknown): string {
  const refusal = plazaRefusalOf(error)
  if (refusal !== null && refusal !== 'stale') return t(GAME_REFUSAL_KEYS[refusal])
  if (isRequestError(error)) return error.message
  return t('requestError') // SPEC §8: 请求异常
}
