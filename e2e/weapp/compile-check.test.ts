/**
 * The mini-program build (dist/weapp, made by `npm run build:weapp`) compiled by WeChat's
 * own compilers, as the developer tools compile it before a preview or an upload: every
 * WXML file with `wcc`, every WXSS file with `wcsc`. Any error or warning fails, with the
 * compiler's own words (e.g. `app-origin.wxss(1:682): error at token '*'`). The main
 * package is weighed as well (the platform refuses one over 2 MB; this app keeps to 1 MB).
 * What WeChat takes without a word but handles badly is looked for in the built WXSS too
 * (H5-only styles: sticky headers, :hover, the desktop layout; bottom bars without the
 * safe-area inset). A committed fixture (fixtures/desktop-block-in-weapp) shows the
 * check bites: the stylesheet the build wrote while app.scss's desktop block reached the
 * mini-program is refused. It does not paint or lay anything out: see docs/mini-program.md.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'
import { compileWxml, compileWxss, type CompilerRun } from './wechat-compilers'

const ROOT = path.resolve(__dirname, '..', '..')
/** The build to check: dist/weapp, or another folder named by WEAPP_DIST (an older build, for comparison). */
const DIST = path.resolve(ROOT, process.env.WEAPP_DIST ?? 'dist/weapp')

/** Paths under `dir` (relative, `/`-separated) of the files ending in `extension`. */
function filesOf (dir: string, extension: string, prefix = ''): string[] {
  return readdirSync(dir).sort().flatMap(name => {
    const full = path.join(dir, name)
    const relative = prefix + name
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : filesOf(full, extension, `${relative}/`)
    return name.endsWith(extension) ? [relative] : []
  })
}

/** What a compiler said beyond success: its diagnostics, or its exit status when it said nothing. */
function complaints (result: CompilerRun): string {
  const said = result.stderr.trim()
  if (said !== '') return said
  return result.status === 0 ? '' : `exited with status ${result.status}`
}

const withoutExtension = (file: string): string => file.replace(/\.\w+$/, '')

/** One rule of a built (minified) stylesheet: its selector list and its declarations, as written. */
interface CssRule { file: string, selectors: string[], body: string }

/** The style rules of a minified WXSS text (those inside `@media` included), in order. */
function rulesOf (file: string, text: string): CssRule[] {
  return [...text.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^{}]*)\}/g)]
    .map(match => ({ file, selectors: match[1].split(',').map(selector => selector.trim()), body: match[2] }))
}

/** Every style rule of the build. */
function builtRules (): CssRule[] {
  return filesOf(DIST, '.wxss').flatMap(file => rulesOf(file, readFileSync(path.join(DIST, file), 'utf8')))
}

/** A declaration of `body` (`bottom:0`), whole. */
function declares (body: string, declaration: string): boolean {
  return body.split(';').some(part => part.trim() === declaration)
}

/** A rule as a failure names it. */
const named = (rule: CssRule): string => `${rule.file}: ${rule.selectors.join(',')}`

/**
 * The bars and sheets standing on the window's bottom edge (the chat's composer, join bar
 * and notice under a window-high chat, the post's comment bar, the bottom sheets): on a
 * phone with a notch each keeps its content above the home indicator.
 */
const BOTTOM_EDGE = ['.chat-composer', '.chat-view__join', '.chat-view__notice', '.post-page__composer', '.member-sheet__panel', '.sign-in-sheet__panel']

/** The committed fixture: app-origin.wxss as the build wrote it while app.scss's desktop block (with `> * { grid-column: 1 / -1; }`) reached the mini-program. */
const UNGUARDED_FIXTURE = path.join(__dirname, 'fixtures', 'desktop-block-in-weapp')

/** The main package's budget: half the platform's 2 MB, so the app can grow before subpackages are needed. */
const MAIN_PACKAGE_MAX_BYTES = 1024 * 1024

/** app.json of the build: its pages and subpackages. */
function appJson (): { pages: string[], subPackages?: { root: string, pages: string[] }[] } {
  return JSON.parse(readFileSync(path.join(DIST, 'app.json'), 'utf8')) as ReturnType<typeof appJson>
}

