/**
 * The pins contract (精华): a pinned message with who pinned it and when, the list of a
 * channel, the calls that pin and unpin, and CHANNEL_PINS_UPDATE, which every reader of
 * the channel hears after each change. Declared once with TypeBox; the client imports the
 * types only.
 */
import { Type, type Static } from '@sinclair/typebox'
import { ChannelParamsSchema } from './api'
import type { CallSchemasOf } from './call-schemas'
import { UserSchema } from './entities'
import { ListOf, Nullable } from './fields'
import { ChatMessageSchema, MessageIdSchema } from './messages'
import { PIN_CALLS } from './pins-paths'

export * from './pins-paths'

/** A pinned message of a channel: the message as the chat shows it, who pinned it and when (unix seconds). */
export const PinSchema = Type.Object({
  message: ChatMessageSchema,
  pinned_by: UserSchema,
  pinned_at: Type.Integer(),
})
/** A pinned message of a channel. */
export type Pin = Static<typeof PinSchema>

/** GET /channels/:channel_id/pins answer: every pin of the channel (at most PINS_PER_CHANNEL_MAX), the newest pin first. */
export const PinListSchema = ListOf(PinSchema)
/** The pins of a channel. */
export type PinList = Static<typeof PinListSchema>

/**
 * CHANNEL_PINS_UPDATE: a message of the channel was pinned (`pin` is the new pin) or left
 * the list (`pin` null: unpinned, or the message was deleted).
 */
export const ChannelPinsUpdateSchema = Type.Object({
  channel_id: Type.String(),
  message_id: Type.String(),
  pin: Nullable(PinSchema),
})
/** CHANNEL_PINS_UPDATE payload. */
export type ChannelPinsUpdate = Static<typeof ChannelPinsUpdateSchema>

/** The path of one pin: the channel and the message. */
export const PinParamsSchema = Type.Object({ ...ChannelParamsSchema.properties, message_id: MessageIdSchema })

/** The shapes of the pin calls (core/wire/pins-paths.ts `PIN_CALLS`): pinning answers the pin, unpinning what left the list. */
export const PIN_CALL_SCHEMAS = {
  list: { params: ChannelParamsSchema, answer: PinListSchema },
  pin: { params: PinParamsSchema, answer: PinSchema },
  unpin: { params: PinParamsSchema, answer: ChannelPinsUpdateSchema },
} as const satisfies CallSchemasOf<typeof PIN_CALLS>
