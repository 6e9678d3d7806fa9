/**
 * Configuration of the reference API server, read from environment variables. Every
 * variable has a default that works out of the box on a fresh machine (SQLite under
 * ./data, port 3000, development signing keys); an empty value counts as unset.
 * server/README.md lists them all.
 */
import { isIP } from 'net'
import path from 'path'
import type { VoiceMediaNetwork } from './voice/media/sfu'

/** The repository root (server/src/config.ts lives two levels below it). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..')

/** The built H5 bundle that `npm start` serves (and builds when it is missing). */
export const DEFAULT_H5_DIR = path.join(REPO_ROOT, 'dist', 'h5')

/** How long a page waits for an answer to carry by default (PAGE_ANSWER_WAIT_MS); a slower one is left for the page to ask (the page is never held up by it). */
export const CARRY_WAIT_MS = 250

/**
 * Development JS-SDK ticket used when no WeChat app is configured (signatures are real,
 * the ticket is not). Not a secret: a fixed placeholder WeChat never issued, so the
 * signatures it makes are only good against this server. Production sets
 * WX_JSAPI_TICKET, or WX_APP_SECRET to fetch real tickets (server/README.md).
 */
export const DEV_JSAPI_TICKET = 'openrealm-dev-jsapi-ticket'

/**
 * Development signing key of upload tokens: public (it is written here), so anyone could
 * sign tokens with it — refused in production (checkProduction).
 */
export const DEV_QINIU_SECRET_KEY = 'openrealm-dev-secret-key'

/** Largest file the upload host accepts unless QINIU_FSIZE_LIMIT says otherwise (10 MiB). */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024

/** Development audit word list (AUDIT_WORDS replaces it). */
export const DEFAULT_AUDIT_WORDS: readonly string[] = ['违禁', '违法', '赌博', '诈骗', 'forbidden', 'banned-word']

/** WeChat JS-SDK settings. */
export interface WechatConfig {
  /** The Official Account's app id (WX_APP_ID): the JS-SDK's and the web authorisation's inside WeChat's browser. */
  appId: string
  /** Set together with a real appId (WX_APP_SECRET): the ticket is then fetched from WeChat and cached, and WeChat's browser may sign in. */
  appSecret: string | null
  /**
   * The mini-program's own app id and secret (WX_MP_APP_ID, WX_MP_APP_SECRET; another app
   * than the Official Account, with another secret): its sign-in (code2Session) and its
   * live reminders' subscribe messages; null: neither is offered.
   */
  miniProgram: WechatCredentials | null
  /** The ticket used when no app secret is configured. */
  jsapiTicket: string
  /** Base of WeChat's API (a fake WeChat on loopback in tests). */
  apiBase: string
  /**
   * The mini-program's subscribe-message template of live reminders (WX_SUBSCRIBE_TEMPLATE_ID):
   * with the app secret, reminders are sent through WeChat at the item's start; null: not sent.
   */
  subscribeTemplateId: string | null
  /**
   * The mini-program's subscribe-message templates of a mention and of a direct message
   * (WX_SUBSCRIBE_MENTION_TEMPLATE_ID, WX_SUBSCRIBE_DM_TEMPLATE_ID): with the app
   * secret, sent to a member with no open session; null: not sent.
   */
  mentionTemplateId: string | null
  directMessageTemplateId: string | null
  /** How often the reminder sender looks for items that started (REMINDER_INTERVAL_MS). */
  reminderIntervalMs: number
}

/** A WeChat app's id and secret. */
export interface WechatCredentials {
  appId: string
  appSecret: string
}

/** E-mail sign-in (a one-time code sent to the address). */
export interface EmailConfig {
  /** EMAIL_SIGNIN (on unless `off`): whether /auth/email/* answers. */
  signIn: boolean
  /** SMTP_URL (smtp:// or smtps://, with credentials): where codes are sent; null writes each code to the server's log instead (development only). */
  smtpUrl: string | null
  /** MAIL_FROM: the sender of the code mails. */
  from: string
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
  /** Messages one account may send per window, from any IP but those of `allowList`. */
  messages: { max: number, windowMs: number }
  /** Writes (POST, PUT, PATCH, DELETE) one account may make per window, from any IP and session but those of `allowList`. */
  memberWrites: { max: number, windowMs: number }
}

