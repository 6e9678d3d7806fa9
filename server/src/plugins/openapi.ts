/**
 * The OpenAPI document, generated from the route schemas by @fastify/swagger and served
 * at GET /openapi.json (the document itself, not wrapped in an envelope, so tools can
 * read it). Registered before the routes so it sees all of them. Bearer security is never
 * written by a route: every route that needs a signed-in user (its `config.signIn`, set
 * from its call declaration's `auth`, server/src/routes/route.ts) is marked, and no other.
 */
import fastifySwagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { routeSignIn } from './auth'

/** Path of the document. */
export const OPENAPI_PATH = '/openapi.json'

/** The OpenAPI security of a route that needs a signed-in user. */
const BEARER_SECURITY = [{ bearer: [] }]

/** Collects the routes registered after it and serves their document. */
export async function installOpenApi (fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'OpenRealm reference API',
        version: '1.0.0',
        description: 'Every answer is an envelope {code, msg, data}; code 0 is success (core/wire/api.ts). Audit rejections are HTTP 422 with a 104xxx code.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    // the mark follows the sign-in the auth hook enforces, read when the document is built (after every route is final)
    transform: ({ schema, url, route }) => ({
      url,
      schema: routeSignIn(route.method, route.config) === 'user' ? { ...schema, security: BEARER_SECURITY } : schema,
    }),
  })
  fastify.get(OPENAPI_PATH, { schema: { hide: true } }, async () => fastify.swagger())
}
