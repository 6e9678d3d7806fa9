/**
 * Configuration of the reference API server, read from environment variables. Every
 * variable has a default that works out of the box on a fresh machine (SQLite under
 * ./data, port 3000, development signing keys); an empty value counts as unset.
 * server/README.md lists them all.
 */
import path from 'path'

/** The repository root (server/src/config.ts lives two levels below it). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..')

/** The built H5 bundle that `npm start` serves (and builds when it is missing). */
export const DEFAULT_H5_DIR = path.join(REPO_ROOT, 'dist', 'h5')

/**
 * Development JS-SDK ticket used when no WeChat app is configured (signatures are real,
 * the ticket is not). Not a secret: a fixed placeholder WeChat never issued, so the
 * signatures it makes are only good against this server. Production sets
 * WX_JSAPI_TICKET, or WX_APP_SECRET to fetch real tickets (server/README.md).
 */
export const DEV_JSAPI_TICKET = 'openrealm-dev-jsapi-ticket'

/** Largest file the upload host accepts unless QINIU_FSIZE_LIMIT says otherwise (10 MiB). */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024

/** Development audit word list (AUDIT_WORDS replaces it). */
export const DEFAULT_AUDIT_WORDS: readonly string[] = ['违禁', '违法', '赌博', '诈骗', 'forbidden', 'banned-word']

/** WeChat JS-SDK settings. */
export interface WechatConfig {
  appId: string
  /** Set together with a real appId: the ticket is then fetched from WeChat and cached. */
  appSecret: string | null
  /** The ticket used when no app secret is configured. */
  jsapiTicket: string
  /** Base of WeChat's API (a fake WeChat on loopback in tests). */
  apiBase: string
}

/** Qiniu-compatible storage settings. */
export interface QiniuConfig {
  accessKey: string
  secretKey: string
  bucket: string
  /** Public base URL of uploaded keys; null means this server's own PUBLIC_URL/files. */
  domain: string | null
  /** fsizeLimit of issued tokens and the upload host's hard cap, in bytes. */
  uploadMaxBytes: number
}

/** Per-client rate limit. */
export interface RateLimitConfig {
  /** Requests per client IP per window. */
  max: number
  windowMs: number
  /** Client IPs never limited (loopback by default, so local benchmarks are not throttled). */
  allowList: string[]
  /** Messages one account may send per window (issue 15), from any IP but those of `allowList`. */
  messages: { max: number, windowMs: number }
}

/** Everything the server needs to run. */
export interface ServerConfig {
  port: number
  host: string
  /** Where the SQLite file and stored files live. */
  dataDir: string
  /** postgres:// URL; null means the embedded SQLite file DATA_DIR/openrealm.sqlite. */
  databaseUrl: string | null
  /** PostgreSQL schema to work in (created when missing); null means the server's default (public). */
  databaseSchema: string | null
  /** Public origin of this server (e.g. https://realm.example); null derives it from each request's Host. */
  publicUrl: string | null
  /** Folder of the built H5 bundle served beside the API. */
  h5Dir: string
  /** pino level, or 'silent'. */
  logLevel: string
  /** Trust X-Forwarded-* headers (client IP for the rate limit, protocol for public URLs). */
  trustProxy: boolean
  wechat: WechatConfig
  qiniu: QiniuConfig
  auditWords: string[]
  rateLimit: RateLimitConfig
}

/** A variable holds a value the server cannot use. */
export class ConfigError extends Error {
  constructor (variable: string, problem: string) {
    super(`${variable} ${problem}`)
    this.name = 'ConfigError'
  }
}

type Env = Record<string, string | undefined>

function text (env: Env, name: string): string | null {
  const value = env[name]?.trim()
  return value ? value : null
}

function integer (env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = text(env, name)
  if (value === null) return fallback
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new ConfigError(name, `must be an integer between ${min} and ${max} (got "${value}")`)
  }
  return Number(value)
}

function httpUrl (env: Env, name: string): string | null {
  const value = text(env, name)
  if (value === null) return null
  let parsed: URL
  try {
    parsed = new URL(value)
  } catch {
    throw new ConfigError(name, `must be an http(s) URL (got "${value}")`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError(name, 'must be an http(s) URL')
  return value.replace(/\/+$/, '')
}

function list (value: string | null, fallback: readonly string[]): string[] {
  if (value === null) return [...fallback]
  return value.split(',').map(item => item.trim()).filter(item => item.length > 0)
}

function databaseUrl (env: Env): string | null {
  const value = text(env, 'DATABASE_URL')
  if (value !== null && !/^postgres(ql)?:\/\//.test(value)) {
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// URL (leave it unset for SQLite)')
  }
  return value
}

/** Reads the configuration from `env` (process.env by default); throws ConfigError on an unusable value. */
export function loadConfig (env: Env = process.env): ServerConfig {
  const schema = text(env, 'DATABASE_SCHEMA')
  if (schema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new ConfigError('DATABASE_SCHEMA', 'must be a lower-case SQL identifier')
  }
  const appSecret = text(env, 'WX_APP_SECRET')
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir: path.resolve(text(env, 'DATA_DIR') ?? 'data'),
    databaseUrl: databaseUrl(env),
    databaseSchema: schema,
    publicUrl: httpUrl(env, 'PUBLIC_URL'),
    h5Dir: path.resolve(text(env, 'H5_DIR') ?? DEFAULT_H5_DIR),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    trustProxy: text(env, 'TRUST_PROXY') === 'true',
    wechat: {
      appId: text(env, 'WX_APP_ID') ?? 'wx00openrealm0dev',
      appSecret: text(env, 'WX_APP_ID') !== null ? appSecret : null,
      jsapiTicket: text(env, 'WX_JSAPI_TICKET') ?? DEV_JSAPI_TICKET,
      apiBase: httpUrl(env, 'WX_API_BASE') ?? 'https://api.weixin.qq.com',
    },
    qiniu: {
      accessKey: text(env, 'QINIU_ACCESS_KEY') ?? 'openrealm-dev-access-key',
      secretKey: text(env, 'QINIU_SECRET_KEY') ?? 'openrealm-dev-secret-key',
      bucket: text(env, 'QINIU_BUCKET') ?? 'openrealm',
      domain: httpUrl(env, 'QINIU_DOMAIN'),
      uploadMaxBytes: integer(env, 'QINIU_FSIZE_LIMIT', DEFAULT_UPLOAD_MAX_BYTES, 1, 1024 * 1024 * 1024),
    },
    auditWords: list(text(env, 'AUDIT_WORDS'), DEFAULT_AUDIT_WORDS),
    rateLimit: {
      max: integer(env, 'RATE_LIMIT_MAX', 600, 1, 1_000_000),
      windowMs: integer(env, 'RATE_LIMIT_WINDOW_MS', 60_000, 1000, 86_400_000),
      // 'none' limits loopback clients too
      allowList: text(env, 'RATE_LIMIT_ALLOW') === 'none' ? [] : list(text(env, 'RATE_LIMIT_ALLOW'), ['127.0.0.1', '::1', '::ffff:127.0.0.1']),
      messages: {
        max: integer(env, 'MESSAGE_RATE_LIMIT_MAX', 20, 1, 1_000_000),
        windowMs: integer(env, 'MESSAGE_RATE_LIMIT_WINDOW_MS', 10_000, 1000, 86_400_000),
      },
    },
  }
}
