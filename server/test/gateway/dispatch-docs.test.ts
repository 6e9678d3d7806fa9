/**
 * server/README.md's event table is the declaration's (core/wire/dispatches.ts), so the two
 * cannot drift: this renders the table from the declaration and compares. After changing a
 * dispatch, `WRITE_DISPATCH_TABLE=1 npx jest server/test/gateway/dispatch-docs.test.ts --selectProjects server`
 * writes the new table into the README.
 */
import path from 'path'
import type { TSchema } from '@sinclair/typebox'
import { DISPATCH_NAMES, DISPATCHES, type DispatchDeclaration } from '@core/wire/dispatches'
import { expectGeneratedBlock } from '../../../core/test/support/generated-block'

const README = path.join(__dirname, '../../README.md')
const BEGIN = '<!-- dispatch table: generated from core/wire/dispatches.ts by server/test/gateway/dispatch-docs.test.ts -->'
const END = '<!-- end of dispatch table -->'

/** `{a, b?, …}`: the payload's fields, optional ones marked. */
function fieldsOf (schema: TSchema): string {
  const properties = (schema as { properties?: Record<string, unknown> }).properties ?? {}
  const required = new Set((schema as { required?: string[] }).required ?? [])
  return `\`{${Object.keys(properties).map(key => required.has(key) ? key : `${key}?`).join(', ')}}\``
}

/** Who receives it, in words. */
function audienceOf (declaration: DispatchDeclaration): string {
  const who = {
    server: 'every member of the server',
    channel: 'members who may read `channel_id` (ViewChannel there: roles, overrides, training roles)',
    moderators: 'the server\'s moderators (a moderation bit server-wide)',
    self: 'the sessions of one user (`uid`)',
    table: 'the sessions watching one plaza table (`table_id`, op `table_watch`) that may read its `channel_id`',
    user: 'every session of one user (`uid`), whatever their servers',
    participants: 'the participants of a direct conversation (`uids`, on every process), whatever servers they share',
  }[declaration.audience]
  const focus = declaration.focusOnly ? ', only sessions focused on the channel; never replayed' : ''
  const origin = declaration.origin === 'gateway' ? '; made by each gateway for its own sessions' : declaration.origin === 'control' ? '; between gateways only, never delivered as itself' : ''
  return `${who}${focus}${origin}`
}

/** The README block the declaration gives. */
function renderedTable (): string {
  const rows = DISPATCH_NAMES.map(name => {
    const declaration: DispatchDeclaration = DISPATCHES[name]
    return `| \`${name}\` | ${fieldsOf(declaration.payload)} | ${audienceOf(declaration)} | ${declaration.summary} |`
  })
  return [BEGIN, '| t | d (payload fields) | audience | when |', '|---|---|---|---|', ...rows, END].join('\n')
}

describe('server/README.md', () => {
  it('documents every declared dispatch with its payload and audience exactly as core/wire/dispatches.ts declares it', () => {
    expectGeneratedBlock({ file: README, begin: BEGIN, end: END, rendered: renderedTable, writeVariable: 'WRITE_DISPATCH_TABLE' })
  })
})
