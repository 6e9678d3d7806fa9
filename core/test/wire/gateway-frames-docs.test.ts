/**
 * docs/real-time.md's frame table is the declaration's (core/wire/gateway.ts
 * `ClientFrameSchema` and `ServerFrameSchema`, each frame's `description`), so the two cannot
 * drift: this renders the table and compares. After changing a frame,
 * `WRITE_FRAME_TABLE=1 npx jest core/test/wire/gateway-frames-docs.test.ts` writes the new table.
 */
import { readFileSync, writeFileSync } from 'fs'
import path from 'path'
import type { TSchema } from '@sinclair/typebox'
import { ClientFrameSchema, ServerFrameSchema } from '@core/wire/gateway'
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
  const meaning = description ?? 'the gather space (core/wire/space.ts): below'
  return `| ${direction} | \`${properties.op.const ?? ''}\` | \`${carried.join(', ')}\` | ${meaning} |`
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
    const doc = readFileSync(DOC, 'utf8')
    const start = doc.indexOf(BEGIN)
    const end = doc.indexOf(END)
    expect(start).toBeGreaterThanOrEqual(0)
    expect(end).toBeGreaterThan(start)
    const documented = doc.slice(start, end + END.length)
    if (process.env.WRITE_FRAME_TABLE === '1' && documented !== renderedTable()) {
      writeFileSync(DOC, doc.slice(0, start) + renderedTable() + doc.slice(end + END.length))
      return
    }
    expect(documented).toBe(renderedTable())
  })
})
