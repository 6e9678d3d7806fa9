/**
 * A server's members as the chat needs them: the candidates of the `@` picker, and the
 * nickname a mention shows.
 */
import { makeAutoObservable, observable } from 'mobx'
import { MEMBER_PAGE_SIZE } from '@/constants/chat'
import { LoadTracker, type StoreLogger, type StoreStatus } from '../load-tracker'
import type { Member, MemberPage } from './types'

/** What ServerMembers needs: a page of the server's members (the members API's list). */
export interface ServerMembersDeps {
  listMembers: (serverId: string, page?: { after?: string, limit?: number }) => Promise<MemberPage>
  logger: StoreLogger
  /** The signed-in member's uid (never offered to themselves in the `@` picker), or null. */
  myUid?: () => string | null
}

/** A server's members for the `@` picker and for showing mentions by nickname. */
export class ServerMembers {
  /** Loaded members, in the server's order. */
  members: Member[] = []
  private readonly listing: LoadTracker

  constructor (readonly serverId: string, private readonly deps: ServerMembersDeps) {
    this.listing = new LoadTracker(deps.logger)
    makeAutoObservable<ServerMembers, 'deps' | 'listing'>(this, { deps: false, listing: false, serverId: false, members: observable.ref })
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

  /** The members other than me whose nickname contains `query` (case-insensitive), for the `@` picker. */
  matching (query: string): Member[] {
    const wanted = query.trim().toLowerCase()
    const me = this.deps.myUid?.() ?? null
    return this.members.filter(member => member.user.uid !== me && (wanted === '' || member.user.nickname.toLowerCase().includes(wanted)))
  }
}
