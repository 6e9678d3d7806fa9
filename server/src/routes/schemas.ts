/**
 * JSON schemas shared by the routes: the envelope of every answer (one per status
 * family), the wire entities of core/wire/entities.ts, pages and common parameters. They
 * validate requests, serialise answers (nothing outside a schema leaks out) and feed
 * the OpenAPI document at /openapi.json.
 */

/** A JSON schema (plain object, as Fastify and @fastify/swagger take it). */
export type JsonSchema = Record<string, unknown>

const str = { type: 'string' }
const int = { type: 'integer' }
const nullableStr = { type: ['string', 'null'] }
const nullableInt = { type: ['integer', 'null'] }

function object (properties: Record<string, JsonSchema>, description?: string): JsonSchema {
  return { type: 'object', required: Object.keys(properties), properties, ...(description ? { description } : {}) }
}

/** The envelope `{code, msg, data}` around `data`. */
export function envelopeOf (data: JsonSchema): JsonSchema {
  return object({ code: int, msg: str, data })
}

/** The envelope of every failure: a non-zero code, a message, data null. */
export const errorEnvelope: JsonSchema = envelopeOf({ type: 'null' })

/** Response schemas of a route: its success data under `status` (200 by default) and the error envelope for 4xx and 5xx. */
export function responses (data: JsonSchema, status = 200): Record<string, JsonSchema> {
  return { [status]: envelopeOf(data), '4xx': errorEnvelope, '5xx': errorEnvelope }
}

/** Most bodies are small JSON objects. */
export const JSON_BODY_LIMIT = 64 * 1024

/** An id in a path or query (server, channel, user ids). */
export const idSchema: JsonSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }

/** An http(s) URL given for an audited image field (avatar, icon, cover): no spaces or control characters. */
export const imageUrlSchema: JsonSchema = { type: 'string', minLength: 1, maxLength: 1024, pattern: '^[^\\u0000-\\u0020\\u007f]+$' }

/** One line of text (titles, nicknames): no control characters, not blank. */
export function lineTextSchema (maxLength: number): JsonSchema {
  return { type: 'string', minLength: 1, maxLength, pattern: '^[^\\u0000-\\u001f\\u007f]*[^\\s\\u0000-\\u001f\\u007f][^\\u0000-\\u001f\\u007f]*$' }
}

/** Free text (signatures): line breaks and tabs allowed, other control characters (NUL included) not. */
export function multilineTextSchema (maxLength: number): JsonSchema {
  return { type: 'string', maxLength, pattern: '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$' }
}

/** The page query of every list. */
export const pageQuerySchema: JsonSchema = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    page_size: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
  },
}

/** A page of `item`. */
export function pagedOf (item: JsonSchema): JsonSchema {
  return object({ list: { type: 'array', items: item }, page: int, page_size: int, total: int, has_more: { type: 'boolean' } })
}

/** core/wire/entities.ts User */
export const userSchema: JsonSchema = {
  type: 'object',
  required: ['uid', 'user_type', 'addtime', 'nickname', 'avatar', 'signature'],
  properties: { uid: str, user_type: int, addtime: int, nickname: str, avatar: str, signature: str, gender: int },
}

/** core/wire/entities.ts Server */
export const serverSchema: JsonSchema = object({ server_id: str, name: str, sub_domain: str, icon: str, introduction: str, member_count: int })

/** core/wire/entities.ts Role */
export const roleSchema: JsonSchema = object({ role_id: str, server_id: str, name: str, type: int, join_role: nullableStr })

/** core/wire/entities.ts Channel */
export const channelSchema: JsonSchema = object({
  channel_id: str, server_id: str, channel_type: int, kind: int, name: str, parent_id: nullableStr, sort: int,
  map_category: nullableInt, link_url: nullableStr, icon: str, audit_status: int,
})

/** core/wire/entities.ts ChannelGroup */
export const channelGroupSchema: JsonSchema = object({
  group: { anyOf: [channelSchema, { type: 'null' }] },
  channels: { type: 'array', items: channelSchema },
})

/** core/wire/entities.ts LiveItem */
export const liveItemSchema: JsonSchema = object({
  live_id: str, server_id: str, channel_id: str, type: int, is_live: int, play_url: str, started_at: nullableInt,
  duration: int, title: str, cover: str, can_comment: int,
})

/** core/wire/entities.ts Message */
export const messageSchema: JsonSchema = object({ message_id: str, channel_id: str, author: userSchema, content: str, created_at: int })
