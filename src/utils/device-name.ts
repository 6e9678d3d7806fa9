/**
 * The device a session signed in from, named from its User-Agent (the Me
 * page's session list says "Chrome · Android", "微信 · iOS"). Browsers and systems are
 * proper names; only WeChat and an unknown device are worded per language.
 */
import { t } from '@/i18n'

/** The browser first (WeChat's and Edge's agents also say Chrome or Safari), then the system (iPhone agents also say "like Mac OS X"). */
const BROWSERS: ReadonlyArray<[RegExp, string | null]> = [
  [/MicroMessenger/i, null], // worded per language
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]
const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux|X11/, 'Linux'],
]

/** "Browser · System" for a User-Agent, either part left out when unknown; the unknown-device words when neither is known. */
export function deviceName (userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))
  const parts = [browser && (browser[1] ?? t('sessionDeviceWeChat')), system?.[1]].filter((part): part is string => typeof part === 'string')
  return parts.length > 0 ? parts.join(' · ') : t('sessionUnknownDevice')
}
