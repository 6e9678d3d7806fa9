/**
 * The route schemas' helpers: the envelope of every answer (one per status family) and
 * the body limit. Every shape a route names is a TypeBox schema declared once in
 * core/wire (entities.ts, api.ts, fields.ts …), imported from there. Routes registered with
 * `fastify.withTypeProvider<TypeBoxTypeProvider>()` get their request and answer types
 * from the same objects, which also validate requests, serialise answers (nothing
 * outside a schema leaks out) and feed the OpenAPI document at /openapi.json.
 */
import type { TSchema } from '@sinclair/typebox'
import { EnvelopeOf, ErrorEnvelopeSchema } from '@core/wire/api'

/** A JSON schema written by hand (plain object): what routes not yet on TypeBox pass. TypeBox schemas are JSON schemas too. */
export type JsonSchema = Record<string, unknown>

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
