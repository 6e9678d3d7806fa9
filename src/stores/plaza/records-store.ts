/**
 * A member's game records in a server (GET members/:uid/game-ratings): wins, losses, draws
 * and rating per game, as their member card shows them. A failure shows nothing: the card
 * stands without the row.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { GameRecord } from '@core/wire/plaza'
import type { PlazaApi } from '@/services/api/plaza'
import type { StoreLogger } from '../support/load-tracker'

/** One member's records, loaded for the card shown. */
export class GameRecordsStore {
  /** The records of the member last asked for (best rating first), empty before or without any. */
  items: GameRecord[] = []
  private asked: string | null = null

  constructor (private readonly api: Pick<PlazaApi, 'ratings'>, private readonly logger: StoreLogger) {
    makeAutoObservable<GameRecordsStore, 'api' | 'logger' | 'asked'>(this, { api: false, logger: false, asked: false, items: observable.ref })
  }

  /** Loads the records of member `uid` of server `serverId` (an answer for a member asked for before another changes nothing). */
  async load (serverId: string, uid: string): Promise<void> {
    const key = `${serverId}/${uid}`
    this.asked = key
    this.items = []
    try {
      const records = await this.api.ratings(serverId, uid)
      runInAction(() => { if (this.asked === key) this.items = records.items })
    } catch (error) {
      this.logger.warn('[plaza] game records could not be loaded:', error)
    }
  }
}
