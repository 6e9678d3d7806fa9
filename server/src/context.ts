/**
 * What every route plugin receives: the configuration and the services built once at
 * start (database, repositories, file store, auditor, WeChat ticket source, answer cache,
 * event bus, presence, away-from-the-app notifier, shared rate counters, gather spaces, voice rooms, the game plaza).
 */
import type { EventBus } from './bus'
import type { HitCounter } from './services/rate-counter'
import type { ServerConfig } from './config'
import type { DialectName } from './db/dialects'
import type { GatewayDirectory } from './gateway/directory'
import type { SpaceService } from './space/types'
import type { VoiceService } from './voice/types'
import type { PlazaService } from './plaza/service'
import type { Db } from './db/schema'
import type { Repositories } from './repositories'
import type { AnswerCache } from './services/answer-cache'
import type { AwayNotifier } from './services/away-notifications'
import type { Auditor } from './services/audit'
import type { FileStore } from './services/storage'
import type { TicketSource } from './services/wechat'

/** The services of one running app. */
export interface AppContext {
  config: ServerConfig
  db: Db
  dialect: DialectName
  repos: Repositories
  files: FileStore
  auditor: Auditor
  tickets: TicketSource
  /** Finished answers of read routes; the writes that change their data invalidate them. */
  answers: AnswerCache
  /** Where committed writes are published for every gateway on every process. */
  bus: EventBus
  /** Gateway sessions across processes: presence and online counts. */
  presence: GatewayDirectory
  /** Tells members with no open session of their notifications: Web Push, subscribe messages. */
  away: AwayNotifier
  /** Rate limits and throttles, counted across processes (Redis with REDIS_URL). */
  limits: HitCounter
  /** The gather spaces standing on this process. */
  spaces: SpaceService
  /** The voice rooms: those held on this process, and the relay of its members to the rooms other processes hold. */
  voice: VoiceService
  /** The game plaza: every change of a table (version-checked, any process), the watchers' presence, this process's sweeper of timers. */
  plaza: PlazaService
  /** The current time in unix seconds (replaceable in tests). */
  now (): number
}

/** Options of every route plugin. */
export interface RouteOptions {
  ctx: AppContext
}
