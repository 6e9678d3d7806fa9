/**
 * A server's member list (issue 18): the members page by page (cursor), online first,
 * each with their roles (chips in the role's colour) and, where known, until when they
 * are timed out; kept live by the gateway (presence, joins, leaves, role and timeout
 * changes, role edits). The page renders it; the moderation store acts on its members.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { Member, MemberAdd, MemberRemove, PresenceUpdate } from '@core/wire/members'
import type { MemberState, ServerRole } from '@core/wire/trust'
import type { MembersApi } from '@/services/api/members'
import type { TrustApi } from '@/services/api/trust'
import { GATEWAY_RESYNC } from './gateway-store'
import { LoadTracker, type StoreLogger, type StoreStatus } from './load-tracker'

/** The gateway as the list needs it: one subscription per event type. */
export interface MemberListGateway {
  on: <D>(type: string, handler: (event: D) => void) => () => void
}

/** What the member list is built on. */
export interface MemberListSources {
  members: Pick<MembersApi, 'list'>
  trust: Pick<TrustApi, 'roles'>
  logger: StoreLogger
  /** The current time in unix milliseconds (a timeout that ended is no mark). */
  clock: () => number
  /** Members asked for per page; the server's default when absent. */
  pageSize?: number
}

/** The events that change a member's roles or timeout, or the roles themselves. */
const ROLE_EVENTS = ['ROLE_CREATE', 'ROLE_UPDATE', 'ROLE_DELETE'] as const

/** One server's member list, live. */
export class MemberListStore {
  /** The loaded members in join order (the server's order), without duplicates. */
  members: Member[] = []
  /** The server's roles in order (0 the top), `@everyone` last. */
  roles: ServerRole[] = []
  /** True when the server has members after the loaded ones. */
  hasMore = false
  /** Members online now, as the server counts them. */
  onlineCount = 0
  /** Until when (unix seconds) each member is timed out, as far as this page has learnt it (null: lifted). */
  readonly timeouts = observable.map<string, number | null>()
  private next: string | null = null
  private readonly listing: LoadTracker
  private readonly more: LoadTracker
  private readonly stops: Array<() => void> = []

  constructor (readonly serverId: string, private readonly sources: MemberListSources) {
    this.listing = new LoadTracker(sources.logger)
    this.more = new LoadTracker(sources.logger)
    makeAutoObservable<MemberListStore, 'sources' | 'stops' | 'listing' | 'more'>(this, {
      serverId: false, sources: false, stops: false, listing: false, more: false, timeouts: false, members: observable.ref, roles: observable.ref,
    })
  }

  /** Status of the first page: loading, ready, empty or error. */
  get status (): StoreStatus {
    return this.listing.status
  }

  /** The user-facing message of a failed first page. */
  get error (): string | null {
    return this.listing.error
  }

  /** Status of the next page. */
  get moreStatus (): StoreStatus {
    return this.more.status
  }

  /** The user-facing message of a failed next page. */
  get moreError (): string | null {
    return this.more.error
  }

  /** The members as the page lists them: online first, each group in join order. */
  get shown (): Member[] {
    return [...this.members.filter(member => member.online), ...this.members.filter(member => !member.online)]
  }

  /** The roles a member holds, highest first (the chips), without `@everyone`. */
  rolesOf (member: Pick<Member, 'role_ids'>): ServerRole[] {
    return this.roles.filter(role => role.role_id !== this.serverId && member.role_ids.includes(role.role_id))
  }

  /** Unix seconds the member's timeout ends, or null when they are not timed out now. */
  timeoutOf (uid: string): number | null {
    const until = this.timeouts.get(uid) ?? null
    return until !== null && until * 1000 > this.sources.clock() ? until : null
  }

