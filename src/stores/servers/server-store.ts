/**
 * The current server (SPEC §2, §3): one of the three configured servers, chosen from
 * the `server_id` / `sid` parameter, else the host's sub-domain, else the first; an
 * unknown id falls back to the first with a logged warning. Its detail (icon,
 * introduction, member and online counts, whether the user is a member) is loaded from
 * the API, joined from here, and kept current by the gateway's membership and presence
 * events ({@link ServerStore.applyCounts}).
 */
import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { ServerDetail } from '@core/wire/members'
import { CONFIGURED_SERVERS, type ConfiguredServer } from '@core/domain/servers'
import { chooseServer, type ServerChoiceInput, type ServerChoiceSource } from '@core/domain/server'
import type { ApiClient } from '@/services/api/api-client'
import type { MembersApi } from '@/services/api/members'
import { LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'

/** What a server store needs besides the API. */
export interface ServerStoreOptions {
  /** The configured servers; CONFIGURED_SERVERS by default. */
  servers?: readonly ConfiguredServer[]
  /** Joining (createMembersApi in the app). */
  members: MembersApi
  logger: StoreLogger
  /** True while my own gateway session is up (I am online); never by default. */
  connected?: () => boolean
}

/** Counts a gateway event carries for a server (MEMBER_ADD / MEMBER_REMOVE: both; PRESENCE_UPDATE: online_count). */
export interface ServerCounts {
  server_id: string
  member_count?: number
  online_count?: number
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
  detail: ServerDetail | null = null
  /** True when the signed-in member was removed (kicked or banned) from the current server while the app showed it. */
  removed = false
  /** Each server's icon URL by server id (the desktop rail's pictures), empty until loaded. */
  icons: ReadonlyMap<string, string> = new Map()
  private readonly loading: LoadTracker
  private readonly joining: LoadTracker
  private readonly logger: StoreLogger
  private readonly members: MembersApi
  private readonly connected: () => boolean

  constructor (private readonly api: ApiClient, options: ServerStoreOptions) {
    this.servers = options.servers ?? CONFIGURED_SERVERS
    this.logger = options.logger
    this.current = chooseServer(this.servers, {}).server
    this.members = options.members
    this.connected = options.connected ?? (() => false)
    this.loading = new LoadTracker(options.logger)
    this.joining = new LoadTracker(options.logger)
    // detail is the API's snapshot, replaced whole (never changed in place): watched by reference
    makeAutoObservable<ServerStore, 'api' | 'logger' | 'members' | 'connected'>(this, { api: false, logger: false, members: false, connected: false, servers: false, detail: observable.ref, icons: observable.ref })
  }

  /** Detail status: 'loading', 'ready' when the detail is at hand, 'error' when it could not be loaded. */
  get status (): StoreStatus {
    return this.loading.status
  }

  /** The user-facing message of a failed load, else null. */
  get error (): string | null {
    return this.loading.error
  }

  /** Whether retrying the failed load may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get retryable (): boolean {
    return this.loading.retryable
  }

  /** The current server's id. */
  get serverId (): string {
    return this.current.server_id
  }

  /** True or false once the signed-in user's membership is known; null before (no detail, or one asked without a session). */
  get isMember (): boolean | null {
    return this.detail?.is_member ?? null
  }

  /**
   * Members online now, or null before the detail is loaded. A member whose own session is
   * up counts themself: the count the detail carried may have been taken before their
   * session was (the page's HTML, a reload's gap), and their coming online is announced to
   * the others, not necessarily back to them.
   */
  get onlineCount (): number | null {
    const count = this.detail?.online_count
    if (count === undefined) return null
    return this.detail?.is_member === true && this.connected() ? Math.max(count, 1) : count
  }

  /** True while a join is on its way. */
  get isJoining (): boolean {
    return this.joining.isLoading
  }

  /** The user-facing message of the last failed join, else null. */
  get joinError (): string | null {
    return this.joining.error
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
      this.removed = false
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

  /** Loads every server's icon (api.listServers) once; a failure is logged and the rail keeps its initials. */
  async loadIcons (): Promise<void> {
    if (this.icons.size > 0) return
    try {
      const servers = await this.api.listServers()
      runInAction(() => { this.icons = new Map(servers.filter(server => server.icon !== '').map(server => [server.server_id, server.icon])) })
    } catch (error) {
      this.logger.warn('[server] icons not loaded; the rail shows initials:', error)
    }
  }

  /** Joins the current server as the signed-in user; its counts and membership follow the answer, a failure sets joinError. Never rejects. */
  async join (): Promise<void> {
    const serverId = this.current.server_id
    await this.joining.run(() => this.members.join(serverId), membership => {
      this.removed = false
      if (this.detail && this.detail.server_id === membership.server_id) {
        this.detail = { ...this.detail, is_member: membership.is_member, member_count: membership.member_count, online_count: membership.online_count }
      }
      return 'ready'
    })
  }

  /**
   * The signed-in member is no longer a member of `serverId` (MEMBER_REMOVE of themself, or
   * a new gateway session without it): when it is the current server they were a member
   * of, they were removed and the pages say so.
   */
  lostMembership (serverId: string): void {
    if (!this.detail || this.detail.server_id !== serverId || this.detail.is_member !== true) return
    this.detail = { ...this.detail, is_member: false }
    this.removed = true
  }

  /** Applies the counts of a gateway event when it is about the current server. */
  applyCounts (counts: ServerCounts): void {
    if (!this.detail || counts.server_id !== this.detail.server_id) return
    this.detail = {
      ...this.detail,
      member_count: counts.member_count ?? this.detail.member_count,
      online_count: counts.online_count ?? this.detail.online_count,
    }
  }
}
