/**
 * The plaza's shapes a chat message holds (core/wire/messages.ts ChatMessage `card`): a
 * game's id, its result and the card itself — apart from ./plaza.ts, which builds on
 * ./messages.ts (a move's nonce), so the two never import each other.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Nullable } from './entities'
import { IdString } from './fields'
import { GAME_END_REASONS, GAME_IDS } from '../domain/games/definition'
import { PLAZA_CARD_KINDS } from './plaza-codes'

/** A list of string literals as a TypeBox union. */
export function Literals<T extends string> (values: readonly T[]) {
  return Type.Union(values.map(value => Type.Literal(value)))
}

/** A game's id. */
export const GameIdSchema = Literals(GAME_IDS)

/** How a game ended, by member: who won, who lost (a draw has no winner), and how (core/domain/games GameEndReason). */
export const PlazaResultSchema = Type.Object({
  winners: Type.Array(Type.String()),
  losers: Type.Array(Type.String()),
  draw: Type.Boolean(),
  how: Literals(GAME_END_REASONS),
})
/** A game's result. */
export type PlazaResult = Static<typeof PlazaResultSchema>

/**
 * A plaza card in a chat message (ChatMessage `card`): an invitation to a table (来一局) or
 * a game's result; tapping either opens the table. What it shows is frozen when posted.
 */
export const PlazaCardSchema = Type.Object({
  kind: Literals(PLAZA_CARD_KINDS),
  table_id: Type.String(),
  channel_id: Type.String(),
  game: GameIdSchema,
  /** The seated members' names in seat order, when posted. */
  players: Type.Array(Type.String()),
  /** A result card's result, else null. */
  result: Nullable(PlazaResultSchema),
  /** An invite-only table's code for who taps the card, else absent. */
  invite: Type.Optional(IdString),
})
/** A plaza card in a chat message. */
export type PlazaCard = Static<typeof PlazaCardSchema>

