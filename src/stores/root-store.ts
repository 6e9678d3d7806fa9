/**
 * The root store: creates the domain stores and wires them together (mobx "root store"
 * pattern). The transport (an ApiClient), the storage, the clock and the timers are
 * passed in, so every store runs in tests with fakes and no rendering.
 */
import type { ConfiguredServer } from '@/constants/servers'
import type { ServerChoiceInput } from '@/domain/server'
import type { ApiClient } from '@/services/api/api-client'
import { ChannelContentStore } from './channel-content-store'
import { ChannelStore } from './channel-store'
import { LiveStore, timeoutScheduler, type TimerScheduler } from './live-store'
import type { StoreLogger } from './load-tracker'
import { ProfileStore } from './profile-store'
import { ServerStore } from './server-store'
import { SessionStore, type KeyValueStorage } from './session-store'
import { ShowroomStore } from './showroom-store'

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
  /** Live items per page; 20 by default. */
  livePageSize?: number
}

/** Every store of the app, wired together. */
export class RootStore {
  /** The signed-in user, its identity kind, the token and guest sign-in. */
  readonly session: SessionStore
  /** Profile edits through audit. */
  readonly profile: ProfileStore
  /** The configured servers and the current one. */
  readonly server: ServerStore
  /** The current server's channels. */
  readonly channel: ChannelStore
  /** The current server's live items and their clock. */
  readonly live: LiveStore
  /** The showroom of a metaverse channel (the Market page). */
  readonly showroom: ShowroomStore
  /** One channel's messages, posts or live items (the channel page). */
  readonly channelContent: ChannelContentStore

  constructor (api: ApiClient, options: RootStoreOptions) {
    const logger = options.logger ?? console
    const clock = options.clock ?? Date.now
    this.session = new SessionStore(api, { storage: options.storage, loginKey: options.loginKey, clock, logger })
    this.profile = new ProfileStore(api, this.session, logger)
    this.server = new ServerStore(api, { servers: options.servers, logger })
    this.channel = new ChannelStore(api, this.server, logger)
    this.live = new LiveStore(api, this.server, { clock, scheduler: options.scheduler ?? timeoutScheduler, pageSize: options.livePageSize, logger })
    this.showroom = new ShowroomStore(api, logger)
    this.channelContent = new ChannelContentStore(api, { clock, logger })
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