describe('the mini-program build under WeChat\'s compilers', () => {
  beforeAll(() => {
    if (!existsSync(path.join(DIST, 'app.json'))) throw new Error(`no mini-program build at ${DIST}: run npm run build:weapp first`)
  })

  it('has every page of app.json built with its template and styles', () => {
    const pages = appJson()
    const all = [...pages.pages, ...(pages.subPackages ?? []).flatMap(sub => sub.pages.map(page => `${sub.root.replace(/\/$/, '')}/${page}`))]
    const missing = all.flatMap(page => ['wxml', 'wxss', 'js', 'json'].filter(extension => !existsSync(path.join(DIST, `${page}.${extension}`))).map(extension => `${page}.${extension}`))
    expect(all.length).toBeGreaterThan(0)
    expect(missing).toEqual([])
  })

  it('compiles every WXML template with wcc, without an error or a warning', () => {
    const templates = filesOf(DIST, '.wxml').map(withoutExtension)
    expect(templates.length).toBeGreaterThan(0)
    const result = compileWxml(DIST, templates, filesOf(DIST, '.wxs'))
    expect(complaints(result)).toBe('')
    expect(result.stdout).toContain('$gwx')
  })

  it('keeps the main package (everything outside a subpackage) within 1 MB', () => {
    const subpackageRoots = (appJson().subPackages ?? []).map(sub => sub.root.replace(/\/?$/, '/'))
    const main = filesOf(DIST, '').filter(file => !subpackageRoots.some(root => file.startsWith(root)))
    const bytes = main.reduce((total, file) => total + statSync(path.join(DIST, file)).size, 0)
    expect(bytes).toBeLessThanOrEqual(MAIN_PACKAGE_MAX_BYTES)
  })

  // One run over every stylesheet (an `@import` resolves only to a file on the list); a
  // complaint names its file and position (`app-origin.wxss(1:682): …`).
  it('compiles every WXSS stylesheet with wcsc, without an error or a warning', () => {
    const stylesheets = filesOf(DIST, '.wxss').map(withoutExtension)
    expect(stylesheets.length).toBeGreaterThan(0)
    expect(complaints(compileWxss(DIST, stylesheets))).toBe('')
  })

  it('keeps every bar and sheet on the bottom edge clear of the home indicator with env(safe-area-inset-bottom)', () => {
    const rules = builtRules()
    const padded = (selector: string): boolean => rules.some(rule => rule.selectors.includes(selector) && rule.body.includes('env(safe-area-inset-bottom)'))
    expect(BOTTOM_EDGE.filter(selector => !padded(selector))).toEqual([])
    // and any bar fixed to the bottom of the window that may come later
    const fixedToBottom = rules.filter(rule => declares(rule.body, 'position:fixed') && declares(rule.body, 'bottom:0') && !/(^|;)\s*(top|inset):/.test(rule.body))
    expect(fixedToBottom.length).toBeGreaterThan(0)
    expect(fixedToBottom.filter(rule => !rule.body.includes('env(safe-area-inset-bottom)')).map(named)).toEqual([])
  })

  // What wcsc lets through but the mini-program handles badly, kept to H5 by Taro's
  // conditional compilation: a sticky bar (the H5 page header, which renders nothing
  // here), hover-only affordances (no pointer), the desktop layout's `html` selectors,
  // universal selectors, and a height that subtracts the H5 header from 100vh (the chat
  // would stop short of the window's bottom). Attribute selectors are only `[disabled]`
  // on buttons, a state WeChat's own button styles select the same way.
  it('carries none of the H5-only styles: sticky, :hover, html or universal selectors, a 100vh less the H5 header', () => {
    const rules = builtRules()
    const selectors = rules.flatMap(rule => rule.selectors.map(selector => ({ rule, selector })))
    expect(rules.filter(rule => /position:\s*(-webkit-)?sticky/.test(rule.body)).map(named)).toEqual([])
    expect(rules.filter(rule => /calc\(100vh\s*-/.test(rule.body)).map(named)).toEqual([])
    expect(selectors.filter(({ selector }) => /:hover|(^|[\s>+~])html\b|\*/.test(selector)).map(({ rule, selector }) => `${rule.file}: ${selector}`)).toEqual([])
    expect(selectors.filter(({ selector }) => /\[(?!disabled\])/.test(selector)).map(({ rule, selector }) => `${rule.file}: ${selector}`)).toEqual([])
  })
})

describe('the compile check against a stylesheet WeChat refuses', () => {
  it('fails on the stylesheet the build wrote while app.scss\'s desktop block reached the mini-program, at its universal selector', () => {
    const result = compileWxss(UNGUARDED_FIXTURE, ['app-origin'])
    expect(complaints(result)).toMatch(/app-origin\.wxss\(1:\d+\): error at token `\*`/)
  })

  it('passes the same stylesheet once that one rule is gone, so the universal selector is what it refuses', () => {
    const original = readFileSync(path.join(UNGUARDED_FIXTURE, 'app-origin.wxss'), 'utf8')
    const rule = 'html.desktop-layout .market:not(.market--state) > *{grid-column:1/-1}'
    expect(original).toContain(rule)
    const dir = mkdtempSync(path.join(tmpdir(), 'wcsc-fixture-'))
    try {
      writeFileSync(path.join(dir, 'app-origin.wxss'), original.replace(rule, ''))
      expect(complaints(compileWxss(dir, ['app-origin']))).toBe('')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
