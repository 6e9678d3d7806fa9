/**
 * Every number a request carries is finite and exact (`page=Infinity` and
 * `page_size=1e309` reached SQL and answered 500). The schemas coerce query text to
 * numbers and JSON reads `1e309` as Infinity, so after validation this hook looks at
 * every number of the query, path and body: a non-finite one, or one past 2^53 where
 * integers stop being exact, is a 400 naming the field — whatever the route's schema says.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { badRequest } from '../errors'

/** Deepest nesting looked into (bodies are small objects; deeper parts are left to the schema). */
const MAX_DEPTH = 8

/** The path of the first number in `value` that is not finite or not exact, or null. */
export function unusableNumberPath (value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER ? null : path
  if (typeof value !== 'object' || value === null || depth >= MAX_DEPTH) return null
  for (const [key, item] of Object.entries(value)) {
    const found = unusableNumberPath(item, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, depth + 1)
    if (found !== null) return found
  }
  return null
}

/** Throws a 400 naming the first unusable number of the request. */
async function refuseUnusableNumbers (request: FastifyRequest): Promise<void> {
  const found = unusableNumberPath(request.query, 'query') ?? unusableNumberPath(request.params, 'path') ?? unusableNumberPath(request.body, 'body')
  if (found !== null) throw badRequest(`${found} must be a finite number of at most ${Number.MAX_SAFE_INTEGER}`)
}

/** Installs the check on every route registered after it. */
export function installFiniteNumbers (fastify: FastifyInstance): void {
  fastify.addHook('preHandler', refuseUnusableNumbers)
}
