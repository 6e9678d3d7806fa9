/**
 * docs/real-time.md's frame table is the declaration's (core/wire/gateway.ts
 * `ClientFrameSchema` and `ServerFrameSchema`, each frame's `description`), so the two cannot
 * drift: this renders the table and compares. After changing a frame,
 * `WRITE_FRAME_TABLE=1 npx jest core/test/wire/gateway-frames-docs.test.ts` writes the new table.
 */
import path from 'path'
import type { TSchema } from '@sinclair/typebox'
import { ClientFrameSchema, ServerFrameSchema } from '@core/wire/gateway'
import { expectGeneratedBlock } from '../support/generated-block'
import { shapeOf } from './schema-shape'

const DOC = path.join(__dirname, '../../../docs/real-time.md')
const BEGIN = '<!-- frame table: generated from core/wire/gateway.ts by core/test/wire/gateway-frames-docs.test.ts -->'
const END = '<!-- end of frame table -->'

/** The keys of a frame schema this table reads. */
interface FrameShape {
  properties: Record<string, TSchema & { const?: string }>
  description?: string
}

/** One row: the direction, the op, what the frame carries besides its op, and what it means (the gather space's frames are told in their own section). */
function rowOf (direction: string, frame: TSchema): string {
  const { properties, description } = frame as unknown as FrameShape
  const carried = Object.entries(properties).filter(([key]) => key !== 'op').map(([key, schema]) => key === 'd' ? `d: ${shapeOf(schema)}` : key)
  const op = properties.op.const ?? ''
  const meaning = description ?? (op.startsWith('space_') ? 'the gather space (core/wire/space.ts): below' : undefined)
  // a frame of its own (not the space's, told in their section) says what it means in its schema's description
  if (meaning === undefined) throw new Error(`the ${op} frame declares no description`)
  return `| ${direction} | \`${op}\` | \`${carried.join(', ')}\` | ${meaning} |`
}

/** The block the declaration gives. */
function renderedTable (): string {
  const cases = (union: TSchema): TSchema[] => (union as unknown as { anyOf: TSchema[] }).anyOf
  return [
    BEGIN,
    '| direction | op | carries | meaning |',
    '|---|---|---|---|',
    ...cases(ClientFrameSchema).map(frame => rowOf('client → server', frame)),
    ...cases(ServerFrameSchema).map(frame => rowOf('server → client', frame)),
    END,
  ].join('\n')
}

describe('docs/real-time.md', () => {
  it('tables every gateway frame with what it carries and means exactly as core/wire/gateway.ts declares it', () => {
    expectGeneratedBlock({ file: DOC, begin: BEGIN, end: END, rendered: renderedTable, writeVariable: 'WRITE_FRAME_TABLE' })
  })
})
