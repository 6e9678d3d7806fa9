/**
 * docs/api-reference.md is the declarations' (core/wire/calls.ts `CALL_TABLES` and each
 * topic's `…_CALL_SCHEMAS`), with each route's summary from the server's OpenAPI document, so
 * the reference cannot drift from what the server registers: this renders the file and
 * compares. After changing a call, `WRITE_API_REFERENCE=1 npx jest server/test/routes/api-reference.test.ts`
 * writes the new reference.
 */
import { readFileSync, writeFileSync } from 'fs'
import path from 'path'
import type { TSchema } from '@sinclair/typebox'
import { ACCOUNT_CALL_SCHEMAS } from '@core/wire/accounts'
import { API_CALL_SCHEMAS } from '@core/wire/api-calls'
import type { CallSchemas } from '@core/wire/call-schemas'
import { CALL_TABLES } from '@core/wire/calls'
import { CONVERSATION_CALL_SCHEMAS } from '@core/wire/direct-messages'
import { MEMBER_CALL_SCHEMAS } from '@core/wire/members'
import { MESSAGE_CALL_SCHEMAS } from '@core/wire/messages'
import { NOTIFICATION_CALL_SCHEMAS } from '@core/wire/notifications'
import type { CallDeclaration } from '@core/wire/paths'
import { POST_CALL_SCHEMAS } from '@core/wire/posts'
import { SEARCH_CALL_SCHEMAS } from '@core/wire/search'
import { SPACE_CALL_SCHEMAS } from '@core/wire/space'
import { TRUST_CALL_SCHEMAS } from '@core/wire/trust'
import { shapeOf } from '../../../core/test/wire/schema-shape'
import { VOICE_CALL_SCHEMAS } from '@core/wire/voice'
import { PIN_CALL_SCHEMAS } from '@core/wire/pins'
import { PLAZA_CALL_SCHEMAS } from '@core/wire/plaza'
import { startTestApp, type TestApp } from '../helper'

const REFERENCE = path.join(__dirname, '../../../docs/api-reference.md')

/** Each table's schema half and the file that declares it; RAW_CALLS answer without the envelope and declare no shapes. */
const TOPICS: Readonly<Record<string, { file: string, schemas: Readonly<Record<string, CallSchemas>> | null }>> = {
  API_CALLS: { file: 'core/wire/paths.ts, shapes in core/wire/api-calls.ts', schemas: API_CALL_SCHEMAS },
  RAW_CALLS: { file: 'core/wire/paths.ts, answered without the envelope', schemas: null },
  POST_CALLS: { file: 'core/wire/paths.ts, shapes in core/wire/posts.ts', schemas: POST_CALL_SCHEMAS },
  MEMBER_CALLS: { file: 'core/wire/members-paths.ts, shapes in core/wire/members.ts', schemas: MEMBER_CALL_SCHEMAS },
  MESSAGE_CALLS: { file: 'core/wire/messages-paths.ts, shapes in core/wire/messages.ts', schemas: MESSAGE_CALL_SCHEMAS },
  SEARCH_CALLS: { file: 'core/wire/search-paths.ts, shapes in core/wire/search.ts', schemas: SEARCH_CALL_SCHEMAS },
  SPACE_CALLS: { file: 'core/wire/space-paths.ts, shapes in core/wire/space.ts', schemas: SPACE_CALL_SCHEMAS },
  NOTIFICATION_CALLS: { file: 'core/wire/notifications-paths.ts, shapes in core/wire/notifications.ts', schemas: NOTIFICATION_CALL_SCHEMAS },
  CONVERSATION_CALLS: { file: 'core/wire/direct-messages-paths.ts, shapes in core/wire/direct-messages.ts', schemas: CONVERSATION_CALL_SCHEMAS },
  ACCOUNT_CALLS: { file: 'core/wire/accounts-paths.ts, shapes in core/wire/accounts.ts', schemas: ACCOUNT_CALL_SCHEMAS },
  TRUST_CALLS: { file: 'core/wire/trust-paths.ts, shapes in core/wire/trust.ts', schemas: TRUST_CALL_SCHEMAS },
  VOICE_CALLS: { file: 'core/wire/voice-paths.ts, shapes in core/wire/voice.ts', schemas: VOICE_CALL_SCHEMAS },
  PLAZA_CALLS: { file: 'core/wire/plaza-paths.ts, shapes in core/wire/plaza.ts', schemas: PLAZA_CALL_SCHEMAS },
  PIN_CALLS: { file: 'core/wire/pins-paths.ts, shapes in core/wire/pins.ts', schemas: PIN_CALL_SCHEMAS },
}