/** Per-account abuse limits. */
export interface AbuseLimitsConfig {
  /** Bytes one account may store per UTC day (base64 images and the upload host together). */
  uploadBytesPerDay: number
  /** Bytes stored from one client IP per UTC day, whatever the accounts (the rate limits' allow list exempt). */
  uploadBytesPerDayPerIp: number
  /** Bytes all guest accounts together may store per UTC day. */
  uploadBytesPerDayGuests: number
  /** Bytes of new chat text (messages, direct messages, posts, comments) one account may store per UTC day. */
  textBytesPerDay: number
  /** Bytes of chat text stored from one client IP per UTC day, whatever the accounts. */
  textBytesPerDayPerIp: number
  /** Channels one account may create per minute. */
  channelsPerMinute: number
  /** Most channels (groups included) one server may hold. */
  channelsPerServer: number
  /** Posts one account may write per minute. */
  postsPerMinute: number
  /** Comments (on posts and in live chats) one account may write per minute. */
  commentsPerMinute: number
  /** Guest accounts one client IP may make per minute: guests are free, so this bounds what one client's accounts may store and do. */
  guestSignupsPerMinute: number
  /** Invites one account may make per minute. */
  invitesPerMinute: number
  /** Invites that still work (not expired, not used up) one member may hold in one server. */
  liveInvitesPerMember: number
  /** Longest lifetime of a guest's invite in seconds: a guest's invites always expire, even when they ask for "never". */
  guestInviteMaxAgeSeconds: number
  /** Reports one account may file per minute (REPORT_PER_MINUTE). */
  reportsPerMinute: number
}

/** Bytes one account may store per day unless UPLOAD_DAILY_BYTES says otherwise (100 MiB). */
export const DEFAULT_UPLOAD_DAILY_BYTES = 100 * 1024 * 1024

/** Bytes of chat text one account may store per day unless TEXT_DAILY_BYTES says otherwise (4 MiB: thousands of messages). */
export const DEFAULT_TEXT_DAILY_BYTES = 4 * 1024 * 1024

/**
 * Time-outs of the HTTP server (in ms), so a client that trickles its request in, or
 * opens a connection and sends nothing, cannot hold a connection for ever. A WebSocket
 * (the gateway) is past all of them once upgraded: its heartbeat decides instead.
 */
