/**
 * The OpenRealm reference API server as a Fastify plugin: it opens the database (SQLite
 * or PostgreSQL), migrates it, seeds the demo, and registers the error handling, rate
 * limit, OpenAPI document, every route of core/wire/api.ts and the H5 app. `buildApp`
 * creates a ready Fastify instance with the server-wide options (body limit, strict
 * schemas, envelope answers for unroutable URLs) around it; server.ts listens with it,
 * tests `inject` into it.
 */
import Fastify, { LogController, type FastifyInstance } from 'fastify'
import { createInProcessBus, type EventBus } from './bus'
import { createRedisBus } from './bus/redis'
import type { HttpTimeoutsConfig, ServerConfig } from './config'
import type { AppContext } from './context'
import { openDatabase } from './db/dialects'
import { migrateToLatest } from './db/migrate'
import { seedDemo } from './db/seed'
import gatewayRoutes from './gateway'
import { createMemoryDirectory, createRedisDirectory, type GatewayDirectory } from './gateway/directory'
import { installAuth } from './plugins/auth'
import { clientErrorHandler, frameworkErrors, installErrorHandling } from './plugins/errors'
import { installFiniteNumbers } from './plugins/finite-numbers'
import h5App from './plugins/h5-app'
import { installOpenApi } from './plugins/openapi'
import { installPublicUrls } from './plugins/public-url'
import { installRateLimit } from './plugins/rate-limit'
import { installSecurityHeaders } from './plugins/security-headers'
import { installTargetUids } from './plugins/target-uids'
import { createRepositories } from './repositories'
import accountsRoutes from './routes/accounts'
import authRoutes from './routes/auth'
import passkeysRoutes from './routes/passkeys'
import wechatSignInRoutes from './routes/wechat-sign-in'
import devSignInRoutes from './routes/dev-sign-in'
import handoffRoutes from './routes/handoff'
import botsRoutes from './routes/bots'
import channelRoomRoutes from './routes/channel-room'
import channelsRoutes from './routes/channels'
import filesRoutes from './routes/files'
import invitesRoutes from './routes/invites'
import loginThirdRoutes from './routes/login-third'
import membersRoutes from './routes/members'
import messagesRoutes from './routes/messages'
import conversationsRoutes from './routes/conversations'
import postsRoutes from './routes/posts'
import moderationRoutes from './routes/moderation'
import notificationsRoutes from './routes/notifications'
import qiniuRoutes from './routes/qiniu'
import resourceRoutes from './routes/resource'
import rolesRoutes from './routes/roles'
import rulesRoutes from './routes/rules'
import searchRoutes from './routes/search'
import { JSON_BODY_LIMIT } from './http/schemas'
import serversRoutes from './routes/servers'
import sessionsRoutes from './routes/sessions'
import spaceRoutes from './routes/space'
import uploadRoutes from './routes/upload'
import usersRoutes from './routes/users'
import voiceRoutes from './routes/voice'
import plazaRoutes from './routes/plaza'
import pinsRoutes from './routes/pins'
import { createAnswerCache, sharedAnswerCache } from './services/answer-cache'
import { createAuditor } from './services/audit'
import { createAwayNotifier, loadVapidKeys } from './services/away-notifications'
import { createReminderSender, reminderSettingsOf } from './services/live-reminders'
import { createMemoryCounter, createRedisCounter, type HitCounter } from './services/rate-counter'
import { createFileStore } from './services/storage'
import { SpaceHub } from './space/hub'
import { Plaza } from './plaza/service'
import { createLocalSpaceRelay, createRedisSpaceRelay, type SpaceRelay } from './space/relay'
import { VoiceHub, type VoiceHubOptions, type VoiceMediaFactory } from './voice/hub'
import { createWorkerVoiceMedia } from './voice/media/worker-media'
import { createLocalVoiceRelay, createRedisVoiceRelay, type VoiceRelay } from './voice/relay'
import { issueDevSignInLinks, type DevSignInLink } from './services/dev-sign-in-links'
import { createSubscribeSender, ticketSourceFor } from './services/wechat'
import { resolveWithDns, type Resolve } from './services/public-address'

