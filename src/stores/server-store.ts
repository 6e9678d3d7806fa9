/**
 * The current server (SPEC §2, §3): one of the three configured servers, chosen from
 * the `server_id` / `sid` parameter, else the host's sub-domain, else the first; an
 * unknown id falls back to the first with a logged warning. Its detail (icon,
 * introduction, member count) is loaded from the API.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { Server } from '@core/wire/entities'
import { CONFIGURED_SERVERS, type ConfiguredServer } from '@core/domain/servers'
import { chooseServer, type ServerChoiceInput, type ServerChoiceSource } from '@core/domain/server'
import type { ApiClient } from '@/services/api/api-client'
import { LoadTracker, type StoreLogger, type StoreStatus } from './load-tracker'

/** What a server store needs besides the API. */
export interface ServerStoreOptions {
  /** The configured servers; CONFIGURED_SERVERS by default. */
  servers?: readonly ConfiguredServer[]
  logger: StoreLogger
}

/** The configured servers, the current one and its detail. */
export class ServerStore {
  /** SPEC §3: the configured servers, the first being the default. */
  readonly servers: readonly ConfiguredServer[]
  /** The server the pages show. */
  current: ConfiguredServer
  /** What chose the current server: a parameter, the host, the default, or a fallback from an unknown id. */
  source: ServerChoiceSource = 'default'
  /** The current server's detail from the API, or null until it is loaded. */
  detail: Server | null = null
  private readonly loading: LoadTracker
  private readonly logger: StoreLogger

  constructor (private readonly api: ApiClient, options: ServerStoreOptions) {
    this.servers = options.servers ?? CONFIGURED_SERVERS
    this.logger = options.logger
    this.current = chooseServer(this.servers, {}).server
    this.loading = new LoadTracker(options.logger)
    // detail is the API's snapshot, replaced whole (never changed in place): watched by reference
    makeAutoObservable<ServerStore, 'api' | 'logger'>(this, { api: false, logger: false, servers: false, detail: observable.ref })
  }

  /** Detail status: 'loading', 'ready' when the detail is at hand, 'error' when it could not be loaded. */
  get status (): StoreStatus {
    return this.loading.status
  }

  /** The user-facing message of a failed load, else null. */
  get error (): string | null {
    return this.loading.error
  }

  /** The current server's id. */
  get serverId (): string {
    return this.current.server_id
  }

  /** The name to show: the loaded detail's, else the configured one. */
  get name (): string {
    return this.detail?.name ?? this.current.name
  }

  /**
   * Chooses the current server from the page parameters and the host (SPEC §2: sid is
   * read as server_id). An unknown id falls back to the first server and logs a warning.
   * Choosing another server forgets the previous one's detail.
   */
  select (input: ServerChoiceInput): ConfiguredServer {
    const choice = chooseServer(this.servers, input)
    if (choice.source === 'fallback') {
      this.logger.warn(`[server] unknown server_id ${choice.requestedId}; showing ${choice.server.server_id} instead`)
    }
    if (choice.server.server_id !== this.current.server_id) {
      this.detail = null
      this.loading.reset()
    }
    this.current = choice.server
    this.source = choice.source
    return choice.server
  }

  /** Loads the current server's detail (api.getServer). Calling it again is the retry. */
  async load (): Promise<void> {
    const serverId = this.current.server_id
    await this.loading.run(() => this.api.getServer(serverId), server => {
      this.detail = server
      return 'ready'
    })
  }
}
