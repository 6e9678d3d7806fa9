/**
 * The bench's table: the budget cell's verdict, the rows over budget (the run's exit
 * code), and updating bench/RESULTS.md's results table with re-measured rows
 * (`BENCH_ONLY=pages`, `BENCH_ONLY=search`).
 */

const OVER = 'OVER budget'

/** A budget cell's verdict: whether the measured figure is within its budget. */
export const verdict = (ok: boolean): string => (ok ? 'within budget' : OVER)

/** The rows whose budget cell (the last) says they are over budget. */
export function overBudget (rows: readonly string[][]): string[][] {
  return rows.filter(row => row[row.length - 1]?.endsWith(OVER))
}

/**
 * Prints the rows over budget and sets a failing exit code when there are any, so a run
 * (or CI calling it) fails on a budget instead of reading as a success.
 */
export function reportBudgets (rows: readonly string[][]): void {
  const over = overBudget(rows)
  if (over.length === 0) {
    console.log('every budgeted row is within budget')
    return
  }
  console.error(`${over.length} row(s) over budget:\n${over.map(row => `  - ${row[0]}: ${row[row.length - 1]}`).join('\n')}`)
  process.exitCode = 1
}

const NOTE_KIND = ' re-measured '

/**
 * `doc` (bench/RESULTS.md) with each of `rows` in place of the table row measuring the
 * same thing (the first cell), a row the table does not have yet after the last one
 * replaced (or, when the table has none of them yet, after its last row), and `note`
 * ("<rows> re-measured <when> …") in place of the earlier note about the same rows, else
 * after the line saying when the table was measured.
 */
export function withRemeasuredRows (doc: string, rows: string[][], note: string): string {
  const marker = '<!-- results -->'
  const at = doc.indexOf(marker)
  if (at < 0) throw new Error('bench/RESULTS.md has no results table to update; run the full bench first')
  if (!note.includes(NOTE_KIND)) throw new Error(`a note says which rows were re-measured ("<rows>${NOTE_KIND}<when>"), not "${note}"`)
  const format = (cells: string[]): string => `| ${cells.join(' | ')} |`
  const placed = new Set<string[]>()
  const updated = doc.slice(at).split('\n').flatMap(line => {
    const row = rows.find(candidate => line.startsWith(`| ${candidate[0]} |`))
    if (!row) return [line]
    placed.add(row)
    // the rows after this one in `rows` that the table lacks come right after it
    const following = rows.slice(rows.indexOf(row) + 1)
    const nextPresent = following.findIndex(candidate => doc.includes(`| ${candidate[0]} |`))
    const missing = (nextPresent < 0 ? following : following.slice(0, nextPresent)).filter(candidate => !placed.has(candidate))
    missing.forEach(candidate => placed.add(candidate))
    return [row, ...missing].map(format)
  })
  const unplaced = rows.filter(row => !placed.has(row))
  if (unplaced.length > 0) {
    let lastRow = -1
    updated.forEach((line, index) => { if (line.startsWith('| ')) lastRow = index })
    if (lastRow < 0) throw new Error('bench/RESULTS.md has no results table to update; run the full bench first')
    updated.splice(lastRow + 1, 0, ...unplaced.map(format))
  }
  const kind = note.slice(0, note.indexOf(NOTE_KIND) + NOTE_KIND.length)
  const noted = updated.findIndex(line => line.startsWith(kind))
  if (noted >= 0) updated[noted] = note
  else updated.splice(updated.findIndex(line => line.startsWith('Measured ')) + 1, 0, '', note)
  return doc.slice(0, at) + updated.join('\n')
}
