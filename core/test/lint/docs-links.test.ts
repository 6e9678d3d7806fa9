/**
 * The front door stays a front door and its links lead somewhere: README.md is at most
 * 15 KB (the rest belongs in docs/), every relative link of README.md and docs/**.md —
 * `[text](path)` or `<img src="path">` — names a file of the repository (a `#section` after
 * the path is not checked, only the file), and docs/README.md, the index, links every
 * document under docs/.
 */
import fs from 'fs'
import path from 'path'

const ROOT = path.resolve(__dirname, '../../..')
const README = path.join(ROOT, 'README.md')
const DOCS = path.join(ROOT, 'docs')
const DOCS_INDEX = path.join(DOCS, 'README.md')

/** Largest README.md, in bytes. */
const README_MAX_BYTES = 15_000

/** Every Markdown file under docs/, as absolute paths. */
function docsFiles (): string[] {
  return (fs.readdirSync(DOCS, { recursive: true }) as string[])
    .filter(name => name.endsWith('.md'))
    .map(name => path.join(DOCS, name))
}

/** `markdown` without fenced code blocks and code spans, where a bracket is text, not a link. */
function withoutCode (markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
}

/** The link targets of `markdown`: Markdown links and images, and HTML `src` / `href` attributes. */
function linkTargets (markdown: string): string[] {
  const prose = withoutCode(markdown)
  const markdownLinks = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(match => match[1])
  const htmlLinks = [...prose.matchAll(/\b(?:src|href)="([^"]+)"/g)].map(match => match[1])
  return [...markdownLinks, ...htmlLinks]
}

/** True for a target inside the repository (not a URL with a scheme, not a bare `#section`). */
function isRelative (target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#')
}

/** The file `target` names from the document at `from`, or null when none exists in the repository. */
function resolvedFile (from: string, target: string): string | null {
  const file = path.resolve(path.dirname(from), decodeURIComponent(target.replace(/[#?].*$/, '')))
  if (!file.startsWith(ROOT + path.sep)) return null
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : null
}

describe('the documents', () => {
  it('keep README.md within 15 KB', () => {
    expect(fs.statSync(README).size).toBeLessThanOrEqual(README_MAX_BYTES)
  })

  it.each([README, ...docsFiles()].map(file => [path.relative(ROOT, file), file]))('%s links only to files of the repository', (_name, file) => {
    const broken = linkTargets(fs.readFileSync(file, 'utf8'))
      .filter(isRelative)
      .filter(target => resolvedFile(file, target) === null)
    expect(broken).toEqual([])
  })

  it('index every document under docs/ in docs/README.md', () => {
    const linked = new Set(linkTargets(fs.readFileSync(DOCS_INDEX, 'utf8'))
      .filter(isRelative)
      .map(target => resolvedFile(DOCS_INDEX, target)))
    const unlisted = docsFiles().filter(file => file !== DOCS_INDEX && !linked.has(file)).map(file => path.relative(ROOT, file))
    expect(unlisted).toEqual([])
  })

})

describe('reading the links of a document', () => {
  it('finds links and images, skips URLs, bare sections and code, and resolves only files inside the repository', () => {
    const markdown = '[a](docs/nowhere.md) <img src="e2e/x.png"> `[b](not/a/link.md)` [c](https://example.com) [d](#here)'
    expect(linkTargets(markdown).filter(isRelative)).toEqual(['docs/nowhere.md', 'e2e/x.png'])
    expect(resolvedFile(README, 'docs/nowhere.md')).toBeNull()
    expect(resolvedFile(README, 'README.md#testing')).toBe(README)
    expect(resolvedFile(README, '../outside.md')).toBeNull()
  })
})
