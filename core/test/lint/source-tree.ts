/**
 * The product source the lint-like tests read: every .ts/.tsx file of src/, core/ and
 * server/src/ (declarations and core's own tests left out), named from the repository root.
 */
import fs from 'fs'
import path from 'path'

/** The repository root. */
export const ROOT = path.resolve(__dirname, '../../..')
/** The source folders walked, from the root. */
const WALKED = ['src', 'core', 'server/src']
/** Folders inside them that hold no product code. */
const NOT_WALKED = new Set(['core/test'])

/** Every .ts/.tsx file below `dir` (from the root), declarations left out. */
export function sourceFilesBelow (dir: string): string[] {
  const found: string[] = []
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const child = `${dir}/${entry.name}`
    if (entry.isDirectory()) {
      if (!NOT_WALKED.has(child)) found.push(...sourceFilesBelow(child))
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      found.push(child)
    }
  }
  return found
}

/** Every product source file of src/, core/ and server/src/, from the root. */
export function productSourceFiles (): string[] {
  return WALKED.flatMap(sourceFilesBelow)
}

/** The text of a file named from the root. */
export function readSource (file: string): string {
  return fs.readFileSync(path.join(ROOT, file), 'utf8')
}
