/**
 * The route schemas' helpers: the envelope of every answer (one per status family),
 * pages, common parameters and the wire entities, under the names the routes use. Every
 * shape here is a TypeBox schema declared once in core/wire (entities.ts, api.ts,
 * fields.ts) — this file only names them for the routes. Routes registered with
 * `fastify.withTypeProvider<TypeBoxTypeProvider>()` get their request and answer types
 * from the same objects, which also validate requests, serialise answers (nothing
 * outside a schema leaks out) and feed the OpenAPI document at /openapi.json.
 */
import type { TSchema } from '@sinclair/typebox'
import { EnvelopeOf, ErrorEnvelopeSchema, PagedOf, PageQuerySchema } from '@core/wire/api'
import { ChannelGroupSchema, ChannelSchema, LiveItemSchema, MessageSchema, PostSchema, RoleSchema, ServerSchema, UserSchema } from '@core/wire/entities'
import { IdString, ImageUrlString, LineText, MultilineText } from '@core/wire/fields'

/** A JSON schema written by hand (plain object): what routes not yet on TypeBox pass. TypeBox schemas are JSON schemas too. */
export type JsonSchema = Record<string, unknown>

/** The envelope `{code, msg, data}` around `data`. */
export const envelopeOf = EnvelopeOf

/** The envelope of every failure: a non-zero code, a message, data null. */
export const errorEnvelope = ErrorEnvelopeSchema

/** The response schemas of a route whose success answer is `data` under status `S`. */
export type Responses<T extends TSchema, S extends number> =
  { [status in S]: ReturnType<typeof EnvelopeOf<T>> } & { '4xx': typeof ErrorEnvelopeSchema, '5xx': typeof ErrorEnvelopeSchema }

/**
 * Response schemas of a route: its success data under `status` (200 by default) and the
 * error envelope for 4xx and 5xx. With the TypeBox type provider the handler's answer
 * is checked against them.
 */
export function responses<T extends TSchema, S extends number = 200> (data: T, status?: S): Responses<T, S>
export function responses (data: JsonSchema, status?: number): Record<string, JsonSchema>
export function responses (data: TSchema | JsonSchema, status = 200): Record<string, unknown> {
  return { [status]: EnvelopeOf(data as TSchema), '4xx': ErrorEnvelopeSchema, '5xx': ErrorEnvelopeSchema }
}

/** Most bodies are small JSON objects. */
export const JSON_BODY_LIMIT = 64 * 1024

/** An id in a path or query (server, channel, user ids). */
export const idSchema = IdString

/** An http(s) URL given for an audited image field (avatar, icon, cover): no spaces or control characters. */
export const imageUrlSchema = ImageUrlString

/** One line of text (titles, nicknames): no control characters, not blank. */
export const lineTextSchema = LineText

/** Free text (signatures): line breaks and tabs allowed, other control characters (NUL included) not. */
export const multilineTextSchema = MultilineText

/** The page query of every list. */
export const pageQuerySchema = PageQuerySchema

/** A page of `item`. */
export const pagedOf = PagedOf

/** core/wire/entities.ts User */
export const userSchema = UserSchema
/** core/wire/entities.ts Server */
export const serverSchema = ServerSchema
/** core/wire/entities.ts Role */
export const roleSchema = RoleSchema
/** core/wire/entities.ts Channel */
export const channelSchema = ChannelSchema
/** core/wire/entities.ts ChannelGroup */
export const channelGroupSchema = ChannelGroupSchema
/** core/wire/entities.ts LiveItem */
export const liveItemSchema = LiveItemSchema
/** core/wire/entities.ts Post */
export const postSchema = PostSchema
/** core/wire/entities.ts Message */
export const messageSchema = MessageSchema
