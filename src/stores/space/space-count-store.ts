/**
 * How many stand in each metaverse channel's space of the current server (the
 * channel row's 像素乐园 · 23 人在逛): the server's counts with each channel list, then
 * SPACE_COUNT dispatches as people come and go, and what an open space tells its page
 * (src/stores/space/space-store.ts reads its header's count from here: one book for both).
 */
import { makeAutoObservable, observable } from 'mobx'
import type { SpaceCount } from '@core/wire/space'
import type { SpaceApi } from '@/services/api/space'
import type { GatewaySubscriptions } from '../gateway-store'
import type { StoreLogger } from '../support/load-tracker'

/** The space counts the channel rows show. */
export class SpaceCountStore {
  /** People in each space by channel id (only channels the server counted or dispatched). */
  readonly counts = observable.map<string, number>()
  private serverId: string | null = null

  constructor (private readonly api: Pick<SpaceApi, 'counts'>, gateway: GatewaySubscriptions, private readonly logger: StoreLogger) {
    makeAutoObservable<SpaceCountStore, 'api' | 'logger' | 'serverId'>(this, { api: false, logger: false, serverId: false })
    gateway.on('SPACE_COUNT', count => this.apply(count))
  }

  /** The counts as the rows read them: channel id → people (a plain snapshot, so a list re-renders when one changes). */
  get byChannel (): Readonly<Record<string, number>> {
    return Object.fromEntries(this.counts)
  }

  /** How many stand in the space of `channelId` as last told (0 when never told). */
  countOf (channelId: string): number {
    return this.counts.get(channelId) ?? 0
  }

  /**
   * A count the space itself told its page (HTTP, space_ready, space_tick): kept like a
   * dispatch, whatever server the list shows — the page of that space reads it from here.
   */
  tell (count: SpaceCount): void {
    this.counts.set(count.channel_id, count.count)
  }

  /** Asks the server for the counts of `serverId`'s spaces; a failure keeps what is known (the rows simply show no count). */
  async load (serverId: string): Promise<void> {
    if (this.serverId !== serverId) this.counts.clear()
    this.serverId = serverId
    try {
      const answer = await this.api.counts(serverId)
      if (this.serverId === serverId) this.replace(answer.counts)
    } catch (error) {
      this.logger.warn('[space] the space counts could not be loaded:', error)
    }
  }

  private replace (counts: readonly SpaceCount[]): void {
    this.counts.replace(counts.map(count => [count.channel_id, count.count]))
  }

  private apply (count: SpaceCount): void {
    if (this.serverId === null || count.server_id === this.serverId) this.counts.set(count.channel_id, count.count)
  }
}