  /** Loads the roles and the first page again (a refresh; after a failure, the retry). */
  async load (): Promise<void> {
    this.more.reset()
    await this.listing.run(
      () => Promise.all([this.sources.members.list(this.serverId, { limit: this.sources.pageSize }), this.sources.trust.roles(this.serverId)]),
      ([page, roles]) => {
        this.roles = roles.list
        this.members = []
        this.appendPage(page.items, page.next, page.has_more, page.online_count)
        return this.members.length === 0 ? 'empty' : 'ready'
      },
    )
  }

  /** Loads the next page; does nothing unless the first is shown, more exist and none is on its way. */
  async loadMore (): Promise<void> {
    const after = this.next
    if (this.listing.status !== 'ready' || !this.hasMore || after === null || this.more.isLoading) return
    await this.more.run(() => this.sources.members.list(this.serverId, { after, limit: this.sources.pageSize }), page => {
      this.appendPage(page.items, page.next, page.has_more, page.online_count)
      return 'ready'
    })
  }

  /** A member's roles and timeout after a change (a MEMBER_UPDATE, or a moderation answer). */
  applyState (state: MemberState): void {
    if (state.server_id !== this.serverId) return
    this.timeouts.set(state.uid, state.timeout_until)
    this.members = this.members.map(member => member.user.uid === state.uid ? { ...member, role_ids: state.role_ids } : member)
  }

  /** Takes a member off the list (left, kicked or banned). */
  remove (uid: string): void {
    this.members = this.members.filter(member => member.user.uid !== uid)
    this.timeouts.delete(uid)
  }

  /** Follows the gateway until {@link dispose}: presence, joins, leaves, member updates, role edits, a resync. */
  attach (gateway: MemberListGateway): void {
    const mine = (event: { server_id: string }) => event.server_id === this.serverId
    this.stops.push(
      gateway.on<PresenceUpdate>('PRESENCE_UPDATE', event => { if (mine(event)) this.setOnline(event) }),
      gateway.on<MemberAdd>('MEMBER_ADD', event => { if (mine(event)) this.add(event.member) }),
      gateway.on<MemberRemove>('MEMBER_REMOVE', event => { if (mine(event)) this.remove(event.uid) }),
      gateway.on<MemberState>('MEMBER_UPDATE', event => { this.applyState(event) }),
      ...ROLE_EVENTS.map(type => gateway.on<{ server_id: string }>(type, event => { if (mine(event)) void this.reloadRoles() })),
      // issue 15: events were missed and are gone; the list is asked again
      gateway.on(GATEWAY_RESYNC, () => { void this.load() }),
    )
  }

  /** Stops following the gateway. */
  dispose (): void {
    this.stops.splice(0).forEach(stop => stop())
  }

  private appendPage (items: Member[], next: string | null, hasMore: boolean, onlineCount: number): void {
    const known = new Set(this.members.map(member => member.user.uid))
    this.members = [...this.members, ...items.filter(member => !known.has(member.user.uid))]
    for (const member of items) if (member.timeout_until !== undefined) this.timeouts.set(member.user.uid, member.timeout_until)
    this.next = next
    this.hasMore = hasMore
    this.onlineCount = onlineCount
  }

  private setOnline (event: PresenceUpdate): void {
    this.onlineCount = event.online_count
    this.members = this.members.map(member => member.user.uid === event.uid ? { ...member, online: event.status === 'online' } : member)
  }

  /** A new member is last in join order: shown now only when the list is loaded to its end. */
  private add (member: Member): void {
    if (this.hasMore || this.members.some(known => known.user.uid === member.user.uid)) return
    this.members = [...this.members, member]
    if (this.listing.status === 'empty') this.listing.settle('ready')
  }

  private async reloadRoles (): Promise<void> {
    try {
      const roles = await this.sources.trust.roles(this.serverId)
      this.setRoles(roles.list)
    } catch (error) {
      this.sources.logger.warn('[members] roles: could not reload', error)
    }
  }

  private setRoles (roles: ServerRole[]): void {
    this.roles = roles
  }
}
