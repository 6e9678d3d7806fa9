/**
 * A game plaza channel's lobby (SPEC §4 type 10, core/wire/plaza.ts) as the plaza page
 * shows it: the games on offer and the open tables (GET tables), kept live by
 * PLAZA_TABLE_UPDATE (a table created, a seat taken, started, ended; `closed` leaves the
 * list), read again after a resync (events were missed). Creating a table is its one write.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { CreateTableBody, PlazaGame, PlazaTable } from '@core/wire/plaza'
import type { PlazaApi } from '@/services/api/plaza'
import { GATEWAY_RESYNC, type GatewaySubscriptions } from '../gateway-store'
import { LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import { plazaFailureText } from './refusals'

/** What the lobby store needs. */
export interface PlazaLobbyOptions {
  api: Pick<PlazaApi, 'lobby' | 'createTable'>
  gateway: GatewaySubscriptions
  logger: StoreLogger
}

/** Where a table stands in the lobby's order: waiting and playing tables first, then those just ended. */
const STATUS_ORDER: Readonly<Record<PlazaTable['status'], number>> = { waiting: 0, playing: 0, ended: 1, closed: 2 }

/** The lobby's order (core/wire/plaza.ts PlazaLobbySchema): open tables first, newest first. */
function lobbyOrder (a: PlazaTable, b: PlazaTable): number {
  return STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || b.created_at - a.created_at
}

/** One game plaza channel's lobby. */
export class PlazaLobbyStore {
  /** The channel shown, or null before open(). */
  channelId: string | null = null
  /** The games on offer (names, seat ranges). */
  games: PlazaGame[] = []
  /** The open tables, in the lobby's order. */
  tables: PlazaTable[] = []
  /** True while a new table is on its way. */
  creating = false
  /** Why the last create failed (the sheet shows it), or null. */
  createError: string | null = null
  private readonly loader: LoadTracker
  private unsubscribe: Array<() => void> = []

  constructor (private readonly options: PlazaLobbyOptions) {
    this.loader = new LoadTracker(options.logger)
    makeAutoObservable<PlazaLobbyStore, 'options' | 'loader' | 'unsubscribe'>(this, {
      options: false, loader: false, unsubscribe: false, games: observable.ref, tables: observable.ref,
    })
  }

  /** 'loading' while the lobby comes, 'ready' once it is there (its tables may be none), 'error' when it could not come. */
  get status (): StoreStatus {
    return this.loader.status
  }

  /** The user-facing message of the failure, or null. */
  get error (): string | null {
    return this.loader.error
  }

  /** Whether a retry may help. */
  get retryable (): boolean {
    return this.loader.retryable
  }

  /** The game on offer with id `game`, or null. */
  gameOf (game: string): PlazaGame | null {
    return this.games.find(offered => offered.game === game) ?? null
  }

  /** Shows the lobby of `channelId`: listens to its tables' changes, then loads it. */
  async open (channelId: string): Promise<boolean> {
    this.close()
    this.channelId = channelId
    const { gateway } = this.options
    this.unsubscribe = [
      gateway.on('PLAZA_TABLE_UPDATE', table => { if (table.channel_id === this.channelId) this.apply(table) }),
      gateway.on(GATEWAY_RESYNC, () => { void this.load() }),
    ]
    return this.load()
  }

  /** Stops listening (the page closed). */
  close (): void {
    for (const stop of this.unsubscribe) stop()
    this.unsubscribe = []
  }

  /** Loads the lobby again (the retry, a resync). */
  async load (): Promise<boolean> {
    const channelId = this.channelId
    if (channelId === null) return false
    return this.loader.run(() => this.options.api.lobby(channelId), lobby => {
      if (this.channelId !== channelId) return 'ready'
      this.games = lobby.games
      this.tables = lobby.items.filter(table => table.status !== 'closed').sort(lobbyOrder)
      return 'ready'
    })
  }

  /** A table as it changed: added, replaced (an older version than the one shown changes nothing), or gone once closed. */
  apply (table: PlazaTable): void {
    const shown = this.tables.find(item => item.table_id === table.table_id)
    if (shown !== undefined && shown.version > table.version) return
    const others = this.tables.filter(item => item.table_id !== table.table_id)
    this.tables = table.status === 'closed' ? others : [...others, table].sort(lobbyOrder)
  }

  /** Makes a table; resolves with its id (the page opens it), or null with `createError` saying why. */
  async create (body: CreateTableBody): Promise<string | null> {
    const channelId = this.channelId
    if (channelId === null || this.creating) return null
    this.creating = true
    this.createError = null
    try {
      const answer = await this.options.api.createTable(channelId, body)
      runInAction(() => {
        this.creating = false
        this.apply(answer.table)
      })
      return answer.table.table_id
    } catch (error) {
      runInAction(() => {
        this.creating = false
        this.createError = plazaFailureText(error)
      })
      return null
    }
  }
}
