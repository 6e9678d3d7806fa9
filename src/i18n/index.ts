/**
 * The language engine: which language the user-facing messages are shown in, and the
 * text of a message in it. The tables are beside it: zh-CN (messages-zh-cn.ts, the
 * default, in every build) and en (messages-en.ts: on H5 a chunk of its own, fetched only
 * when asked for, through load-english.ts). The language follows the `hl` query key
 * (SPEC §2 carries it from page to page); the app loads and selects it once per page
 * load with {@link loadLanguage}. Pure: no Taro import.
 */
import type { AuditField } from '@core/domain/audit'
import { loadEnglish } from './load-english'
import { ZH_CN_TABLES, type LanguageTables, type MessageKey } from './messages-zh-cn'

export type { LanguageTables, MessageKey } from './messages-zh-cn'

/** The languages the table holds. zh-CN is the default. */
export type Language = 'zh-CN' | 'en'

/** The default language (SPEC §8's messages are Chinese). */
export const DEFAULT_LANGUAGE: Language = 'zh-CN'

/** The tables at hand: zh-CN always (the default and the fallback), en once loaded. */
const TABLES: { 'zh-CN': LanguageTables, en?: LanguageTables } = { 'zh-CN': ZH_CN_TABLES }

/** The language last asked for; shown once its table is at hand. */
let askedFor: Language = DEFAULT_LANGUAGE

/** English on its way (or arrived): fetched once per page load, again only after a failure. */
let englishArrival: Promise<void> | null = null

/**
 * The language an `hl` query value asks for: `en`, `en-US`, `en_gb` … mean English;
 * anything else (missing, `zh`, garbage) means the default zh-CN.
 */
export function languageOf (hl: unknown): Language {
  return typeof hl === 'string' && /^en([-_][a-z]{2})?$/i.test(hl.trim()) ? 'en' : DEFAULT_LANGUAGE
}

/**
 * Chooses the language of every later message from an `hl` query value, among the
 * tables at hand: until English has been loaded ({@link loadLanguage}) messages stay
 * zh-CN. Returns the language now shown.
 */
export function setLanguage (hl: unknown): Language {
  askedFor = languageOf(hl)
  return currentLanguage()
}

/**
 * Makes the language an `hl` query value asks for available and selects it; resolves
 * with the language then shown. zh-CN needs nothing loaded. English is fetched on H5
 * (its own chunk) and there at once in the mini-program, where it is selected before
 * this returns. If it cannot be loaded (offline), messages stay zh-CN: the promise
 * still resolves, with 'zh-CN', and the failure is logged.
 */
export function loadLanguage (hl: unknown): Promise<Language> {
  setLanguage(hl)
  if (askedFor === DEFAULT_LANGUAGE) return Promise.resolve(currentLanguage())
  englishArrival ??= loadEnglish(tables => { TABLES.en = tables }).catch(error => {
    englishArrival = null
    console.error('[messages] English did not load; showing zh-CN:', error)
  })
  return englishArrival.then(currentLanguage)
}

/** The language messages are currently shown in: the one asked for once its table is at hand, zh-CN until then. */
export function currentLanguage (): Language {
  return TABLES[askedFor] ? askedFor : DEFAULT_LANGUAGE
}

/** The tables of the language shown. */
function shownTables (): LanguageTables {
  return TABLES[askedFor] ?? TABLES['zh-CN']
}

/** The text of a message in the current language, with `{name}` placeholders filled in. */
export function t (key: MessageKey, vars: Record<string, string> = {}): string {
  return shownTables().messages[key].replace(/\{(\w+)\}/g, (whole, name: string) => Object.prototype.hasOwnProperty.call(vars, name) ? vars[name] : whole)
}

/** The display name of an audited field in the current language. */
export function auditFieldName (field: AuditField): string {
  return shownTables().auditFieldNames[field]
}
