/**
 * The one way the client sends a declared call (core/wire/paths.ts `CallDeclaration`):
 * the path filled from its parameters, the method it declares, its query and body, the
 * answer typed from its schemas (core/wire/call-schemas.ts, types only: no TypeBox at run
 * time). An API function pairs nothing by hand.
 */
import type { AnswerOf, CallInput, CallSchemasOf } from '@core/wire/call-schemas'
import { fillPath, sentMethod, type CallTable, type PathParamsOf } from '@core/wire/paths'
import type { QueryInput } from '@core/query/url'
import type { RequestOptions } from '@/services/request/request'

/** The request function every API call is sent through (request.ts's `request` in the app; a fake in tests). */
export type Requester = <T>(options: RequestOptions) => Promise<T>

/** A topic's calls as functions: each takes its path parameters, query and body, and resolves with its answer. */
export type CallsOf<Table extends CallTable, Schemas extends CallSchemasOf<Table>> = {
  readonly [Name in keyof Table]: (input: CallInput<Table[Name]['path'], Schemas[Name]>) => Promise<AnswerOf<Schemas[Name]>>
}

/** The calls of `table` sent through `send`; `Schemas` (the topic's `…_CALL_SCHEMAS`, as a type) types their answers. */
export function callsOf<Table extends CallTable, Schemas extends CallSchemasOf<Table>> (send: Requester, table: Table): CallsOf<Table, Schemas> {
  const calls: Record<string, (input: { params?: Record<string, string>, query?: unknown, body?: unknown }) => Promise<unknown>> = {}
  for (const [name, call] of Object.entries(table)) {
    const method = sentMethod(call)
    calls[name] = input => send({
      path: fillPath<string>(call.path, (input.params ?? {}) as PathParamsOf<string>),
      // only what the call carries: GET is the request's default
      ...(method === 'GET' ? {} : { method }),
      ...(input.query === undefined ? {} : { query: input.query as QueryInput }),
      ...(input.body === undefined ? {} : { data: input.body }),
    })
  }
  return calls as CallsOf<Table, Schemas>
}