/** Options of the app plugin. */
export interface AppOptions {
  config: ServerConfig
  /** Clock in unix seconds (tests move it); the real clock by default. */
  now?: () => number
  /** Seed the demo on start (default true). */
  seed?: boolean
  /** The event bus (tests pass one to hear what the routes publish); an in-process bus by default. */
  bus?: EventBus
  /** Outside production: receives the one-time sign-in links of the demo owner and moderator (`npm start` prints them). */
  onDevSignInLinks?: (links: DevSignInLink[]) => void
  /** Resolves the hosts of URLs the server requests for a client (Web Push endpoints); the system resolver by default. Tests say what a name resolves to, asking no DNS server. */
  resolveHost?: Resolve
  /** Opens the voice rooms' media side (tests pass a fake SFU); the server's own media by default (docs/voice.md). */
  voiceMedia?: VoiceMediaFactory
  /** Options of the voice hub (tests shorten the resume grace). */
  voiceHub?: VoiceHubOptions
}


/** Every route plugin, in registration order. */
const ROUTES = [resourceRoutes, loginThirdRoutes, qiniuRoutes, uploadRoutes, channelRoomRoutes, authRoutes, usersRoutes, serversRoutes, channelsRoutes, filesRoutes, rulesRoutes, membersRoutes, messagesRoutes, gatewayRoutes,
  postsRoutes,
  rolesRoutes, moderationRoutes, invitesRoutes, botsRoutes, sessionsRoutes,
  searchRoutes,
  accountsRoutes, passkeysRoutes, wechatSignInRoutes, devSignInRoutes, handoffRoutes,
  notificationsRoutes, conversationsRoutes, spaceRoutes, voiceRoutes, plazaRoutes, pinsRoutes,
]

/** How long a session's presence lasts in Redis without a heartbeat: three intervals (two missed beats drop it anyway). */
const PRESENCE_ALIVE_INTERVALS = 3

/** What several processes share: the event bus, the gateway directory and the rate counters. */
interface Realtime {
  bus: EventBus
  presence: GatewayDirectory
  limits: HitCounter
  /** Where each gather space lives. */
  spaceRelay: SpaceRelay
  /** Where each voice room lives. */
  voiceRelay: VoiceRelay
}

/**
 * The shared services: Redis when REDIS_URL is set (N processes), in-process otherwise;
 * a bus a test hands in is used with the in-process directory and counter.
 */
async function openRealtime (config: ServerConfig, givenBus?: EventBus): Promise<Realtime> {
  if (givenBus || !config.redisUrl) {
    return { bus: givenBus ?? createInProcessBus(), presence: createMemoryDirectory(), limits: createMemoryCounter(), spaceRelay: createLocalSpaceRelay(config.gatewayLeaseMs), voiceRelay: createLocalVoiceRelay(config.gatewayLeaseMs) }
  }
  const { redisUrl, redisKeyPrefix } = config
  const opened: Array<{ close (): Promise<void> }> = []
  try {
    const bus = await createRedisBus(redisUrl, redisKeyPrefix)
    opened.push(bus)
    const presence = await createRedisDirectory(redisUrl, redisKeyPrefix, PRESENCE_ALIVE_INTERVALS * config.gatewayHeartbeatMs, config.gatewayLeaseMs)
    opened.push({ close: () => presence.dispose() })
    const spaceRelay = await createRedisSpaceRelay(redisUrl, redisKeyPrefix, config.gatewayLeaseMs)
    opened.push(spaceRelay)
    const voiceRelay = await createRedisVoiceRelay(redisUrl, redisKeyPrefix, config.gatewayLeaseMs)
    opened.push(voiceRelay)
    return { bus, presence, limits: await createRedisCounter(redisUrl, redisKeyPrefix), spaceRelay, voiceRelay }
  } catch (error) {
    await Promise.all(opened.map(service => service.close()))
    throw error
  }
}

