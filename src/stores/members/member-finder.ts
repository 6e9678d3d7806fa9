/**
 * Finding a member of a server by nickname (pinyin initials too, "zs" finds
 * 张三): the server answers from all its members, not only the pages loaded here. The
 * member list and the composer's `@` picker ask through it; the newest query's answer wins.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { Member } from '@core/wire/members'
import type { MembersApi } from '@/services/api/members'
import { LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'

/** What a MemberFinder needs: the members API's search and a logger. */
export interface MemberFinderDeps {
  find: MembersApi['find']
  logger: StoreLogger
}

/** The members of one server whose nickname matches the query asked last. */
export class MemberFinder {
  /** The query the shown members answer (trimmed); '' when nothing is asked. */
  query = ''
  /** The members found for {@link query}, best first. */
  found: Member[] = []
  private readonly lookup: LoadTracker

  constructor (readonly serverId: string, private readonly deps: MemberFinderDeps) {
    this.lookup = new LoadTracker(deps.logger)
    makeAutoObservable<MemberFinder, 'deps' | 'lookup'>(this, { deps: false, lookup: false, serverId: false, found: observable.ref })
  }

  /** 'idle' with no query, else where its answer stands ('empty': nobody by that name). */
  get status (): StoreStatus {
    return this.lookup.status
  }

  /** The user-facing message of a failed lookup, else null. */
  get error (): string | null {
    return this.lookup.error
  }

  /** Whether retrying the failed lookup may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get retryable (): boolean {
    return this.lookup.retryable
  }

  /** Asks for the members matching `text` (an empty text clears the answer); the same query again asks nothing. */
  async find (text: string): Promise<void> {
    const query = text.trim()
    if (query === this.query && this.status !== 'error') return
    this.query = query
    if (query === '') {
      this.found = []
      this.lookup.reset()
      return
    }
    await this.lookup.run(() => this.deps.find(this.serverId, query), answer => {
      this.found = answer.items
      return answer.items.length > 0 ? 'ready' : 'empty'
    })
  }
}
