/**
 * Code, tests and documents say the rule, not the ticket: a comment, a test name or a
 * document that names a tracker entry by its number tells the next reader nothing once the
 * entry is closed, and such tags had come back after one clean-up. This reads every file git
 * tracks (text only) and fails on any such tag. bench/RESULTS.md alone may keep them: it is a
 * dated log of measurements, each taken against a budget that was filed as an entry.
 */
import { execFileSync } from 'child_process'
import fs from 'fs'
import path from 'path'

const ROOT = path.resolve(__dirname, '../../..')

/** Files that may name tracker entries. */
const MAY_NAME_ENTRIES = new Set(['bench/RESULTS.md'])

/** Endings of the files read: source, styles, scripts and documents. */
const TEXT_FILE = /\.(ts|tsx|js|cjs|mjs|scss|css|md|json|sh|html|tmx)$|(^|\/)(run|\.gitignore)$/

/** The word "issue" (any case, singular or plural) followed by a number. */
const ENTRY_TAG = new RegExp(['\\bissues?', '#?\\d+\\b'].join('\\s+'), 'i')

/** The tags in `text`, each with its line number. */
export function entryTagsIn (text: string): Array<{ line: number, text: string }> {
  return text.split('\n').flatMap((line, index) => ENTRY_TAG.test(line) ? [{ line: index + 1, text: line.trim() }] : [])
}

/** Every tracked text file, from the root. */
function trackedTextFiles (): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean)
  return listed.filter(file => TEXT_FILE.test(file) && !file.includes('package-lock') && fs.existsSync(path.join(ROOT, file)))
}

/** A tag as it was written, made here so that this file holds none. */
const tag = (word: string, number: number): string => `${word} ${number}`

describe('tracker tags', () => {
  it('finds a tag in a comment, a test name and prose, and nothing in a plain number', () => {
    const comment = `// the gather space (${tag('issue', 31)})`
    expect(entryTagsIn(`${comment}\nit('a', () => {})`)).toEqual([{ line: 1, text: comment }])
    expect(entryTagsIn(`describe('jumping to a friend (${tag('Issue', 31)})')`)).toHaveLength(1)
    expect(entryTagsIn(`${tag('Issues', 28)} and 31 are closed`)).toHaveLength(1)
    expect(entryTagsIn('the 31st issue of the magazine; 30 issues a year')).toEqual([])
  })

  it('leaves no tag in any tracked file but the measurements log', () => {
    const tagged = trackedTextFiles()
      .filter(file => !MAY_NAME_ENTRIES.has(file))
      .flatMap(file => entryTagsIn(fs.readFileSync(path.join(ROOT, file), 'utf8')).map(tag => `${file}:${tag.line}: ${tag.text}`))
    expect(tagged).toEqual([])
  })
})
