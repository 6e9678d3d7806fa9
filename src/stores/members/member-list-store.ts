/**
 * A server's member list: the members page by page (cursor), online first,
 * each with their roles (chips in the role's colour) and, where known, until when they
 * are timed out, and which gather space each stands in now (在 像素乐园 · 去找 TA);
 * kept live by the gateway (presence, joins, leaves, role and timeout changes, role edits,
 * space counts). The page renders it; the moderation store acts on its members.
 */
import { makeAutoObservable, observable } from 'mobx'
import { DISPATCHES_THAT_CHANGE } from '@core/wire/dispatch-codes'
import type { Member, PresenceUpdate } from '@core/wire/members'
import type { MemberState, ServerRole } from '@core/wire/trust'
import type { MembersApi } from '@/services/api/members'
import type { SpaceApi } from '@/services/api/space'
import type { TrustApi } from '@/services/api/trust'
import { GATEWAY_RESYNC, type GatewaySubscriptions } from '../gateway-store'
import { LoadTracker, type StoreLogger } from '../support/load-tracker'
import { MemberFinder } from './member-finder'
import { PagedList, type ListPage } from '../support/paged-list'

/** The gateway as the list needs it: one subscription per event type. */
export type MemberListGateway = GatewaySubscriptions

/** What the member list is built on. */
export interface MemberListSources {
  members: Pick<MembersApi, 'list' | 'find'>
  trust: Pick<TrustApi, 'roles'>
  /** Who stands in the server's spaces. */
  spaces: Pick<SpaceApi, 'people'>
  logger: StoreLogger
  /** The current time in unix milliseconds (a timeout that ended is no mark). */
  clock: () => number
  /** Members asked for per page; the server's default when absent. */
  pageSize?: number
}

/** The gather space a member stands in now. */
export interface MemberPlace {
  channelId: string
  /** The space's (its channel's) name. */
  name: string
}

/** One page of the member list, with the counts and (on the first page) the roles answered beside it. */
interface MemberPage extends ListPage<Member, string> {
  onlineCount: number
  /** The server's roles, asked for with the first page. */
  roles?: ServerRole[]
}

/** One server's member list, live. */
export class MemberListStore {
  /** The server's roles in order (0 the top), `@everyone` last. */
  roles: ServerRole[] = []
  /** Members online now, as the server counts them. */
  onlineCount = 0
  /** Until when (unix seconds) each member is timed out, as far as this page has learnt it (null: lifted). */
  readonly timeouts = observable.map<string, number | null>()
  /** The space each member stands in now, by uid (only spaces this viewer may see). */
  readonly places = observable.map<string, MemberPlace>()
  /** The loaded members in join order (the server's order), with the loading states of their first and next pages. */
  readonly list: PagedList<Member, string, MemberPage>
  /**
   * Presence heard from the gateway since the list was last asked for: an answer computed
   * before an event can arrive after it (a member's own sign-in races their list), so what
   * was heard is applied over every page that lands.
   */
  private heard: { online: Map<string, boolean>, onlineCount: number | null } = { online: new Map(), onlineCount: null }
  private readonly stops: Array<() => void> = []
  /** Asking who stands where: an older answer landing after a newer one is dropped, a failure keeps what is known. */
  private readonly placesLoading: LoadTracker
  /** A SPACE_COUNT's ask is on its way, and whether counts changed again meanwhile (one more ask after it). */
  private placesAsking = { now: false, again: false }
  /** Members found by nickname (or pinyin initials) among all of the server's, not only the loaded pages. */
  readonly finder: MemberFinder

  constructor (readonly serverId: string, private readonly sources: MemberListSources) {
    this.placesLoading = new LoadTracker(sources.logger)
    this.finder = new MemberFinder(serverId, { find: (id, q) => sources.members.find(id, q), logger: sources.logger })
    this.list = new PagedList<Member, string, MemberPage>(after => this.fetchPage(after), member => member.user.uid, {
      logger: sources.logger,
      onPage: page => { this.takePage(page) },
    })
    makeAutoObservable<MemberListStore, 'sources' | 'stops' | 'heard' | 'placesLoading' | 'placesAsking'>(this, {
      serverId: false, sources: false, stops: false, heard: false, placesLoading: false, placesAsking: false, list: false, finder: false, timeouts: false, places: false, roles: observable.ref,
    })
  }

