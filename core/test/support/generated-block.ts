/**
 * A document's generated block — the lines between its begin and end markers, written from a
 * declaration (server/README.md's dispatch table, docs/real-time.md's frame table) — checked
 * against what the declaration renders now; with the named environment variable set to 1 the
 * block is written instead.
 */
import { readFileSync, writeFileSync } from 'fs'

/** Where a generated block stands and what renders it. */
export interface GeneratedBlock {
  /** The document's path. */
  file: string
  /** The marker line the block starts with. */
  begin: string
  /** The marker line the block ends with. */
  end: string
  /** The block, markers included, as the declaration gives it. */
  rendered: () => string
  /** The environment variable that, set to 1, writes the block into the document. */
  writeVariable: string
}

/** Expects the document's block to be what `block.rendered` gives (or writes it, when asked to). */
export function expectGeneratedBlock (block: GeneratedBlock): void {
  const doc = readFileSync(block.file, 'utf8')
  const start = doc.indexOf(block.begin)
  const end = doc.indexOf(block.end)
  expect(start).toBeGreaterThanOrEqual(0)
  expect(end).toBeGreaterThan(start)
  const documented = doc.slice(start, end + block.end.length)
  const rendered = block.rendered()
  if (process.env[block.writeVariable] === '1' && documented !== rendered) {
    writeFileSync(block.file, doc.slice(0, start) + rendered + doc.slice(end + block.end.length))
    return
  }
  expect(documented).toBe(rendered)
}