/** The app as a plugin. */
export default async function openRealmApp (fastify: FastifyInstance, options: AppOptions): Promise<void> {
  const { config } = options
  const { db, dialect } = await openDatabase(config)
  fastify.addHook('onClose', async () => { await db.destroy() })
  await migrateToLatest(db, dialect === 'postgres' ? config.databaseSchema ?? 'public' : undefined)
  const files = createFileStore(db, config.dataDir)
  const { bus, presence, limits, spaceRelay, voiceRelay } = await openRealtime(config, options.bus)
  fastify.addHook('onClose', async () => { await Promise.all([bus.close(), presence.dispose(), limits.close(), spaceRelay.close(), voiceRelay.close()]) })
  const repos = createRepositories(db)
  const now = options.now ?? (() => Math.floor(Date.now() / 1000))
  // the mini-program's subscribe messages (live reminders; mentions and DMs of members away): one sender, one cached access token
  const subscribeSend = config.wechat.miniProgram === null ? null : createSubscribeSender({ ...config.wechat.miniProgram, apiBase: config.wechat.apiBase }, now)
  // the voice rooms' media side: a forked media worker, started on the first join (docs/voice.md "The media worker"); tests may put another at the seam
  const openVoiceMedia: VoiceMediaFactory = options.voiceMedia ?? (events => createWorkerVoiceMedia({ events, network: config.voiceMedia, log: message => fastify.log.warn(message) }))
  const ctx: AppContext = {
    config,
    db,
    dialect,
    repos,
    files,
    auditor: createAuditor(config.auditWords),
    tickets: ticketSourceFor(config.wechat),
    answers: sharedAnswerCache(createAnswerCache(), bus),
    bus,
    presence,
    away: createAwayNotifier({
      presence, notifications: repos.notifications, users: repos.users, vapid: await loadVapidKeys(config.dataDir), subject: config.webPushSubject, wechat: config.wechat, subscribeSend, log: fastify.log,
      resolve: options.resolveHost ?? resolveWithDns, allowLoopback: config.pushAllowLoopback,
    }),
    limits,
    // the hub reads the app's services once they are all built (it is one of them)
    spaces: new SpaceHub(() => ctx, spaceRelay, fastify.log),
    voice: new VoiceHub(() => ctx, bus, voiceRelay, openVoiceMedia, fastify.log, options.voiceHub),
    plaza: new Plaza(() => ctx, fastify.log),
    now,
  }
  // every process sweeps the plaza's timers (version-checked: one advances each table)
  ctx.plaza.start()
  fastify.addHook('onClose', async () => { ctx.plaza.close() })
  fastify.addHook('onClose', async () => { ctx.spaces.close() })
  fastify.addHook('onClose', async () => { await ctx.voice.close() })
  if (options.seed !== false) {
    const summary = await seedDemo(db, files, ctx.now())
    fastify.log.info({ dialect, ...summary }, 'demo seed is in place')
  }
  if (options.onDevSignInLinks && !config.production) options.onDevSignInLinks(await issueDevSignInLinks(ctx))

  // handlers and decorations first: the route plugins below inherit them
  // WeChat subscribe messages of live reminders, when the app secret and template id are configured
  const reminders = reminderSettingsOf(config.wechat)
  if (reminders && subscribeSend) {
    const stop = createReminderSender({ db, wechat: reminders, limits, now: ctx.now, send: subscribeSend, log: fastify.log }).start()
    fastify.addHook('onClose', async () => stop())
  }

  installErrorHandling(fastify)
  await installSecurityHeaders(fastify)
  installFiniteNumbers(fastify)
  installAuth(fastify, ctx)
  installPublicUrls(fastify, config.publicUrl)
  installTargetUids(fastify, ctx)
  await installRateLimit(fastify, config.rateLimit, limits)
  await installOpenApi(fastify)
  for (const routes of ROUTES) await fastify.register(routes, { ctx })
  await fastify.register(h5App, { h5Dir: config.h5Dir, pageAnswerWaitMs: config.pageAnswerWaitMs })
}

/** Node checks the header and request time-outs at this interval (30 s by default): often enough for the shorter one to hold within a second. */
function timeoutCheckIntervalMs ({ headersMs }: HttpTimeoutsConfig): number {
  return Math.max(50, Math.min(1000, Math.floor(headersMs / 4)))
}

/** A ready Fastify instance running the app with `config`. */
export async function buildApp (config: ServerConfig, options: Omit<AppOptions, 'config'> = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // one line per request only when asked for (LOG_LEVEL=debug): benchmarks and demos stay quiet
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    frameworkErrors,
    clientErrorHandler,
    return503OnClosing: false,
    // a client trickling its request in, or sending nothing, is cut off (an upgraded WebSocket is past these)
    requestTimeout: config.httpTimeouts.requestMs,
    connectionTimeout: config.httpTimeouts.idleMs,
    keepAliveTimeout: config.httpTimeouts.keepAliveMs,
    http: { headersTimeout: config.httpTimeouts.headersMs, connectionsCheckingInterval: timeoutCheckIntervalMs(config.httpTimeouts) },
    // unknown body fields are refused (400 naming them), not silently dropped
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
  })
  try {
    await app.register(openRealmApp, { config, ...options })
    await app.ready()
  } catch (error) {
    await app.close().catch(() => undefined)
    throw error
  }
  return app
}
