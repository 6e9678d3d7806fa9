/**
 * The environment module (SPEC §7, §9): which environment this build talks to and
 * the bases of every backend it uses. Chosen at build time by TARO_APP_ENV
 * (dev, test, master, online); dev is the default and points at the local
 * reference server. Pure: no Taro import, so the server and tests can read it too.
 */

/** The environments a build can target. */
export type AppEnvName = 'dev' | 'test' | 'master' | 'online'

/** The bases of the backends of one environment (SPEC §7). */
export interface EnvBases {
  /** Main API: every call in src/services/api goes to this base plus a path. */
  mainApi: string
  aiApi: string
  cdn: string
  /** Storage upload host: files are posted here with the upload token. */
  upload: string
  /** Where shared links point (the H5 app itself). */
  web: string
  /** Where rule pages and other web views are hosted. */
  webview: string
}

/** SPEC §9: the app version code. */
export const APP_VERSION_CODE = 10001

/** The default local reference server (README: `npm start`). */
export const LOCAL_SERVER = 'http://localhost:3000'

/**
 * On H5 the reference server serves the bundle itself, so dev and test H5 builds call
 * their own origin (an empty base: relative URLs). The mini-program needs absolute URLs.
 */
function localBase (isH5: boolean, path = ''): string {
  return `${isH5 ? '' : LOCAL_SERVER}${path}`
}

/** Bases per environment. `isH5` picks same-origin bases for local H5 builds. */
export function basesFor (env: AppEnvName, isH5: boolean): EnvBases {
  switch (env) {
    case 'master':
      return {
        mainApi: 'https://api-master.openrealm.example',
        aiApi: 'https://ai-master.openrealm.example',
        cdn: 'https://cdn-master.openrealm.example',
        upload: 'https://upload-master.openrealm.example',
        web: 'https://h5-master.openrealm.example',
        webview: 'https://webview-master.openrealm.example',
      }
    case 'online':
      return {
        mainApi: 'https://api.openrealm.example',
        aiApi: 'https://ai.openrealm.example',
        cdn: 'https://cdn.openrealm.example',
        upload: 'https://upload.openrealm.example',
        web: 'https://h5.openrealm.example',
        webview: 'https://webview.openrealm.example',
      }
    default:
      return {
        mainApi: localBase(isH5),
        aiApi: localBase(isH5, '/ai'),
        cdn: localBase(isH5, '/files'),
        upload: localBase(isH5, '/upload'),
        web: localBase(isH5),
        webview: localBase(isH5, '/rules'),
      }
  }
}

/** Reads an environment name; anything unknown is dev. */
export function parseEnvName (value: string | undefined): AppEnvName {
  return value === 'test' || value === 'master' || value === 'online' ? value : 'dev'
}

/**
 * SPEC §9: master and online count as production unless a local helper flag says
 * test (a developer's device switch in the debug panel, src/utils/storage ENV_TEST_FLAG_KEY).
 */
export function isProductionEnv (env: AppEnvName, localTestFlag: boolean): boolean {
  return (env === 'master' || env === 'online') && !localTestFlag
}

/** The environment this build targets (TARO_APP_ENV, injected at build time). */
export const APP_ENV: AppEnvName = parseEnvName(process.env.TARO_APP_ENV)

/**
 * The mini-program's subscribe-message template of live reminders (TARO_APP_WX_REMIND_TEMPLATE_ID;
 * the server sends it with the same id, WX_SUBSCRIBE_TEMPLATE_ID); '' when none is configured.
 */
export const LIVE_REMIND_TEMPLATE_ID: string = process.env.TARO_APP_WX_REMIND_TEMPLATE_ID ?? ''

/**
 * The mini-program's subscribe-message templates of a mention and of a direct message
 * (TARO_APP_WX_MENTION_TEMPLATE_ID, TARO_APP_WX_DM_TEMPLATE_ID; the server sends them with the
 * same ids, WX_SUBSCRIBE_MENTION_TEMPLATE_ID and WX_SUBSCRIBE_DM_TEMPLATE_ID, to a member who is
 * away); each '' when none is configured.
 */
export const AWAY_TEMPLATE_IDS: readonly string[] = [process.env.TARO_APP_WX_MENTION_TEMPLATE_ID ?? '', process.env.TARO_APP_WX_DM_TEMPLATE_ID ?? ''].filter(id => id !== '')

/** The bases of this build's environment. */
export const ENV_BASES: EnvBases = basesFor(APP_ENV, process.env.TARO_ENV === 'h5')