export interface HttpTimeoutsConfig {
  /** The whole of a request's headers must arrive within this (Node's headersTimeout). */
  headersMs: number
  /** The whole request, headers and body, must arrive within this (Node's requestTimeout). */
  requestMs: number
  /** A connection with no traffic either way for this long is closed (Fastify's connectionTimeout). */
  idleMs: number
  /** An idle kept-alive connection between requests is closed after this (keepAliveTimeout). */
  keepAliveMs: number
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
  /**
   * How long a carrying page waits for each answer it carries and draws as its first
   * screen (PAGE_ANSWER_WAIT_MS, plugins/page-answers.ts): a slower answer is left for the
   * page to ask. Tests that compare the drawn screen on a loaded machine raise it.
   */
  pageAnswerWaitMs: number
  /** pino level, or 'silent'. */
  logLevel: string
  /**
   * Which proxies' X-Forwarded-* headers are believed (client IP for the rate limit,
   * protocol for public URLs and HSTS): false none, a number that many hops next to the
   * server, or a list of proxy addresses/CIDR ranges. Never "everyone": a client could
   * then name any IP it likes and walk past every per-IP limit.
   */
  trustProxy: false | number | string[]
  /** NODE_ENV=production: development defaults are refused at start (see productionProblems). */
  production: boolean
  wechat: WechatConfig
  /**
   * Web Push's VAPID subject (WEB_PUSH_SUBJECT, a mailto: or https: URL the push services
   * may contact; PUBLIC_URL when it is https, else a placeholder address). The keys are made
   * at first start and kept in DATA_DIR (services/web-push.ts).
   */
  webPushSubject: string
  /**
   * PUSH_ALLOW_LOOPBACK=1, for tests only (a production start with it is refused): a Web Push
   * endpoint on loopback (127.0.0.0/8, ::1) is taken, on http and any port — a test's push
   * service. Without it every endpoint must be https on a public host (services/public-address.ts).
   */
  pushAllowLoopback: boolean
  email: EmailConfig
  qiniu: QiniuConfig
  auditWords: string[]
  rateLimit: RateLimitConfig
  limits: AbuseLimitsConfig
  httpTimeouts: HttpTimeoutsConfig
  /** redis:// URL of the shared event bus and presence (N processes); null means the in-process bus (one process). */
  redisUrl: string | null
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  redisKeyPrefix: string
  /** The voice media worker's UDP ports and advertised address (VOICE_PUBLIC_IP, VOICE_UDP_PORT_MIN, VOICE_UDP_PORT_MAX; docs/voice.md "The media worker"). */
  voiceMedia: VoiceMediaNetwork
  /** The gateway's heartbeat interval (announced in `ready`); a session silent for two of them is dropped. */
  gatewayHeartbeatMs: number
  /**
   * With REDIS_URL: how long a process's liveness lease lasts without renewal (renewed every
   * third of it). Once a killed process's lease runs out the others take its members offline.
   */
  gatewayLeaseMs: number
  /** Gateway sockets one account may hold open on a process; one more closes its oldest (close code 4011). */
  gatewaySocketsPerAccount: number
  /**
   * Bytes a gateway socket may have queued unsent (a client that stopped reading): past it the
   * socket is dropped, not waited on; the client resumes and is replayed what it missed.
   */
  gatewayMaxBacklogBytes: number
  /** Shortest time between two presence announcements of one member by a process (changes in between are coalesced into one). */
  gatewayPresenceIntervalMs: number
  /** Ticks per second of a gather space while something in it moves (an idle space does not tick). */
  spaceTickHz: number
  /** The ICE servers voice rooms hand their members (docs/voice.md). */
  voiceIce: VoiceIceConfig
}

/**
 * The STUN and TURN servers a voice room's `voice_ready` names. TURN credentials are
 * coturn's REST-API time-limited ones (`use-auth-secret` with `static-auth-secret` =
 * TURN_SECRET), minted per join (server/src/voice/turn.ts).
 */
