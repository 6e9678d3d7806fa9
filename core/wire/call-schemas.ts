/**
 * The shapes half of a call declaration: per call of a topic's table (core/wire/paths.ts
 * `CallDeclaration`, in the topic's `-paths` file), the TypeBox schemas of its path
 * parameters, query, body and answer, kept in the topic's schema file under the same
 * names. `satisfies CallSchemasOf<typeof X_CALLS>` makes the compiler refuse a call
 * declared in one half only, and a path with parameters without their schema.
 */
import type { Static, TSchema } from '@sinclair/typebox'
import type { CallTable, PathParamsOf } from './paths'

/** The schemas of one call: `answer` always, `params` exactly when its path has parameters. */
export interface CallSchemas {
  readonly params?: TSchema
  readonly query?: TSchema
  readonly body?: TSchema
  readonly answer: TSchema
}

/** The schemas a call of path `Path` must declare. */
type SchemasFor<Path extends string> = keyof PathParamsOf<Path> extends never
  ? CallSchemas & { readonly params?: never }
  : CallSchemas & { readonly params: TSchema }

/** The schemas of every call of `Table`, under the same names and nothing else. */
export type CallSchemasOf<Table extends CallTable> = { readonly [Name in keyof Table]: SchemasFor<Table[Name]['path']> }

/** The value a schema declares, or `undefined` where the call declares none. */
type StaticOr<S> = S extends TSchema ? Static<S> : undefined

/** The answer (the envelope's data) of a call with schemas `S`. */
export type AnswerOf<S extends CallSchemas> = Static<S['answer']>

/**
 * What the client sends with a call of path `Path` and schemas `S`: its path parameters
 * (exactly, when it has any), and a query and a body only when it declares them. Their
 * fields may be left out (the server fills a schema's defaults and refuses a missing
 * required field); the API function's own signature says what its callers must give.
 */
export type CallInput<Path extends string, S extends CallSchemas> =
  (keyof PathParamsOf<Path> extends never ? { params?: undefined } : { params: PathParamsOf<Path> })
  & (S['query'] extends TSchema ? { query?: Partial<StaticOr<S['query']>> } : { query?: undefined })
  & (S['body'] extends TSchema ? { body: Partial<StaticOr<S['body']>> } : { body?: undefined })
