/**
 * Answers of read routes served from the app's answer cache (services/answer-cache.ts):
 * the envelope is built, made public (absolute stored-file URLs for the request's
 * origin) and serialized with the route's response schema once, then its UTF-8 bytes
 * are sent to every later request for that origin (no walking, serializing or encoding
 * per request) — the very bytes the uncached route would send.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Envelope } from '@core/wire/api'
import type { AppContext } from '../context'
import { publicAnswer, publicBase } from '../plugins/public-url'

/** Content type of every JSON answer (what Fastify sets for a serialized object). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/** What one cached answer is: the cache scope (the data it depends on) and what else tells answers apart. */
export interface CachedAnswerKey {
  /** Invalidated by the writes that change the data (AnswerCache.invalidate). */
  scope: string
  /** The request's parameters beyond the scope (the public origin is added here). */
  variant: string
}

/** Sends the envelope `build` makes for `key`, from the cache when it is there; what `build` throws is thrown (and not cached). */
export async function sendCachedAnswer (
  ctx: AppContext, request: FastifyRequest, reply: FastifyReply, key: CachedAnswerKey, build: () => Promise<Envelope<unknown>>,
): Promise<FastifyReply> {
  const base = publicBase(ctx.config.publicUrl, request)
  const body = await ctx.answers.answer(key.scope, `${base} ${key.variant}`, async () => {
    // the route's response-schema serializer (fast-json-stringify) always produces a string
    const json = reply.serialize(publicAnswer(await build(), base)) as string
    return Buffer.from(json)
  })
  return reply.type(JSON_CONTENT_TYPE).send(body)
}

/**
 * Cache scope of the answers built from a server's channels and live items (its channel
 * list and live-list pages). Those rows change only by channel creation (which
 * invalidates it) and by the seed, which runs before the app answers.
 */
export function serverScope (serverId: string): string {
  return `server ${serverId}`
}
