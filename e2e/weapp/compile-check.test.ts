/**
 * The mini-program build (dist/weapp, made by `npm run build:weapp`) compiled by WeChat's
 * own compilers, as the developer tools compile it before a preview or an upload: every
 * WXML file with `wcc`, every WXSS file with `wcsc`. Any error or warning fails, with the
 * compiler's own words (e.g. `app-origin.wxss(1:682): error at token '*'`). The main
 * package is weighed as well (the platform refuses one over 2 MB; this app keeps to 1 MB).
 * It does not paint or lay anything out: see README "Mini-program".
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'fs'
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
})
