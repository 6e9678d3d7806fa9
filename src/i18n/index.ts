/**
 * The language engine: which language the user-facing messages are shown in, and the
 * text of a message in it. The tables are beside it: zh-CN, the default, in two parts —
 * the first screens' (messages-zh-cn-launch.ts, in the first load) and the pages'
 * (messages-zh-cn-pages.ts, installed with {@link installMessages} by the chunks that
 * show them, through page-messages.ts) — and en (messages-en.ts, whole: on H5 a chunk of
 * its own, fetched only when asked for, through load-english.ts). The language follows the `hl` query key
 * (SPEC §2 carries it from page to page); the app loads and selects it once per page
 * load with {@link loadLanguage}. Pure: no Taro import.
 */
import type { AuditField } from '@core/domain/audit'
import { loadEnglish } from './load-english'
import type { LanguageTables, MessageKey } from './messages-zh-cn'
import { ZH_CN_AUDIT_FIELD_NAMES, ZH_CN_LAUNCH } from './messages-zh-cn-launch'

export type { LanguageTables, MessageKey } from './messages-zh-cn'

/** The languages the table holds. zh-CN is the default. */
export type Language = 'zh-CN' | 'en'

/** The default language (SPEC §8's messages are Chinese). */
export const DEFAULT_LANGUAGE: Language = 'zh-CN'

/** A language's tables while parts of them may still be on their way (zh-CN's pages' part). */
interface TablesAtHand {
  messages: Partial<Record<MessageKey, string>>
  auditFieldNames: LanguageTables['auditFieldNames']
}

/**
 * The tables at hand: zh-CN always (the default and the fallback; its first screens' part
 * from the start, the pages' part once installed), en once loaded (whole).
 */
const TABLES: { 'zh-CN': TablesAtHand, en?: LanguageTables } = { 'zh-CN': { messages: { ...ZH_CN_LAUNCH }, auditFieldNames: ZH_CN_AUDIT_FIELD_NAMES } }

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

/**
 * Adds a part of the zh-CN table to the messages at hand: the pages' part, installed by
 * the chunks that show its messages before they render (page-messages.ts). Installing a
 * part again changes nothing.
 */
export function installMessages (part: Partial<Record<MessageKey, string>>): void {
  Object.assign(TABLES['zh-CN'].messages, part)
}

/** The tables of the language shown. */
function shownTables (): TablesAtHand {
  return TABLES[askedFor] ?? TABLES['zh-CN']
}

/**
 * The text of a message in the current language, with `{name}` placeholders filled in.
 * A key whose part is not installed yet shows as itself (a bug the message-split test
 * guards against), rather than failing the page.
 */
export function t (key: MessageKey, vars: Record<string, string> = {}): string {
  return (shownTables().messages[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => Object.prototype.hasOwnProperty.call(vars, name) ? vars[name] : whole)
}

/** The display name of an audited field in the current language. */
export function auditFieldName (field: AuditField): string {
  return shownTables().auditFieldNames[field]
}