  /** The members as the page lists them: online first, each group in join order. */
  get shown (): Member[] {
    const members = this.list.items
    return [...members.filter(member => member.online), ...members.filter(member => !member.online)]
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

  /** The space `uid` stands in now, or null. */
  placeOf (uid: string): MemberPlace | null {
    return this.places.get(uid) ?? null
  }

  /** Loads the roles, the first page and the places again (a refresh; after a failure, the retry). */
  async load (): Promise<void> {
    this.heard = { online: new Map(), onlineCount: null }
    await Promise.all([this.list.load(), this.loadPlaces()])
  }

  /** Asks who stands in which space; a failure keeps what is known (the rows simply name no space). */
  async loadPlaces (): Promise<void> {
    await this.placesLoading.refresh(() => this.sources.spaces.people(this.serverId), answer => {
      this.places.replace(answer.spaces.flatMap(space => space.uids.map(uid => [uid, { channelId: space.channel_id, name: space.name }] as const)))
      return 'ready'
    })
  }

  /**
   * A space of this server counted someone in or out: who stands where is asked again — one
   * ask at a time, and one more after it when counts changed meanwhile (a busy space's counts,
   * one a second per space, never pile up asks from every open member list).
   */
  private placesChanged (): void {
    if (this.placesAsking.now) {
      this.placesAsking.again = true
      return
    }
    this.placesAsking = { now: true, again: false }
    void this.loadPlaces().finally(() => {
      const again = this.placesAsking.again
      this.placesAsking = { now: false, again: false }
      if (again) this.placesChanged()
    })
  }

  /** A member's roles and timeout after a change (a MEMBER_UPDATE, or a moderation answer). */
  applyState (state: MemberState): void {
    if (state.server_id !== this.serverId) return
    this.timeouts.set(state.uid, state.timeout_until)
    this.list.replaceItems(this.list.items.map(member => member.user.uid === state.uid ? { ...member, role_ids: state.role_ids } : member))
  }

  /** Takes a member off the list (left, kicked or banned). */
  remove (uid: string): void {
    this.list.replaceItems(this.list.items.filter(member => member.user.uid !== uid))
    this.timeouts.delete(uid)
  }

  /** Follows the gateway until {@link dispose}: presence, joins, leaves, member updates, role edits, space counts, a resync. */
  attach (gateway: MemberListGateway): void {
    const mine = (event: { server_id: string }) => event.server_id === this.serverId
    this.stops.push(
      gateway.on('PRESENCE_UPDATE', event => { if (mine(event)) this.setOnline(event) }),
      gateway.on('MEMBER_ADD', event => { if (mine(event)) this.add(event.member) }),
      gateway.on('MEMBER_REMOVE', event => { if (mine(event)) this.remove(event.uid) }),
      gateway.on('MEMBER_UPDATE', event => { this.applyState(event) }),
      // someone came into or left one of the server's spaces: who stands where is asked again
      gateway.on('SPACE_COUNT', event => { if (mine(event)) this.placesChanged() }),
      // the roles changed: their names, colours and order are asked again
      ...DISPATCHES_THAT_CHANGE.roles.map(type => gateway.on(type, event => { if (mine(event)) void this.reloadRoles() })),
      // Events were missed and are gone; the list is asked again
      gateway.on(GATEWAY_RESYNC, () => { void this.load() }),
    )
  }

  /** Stops following the gateway. */
  dispose (): void {
    this.stops.splice(0).forEach(stop => stop())
  }

  /** The first page comes with the roles; every page with the online count (the server's cursor comes back as `next`). */
  private async fetchPage (after: string | null): Promise<MemberPage> {
    const limit = this.sources.pageSize
    const [page, roles] = await Promise.all([
      this.sources.members.list(this.serverId, after === null ? { limit } : { after, limit }),
      after === null ? this.sources.trust.roles(this.serverId) : undefined,
    ])
    const { online, onlineCount } = this.heard
    const items = page.items.map(member => online.has(member.user.uid) ? { ...member, online: online.get(member.user.uid) === true } : member)
    return { items, hasMore: page.has_more, next: page.next, onlineCount: onlineCount ?? page.online_count, roles: roles?.list }
  }

  private takePage (page: MemberPage): void {
    if (page.roles) this.roles = page.roles
    for (const member of page.items) if (member.timeout_until !== undefined) this.timeouts.set(member.user.uid, member.timeout_until)
    this.onlineCount = page.onlineCount
  }

  private setOnline (event: PresenceUpdate): void {
    this.heard.online.set(event.uid, event.status === 'online')
    this.heard.onlineCount = event.online_count
    this.onlineCount = event.online_count
    this.list.replaceItems(this.list.items.map(member => member.user.uid === event.uid ? { ...member, online: event.status === 'online' } : member))
  }

  /** A new member is last in join order: shown now only when the list is loaded to its end. */
  private add (member: Member): void {
    const members = this.list.items
    if (this.list.hasMore || members.some(known => known.user.uid === member.user.uid)) return
    this.list.replaceItems([...members, member])
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