/** A cell of a schema the call may declare: its shape in code, or empty. */
const cellOf = (schema: TSchema | undefined): string => schema === undefined ? '' : `\`${shapeOf(schema)}\``

/** The methods a declaration answers, as the reference writes them. */
const methodsOf = (call: CallDeclaration): string => typeof call.method === 'string' ? call.method : call.method.join(' or ')

/** `/servers/:server_id` as OpenAPI writes it. */
const openApiPath = (apiPath: string): string => apiPath.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}')

/** Every documented operation's summary, as `METHOD /path`. */
async function summaries (test: TestApp): Promise<Map<string, string>> {
  const document = (await test.inject('/openapi.json')).json() as { paths: Record<string, Record<string, { summary?: string }>> }
  const found = new Map<string, string>()
  for (const [documentPath, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) found.set(`${method.toUpperCase()} ${documentPath}`, operation.summary ?? '')
  }
  return found
}

/** The reference the declarations and the server's summaries give. */
function renderedReference (summary: Map<string, string>): string {
  const lines = [
    '# API reference',
    '',
    '<!-- generated from core/wire/calls.ts and the topics\' call schemas by server/test/routes/api-reference.test.ts: do not edit by hand -->',
    '',
    'Every HTTP call the server answers, one table per declaration table (how they are declared,',
    'registered and sent: [api.md](api.md)). `auth` `user` needs a signed-in person or bot (401',
    'otherwise; bearer security in `/openapi.json`), `anyone` needs no sign-in. Shapes list a schema\'s',
    'fields (`?` optional); every answer but the raw calls\' is the `data` of the envelope',
    '`{code, msg, data}`. The errors each route answers: [server/README.md](../server/README.md).',
  ]
  for (const [table, calls] of Object.entries(CALL_TABLES)) {
    const topic = TOPICS[table]
    lines.push('', `## ${table}`, '', `Declared in ${topic.file}.`, '', '| call | method | path | auth | params | query | body | answer | summary |', '|---|---|---|---|---|---|---|---|---|')
    for (const [name, call] of Object.entries(calls)) {
      const schemas = topic.schemas?.[name]
      const firstMethod = typeof call.method === 'string' ? call.method : call.method[0]
      const said = summary.get(`${firstMethod} ${openApiPath(call.path)}`) ?? ''
      lines.push(`| \`${name}\` | ${methodsOf(call)} | \`${call.path}\` | ${call.auth} | ${cellOf(schemas?.params)} | ${cellOf(schemas?.query)} | ${cellOf(schemas?.body)} | ${cellOf(schemas?.answer)} | ${said.replace(/\|/g, '\\|')} |`)
    }
  }
  return `${lines.join('\n')}\n`
}

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

describe('docs/api-reference.md', () => {
  it('names the schema half of every declaration table (only the raw calls declare none)', () => {
    expect(Object.keys(TOPICS).sort()).toEqual(Object.keys(CALL_TABLES).sort())
    expect(Object.entries(TOPICS).filter(([, topic]) => topic.schemas === null).map(([table]) => table)).toEqual(['RAW_CALLS'])
  })

  it('lists every declared call with its method, path, auth, shapes and summary exactly as the declarations and the server give them', async () => {
    const rendered = renderedReference(await summaries(test))
    const written = (() => { try { return readFileSync(REFERENCE, 'utf8') } catch { return '' } })()
    if (process.env.WRITE_API_REFERENCE === '1' && written !== rendered) {
      writeFileSync(REFERENCE, rendered)
      return
    }
    expect(written).toBe(rendered)
  })
})
