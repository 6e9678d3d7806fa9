/**
 * The channels of the current server (SPEC §4): grouped for display (groups, then
 * channels by sort order), with loading, empty and error states; the creatable-type
 * rule and channel creation through audit (title and icon, SPEC §5).
 */
import { makeAutoObservable, observable } from 'mobx'
import type { CreateChannelBody } from '@core/wire/api'
import type { Channel, ChannelGroup } from '@core/wire/entities'
import { t } from '@/i18n'
import { CREATABLE_CHANNEL_TYPES, canCreateChannelType, findChannel, flattenGroups, groupChannels } from '@core/domain/channel'
import type { ApiClient } from '@/services/api/api-client'
import { LoadTracker, auditRejectionOf, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import type { ServerStore } from '../servers/server-store'

/** The audited fields of a new channel (SPEC §5, §8: 104001 title, 104004 icon). */
export type NewChannelField = 'title' | 'icon'

/** The channel list of the current server and channel creation. */
export class ChannelStore {
  /** The channel list for display: top-level channels first, then each group with its channels. */
  groups: ChannelGroup[] = []
  /** The server whose channels `groups` holds, or null before the first answer. */
  serverId: string | null = null
  /** SPEC §5, §8: the audit message of a rejected new-channel field (title or icon). */
  createFieldErrors: Partial<Record<NewChannelField, string>> = {}
  /** The channel a page shows now (the desktop channel column marks it), or null. */
  shownChannelId: string | null = null
  /** SPEC §4, §6: the channel types users may create (1, 3, 8). */
  readonly creatableTypes = CREATABLE_CHANNEL_TYPES
  private readonly listing: LoadTracker
  private readonly creating: LoadTracker

  constructor (private readonly api: ApiClient, private readonly server: ServerStore, logger: StoreLogger) {
    this.listing = new LoadTracker(logger)
    this.creating = new LoadTracker(logger)
    // groups are the API's snapshot, replaced whole (never changed in place): watched by reference
    makeAutoObservable<ChannelStore, 'api' | 'server'>(this, { api: false, server: false, creatableTypes: false, groups: observable.ref })
  }

  /** List status: 'loading', 'ready', 'empty' (no channel to show, group headers aside), or 'error' (see `error`). */
  get status (): StoreStatus {
    return this.listing.status
  }

  /** The user-facing message of a failed load, else null. */
  get error (): string | null {
    return this.listing.error
  }

  /** Whether retrying the failed load may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get retryable (): boolean {
    return this.listing.retryable
  }

  /** Creation status: 'loading' while sending, 'ready' after a created channel, 'error' after a refusal. */
  get createStatus (): StoreStatus {
    return this.creating.status
  }

  /** The message of the last refused creation (for an audit rejection, also in createFieldErrors), else null. */
  get createError (): string | null {
    return this.creating.error
  }

  /** A channel page was shown (its id) or hidden (null, unless another channel page is shown by then). */
  markShown (channelId: string | null, hiddenChannelId?: string): void {
    if (channelId === null && hiddenChannelId !== undefined && this.shownChannelId !== hiddenChannelId) return
    this.shownChannelId = channelId
  }

  /** Every channel of the list, group headers included, in display order. */
  get channels (): Channel[] {
    return flattenGroups(this.groups)
  }

  /** The channel (or group header) with this id in the loaded list, or null. */
  findChannel (channelId: string): Channel | null {
    return findChannel(this.groups, channelId)
  }

  /** SPEC §4, §6: true when users may create a channel of this type. */
  canCreate (type: number): boolean {
    return canCreateChannelType(type)
  }

  /**
   * Loads the current server's channel list (api.listChannels, already grouped). The
   * list of another server is dropped when loading starts. Calling it again is the retry.
   */
  async load (): Promise<void> {
    const serverId = this.server.serverId
    if (serverId !== this.serverId) {
      this.groups = []
      this.serverId = null
    }
    await this.listing.run(() => this.api.listChannels(serverId), groups => this.take(serverId, groups))
  }

  /**
   * Reads the list of the server it holds again, keeping it shown until the answer (a fresh
   * gateway session: the unread counts of an answer taken before it miss what came between);
   * nothing before a list was asked for, {@link load} when the server changed since.
   */
  async refresh (): Promise<void> {
    if (this.listing.status === 'idle') return
    const serverId = this.server.serverId
    if (serverId !== this.serverId) return this.load()
    await this.listing.refresh(() => this.api.listChannels(serverId), groups => this.take(serverId, groups))
  }

  private take (serverId: string, groups: ChannelGroup[]): 'ready' | 'empty' {
    this.groups = groups
    this.serverId = serverId
    return this.listStatus()
  }

  /**
   * Creates a channel on the current server. A type users may not create (SPEC §4) is
   * refused without a request, with the "not supported" message (SPEC §8). An audit
   * rejection puts the message on the title or icon (SPEC §5). The created channel joins
   * the list in its place. Resolves with the channel, or null when refused.
   */
  async createChannel (body: CreateChannelBody): Promise<Channel | null> {
    this.createFieldErrors = {}
    if (!canCreateChannelType(body.channel_type)) { // SPEC §4: users may create only types 1, 3 and 8
      this.creating.fail(t('unsupported'))
      return null
    }
    const serverId = this.server.serverId
    const submitted: NewChannelField[] = body.icon ? ['title', 'icon'] : ['title']
    let created: Channel | null = null
    await this.creating.run(() => this.api.createChannel(serverId, body), channel => {
      created = channel
      if (this.serverId === serverId) {
        this.groups = groupChannels([...this.channels, channel])
        this.listing.settle(this.listStatus())
      }
      return 'ready'
    }, error => {
      const rejection = auditRejectionOf(error, submitted) // SPEC §5, §8: 104001 title, 104004 icon
      if (rejection) this.createFieldErrors[rejection.field] = rejection.message
    })
    return created
  }

  private listStatus (): 'ready' | 'empty' {
    return this.groups.some(entry => entry.channels.length > 0) ? 'ready' : 'empty'
  }
}
