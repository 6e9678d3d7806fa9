/**
 * A server's members as the chat needs them: the candidates of the `@` picker (the loaded
 * page, and the members the server finds by nickname or pinyin initials among all of
 * them), and the nickname a mention shows.
 */
import { makeAutoObservable, observable } from 'mobx'
import { MEMBER_PAGE_SIZE } from '@/constants/chat'
import { LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import { MemberFinder, type MemberFinderDeps } from '../members/member-finder'
import type { Member, MemberPage } from './types'

/** What ServerMembers needs: a page of the server's members (the members API's list). */
export interface ServerMembersDeps {
  listMembers: (serverId: string, page?: { after?: string, limit?: number }) => Promise<MemberPage>
  /** The server's member search (by nickname or pinyin initials); without it the picker offers the loaded page only. */
  findMembers?: MemberFinderDeps['find']
  logger: StoreLogger
  /** The signed-in member's uid (never offered to themselves in the `@` picker), or null. */
  myUid?: () => string | null
}

/** A server's members for the `@` picker and for showing mentions by nickname. */
export class ServerMembers {
  /** Loaded members, in the server's order. */
  members: Member[] = []
  private readonly listing: LoadTracker
  private readonly finder: MemberFinder | null

  constructor (readonly serverId: string, private readonly deps: ServerMembersDeps) {
    this.listing = new LoadTracker(deps.logger)
    this.finder = deps.findMembers ? new MemberFinder(serverId, { find: deps.findMembers, logger: deps.logger }) : null
    makeAutoObservable<ServerMembers, 'deps' | 'listing' | 'finder'>(this, { deps: false, listing: false, finder: false, serverId: false, members: observable.ref })
  }

  /** Status of the member list. */
  get status (): StoreStatus {
    return this.listing.status
  }

  /** Loads the first page of members (the picker's candidates); nothing while one is on its way. */
  async load (): Promise<void> {
    if (this.listing.isLoading) return
    await this.listing.run(() => this.deps.listMembers(this.serverId, { limit: MEMBER_PAGE_SIZE }), page => {
      this.members = page.items
      return page.items.length > 0 ? 'ready' : 'empty'
    })
  }

  /** The nickname of a loaded member, or null. */
  nicknameOf (uid: string): string | null {
    return this.members.find(member => member.user.uid === uid)?.user.nickname ?? null
  }

  /** Asks the server for the members matching `query` (the picker's text after `@`); the answer joins {@link matching}. */
  async lookUp (query: string): Promise<void> {
    if (query.trim() !== '') await this.finder?.find(query)
  }

  /**
   * The members other than me for the `@` picker: the loaded ones whose nickname contains
   * `query` (case-insensitive), then those the server found for it (pinyin initials too).
   */
  matching (query: string): Member[] {
    const wanted = query.trim().toLowerCase()
    const me = this.deps.myUid?.() ?? null
    const loaded = this.members.filter(member => wanted === '' || member.user.nickname.toLowerCase().includes(wanted))
    const found = this.finder !== null && wanted !== '' && this.finder.query.toLowerCase() === wanted ? this.finder.found : []
    const seen = new Set<string>()
    return [...loaded, ...found].filter(member => {
      if (member.user.uid === me || seen.has(member.user.uid)) return false
      seen.add(member.user.uid)
      return true
    })
  }
}
