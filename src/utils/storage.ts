/**
 * The app's storage keys and its local helper flag. Every key starts with one prefix;
 * the login data sits under a key per environment (SPEC §3; SessionStore reads and
 * writes it through src/stores/support/taro-storage.ts). The local test flag (SPEC §9) is a
 * developer's device switch, set from the debug panel.
 */
import Taro from '@tarojs/taro'
import { loginKeyOf, STORAGE_KEY_PREFIX } from '@core/domain/login-key'
import { APP_ENV, isProductionEnv, type AppEnvName } from '@/constants/env'

/** The local helper flag that makes a master/online build count as test (SPEC §9). */
export const ENV_TEST_FLAG_KEY = `${STORAGE_KEY_PREFIX}:env-test-flag`

/** SPEC §3: the key of the login data of one environment. */
export function loginKey (env: AppEnvName = APP_ENV): string {
  return loginKeyOf(env) // SPEC §3: stored per environment
}

/** The local helper flag: true when this device asked a master/online build to count as test. */
export function readEnvTestFlag (): boolean {
  try {
    return Taro.getStorageSync(ENV_TEST_FLAG_KEY) === 'true'
  } catch {
    return false // an unreadable storage holds no flag
  }
}

/** Sets or clears the local helper flag (the debug panel's switch); false when the storage refuses. */
export function setEnvTestFlag (on: boolean): boolean {
  try {
    if (on) Taro.setStorageSync(ENV_TEST_FLAG_KEY, 'true')
    else Taro.removeStorageSync(ENV_TEST_FLAG_KEY)
    return true
  } catch {
    return false
  }
}

/** SPEC §9: whether this build counts as production on this device. */
export function isProduction (env: AppEnvName = APP_ENV): boolean {
  return isProductionEnv(env, readEnvTestFlag())
}
