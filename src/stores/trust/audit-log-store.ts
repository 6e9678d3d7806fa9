/**
 * A server's audit log and open reports, as the owner and moderators read
 * them: entries newest first, paged by the last entry's id ("load more"), and the
 * reports queue beside them. A moderator closes a report by dismissing it or by acting on
 * its target with the same calls the chat and the member list use (delete the message or
 * post, time out or kick the member), then closing it as what was done; the queue follows
 * other moderators live (REPORT_CREATE, REPORT_RESOLVE). The server decides who may read
 * and act; its refusal is shown in words (the missing permissions by name), never as a raw message.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx'
import { flattenGroups } from '@core/domain/channel'
import { MEMBER_PAGE_MAX } from '@core/wire/members-paths'
import { AUDIT_MEMBER_FIELD, TRUST_CODES } from '@core/wire/trust-paths'
import type { DispatchPayloads } from '@core/wire/dispatches'
import type { AuditAction, AuditEntry, Report, ReportResolution } from '@core/wire/trust'
import { t } from '@/i18n'
import { reportReasonLabel } from '@/constants/report-reasons'
import type { ApiClient } from '@/services/api/api-client'
import type { MembersApi } from '@/services/api/members'
import type { MessagesApi } from '@/services/api/messages'
import type { PostsApi } from '@/services/api/posts'
import type { TrustApi } from '@/services/api/trust'
import { isRequestError } from '@/services/request/errors'
import { DispatchSubscriptions, type DispatchSource } from '../support/dispatch-subscriptions'
import type { StoreLogger, StoreStatus } from '../support/load-tracker'
import { PagedList } from '../support/paged-list'
import { refusalMessage, withRefusalMessage } from '../support/refusal'

/** How a moderator closes a report: nothing wrong, or one of the moderation actions on its target. */
export type ReportAction = 'dismiss' | 'delete' | 'timeout' | 'kick'

/** The resolution each action closes a report as. */
const RESOLUTION_OF: Readonly<Record<ReportAction, ReportResolution>> = {
  dismiss: 'dismissed',
  delete: 'deleted',
  timeout: 'timed_out',
  kick: 'kicked',
}

/** How long a timeout from the report queue lasts (one day, as the member list's middle choice). */
export const REPORT_TIMEOUT_SECONDS = 86400

/** The report queue's dispatches (moderators only), as core/wire/dispatches.ts declares them. */
export type ReportDispatches = Pick<DispatchPayloads, 'REPORT_CREATE' | 'REPORT_RESOLVE'>

/** What the audit log is built on. */
export interface AuditLogSources {
  /** The log, the reports and closing them, the roles list that names the roles the entries point at, and the member actions. */
  trust: Pick<TrustApi, 'auditLog' | 'serverReports' | 'roles' | 'resolveReport' | 'timeout' | 'kick'>
  /** Deleting a reported message. */
  messages: Pick<MessagesApi, 'deleteMessage'>
  /** Deleting a reported post. */
  posts: Pick<PostsApi, 'deletePost'>
  /** The current time in unix milliseconds (a timeout's end). */
  clock: () => number
  /** The member list, whose first page names the members the entries and reports point at. */
  members: Pick<MembersApi, 'list'>
  /** The channel list, which names the channels the entries point at. */
  channels: Pick<ApiClient, 'listChannels'>
  logger: StoreLogger
}

/**
 * One paged, newest-first list of the moderation pages (entries or reports): an older
 * page is asked for by the last item's id, and a refusal is told in words.
 */
function newestFirst<T> (
  fetch: (before?: string) => Promise<{ items: T[], has_more: boolean }>,
  idOf: (item: T) => string,
  options: { logger: StoreLogger },
): PagedList<T, string> {
  const fetchPage = async (before: string | null) => {
    const answer = await fetch(before ?? undefined).catch(error => { throw withRefusalMessage(error, options.logger) })
    const last = answer.items[answer.items.length - 1]
    return { items: answer.items, hasMore: answer.has_more, next: last === undefined ? null : idOf(last) }
  }
  return new PagedList<T, string>(fetchPage, idOf, { logger: options.logger })
}

/** Removals of what someone else wrote: the target is content now gone, the recorded reason its author (`by <uid>`). */
const REMOVAL_ACTIONS: ReadonlySet<AuditAction> = new Set(['message_delete', 'post_delete', 'comment_delete'])

/** Actions whose target no name tells: the community itself, or content now gone. */
const UNNAMED_TARGET_ACTIONS: ReadonlySet<AuditAction> = new Set<AuditAction>(['server_update', 'words_update', ...REMOVAL_ACTIONS])

/** One server's audit log and reports queue. */
export class AuditLogStore {
  /** Names by id — members' nicknames, roles' and channels' names (a target not among them reads as its id). */
  names = new Map<string, string>()
  /** The report being acted on (its buttons wait), or null. */
  resolving: string | null = null
  private readonly log: PagedList<AuditEntry, string>
  private readonly queue: PagedList<Report, string>
  private readonly subscriptions = new DispatchSubscriptions()

  constructor (readonly serverId: string, private readonly sources: AuditLogSources) {
    const { logger } = sources
    this.log = newestFirst(before => sources.trust.auditLog(serverId, before), entry => entry.entry_id, { logger })
    this.queue = newestFirst(before => sources.trust.serverReports(serverId, before), report => report.report_id, { logger })
    makeAutoObservable<AuditLogStore, 'log' | 'queue' | 'sources' | 'subscriptions'>(this, {
      serverId: false, log: false, queue: false, sources: false, subscriptions: false, names: observable.ref,
    })
  }

