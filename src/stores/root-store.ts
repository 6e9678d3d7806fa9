/**
 * The root store: creates the stores every page shares (the session, the current server,
 * its channels and live items) and wires them together (mobx "root store" pattern). A
 * store only one page uses (the showroom, a channel's content, profile edits) is created
 * by that page on the root's API, clock and logger (`usePageStore` in ./context), so it
 * lives and ends with the page and its code loads with the page. The transport (an
 * ApiClient), the storage, the clock and the timers are passed in, so every store runs in
 * tests with fakes and no rendering.
 */
import type { ConfiguredServer } from '@core/domain/servers'
import type { ServerChoiceInput } from '@core/domain/server'
import type { ApiClient } from '@/services/api/api-client'
import { ChannelStore } from './channel-store'
import { LiveStore, timeoutScheduler, type TimerScheduler } from './live-store'
import type { StoreLogger } from './load-tracker'
import { ServerStore } from './server-store'
import { SessionStore, type KeyValueStorage } from './session-store'

/** What the root store needs besides the API. */
export interface RootStoreOptions {
  /** Where the login data is kept (Taro's storage in the app). */
  storage: KeyValueStorage
  /** SPEC §3: the storage key of this environment's login data (src/utils/storage.ts `loginKey()`). */
  loginKey: string
  /** The current time in unix milliseconds; Date.now by default. */
  clock?: () => number
  /** Timers of the live clock; setTimeout by default. */
  scheduler?: TimerScheduler
  /** Diagnostics; the console by default. */
  logger?: StoreLogger
  /** The configured servers; CONFIGURED_SERVERS by default. */
  servers?: readonly ConfiguredServer[]
  /** Live items per page; the API's DEFAULT_PAGE_SIZE by default. */
  livePageSize?: number
}

/** The stores every page shares, wired together, and what page-owned stores are built on. */
export class RootStore {
  /** The API every store talks to. */
  readonly api: ApiClient
  /** The current time in unix milliseconds. */
  readonly clock: () => number
  /** Where stores write their diagnostics. */
  readonly logger: StoreLogger
  /** The signed-in user, its identity kind, the token and guest sign-in. */
  readonly session: SessionStore
  /** The configured servers and the current one. */
  readonly server: ServerStore
  /** The current server's channels. */
  readonly channel: ChannelStore
  /** The current server's live items and their clock. */
  readonly live: LiveStore

  constructor (api: ApiClient, options: RootStoreOptions) {
    const logger = options.logger ?? console
    const clock = options.clock ?? Date.now
    this.api = api
    this.clock = clock
    this.logger = logger
    this.session = new SessionStore(api, { storage: options.storage, loginKey: options.loginKey, clock, logger })
    this.server = new ServerStore(api, { servers: options.servers, logger })
    this.channel = new ChannelStore(api, this.server, logger)
    this.live = new LiveStore(api, this.server, { clock, scheduler: options.scheduler ?? timeoutScheduler, pageSize: options.livePageSize, logger })
  }

  /**
   * Opens a server for a page: chooses it from the page parameters and host (SPEC §2),
   * then loads its detail, channels and live items side by side. Each store ends in its
   * own status; this never rejects.
   */
  async openServer (input: ServerChoiceInput): Promise<void> {
    this.server.select(input)
    await Promise.all([this.server.load(), this.channel.load(), this.live.load()])
  }

  /** Stops everything that runs on its own (the live clock). */
  dispose (): void {
    this.live.dispose()
  }
}

/** Creates the app's stores on an ApiClient (the real one in the app, a fake in tests). */
export function createRootStore (api: ApiClient, options: RootStoreOptions): RootStore {
  return new RootStore(api, options)
}