export interface VoiceIceConfig {
  /** STUN_URLS: stun: URLs, comma-separated (none by default). */
  stunUrls: string[]
  /** TURN_URLS: turn:/turns: URLs, comma-separated (none by default: no relay is offered). */
  turnUrls: string[]
  /** TURN_SECRET: coturn's static-auth-secret; required with TURN_URLS. */
  turnSecret: string | null
  /** TURN_TTL_SECONDS: how long a minted credential works (default a day). */
  turnTtlSeconds: number
  /** VOICE_RELAY_ONLY=1: browsers use relayed (TURN) candidates only (the member's address stays hidden from the server's peers); needs TURN_URLS. */
  relayOnly: boolean
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

/**
 * TRUST_PROXY: unset/`false` trusts no proxy; a hop count (`1` = the one proxy in front);
 * or comma-separated proxy addresses or CIDR ranges. `true` (trust every sender) is refused.
 */
function trustProxy (env: Env): false | number | string[] {
  const value = text(env, 'TRUST_PROXY')
  if (value === null || value === 'false') return false
  if (value === 'true') {
    throw new ConfigError('TRUST_PROXY', 'must be a hop count (e.g. 1 for one proxy in front) or the proxies\' addresses (e.g. 10.0.0.5,10.1.0.0/16); "true" would let any client forge its IP past the rate limits')
  }
  if (/^\d+$/.test(value)) return integer(env, 'TRUST_PROXY', 0, 1, 16)
  const addresses = list(value, [])
  if (!addresses.every(address => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(address))) {
    throw new ConfigError('TRUST_PROXY', `must be a hop count or comma-separated IP addresses/CIDR ranges (got "${value}")`)
  }
  return addresses
}

/** Shortest secret accepted in production (Qiniu secret keys are 40 characters). */
const MIN_PRODUCTION_SECRET_LENGTH = 16

/** True for no secret, the public development key, or what people paste as a placeholder (short, one repeated character, "change me", …). */
function isPlaceholderSecret (value: string | null): boolean {
  return value === null || value === DEV_QINIU_SECRET_KEY || value.length < MIN_PRODUCTION_SECRET_LENGTH ||
    /^(.)\1*$/.test(value) || /change.?me|placeholder|your.?(secret|key)|example|dummy/i.test(value)
}

/**
 * Why a production start (NODE_ENV=production) must be refused, naming the variable:
 * a default or placeholder secret (the development signing key is public, so anyone
 * could sign upload tokens for this server's upload host), e-mail sign-in on without
 * SMTP_URL (codes would only reach the log), or no PUBLIC_URL (absolute URLs would be
 * built from each request's Host header, which a client forges), or PUSH_ALLOW_LOOPBACK (a
 * member could have the server request its own loopback services). Throws
 * the first problem as a ConfigError.
 */
export function checkProduction (env: Env): void {
  if (isPlaceholderSecret(text(env, 'QINIU_SECRET_KEY'))) {
    throw new ConfigError('QINIU_SECRET_KEY', `must be set to the storage service's real secret key in production (at least ${MIN_PRODUCTION_SECRET_LENGTH} characters, not the development default or a placeholder)`)
  }
  if (text(env, 'WX_APP_SECRET') !== null && isPlaceholderSecret(text(env, 'WX_APP_SECRET'))) {
    throw new ConfigError('WX_APP_SECRET', 'must be the WeChat app\'s real secret in production, not a placeholder (or leave it unset)')
  }
  if (text(env, 'WX_MP_APP_SECRET') !== null && isPlaceholderSecret(text(env, 'WX_MP_APP_SECRET'))) {
    throw new ConfigError('WX_MP_APP_SECRET', 'must be the mini-program\'s real AppSecret in production, not a placeholder (or leave it unset)')
  }
  if (text(env, 'EMAIL_SIGNIN') !== 'off' && text(env, 'SMTP_URL') === null) {
    throw new ConfigError('SMTP_URL', 'must be set in production while e-mail sign-in is on (e.g. smtps://user:password@smtp.example:465), or EMAIL_SIGNIN=off: without it sign-in codes go only to the server\'s log')
  }
  if (text(env, 'PUBLIC_URL') === null) {
    throw new ConfigError('PUBLIC_URL', 'must be set in production (e.g. https://realm.example): without it absolute URLs come from each request\'s Host header, which a client can forge')
  }
  if (text(env, 'PUSH_ALLOW_LOOPBACK') !== null) {
    throw new ConfigError('PUSH_ALLOW_LOOPBACK', 'must be unset in production: it lets any member have this server send Web Push requests to its own loopback services')
  }
}

/** WEB_PUSH_SUBJECT: a mailto: or https: URL (what web-push accepts); PUBLIC_URL when it is https, else a placeholder address. */
function webPushSubject (env: Env): string {
  const subject = text(env, 'WEB_PUSH_SUBJECT')
  if (subject !== null) {
    if (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/[^\s]+)$/.test(subject)) throw new ConfigError('WEB_PUSH_SUBJECT', 'must be a mailto: address or an https: URL')
    return subject
  }
  const publicUrl = text(env, 'PUBLIC_URL')
  return publicUrl !== null && publicUrl.startsWith('https://') ? publicUrl : 'mailto:push@openrealm.invalid'
}

