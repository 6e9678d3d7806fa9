/**
 * Local storage (SPEC §3): values are stored as JSON text through Taro's storage (the
 * mini-program storage, localStorage on H5). Stored text that does not parse, or that
 * does not have the expected shape, is treated as absent, never thrown. A storage that
 * refuses to write (full, private mode) makes the write return false.
 */
import Taro from '@tarojs/taro'
import type { User } from '@core/wire/entities'
import { APP_ENV, isProductionEnv, type AppEnvName } from '@/constants/env'

/** Prefix of every key this app writes. */
const KEY_PREFIX = 'openrealm'

/** The local helper flag that makes a master/online build count as test (SPEC §9). */
export const ENV_TEST_FLAG_KEY = `${KEY_PREFIX}:env-test-flag`

/** SPEC §3: the local login data: the signed-in user and the session token. */
export interface LoginData {
  user: User
  /** Bearer token of the session (absent for a user shown without a session). */
  token?: string
}

/** Reads a stored JSON value; absent, unreadable or corrupt text gives undefined. */
export function readJson (key: string): unknown {
  try {
    const text: unknown = Taro.getStorageSync(key)
    return typeof text === 'string' && text !== '' ? JSON.parse(text) : undefined
  } catch {
    return undefined // corrupt JSON is treated as absent
  }
}

/** Stores a value as JSON text; false when it cannot be serialised or stored. */
export function writeJson (key: string, value: unknown): boolean {
  try {
    const text = JSON.stringify(value)
    if (text === undefined) return false
    Taro.setStorageSync(key, text)
    return true
  } catch {
    return false
  }
}

/** Removes a stored value. */
export function removeKey (key: string): void {
  try {
    Taro.removeStorageSync(key)
  } catch {
    // nothing stored, nothing to remove
  }
}

/** SPEC §3: the key of the login data of one environment. */
export function loginKey (env: AppEnvName = APP_ENV): string {
  return `${KEY_PREFIX}:${env}:login` // SPEC §3: stored per environment
}

function isLoginData (value: unknown): value is LoginData {
  if (typeof value !== 'object' || value === null) return false
  const { user, token } = value as { user?: unknown, token?: unknown }
  if (typeof user !== 'object' || user === null) return false
  const uid = (user as { uid?: unknown }).uid
  return typeof uid === 'string' && uid !== '' && (token === undefined || typeof token === 'string')
}

/** SPEC §3: the login data of an environment, or null when there is none (or it is corrupt). */
export function loadLogin (env: AppEnvName = APP_ENV): LoginData | null {
  const value = readJson(loginKey(env))
  return isLoginData(value) ? value : null
}

/** Stores the login data of an environment; false when the data is not a login or cannot be stored. */
export function saveLogin (data: LoginData, env: AppEnvName = APP_ENV): boolean {
  return isLoginData(data) && writeJson(loginKey(env), data)
}

/** Forgets the login data of an environment (sign-out). */
export function clearLogin (env: AppEnvName = APP_ENV): void {
  removeKey(loginKey(env))
}

/**
 * SPEC §3: the key of a per-user item, derived from the uid (URI-encoded so no uid can
 * reach into another key), inside the environment. An empty uid or name is a TypeError.
 */
export function userKey (uid: string, name: string, env: AppEnvName = APP_ENV): string {
  if (typeof uid !== 'string' || uid === '') throw new TypeError('userKey: uid must be a non-empty string')
  if (typeof name !== 'string' || name === '') throw new TypeError('userKey: name must be a non-empty string')
  return `${KEY_PREFIX}:${env}:user:${encodeURIComponent(uid)}:${name}`
}

/** A per-user item, or undefined when absent or corrupt. */
export function readUserItem (uid: string, name: string): unknown {
  return readJson(userKey(uid, name))
}

/** Stores a per-user item; false when it cannot be stored. */
export function writeUserItem (uid: string, name: string, value: unknown): boolean {
  return writeJson(userKey(uid, name), value)
}

/** Removes a per-user item. */
export function removeUserItem (uid: string, name: string): void {
  removeKey(userKey(uid, name))
}

/** The local helper flag: true when this device asked a master/online build to count as test. */
export function readEnvTestFlag (): boolean {
  return readJson(ENV_TEST_FLAG_KEY) === true
}

/** Sets or clears the local helper flag (a developer's device switch). */
export function setEnvTestFlag (on: boolean): void {
  if (on) writeJson(ENV_TEST_FLAG_KEY, true)
  else removeKey(ENV_TEST_FLAG_KEY)
}

/** SPEC §9: whether this build counts as production on this device. */
export function isProduction (env: AppEnvName = APP_ENV): boolean {
  return isProductionEnv(env, readEnvTestFlag())
}
