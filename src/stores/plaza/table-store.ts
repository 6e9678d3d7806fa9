/**
 * One plaza table as its page shows it (core/wire/plaza.ts): the table and the member's view
 * of its game (GET /tables/:id), watched over the gateway (`table_watch` at open, null at
 * close: a seated player's watching is their presence), kept live by PLAZA_TABLE_UPDATE and
 * PLAZA_GAME_VIEW (an older version than the one shown changes nothing), and asked for again
 * whenever the gateway is back (a resume or a new session: views are never replayed), so the
 * game resumes exactly where it stands. Moves go over HTTP with a nonce and the version they
 * were made on; one at a time (a second tap while one is on its way sends nothing); a move
 * made on a version the table has left is refused as stale and the table is asked for again.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { PlazaGameView, PlazaSeat, PlazaTable, PlazaTableAnswer, PlazaTurn } from '@core/wire/plaza'
import { t } from '@/i18n'
import type { PlazaApi } from '@/services/api/plaza'
import { GATEWAY_ONLINE, type PlazaChannel } from '../gateway-store'
import { LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import { randomNonce } from '../support/random-nonce'
import { plazaFailureText, plazaRefusalOf } from './refusals'

/** The game as a viewer sees it, apart from the table's version: equal before and after a change that was not the game's. */
function gameStateOf (view: PlazaGameView | null): string {
  return view === null ? '' : JSON.stringify([view.round, view.view, view.turn?.seats ?? null, view.result])
}

/** What the table store needs. */
export interface PlazaTableOptions {
  api: Pick<PlazaApi, 'table' | 'sit' | 'stand' | 'ready' | 'move' | 'rematch' | 'close' | 'invite'>
  gateway: PlazaChannel
  logger: StoreLogger
  /** The signed-in member's uid, or null. */
  uid: () => string | null
  /** A move's idempotency key; randomNonce by default. */
  nonce?: () => string
}

/** One table, watched. */
export class PlazaTableStore {
  /** The table shown, or null before open(). */
  tableId: string | null = null
  /** The table as last told (seats, status, turn, result), or null before the answer. */
  table: PlazaTable | null = null
  /** The member's view of the table's game (null before it starts). */
  view: PlazaGameView | null = null
  /** An invite-only table's code: the one the member came with, or, for its creator, the one the server gave. */
  invite: string | null = null
  /** True while a seat, ready, rematch, close or invite write is on its way. */
  busy = false
  /** True while a move is on its way. */
  moving = false
  /** A sentence for the page to show once (a refusal, a failure), or null. */
  notice: string | null = null
  /** The table is not there any more (closed, or not one the member may see): the page says so. */
  gone = false
  private readonly loader: LoadTracker
  private unsubscribe: Array<() => void> = []

  constructor (private readonly options: PlazaTableOptions) {
    this.loader = new LoadTracker(options.logger)
    makeAutoObservable<PlazaTableStore, 'options' | 'loader' | 'unsubscribe'>(this, {
      options: false, loader: false, unsubscribe: false, table: observable.ref, view: observable.ref,
    })
  }

  /** 'loading' while the table comes, 'ready' once it is there, 'error' when it could not come. */
  get status (): StoreStatus {
    return this.loader.status
  }

  /** The user-facing message of the failure, or null. */
  get error (): string | null {
    return this.loader.error
  }

  /** The member's seat at the table, or null (a watcher). */
  get mySeat (): PlazaSeat | null {
    const uid = this.options.uid()
    if (uid === null) return null
    return this.table?.seats.find(seat => seat.uid === uid) ?? null
  }

  /** Whose turn it is and until when, as the newer of the table and the view says (null: nobody is to move). */
  get turn (): PlazaTurn {
    const { table, view } = this
    if (view !== null && (table === null || (view.round === table.round && view.version >= table.version))) return view.turn
    return table?.turn ?? null
  }

  /** Whether the member's seat is expected to move now. */
  get myTurn (): boolean {
    const seat = this.mySeat
    return seat !== null && this.table?.status === 'playing' && this.turn?.seats.includes(seat.seat) === true
  }

  /** Whether a free seat is left. */
  get hasFreeSeat (): boolean {
    return this.table?.seats.some(seat => seat.uid === null) === true
  }

  /** The newest version known of the table or its game: the one a move is made on. */
  private get version (): number {
    return Math.max(this.table?.version ?? 0, this.view?.version ?? 0)
  }

  /** Shows table `tableId` (with an invite-only table's code): watches it, listens to its changes, then loads it. */
  async open (tableId: string, invite?: string): Promise<boolean> {
    this.close()
    this.tableId = tableId
    this.invite = invite ?? null
    this.gone = false
    const { gateway } = this.options
    this.unsubscribe = [
      gateway.on('PLAZA_TABLE_UPDATE', table => { if (table.table_id === this.tableId) this.applyTable(table) }),
      gateway.on('PLAZA_GAME_VIEW', view => { if (view.table_id === this.tableId) this.applyView(view) }),
      // views are never replayed: back on the gateway (resumed or anew), the table is asked for as it stands
      gateway.on(GATEWAY_ONLINE, () => { if (this.table !== null && !this.loader.isLoading) void this.load() }),
      gateway.onPlazaRefusal(() => runInAction(() => { this.gone = true })),
    ]
    gateway.watchTable(tableId, invite)
    return this.load()
  }

