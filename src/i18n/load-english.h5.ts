/**
 * The English message table on H5: a chunk of its own, fetched only when the launch
 * query asks for English (most visitors read zh-CN, and the first load should
 * not carry both tables).
 */
import type { LanguageTables } from './messages-zh-cn'

/** Fetches the English tables and hands them to `install`; rejects when the chunk cannot be loaded (offline). */
export function loadEnglish (install: (tables: LanguageTables) => void): Promise<void> {
  return import(/* webpackChunkName: "messages-en" */ './messages-en').then(module => install(module.ENGLISH))
}
