/**
 * Chat times with dayjs, in UTC+8 whatever the device's zone (SPEC §9): a
 * day separator reads 今天 / 昨天 / 周一 (within the week) / 2026-11-02, a message's full
 * time 今天 14:32 / 昨天 09:10 / 周一 14:32 / 2026-11-02 14:32; English under `hl=en`
 * (Today, Yesterday, Mon). dayjs is imported only here, and this module only by the chat
 * components, so it loads with the channel page's chunk and never with Home.
 * src/utils/format-date.ts stays the dependency-free formatter of every other page.
 */
import dayjs, { type Dayjs } from 'dayjs'
import utc from 'dayjs/plugin/utc'
import 'dayjs/locale/zh-cn'
import { DISPLAY_UTC_OFFSET_MINUTES } from '@/constants/format'
import { currentLanguage, t, type Language } from '@/i18n'

dayjs.extend(utc)

/** Days back within which a day is named by its weekday (周一) rather than its date. */
const WEEKDAY_NAMED_DAYS = 6

const DAYJS_LOCALE: Record<Language, string> = { 'zh-CN': 'zh-cn', en: 'en' }

/** The moment (unix ms) in UTC+8 (SPEC §9), in the current language. */
function inUtc8 (ms: number): Dayjs {
  return dayjs.utc(ms).utcOffset(DISPLAY_UTC_OFFSET_MINUTES).locale(DAYJS_LOCALE[currentLanguage()])
}

/** Whole calendar days (UTC+8) from `ms` back to `nowMs`'s day: 0 today, 1 yesterday; negative for a later day. */
function daysAgo (ms: number, nowMs: number): number {
  return inUtc8(nowMs).startOf('day').diff(inUtc8(ms).startOf('day'), 'day')
}

/** The time of day in UTC+8, `14:32`. */
export function chatClock (ms: number): string {
  return inUtc8(ms).format('HH:mm')
}

/** The day separator's label: 今天, 昨天, a weekday within the week (周一), else the date (2026-11-02). */
export function chatDayLabel (ms: number, nowMs: number): string {
  const days = daysAgo(ms, nowMs)
  if (days <= 0) return t('chatToday') // a clock slightly ahead of ours is still today
  if (days === 1) return t('chatYesterday')
  if (days <= WEEKDAY_NAMED_DAYS) return inUtc8(ms).format('ddd')
  return inUtc8(ms).format('YYYY-MM-DD')
}

/** A message's full time: its day label and its time of day, `昨天 09:10`. */
export function chatTimeLabel (ms: number, nowMs: number): string {
  return `${chatDayLabel(ms, nowMs)} ${chatClock(ms)}`
}

/** A moment ahead (a timeout's end): 今天 22:10, 明天 08:00, else the date, 2026-11-20 08:00 (UTC+8). */
export function chatUntilLabel (ms: number, nowMs: number): string {
  const days = -daysAgo(ms, nowMs)
  if (days <= 0) return `${t('chatToday')} ${chatClock(ms)}`
  if (days === 1) return `${t('chatTomorrow')} ${chatClock(ms)}`
  return inUtc8(ms).format('YYYY-MM-DD HH:mm')
}

/** True when two moments fall on different calendar days in UTC+8 (a day separator goes between them). */
export function isNewChatDay (previousMs: number, ms: number): boolean {
  return inUtc8(previousMs).format('YYYY-MM-DD') !== inUtc8(ms).format('YYYY-MM-DD')
}
