/**
 * Registers a route from its call declaration (core/wire/paths.ts `CallDeclaration` and
 * its schemas, core/wire/call-schemas.ts): the method, the path and who may call it come
 * from the declaration, the validation, serialisation and OpenAPI shapes from its
 * schemas, so a route cannot drift from what the client sends. The route adds only its
 * summary, its other options and its handler.
 */
import type { Static, TSchema } from '@sinclair/typebox'
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteShorthandOptions } from 'fastify'
import type { Envelope } from '@core/wire/api'
import type { CallSchemas } from '@core/wire/call-schemas'
import type { CallDeclaration } from '@core/wire/paths'
import { responses, type Responses } from './schemas'

/** The value a schema declares, or `unknown` where the call declares none. */
type StaticOr<S> = S extends TSchema ? Static<S> : unknown

/** The request of a route declared with schemas `S`: its params, query and body typed from them. */
export type CallRequest<S extends CallSchemas> = FastifyRequest<{ Params: StaticOr<S['params']>, Querystring: StaticOr<S['query']>, Body: StaticOr<S['body']> }>

/** What a route adds to its declaration: a summary for the OpenAPI document, and any other route option except those the declaration decides. */
export type RouteExtras = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  schema: { summary: string, description?: string }
  config?: Omit<FastifyContextConfig, 'signIn'>
}

/** A route's handler: it answers the call's answer in the envelope, or sends the reply itself. */
export type CallHandler<S extends CallSchemas> = (request: CallRequest<S>, reply: FastifyReply) => Promise<Envelope<Static<S['answer']>> | FastifyReply>

/** The schema a route of `S` is registered with: what the TypeBox type provider types its request and answer from. */
export interface DeclaredSchema<S extends CallSchemas> {
  summary: string
  description?: string
  params: S['params']
  querystring: S['query']
  body: S['body']
  response: Responses<S['answer'], 200>
}

/**
 * The options a route of `call` is registered with, its `schemas` and `extras` applied:
 * method, url, params, querystring, body and response (the envelope of its answer,
 * server/src/http/schemas.ts `responses`), and `config.signIn` from its `auth`
 * (server/src/plugins/auth.ts enforces it; plugins/openapi.ts marks it). For a route
 * written as `app.route({ ...declaredRoute(…), handler })`; {@link route} is the short form.
 */
export function declaredRoute<S extends CallSchemas> (call: CallDeclaration, schemas: S, extras: RouteExtras): Omit<RouteShorthandOptions, 'schema'> & { method: HTTPMethods | HTTPMethods[], url: string, schema: DeclaredSchema<S> } {
  const { schema, config, ...options } = extras
  return {
    ...options,
    method: typeof call.method === 'string' ? call.method : [...call.method],
    url: call.path,
    // a part the call does not declare is left out, not set to undefined (Fastify warns of every such key at start-up)
    schema: {
      ...schema,
      ...schemas.params && { params: schemas.params },
      ...schemas.query && { querystring: schemas.query },
      ...schemas.body && { body: schemas.body },
      response: responses<S['answer']>(schemas.answer),
    } as DeclaredSchema<S>,
    config: { ...config, signIn: call.auth },
  }
}

/** Registers `call` on `app` with its `schemas`, `extras` and `handler` (see {@link declaredRoute}). */
export function route<S extends CallSchemas> (app: FastifyInstance, call: CallDeclaration, schemas: S, extras: RouteExtras, handler: CallHandler<S>): void {
  app.route({ ...declaredRoute(call, schemas, extras), handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> })
}
