/**
 * The English message table in the mini-program: bundled in the package (no dynamic
 * import there), so it is installed at once (the H5 build uses load-english.h5.ts instead).
 */
import type { LanguageTables } from './messages-zh-cn'
import { ENGLISH } from './messages-en'

/** Hands the English tables to `install` before returning; resolves once done. */
export function loadEnglish (install: (tables: LanguageTables) => void): Promise<void> {
  install(ENGLISH)
  return Promise.resolve()
}
