/**
 * The zh-CN table is in two parts: the first screens' (messages-zh-cn-launch.ts,
 * in the first load) and the pages' (messages-zh-cn-pages.ts, installed by
 * src/i18n/page-messages.ts in the chunks that import it). A key missing from the part a
 * screen has at hand would show raw there, so these tests read the client's imports as
 * each build resolves them (module-graph.ts) and check every load against the parts.
 * Every string literal of a module that is a message key counts as used by it (keys are
 * written whole: `t('x')`, or `'x'` in a map of keys), which over-counts at worst.
 */
import path from 'path'
import { ROUTES } from '../../config/routes'
import { MESSAGES } from '@/i18n/messages-zh-cn'
import { ZH_CN_LAUNCH } from '@/i18n/messages-zh-cn-launch'
import { ZH_CN_PAGES } from '@/i18n/messages-zh-cn-pages'
import { ROOT, factsOf, keysUsedBy, sourceFilesUnder, staticClosure, type Platform } from './module-graph'

const src = (file: string): string => path.join(ROOT, 'src', file)
const relative = (file: string): string => path.relative(ROOT, file)

/** The pages a launch can open on, whose first load the bench measures: Home and Market (bench "Initial JS"). */
const FIRST_SCREENS = ['index', 'market']

/** What the first load evaluates: the app's shell and the first screens. */
const LAUNCH_ENTRIES = [src('app.tsx'), ...FIRST_SCREENS.map(name => src(`pages/${name}/index.tsx`))]

/** The module whose evaluation installs the pages' part. */
const PAGE_MESSAGES = src('i18n/page-messages.ts')

const ALL_KEYS: ReadonlySet<string> = new Set(Object.keys(MESSAGES['zh-CN']))
const LAUNCH_KEYS: ReadonlySet<string> = new Set(Object.keys(ZH_CN_LAUNCH))
const PAGE_KEYS: ReadonlySet<string> = new Set(Object.keys(ZH_CN_PAGES))
const SOURCES = sourceFilesUnder(path.join(ROOT, 'src'))

/**
 * What loads later, each evaluated with its static imports before it renders: every other
 * page (its own chunk on H5) and every `import()` target (an on-demand chunk).
 */
function laterEntries (platform: Platform): string[] {
  const pages = ROUTES.filter(route => !FIRST_SCREENS.includes(route.name)).map(route => src(`pages/${route.name}/index.tsx`))
  const chunks = SOURCES.flatMap(file => factsOf(platform, file).dynamicImports)
  return [...new Set([...pages, ...chunks])]
}

/** The keys a load's files use that the parts it has at hand lack, each with the files using it. */
function missingKeys (platform: Platform, files: Set<string>): Record<string, string[]> {
  const atHand = files.has(PAGE_MESSAGES) ? ALL_KEYS : LAUNCH_KEYS
  const missing: Record<string, string[]> = {}
  for (const file of files) {
    for (const key of keysUsedBy(platform, [file], ALL_KEYS)) if (!atHand.has(key)) (missing[key] ??= []).push(relative(file))
  }
  return missing
}

describe.each<Platform>(['h5', 'weapp'])('the zh-CN parts each load has at hand (%s build)', platform => {
  it('gives the first load every message its code can show', () => {
    expect(missingKeys(platform, staticClosure(platform, LAUNCH_ENTRIES))).toEqual({})
  })

  it('has the pages\' part installed before each later page or on-demand chunk that shows one of its messages', () => {
    const entries = laterEntries(platform)
    expect(entries.length).toBeGreaterThan(ROUTES.length - FIRST_SCREENS.length)
    const missing = Object.fromEntries(entries.map(entry => [relative(entry), missingKeys(platform, staticClosure(platform, [entry]))]).filter(([, keys]) => Object.keys(keys).length > 0))
    expect(missing).toEqual({})
  })
})

describe('the zh-CN table split for the first load', () => {
  it('keeps in the first screens\' part only messages the first load can show', () => {
    const used = keysUsedBy('h5', staticClosure('h5', LAUNCH_ENTRIES), ALL_KEYS)
    expect([...LAUNCH_KEYS].filter(key => !used.has(key))).toEqual([])
  })

  it('leaves the pages\' part, the whole table and English out of the H5 first load', () => {
    const launch = staticClosure('h5', LAUNCH_ENTRIES)
    const kept = ['i18n/page-messages.ts', 'i18n/messages-zh-cn-pages.ts', 'i18n/messages-zh-cn.ts', 'i18n/messages-en.ts'].map(src).filter(file => launch.has(file))
    expect(kept.map(relative)).toEqual([])
  })

  it('holds each key in exactly one part', () => {
    expect([...LAUNCH_KEYS].filter(key => PAGE_KEYS.has(key))).toEqual([])
    expect(LAUNCH_KEYS.size + PAGE_KEYS.size).toBe(ALL_KEYS.size)
  })

  it('finds every key written whole and no message read while a module is evaluated', () => {
    const unreadable = SOURCES.filter(file => factsOf('h5', file).computedKey || factsOf('h5', file).topLevelT)
    expect(unreadable.map(relative)).toEqual([])
  })
})
