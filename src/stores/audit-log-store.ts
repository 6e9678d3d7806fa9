/**
 * A server's audit log and open reports (issue 18), as the owner and moderators read
 * them: entries newest first, paged by the last entry's id ("load more"), and the
 * reports queue beside them. The server decides who may read them; its refusal is shown
 * in words (the missing permissions by name), never as a raw message.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx'
import { flattenGroups } from '@core/domain/channel'
import { MEMBER_PAGE_MAX } from '@core/wire/members-paths'
import type { AuditEntry, Report } from '@core/wire/trust'
import type { ApiClient } from '@/services/api/api-client'
import type { MembersApi } from '@/services/api/members'
import type { TrustApi } from '@/services/api/trust'
import { isRequestError } from '@/services/request/errors'
import { LoadTracker, type StoreLogger, type StoreStatus } from './load-tracker'
import { withRefusalMessage } from './refusal'

/** What the audit log is built on. */
export interface AuditLogSources {
  /** The log, the reports, and the roles list that names the roles the entries point at. */
  trust: Pick<TrustApi, 'auditLog' | 'serverReports' | 'roles'>
  /** The member list, whose first page names the members the entries and reports point at. */
  members: Pick<MembersApi, 'list'>
  /** The channel list, which names the channels the entries point at. */
  channels: Pick<ApiClient, 'listChannels'>
  logger: StoreLogger
}

/** One paged, newest-first list of the moderation pages (entries or reports). */
class NewestFirst<T> {
  /** The loaded items, newest first, without duplicates. */
  items: T[] = []
  /** True when older items exist. */
  hasMore = false
  /** True when the server refused the caller (a 403): asking again will not help. */
  refused = false
  /** The first page's state. */
  readonly listing: LoadTracker
  /** The older pages' state. */
  readonly more: LoadTracker

  constructor (
    private readonly fetch: (before?: string) => Promise<{ items: T[], has_more: boolean }>,
    private readonly idOf: (item: T) => string,
    private readonly logger: StoreLogger,
  ) {
    this.listing = new LoadTracker(logger)
    this.more = new LoadTracker(logger)
    makeAutoObservable<NewestFirst<T>, 'fetch' | 'idOf' | 'logger'>(this, { fetch: false, idOf: false, logger: false, listing: false, more: false, items: observable.ref })
  }

  /** The newest page again (a refresh; after a failure, the retry). */
  async load (): Promise<void> {
    this.more.reset()
    this.refused = false
    await this.listing.run(() => this.page(), answer => {
      this.items = []
      this.append(answer)
      return this.items.length === 0 ? 'empty' : 'ready'
    }, error => { this.refused = isRequestError(error) && error.status === 403 })
  }

  /** The page before the last item shown. */
  async loadMore (): Promise<void> {
    const last = this.items[this.items.length - 1]
    if (this.listing.status !== 'ready' || !this.hasMore || last === undefined || this.more.isLoading) return
    await this.more.run(() => this.page(this.idOf(last)), answer => {
      this.append(answer)
      return 'ready'
    })
  }

  private page (before?: string): Promise<{ items: T[], has_more: boolean }> {
    return this.fetch(before).catch(error => { throw withRefusalMessage(error, this.logger) })
  }

  private append (answer: { items: T[], has_more: boolean }): void {
    const known = new Set(this.items.map(this.idOf))
    this.items = [...this.items, ...answer.items.filter(item => !known.has(this.idOf(item)))]
    this.hasMore = answer.has_more
  }
}

/** One server's audit log and reports queue. */
export class AuditLogStore {
  /** Issue 18: names by id — members' nicknames, roles' and channels' names (a target not among them reads as its id). */
  names = new Map<string, string>()
  private readonly log: NewestFirst<AuditEntry>
  private readonly queue: NewestFirst<Report>

  constructor (readonly serverId: string, private readonly sources: AuditLogSources) {
    this.log = new NewestFirst(before => sources.trust.auditLog(serverId, before), entry => entry.entry_id, sources.logger)
    this.queue = new NewestFirst(before => sources.trust.serverReports(serverId, before), report => report.report_id, sources.logger)
    makeAutoObservable<AuditLogStore, 'log' | 'queue' | 'sources'>(this, { serverId: false, log: false, queue: false, sources: false, names: observable.ref })
  }

  /** What an entry or report points at: a member's, role's or channel's name when known, else the id itself. */
  targetName (targetId: string): string {
    return this.names.get(targetId) ?? targetId
  }

  /** The loaded entries, newest first. */
  get entries (): AuditEntry[] {
    return this.log.items
  }

  /** True when older entries exist ("load more"). */
  get hasMore (): boolean {
    return this.log.hasMore
  }

  /** The log's first page: loading, ready, empty or error (a refusal in words). */
  get status (): StoreStatus {
    return this.log.listing.status
  }

  /** The log's failure (a refusal in words), else null. */
  get error (): string | null {
    return this.log.listing.error
  }

  /** True when the server refused the caller the log (a 403): no retry is offered. */
  get refused (): boolean {
    return this.log.refused
  }

  /** The older page's state. */
  get moreStatus (): StoreStatus {
    return this.log.more.status
  }

  /** An older page's failure, else null. */
  get moreError (): string | null {
    return this.log.more.error
  }

  /** The open reports, newest first. */
  get reports (): Report[] {
    return this.queue.items
  }

  /** True when older open reports exist. */
  get reportsHaveMore (): boolean {
    return this.queue.hasMore
  }

  /** The reports' first page: loading, ready, empty or error. */
  get reportsStatus (): StoreStatus {
    return this.queue.listing.status
  }

  /** The reports' failure (a refusal in words), else null. */
  get reportsError (): string | null {
    return this.queue.listing.error
  }

  /** Loads the newest entries and reports (a refresh; after a failure, the retry). */
  async load (): Promise<void> {
    await Promise.all([this.log.load(), this.queue.load(), this.loadNames()])
  }

  /** Loads older entries. */
  async loadMore (): Promise<void> {
    await this.log.loadMore()
  }

  /** Loads older reports. */
  async loadMoreReports (): Promise<void> {
    await this.queue.loadMore()
  }

  /**
   * Issue 18: the names of the first page of members, of the roles and of the channels;
   * a list that cannot be had leaves its ids shown (nothing fails).
   */
  private async loadNames (): Promise<void> {
    const { members, trust, channels, logger } = this.sources
    const lists: Array<[string, () => Promise<Array<[string, string]>>]> = [
      ['member names', async () => (await members.list(this.serverId, { limit: MEMBER_PAGE_MAX })).items.map(member => [member.user.uid, member.user.nickname])],
      ['role names', async () => (await trust.roles(this.serverId)).list.map(role => [role.role_id, role.name])],
      ['channel names', async () => flattenGroups(await channels.listChannels(this.serverId)).map(channel => [channel.channel_id, channel.name])],
    ]
    const named = await Promise.all(lists.map(async ([what, load]) => load().catch((error: unknown) => {
      logger.warn(`[audit-log] ${what}: could not load`, error)
      return []
    })))
    runInAction(() => { this.names = new Map(named.flat()) })
  }
}
