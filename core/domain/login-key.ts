/**
 * SPEC §3 "Local login data … stored per environment": the storage key the client keeps
 * its login under, one per environment. Shared, so the server's first screen can tell a
 * device that holds a login (server/src/plugins/first-screen.ts) without knowing which
 * environment the build was made for. Pure: no Taro import.
 */

/** Prefix of every storage key the app writes. */
export const STORAGE_KEY_PREFIX = 'openrealm'

/** SPEC §3: the key of the login data of environment `env`. */
export function loginKeyOf (env: string): string {
  return `${STORAGE_KEY_PREFIX}:${env}:login`
}

/** Matches the login key of any environment (the source of a RegExp, for an inline script). */
export const ANY_LOGIN_KEY_SOURCE = `^${STORAGE_KEY_PREFIX}:[^:]+:login$`