  /** What an entry or report points at: a member's, role's or channel's name when known, else the id itself. */
  targetName (targetId: string): string {
    return this.names.get(targetId) ?? targetId
  }

  /**
   * What an entry points at: a known name, else the name its changes carry (a deleted
   * channel keeps its name in the entry, a kicked member their nickname at the time of the
   * act), else the id.
   */
  entryTargetName (entry: AuditEntry): string | null {
    // the community itself (its id is also its everyone role's: it would read as @全体成员), or a message, post or comment now gone: the sentence says what
    if (UNNAMED_TARGET_ACTIONS.has(entry.action)) return null
    const named = entry.changes.find(change => change.field === 'name' || change.field === AUDIT_MEMBER_FIELD)
    return this.names.get(entry.target_id) ?? named?.to ?? named?.from ?? entry.target_id
  }

  /**
   * An entry's reason line: the moderator's reason (原因：…), or for a removal of what
   * someone else wrote, whose author the server records as `by <uid>`, that author by
   * name (作者：…); null when there is none.
   */
  entryReason (entry: AuditEntry): string | null {
    const author = REMOVAL_ACTIONS.has(entry.action) ? /^by (\S+)$/.exec(entry.reason) : null
    if (author !== null) return t('modLogAuthor', { name: this.targetName(author[1]) })
    return entry.reason === '' ? null : t('modLogReason', { reason: entry.reason })
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
    return this.log.status
  }

  /** The log's failure (a refusal in words), else null. */
  get error (): string | null {
    return this.log.error
  }

  /** Whether retrying the failed log may help (false for a refusal, a 403 among them, the same request gets again). */
  get retryable (): boolean {
    return this.log.retryable
  }

  /** The older page's state. */
  get moreStatus (): StoreStatus {
    return this.log.moreStatus
  }

  /** An older page's failure, else null. */
  get moreError (): string | null {
    return this.log.moreError
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
    return this.queue.status
  }

  /** The reports' failure (a refusal in words), else null. */
  get reportsError (): string | null {
    return this.queue.error
  }

  /** Whether retrying the failed reports may help (false for a refusal the same request gets again). */
  get reportsRetryable (): boolean {
    return this.queue.retryable
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

  /** Starts following the queue live: a new report joins it, one another moderator closed leaves it; `dispose` stops it. */
  attach (source: DispatchSource<ReportDispatches>): void {
    this.subscriptions.replace([
      source.on('REPORT_CREATE', report => { if (report.server_id === this.serverId) this.showNewReport(report) }),
      source.on('REPORT_RESOLVE', event => { if (event.server_id === this.serverId) this.closed(event.report_ids) }),
    ])
  }

  /** Stops following the queue. */
  dispose (): void {
    this.subscriptions.stop()
  }

  /**
   * Closes `report` — dismissed, or after acting on its target with the existing
   * moderation call (delete the message or post, time the member out for a day, kick
   * them). Resolves the sentence the toast says: done, or the refusal in words. A report
   * another moderator closed first leaves the queue with a sentence saying so.
   */
  async resolve (report: Report, action: ReportAction): Promise<string> {
    if (this.resolving !== null) return t('modBusy')
    this.resolving = report.report_id
    try {
      await this.act(report, action)
      const event = await this.sources.trust.resolveReport(report.report_id, RESOLUTION_OF[action])
      this.closed(event.report_ids)
      return t(action === 'dismiss' ? 'reportDismissedDone' : 'reportResolvedDone')
    } catch (error) {
      if (isRequestError(error) && error.code === TRUST_CODES.REPORT_CLOSED) {
        this.closed([report.report_id])
        return t('reportAlreadyClosed')
      }
      return refusalMessage(error, this.sources.logger)
    } finally {
      runInAction(() => { this.resolving = null })
    }
  }

  /**
   * The moderation call an action makes on the report's target (a dismissal makes none; a
   * message or post already gone needs none). A 404 — someone deleted it or the member
   * left meanwhile — is the work done: the server checks it when the report is closed.
   */
  private async act (report: Report, action: ReportAction): Promise<void> {
    const { trust, messages, posts, clock } = this.sources
    const reason = reportReasonLabel(report.reason)
    const calls: Record<ReportAction, () => Promise<unknown>> = {
      dismiss: async () => undefined,
      delete: async () => {
        if (report.channel_id === null) return
        if (report.target_type === 'message') await messages.deleteMessage(report.channel_id, report.target_id)
        else await posts.deletePost(report.target_id)
      },
      timeout: () => trust.timeout(this.serverId, report.target_id, Math.floor(clock() / 1000) + REPORT_TIMEOUT_SECONDS, reason),
      kick: () => trust.kick(this.serverId, report.target_id, reason),
    }
    await calls[action]().catch((error: unknown) => { if (!isRequestError(error) || error.status !== 404) throw error })
  }

  /** The reports `reportIds` names leave the queue. */
  private closed (reportIds: readonly string[]): void {
    this.queue.replaceItems(this.queue.items.filter(report => !reportIds.includes(report.report_id)))
  }

  /**
   * The names of the first page of members, of the roles and of the channels;
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

  /** A report that arrived live goes on top (a first page not loaded yet takes it when it loads). */
  private showNewReport (report: Report): void {
    const { queue } = this
    if (queue.status !== 'ready' && queue.status !== 'empty') return
    if (queue.items.some(known => known.report_id === report.report_id)) return
    queue.replaceItems([report, ...queue.items])
  }
}
