/**
 * User rules (SPEC §4): new or old user by registration day, and reading a user object
 * from untrusted data (local storage). Pure: no Taro import, no dependence on the
 * machine's time zone.
 */
import { Gender } from '@core/wire/codes'
import type { User } from '@core/wire/entities'

/** 'new' when registered today (the calendar day in UTC+8), otherwise 'old'. */
export type UserAge = 'new' | 'old'

/** SPEC §9: dates use UTC+8. */
export const UTC8_OFFSET_SECONDS = 8 * 60 * 60

const SECONDS_PER_DAY = 24 * 60 * 60

/** The number of the calendar day in UTC+8 that a unix time falls on. */
function dayNumberUtc8 (unixSeconds: number): number {
  return Math.floor((unixSeconds + UTC8_OFFSET_SECONDS) / SECONDS_PER_DAY)
}

/**
 * SPEC §4: a user is 'new' if registered today, otherwise 'old'. "Today" is the calendar
 * day in UTC+8 (SPEC §9) of `nowSeconds` (unix seconds, injected). A registration time
 * that is not a finite number counts as 'old'; one later on the same day (a clock
 * ahead of ours) counts as today.
 */
export function userAgeOf (user: Pick<User, 'addtime'>, nowSeconds: number): UserAge {
  if (!Number.isFinite(user.addtime) || !Number.isFinite(nowSeconds)) return 'old'
  return dayNumberUtc8(user.addtime) === dayNumberUtc8(nowSeconds) ? 'new' : 'old' // SPEC §4: registered today
}

function isRecord (value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isFiniteNumber (value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

/**
 * A User read from untrusted data, or null when the shape is wrong: uid must be a
 * non-empty string, user_type and addtime finite numbers, nickname, avatar and signature
 * strings. A gender other than 0, 1, 2 is dropped. Only the known fields are copied.
 */
export function parseUser (value: unknown): User | null {
  if (!isRecord(value)) return null
  const { uid, user_type: userType, addtime, nickname, avatar, signature, gender } = value
  if (typeof uid !== 'string' || uid === '') return null
  if (!isFiniteNumber(userType) || !isFiniteNumber(addtime)) return null
  if (typeof nickname !== 'string' || typeof avatar !== 'string' || typeof signature !== 'string') return null
  const user: User = { uid, user_type: userType, addtime, nickname, avatar, signature }
  if (gender === Gender.Secret || gender === Gender.Male || gender === Gender.Female) user.gender = gender
  return user
}