  /** Stops watching (the page closed): a seated player's grace period starts. */
  close (): void {
    if (this.tableId !== null) this.options.gateway.watchTable(null)
    for (const stop of this.unsubscribe) stop()
    this.unsubscribe = []
  }

  /** Loads the table and the member's view again (the retry, a reconnect, a stale move). */
  async load (): Promise<boolean> {
    const tableId = this.tableId
    if (tableId === null) return false
    return this.loader.run(() => this.options.api.table(tableId, this.invite ?? undefined), answer => {
      if (this.tableId === tableId) this.applyAnswer(answer, true)
      return 'ready'
    })
  }

  /** Forgets the notice once shown. */
  clearNotice (): void {
    this.notice = null
  }

  /** The table as it changed; an older version than the one shown changes nothing. */
  applyTable (table: PlazaTable): void {
    if (this.table !== null && table.version < this.table.version) return
    this.table = table
    if (table.status === 'closed') this.gone = true
    // a rematch began the next game: the last one's view is not this round's
    if (this.view !== null && this.view.round < table.round) this.view = null
  }

  /** The game as the member sees it after a change; an older version than the one shown changes nothing. */
  applyView (view: PlazaGameView): void {
    if (this.view !== null && (view.round < this.view.round || (view.round === this.view.round && view.version < this.view.version))) return
    this.view = view
  }

  /** A write's answer: the table, the member's view, a creator's invite code. `fresh`: a GET, whose view stands even when null. */
  private applyAnswer (answer: PlazaTableAnswer, fresh = false): void {
    this.applyTable(answer.table)
    if (answer.view !== null) this.applyView(answer.view)
    else if (fresh) this.view = null
    if (answer.invite !== undefined) this.invite = answer.invite
  }

  /** Takes a seat (the first free one when none is named). */
  sit (seat?: number): Promise<boolean> {
    return this.write(tableId => this.options.api.sit(tableId, seat, this.invite ?? undefined))
  }

  /** Leaves the member's seat (while playing: a forfeit). */
  stand (): Promise<boolean> {
    const uid = this.options.uid()
    return uid === null ? Promise.resolve(false) : this.write(tableId => this.options.api.stand(tableId, uid))
  }

  /** Says ready, or not. */
  setReady (ready: boolean): Promise<boolean> {
    return this.write(tableId => this.options.api.ready(tableId, ready))
  }

  /** 再来一局: the next game at the table. */
  rematch (): Promise<boolean> {
    return this.write(tableId => this.options.api.rematch(tableId))
  }

  /** Takes another player off their seat (a moderator). */
  remove (uid: string): Promise<boolean> {
    return this.write(tableId => this.options.api.stand(tableId, uid))
  }

  /** Closes the table (its creator while waiting, a moderator any time). */
  closeTable (): Promise<boolean> {
    return this.write(async tableId => {
      await this.options.api.close(tableId)
      runInAction(() => { this.gone = true })
    })
  }

  /** 邀请: a 来一局 card for the table in chat channel `channelId`; the notice says it went. */
  inviteTo (channelId: string): Promise<boolean> {
    return this.write(async tableId => {
      await this.options.api.invite(tableId, channelId)
      runInAction(() => { this.notice = t('plazaInviteSent') })
    })
  }

  /**
   * Plays `move` for the member's seat on the version shown. One at a time: while a move is
   * on its way another sends nothing. Refused: the game's reason as the notice; stale (the
   * table moved on): the table is asked for again, and when only the table moved — a
   * player's away mark, a seat — and the game stands as the member saw it, still their turn,
   * the same move (the same nonce: the refused one was not stored) goes once more on the new
   * version, so the tap is not lost. Resolves true when it was played.
   */
  async move (move: unknown): Promise<boolean> {
    const tableId = this.tableId
    if (tableId === null || this.moving || this.view === null) return false
    this.moving = true
    this.notice = null
    const nonce = (this.options.nonce ?? randomNonce)()
    for (let attempt = 0; ; attempt++) {
      const seen = gameStateOf(this.view)
      try {
        const answer = await this.options.api.move(tableId, { nonce, version: this.version, move })
        runInAction(() => {
          this.moving = false
          if (this.tableId === tableId) this.applyAnswer(answer)
        })
        return true
      } catch (error) {
        const refusal = plazaRefusalOf(error)
        if (refusal === 'stale' && attempt === 0) {
          await this.load()
          if (this.tableId === tableId && this.myTurn && gameStateOf(this.view) === seen) continue
          runInAction(() => { this.moving = false })
          return false
        }
        runInAction(() => {
          this.moving = false
          if (refusal !== 'stale') this.notice = plazaFailureText(error)
        })
        // stale again, or lost on the way (it may have been played): the table as it stands now
        if (refusal === null || refusal === 'stale') void this.load()
        return false
      }
    }
  }

  /** Runs one table write: busy meanwhile, its answer applied, a failure told as the notice. */
  private async write (run: (tableId: string) => Promise<PlazaTableAnswer | void>): Promise<boolean> {
    const tableId = this.tableId
    if (tableId === null || this.busy) return false
    this.busy = true
    this.notice = null
    try {
      const answer = await run(tableId)
      runInAction(() => {
        this.busy = false
        if (answer && this.tableId === tableId) this.applyAnswer(answer)
      })
      return true
    } catch (error) {
      runInAction(() => {
        this.busy = false
        this.notice = plazaFailureText(error)
      })
      return false
    }
  }
}
