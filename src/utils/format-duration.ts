/**
 * Lengths of time as the chat's slow mode says them, in the page's language: a setting
 * (30 秒, 5 分钟, 6 小时 — each of core/wire/slow-mode-codes.ts is whole seconds, minutes or
 * hours) and a countdown (12 秒, 4 分 30 秒, 5 小时 59 分).
 */
import { t } from '@/i18n'

const MINUTE = 60
const HOUR = 3600

/** A slow mode setting: 关闭 for 0, else its largest whole unit (30 秒, 5 分钟, 6 小时). */
export function formatSlowModeSetting (seconds: number): string {
  if (seconds <= 0) return t('slowModeOff')
  if (seconds % HOUR === 0) return t('durationHours', { n: String(seconds / HOUR) })
  if (seconds % MINUTE === 0) return t('durationMinutes', { n: String(seconds / MINUTE) })
  return t('durationSeconds', { n: String(seconds) })
}

/** A wait still to run, whole seconds: 12 秒 under a minute, 4 分 30 秒 under an hour, 5 小时 59 分 beyond (the seconds left out). */
export function formatWait (seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds))
  if (whole < MINUTE) return t('durationSeconds', { n: String(whole) })
  if (whole < HOUR) return t('durationMinutesSeconds', { m: String(Math.floor(whole / MINUTE)), s: String(whole % MINUTE) })
  return t('durationHoursMinutes', { h: String(Math.floor(whole / HOUR)), m: String(Math.floor((whole % HOUR) / MINUTE)) })
}
