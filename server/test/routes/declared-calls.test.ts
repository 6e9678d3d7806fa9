import { allCalls } from '@core/wire/calls'
import type { CallDeclaration } from '@core/wire/paths'
import { startTestApp, type TestApp } from '../helper'

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

/** The methods a declaration answers. */
const methodsOf = (call: CallDeclaration): string[] => typeof call.method === 'string' ? [call.method] : [...call.method]

/** `/servers/:server_id` and `/files/*` as OpenAPI writes them: `/servers/{server_id}`, `/files/{*}`. */
const openApiPath = (apiPath: string) => apiPath.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')

/** Every documented operation as `METHOD /path` → whether it carries bearer security. */
async function documentedOperations (): Promise<Map<string, boolean>> {
  const document = (await test.inject('/openapi.json')).json() as { paths: Record<string, Record<string, { security?: unknown }>> }
  const operations = new Map<string, boolean>()
  for (const [documentPath, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) operations.set(`${method.toUpperCase()} ${documentPath}`, operation.security !== undefined)
  }
  return operations
}

/** Every declared call's operations as `METHOD /path` → its `auth`. */
function declaredOperations (): Map<string, string> {
  const operations = new Map<string, string>()
  for (const [, call] of allCalls()) for (const method of methodsOf(call)) operations.set(`${method} ${openApiPath(call.path)}`, call.auth)
  return operations
}

describe('the declared calls (core/wire/calls.ts)', () => {
  it('are each declared once', () => {
    const keys = allCalls().flatMap(([, call]) => methodsOf(call).map(method => `${method} ${call.path}`))
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([])
  })

  it('are every route the server registers, and every one of them is registered', async () => {
    const documented = [...(await documentedOperations()).keys()].sort()
    expect(documented).toEqual([...declaredOperations().keys()].sort())
    for (const [, call] of allCalls()) {
      for (const method of methodsOf(call)) expect({ method, url: call.path, registered: test.app.hasRoute({ method: method as 'GET', url: call.path }) }).toEqual({ method, url: call.path, registered: true })
    }
  })

  it('mark in the OpenAPI document every signed-in call with bearer security and no anonymous one', async () => {
    const documented = await documentedOperations()
    const mismatched = [...declaredOperations()].filter(([operation, auth]) => documented.get(operation) !== (auth === 'user'))
    expect(mismatched).toEqual([])
  })
})