/** PUSH_ALLOW_LOOPBACK: `1` (tests) or unset; anything else is refused rather than guessed. */
function pushAllowLoopback (env: Env): boolean {
  const value = text(env, 'PUSH_ALLOW_LOOPBACK')
  if (value !== null && value !== '1') throw new ConfigError('PUSH_ALLOW_LOOPBACK', `must be 1 (tests only) or unset (got "${value}")`)
  return value === '1'
}

/** HTTP_*_TIMEOUT_MS: the headers must fit in the request time-out (Node refuses a longer one). */
function httpTimeouts (env: Env): HttpTimeoutsConfig {
  const requestMs = integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 60_000, 100, 3_600_000)
  const headersMs = integer(env, 'HTTP_HEADERS_TIMEOUT_MS', Math.min(10_000, requestMs), 100, 3_600_000)
  if (headersMs > requestMs) throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS', `must be at most HTTP_REQUEST_TIMEOUT_MS (${requestMs})`)
  return {
    headersMs,
    requestMs,
    idleMs: integer(env, 'HTTP_IDLE_TIMEOUT_MS', 30_000, 100, 3_600_000),
    keepAliveMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 30_000, 100, 3_600_000),
  }
}

/** SMTP_URL: where sign-in codes are mailed, or null to write them to the log. */
function smtpUrl (env: Env): string | null {
  const value = text(env, 'SMTP_URL')
  if (value !== null && !/^smtps?:\/\//.test(value)) throw new ConfigError('SMTP_URL', 'must be an smtp:// or smtps:// URL (leave it unset to write sign-in codes to the log)')
  return value
}

function redisUrl (env: Env): string | null {
  const value = text(env, 'REDIS_URL')
  if (value !== null && !/^rediss?:\/\//.test(value)) throw new ConfigError('REDIS_URL', 'must be a redis:// URL (leave it unset for the in-process bus)')
  return value
}

/**
 * VOICE_PUBLIC_IP (an IP literal; unset: the machine's own addresses are advertised) and
 * VOICE_UDP_PORT_MIN/MAX (the media worker's UDP range, min below max: werift needs two
 * ports at least; each peer takes one per local address).
 */
function voiceMedia (env: Env): VoiceMediaNetwork {
  const publicIp = text(env, 'VOICE_PUBLIC_IP')
  if (publicIp !== null && isIP(publicIp) === 0) {
    throw new ConfigError('VOICE_PUBLIC_IP', `must be the IPv4 or IPv6 address browsers reach this machine at (got "${publicIp}"); leave it unset to advertise the machine's own addresses`)
  }
  const udpPortMin = integer(env, 'VOICE_UDP_PORT_MIN', 40_000, 1024, 65_535)
  const udpPortMax = integer(env, 'VOICE_UDP_PORT_MAX', 40_999, 1024, 65_535)
  if (udpPortMin >= udpPortMax) {
    throw new ConfigError('VOICE_UDP_PORT_MAX', `must be above VOICE_UDP_PORT_MIN (got ${udpPortMin}…${udpPortMax}): the range holds one UDP port per voice peer and local address`)
  }
  return { publicIp, udpPortMin, udpPortMax }
}

/** WX_MP_APP_ID with WX_MP_APP_SECRET, or neither: one without the other is refused. */
function miniProgramOf (env: Env): WechatCredentials | null {
  const appId = text(env, 'WX_MP_APP_ID')
  const appSecret = text(env, 'WX_MP_APP_SECRET')
  if (appId === null && appSecret === null) return null
  if (appId === null) throw new ConfigError('WX_MP_APP_ID', 'must be set with WX_MP_APP_SECRET (the mini-program\'s AppID from its WeChat admin console)')
  if (appSecret === null) throw new ConfigError('WX_MP_APP_SECRET', 'must be set with WX_MP_APP_ID (the mini-program\'s AppSecret from its WeChat admin console)')
  return { appId, appSecret }
}

/** STUN_URLS, TURN_URLS, TURN_SECRET, TURN_TTL_SECONDS, VOICE_RELAY_ONLY: URLs of their scheme only; TURN needs its secret, relay-only needs TURN. */
function voiceIce (env: Env): VoiceIceConfig {
  const urls = (name: string, scheme: RegExp, example: string): string[] => {
    const values = list(text(env, name), [])
    const bad = values.find(value => !scheme.test(value))
    if (bad !== undefined) throw new ConfigError(name, `must be comma-separated ${example} URLs (got "${bad}")`)
    return values
  }
  const stunUrls = urls('STUN_URLS', /^stuns?:[^\s,]+$/, 'stun:host:3478')
  const turnUrls = urls('TURN_URLS', /^turns?:[^\s,]+$/, 'turn:host:3478?transport=udp')
  const turnSecret = text(env, 'TURN_SECRET')
  if (turnUrls.length > 0 && turnSecret === null) throw new ConfigError('TURN_SECRET', 'must be set with TURN_URLS (coturn\'s static-auth-secret, for its time-limited credentials)')
  const relayOnly = text(env, 'VOICE_RELAY_ONLY')
  if (relayOnly !== null && relayOnly !== '1' && relayOnly !== '0') throw new ConfigError('VOICE_RELAY_ONLY', `must be 1 or 0 (got "${relayOnly}")`)
  if (relayOnly === '1' && turnUrls.length === 0) throw new ConfigError('VOICE_RELAY_ONLY', 'needs TURN_URLS: relayed candidates come only from a TURN server')
  return { stunUrls, turnUrls, turnSecret, turnTtlSeconds: integer(env, 'TURN_TTL_SECONDS', 86_400, 60, 7 * 86_400), relayOnly: relayOnly === '1' }
}

function databaseUrl (env: Env): string | null {
  const value = text(env, 'DATABASE_URL')
  if (value !== null && !/^postgres(ql)?:\/\//.test(value)) {
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// URL (leave it unset for SQLite)')
  }
  return value
}

/**
 * Reads the configuration from `env` (process.env by default); throws ConfigError on an
 * unusable value, and with NODE_ENV=production on any development default (checkProduction).
 */
export function loadConfig (env: Env = process.env): ServerConfig {
  const production = text(env, 'NODE_ENV') === 'production'
  if (production) checkProduction(env)
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
    pageAnswerWaitMs: integer(env, 'PAGE_ANSWER_WAIT_MS', CARRY_WAIT_MS, 0, 10_000),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    trustProxy: trustProxy(env),
    production,
    webPushSubject: webPushSubject(env),
    pushAllowLoopback: pushAllowLoopback(env),
    wechat: {
      appId: text(env, 'WX_APP_ID') ?? 'wx00openrealm0dev',
      appSecret: text(env, 'WX_APP_ID') !== null ? appSecret : null,
      miniProgram: miniProgramOf(env),
      jsapiTicket: text(env, 'WX_JSAPI_TICKET') ?? DEV_JSAPI_TICKET,
      apiBase: httpUrl(env, 'WX_API_BASE') ?? 'https://api.weixin.qq.com',
      subscribeTemplateId: text(env, 'WX_SUBSCRIBE_TEMPLATE_ID'),
      mentionTemplateId: text(env, 'WX_SUBSCRIBE_MENTION_TEMPLATE_ID'),
      directMessageTemplateId: text(env, 'WX_SUBSCRIBE_DM_TEMPLATE_ID'),
      reminderIntervalMs: integer(env, 'REMINDER_INTERVAL_MS', 30_000, 100, 3_600_000),
    },
    email: {
      signIn: text(env, 'EMAIL_SIGNIN') !== 'off',
      smtpUrl: smtpUrl(env),
      from: text(env, 'MAIL_FROM') ?? 'OpenRealm <no-reply@openrealm.invalid>',
    },
    qiniu: {
      accessKey: text(env, 'QINIU_ACCESS_KEY') ?? 'openrealm-dev-access-key',
      secretKey: text(env, 'QINIU_SECRET_KEY') ?? DEV_QINIU_SECRET_KEY,
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
      memberWrites: {
        max: integer(env, 'MEMBER_WRITE_LIMIT_MAX', 300, 1, 1_000_000),
        windowMs: integer(env, 'MEMBER_WRITE_LIMIT_WINDOW_MS', 60_000, 1000, 86_400_000),
      },
    },
    limits: {
      uploadBytesPerDay: integer(env, 'UPLOAD_DAILY_BYTES', DEFAULT_UPLOAD_DAILY_BYTES, 1, 1024 ** 4),
      uploadBytesPerDayPerIp: integer(env, 'UPLOAD_DAILY_BYTES_PER_IP', 10 * DEFAULT_UPLOAD_DAILY_BYTES, 1, 1024 ** 4),
      uploadBytesPerDayGuests: integer(env, 'UPLOAD_DAILY_BYTES_GUESTS', 20 * DEFAULT_UPLOAD_DAILY_BYTES, 1, 1024 ** 5),
      textBytesPerDay: integer(env, 'TEXT_DAILY_BYTES', DEFAULT_TEXT_DAILY_BYTES, 1, 1024 ** 4),
      textBytesPerDayPerIp: integer(env, 'TEXT_DAILY_BYTES_PER_IP', 16 * DEFAULT_TEXT_DAILY_BYTES, 1, 1024 ** 4),
      channelsPerMinute: integer(env, 'CHANNEL_CREATE_PER_MINUTE', 3, 1, 10_000),
      channelsPerServer: integer(env, 'CHANNELS_PER_SERVER_MAX', 500, 1, 1_000_000),
      postsPerMinute: integer(env, 'POST_WRITE_PER_MINUTE', 5, 1, 10_000),
      commentsPerMinute: integer(env, 'COMMENT_WRITE_PER_MINUTE', 20, 1, 10_000),
      guestSignupsPerMinute: integer(env, 'GUEST_SIGNUPS_PER_MINUTE', 10, 1, 100_000),
      invitesPerMinute: integer(env, 'INVITE_CREATE_PER_MINUTE', 10, 1, 10_000),
      liveInvitesPerMember: integer(env, 'INVITES_LIVE_PER_MEMBER', 20, 1, 10_000),
      guestInviteMaxAgeSeconds: integer(env, 'GUEST_INVITE_MAX_AGE_SECONDS', 7 * 24 * 3600, 60, 365 * 24 * 3600),
      reportsPerMinute: integer(env, 'REPORT_PER_MINUTE', 5, 1, 10_000),
    },
    httpTimeouts: httpTimeouts(env),
    redisUrl: redisUrl(env),
    redisKeyPrefix: text(env, 'REDIS_KEY_PREFIX') ?? 'openrealm:',
    voiceMedia: voiceMedia(env),
    gatewayHeartbeatMs: integer(env, 'GATEWAY_HEARTBEAT_MS', 30_000, 100, 600_000),
    gatewayLeaseMs: integer(env, 'GATEWAY_LEASE_MS', 10_000, 300, 600_000),
    gatewaySocketsPerAccount: integer(env, 'GATEWAY_SOCKETS_PER_ACCOUNT', 10, 1, 1000),
    gatewayMaxBacklogBytes: integer(env, 'GATEWAY_MAX_BACKLOG_BYTES', 4 * 1024 * 1024, 16 * 1024, 1024 * 1024 * 1024),
    gatewayPresenceIntervalMs: integer(env, 'GATEWAY_PRESENCE_INTERVAL_MS', 1000, 0, 60_000),
    spaceTickHz: integer(env, 'SPACE_TICK_HZ', 15, 1, 60),
    voiceIce: voiceIce(env),
  }
}
