/**
 * The game plaza on the server (SPEC §4 type 10, core/wire/plaza.ts, docs/games.md): every
 * change of a table, made by any process. A change reads the table, computes the next row
 * (./tables.ts, the game's pure definition) and writes it naming the version it read
 * (repositories/plaza.ts): of two writers on one version — two processes, a move and the
 * sweeper — exactly one wins. A member's action that names no version (sit, ready, stand) is
 * computed again on the newer table (a few times); a move names its version and a stale one
 * is refused (409 PLAZA_STALE_VERSION). After each write, PLAZA_TABLE_UPDATE goes to the
 * channel and PLAZA_GAME_VIEWS (every viewer's view) to the table's watchers (the gateway
 * sends each session its own, server/src/gateway/hub.ts).
 *
 * Presence: the sessions watching a table (gateway op `table_watch`) are rows of
 * plaza_watchers, so every process counts every socket of a player: when none of a seated
 * player's watches a playing table, they are away until now + PLAZA_GRACE_SECONDS (their
 * seat's `away_until`), back when one watches again. A sweeper on every process (once a
 * second, at most SWEEP_BATCH tables) ends the grace periods (definition.forfeit) and turn
 * timers (definition.timeout) that ran out, with the same version-checked write.
 *
 * The end of a game is written with the change that ended it: the records and ratings of its
 * players (once: only the winning writer ends it), then a result card is posted in the chat
 * channel the table was last invited into (POST /tables/:id/invite), authored by the table's
 * creator — the server has no system account, and a type-10 channel carries no chat; a table
 * never invited anywhere keeps its result on the table (the lobby row, the views), so a
 * server's chat is not filled with every game's end.
 */
import { randomBytes, randomInt } from 'crypto'
import type { FastifyBaseLogger } from 'fastify'
import { channelTypeHas } from '@core/domain/channel-types'
import { gameDefinition, type AnyGameDefinition, type GameOutcome } from '@core/domain/games'
import { createTimeIdSource } from '@core/domain/ids'
import type { Channel, User } from '@core/wire/entities'
import type { PlazaCard } from '@core/wire/plaza-card'
import type { PlazaCardKind } from '@core/wire/plaza-codes'
import type { PlazaTableAnswer } from '@core/wire/plaza'
import type { AppContext } from '../context'
import type { PlazaMovesTable, PlazaTablesTable } from '../db/tables/plaza'
import type { PlazaWriteResult } from '../repositories/plaza'
import { toUser } from '../repositories/users'
import { ratedRecords } from './records'
import { plazaRefused } from './refusals'
import { draftOf, markAway, rowOf, seatOf, tableOf, viewOf, viewsOf, applyDue, type Draft } from './tables'

/** Tables the sweeper advances per tick on one process (the rest wait for the next second). */
export const SWEEP_BATCH = 50
/** How often the sweeper looks, ms. */
export const SWEEP_INTERVAL_MS = 1000
/** Times a member's action is computed again on a table another write changed meanwhile. */
const RETRIES = 4

/** What a change makes of a table's draft: nothing (unchanged, nothing written), or the move to store and the game's end it brought. */
export type Change = null | { move?: Omit<PlazaMovesTable, 'seq'>, ended?: GameOutcome | null }

/** What a session is, for watching: its key (one per socket), its user, what it may read. */
export interface PlazaWatcher {
  readonly uid: string
  readonly watchKey: string
  /** Whether the session may read `channelId` of `serverId` (its grants). */
  mayRead (serverId: string, channelId: string): boolean
}

/** A stored table: its row and its game's definition. */
export interface Loaded {
  row: PlazaTablesTable
  definition: AnyGameDefinition
}

/** The plaza of one process. */
export class PlazaService {
  private sweeper: ReturnType<typeof setInterval> | null = null
  private sweeping = false
  private readonly nextMessageId = createTimeIdSource()

  constructor (private readonly ctxOf: () => AppContext, private readonly log: FastifyBaseLogger) {}

  private get ctx (): AppContext {
    return this.ctxOf()
  }

  /** Now, unix ms (the app's clock: tests replace it). */
  nowMs (): number {
    return this.ctx.now() * 1000
  }

  /** Starts this process's sweeper (the app does, unless told not to). */
  start (): void {
    if (this.sweeper) return
    this.sweeper = setInterval(() => { void this.sweep() }, SWEEP_INTERVAL_MS)
    this.sweeper.unref()
  }

  /** Stops the sweeper. */
  close (): void {
    if (this.sweeper) clearInterval(this.sweeper)
    this.sweeper = null
  }

  /** A stored table and its game's definition, or null. */
  async load (tableId: string): Promise<Loaded | null> {
    const row = await this.ctx.repos.plaza.get(tableId)
    return row ? { row, definition: gameDefinition(row.game) } : null
  }

  /** The users by uid. */
  async usersOf (uids: Iterable<string | null>): Promise<Map<string, User>> {
    const wanted = [...new Set([...uids].filter((uid): uid is string => uid !== null))]
    if (wanted.length === 0) return new Map()
    const rows = await this.ctx.db.selectFrom('users').selectAll().where('uid', 'in', wanted).execute()
    return new Map(rows.map(row => [row.uid, toUser(row)]))
  }

  /** The lobby's rows of `rows`. */
  async tablesOf (rows: readonly PlazaTablesTable[]): Promise<PlazaTableAnswer['table'][]> {
    const users = await this.usersOf(rows.flatMap(row => draftOf(row).seats.map(seat => seat.uid)))
    return rows.map(row => tableOf(row, gameDefinition(row.game), users))
  }

  /** A table with `viewer`'s view of its game (their seat's, else a watcher's); the invite code for its creator. */
  async answerOf ({ row, definition }: Loaded, viewer: string | null): Promise<PlazaTableAnswer> {
    const [table] = await this.tablesOf([row])
    const seat = viewer === null ? -1 : seatOf(draftOf(row).seats, viewer)
    const answer: PlazaTableAnswer = { table, view: viewOf(row, definition, seat >= 0 ? seat : null) }
    if (row.invite_code !== null && viewer === row.created_by) answer.invite = row.invite_code
    return answer
  }

  /** Creates a table (its creator in seat 0), and tells the channel. */
  async create (channel: Channel, creator: User, definition: AnyGameDefinition, seats: number, access: PlazaTablesTable['access'], turnSeconds: number): Promise<Loaded> {
    const row: PlazaTablesTable = {
      table_id: this.nextMessageId(this.nowMs()),
      server_id: channel.server_id,
      channel_id: channel.channel_id,
      game: definition.id,
      status: 'waiting',
      access,
      invite_code: access === 'invite' ? randomBytes(9).toString('base64url') : null,
      turn_seconds: turnSeconds,
      seats: JSON.stringify(Array.from({ length: seats }, (_, index) => ({ uid: index === 0 ? creator.uid : null, ready: false, away_until: null, left: false }))),
      created_by: creator.uid,
      created_at: this.nowMs(),
      round: 1,
      version: 0,
      seed: randomInt(0, 2 ** 31),
      state: null,
      turn_deadline: null,
      grace_deadline: null,
      result: null,
      watchers: 0,
      card_channel_id: null,
    }
    await this.ctx.repos.plaza.insert(row)
    const loaded = { row, definition }
    await this.announce(loaded, false)
    return loaded
  }

  /**
   * Applies `change` to the table, version-checked. With `version` (a move), a table that
   * moved on is refused as stale; without, the change is computed again on the newer table.
   * Returns the table as written (or as it stands when the change changed nothing), and
   * `duplicate` when a move's nonce was stored before (by any process).
   */
  async change (tableId: string, change: (draft: Draft, loaded: Loaded) => Change, version?: number): Promise<{ loaded: Loaded, result: PlazaWriteResult | 'unchanged' }> {
    for (let attempt = 0; ; attempt++) {
      const loaded = await this.load(tableId)
      if (!loaded) throw plazaRefused.noTable(tableId)
      if (version !== undefined && loaded.row.version !== version) throw plazaRefused.stale()
      const draft = draftOf(loaded.row)
      const made = change(draft, loaded)
      if (made === null) return { loaded, result: 'unchanged' }
      const watchers = await this.ctx.repos.plaza.watcherCount(tableId)
      const next = rowOf(draft, watchers)
      const move = made.move ? { ...made.move, seq: await this.ctx.repos.plaza.moveCount(tableId, made.move.round) } : null
      const ended = made.ended ?? null
      const result = await this.ctx.repos.plaza.write(next, loaded.row.version, move, ended ? current => ratedRecords(next, ended, current) : null)
      if (result === 'written') {
        const written = { row: next, definition: loaded.definition }
        await this.announce(written, true)
        if (ended) await this.postResult(written).catch(error => this.log.warn({ err: error }, 'plaza: the result card was not posted'))
        return { loaded: written, result }
      }
      if (result === 'duplicate') return { loaded: (await this.load(tableId)) ?? loaded, result }
      if (version !== undefined) throw plazaRefused.stale()
      if (attempt + 1 >= RETRIES) throw plazaRefused.stale()
    }
  }

  /** Tells the channel of the table's new lobby row and, after a game change, every watcher their view. */
  private async announce ({ row, definition }: Loaded, gameChanged: boolean): Promise<void> {
    const [table] = await this.tablesOf([row])
    await this.ctx.bus.publish('PLAZA_TABLE_UPDATE', { server_id: row.server_id, channel_id: row.channel_id }, table)
    const views = gameChanged ? viewsOf(row, definition) : null
    if (views) await this.ctx.bus.publish('PLAZA_GAME_VIEWS', { server_id: row.server_id, channel_id: row.channel_id, table_id: row.table_id }, views)
  }

  /** The card of a table as posted now: its game, its players in seat order, a result card's result. */
  async cardOf ({ row }: Loaded, kind: PlazaCardKind): Promise<PlazaCard> {
    const draft = draftOf(row)
    const users = await this.usersOf(draft.seats.map(seat => seat.uid))
    const players = draft.seats.map(seat => seat.uid === null ? undefined : users.get(seat.uid)?.nickname).filter((name): name is string => name !== undefined)
    const card: PlazaCard = { kind, table_id: row.table_id, channel_id: row.channel_id, game: row.game, players, result: kind === 'game_result' ? draft.result : null }
    if (kind === 'game_invite' && row.invite_code !== null) card.invite = row.invite_code
    return card
  }

  /** Posts `card` as a message of `author` in chat channel `channel`, and tells its readers. */
  async postCard (channel: Channel, author: string, card: PlazaCard, content: string): Promise<void> {
    const { row, created } = await this.ctx.repos.messages.create({
      message_id: this.nextMessageId(this.nowMs()),
      channel_id: channel.channel_id,
      server_id: channel.server_id,
      author_uid: author,
      content,
      nonce: `plaza-${card.kind}-${card.table_id}-${this.nextMessageId(this.nowMs())}`,
      reply_to: null,
      mentions: [],
      attachments: [],
      created_at: this.ctx.now(),
      card,
    })
    if (created) await this.ctx.bus.publish('MESSAGE_CREATE', { server_id: channel.server_id, channel_id: channel.channel_id }, await this.ctx.repos.messages.message(row, null))
  }

  /** The result card of a game that just ended, in the chat channel the table was last invited into (none, or gone: the result stays on the table). */
  private async postResult (loaded: Loaded): Promise<void> {
    const channelId = (await this.ctx.repos.plaza.get(loaded.row.table_id))?.card_channel_id ?? null
    const chat = channelId === null ? null : await this.ctx.repos.channels.get(channelId)
    if (!chat || !channelTypeHas(chat.channel_type, 'carriesChat')) return
    const card = await this.cardOf(loaded, 'game_result')
    await this.postCard(chat, loaded.row.created_by, card, card.players.join(' · '))
  }

  /**
   * Session `watcher` watches `tableId` now (null: none): the table must exist and its
   * channel be readable by the session (else a refusal the gateway sends as PlazaRefused).
   * Returns the table it watched before. The presence of the user at both tables follows.
   */
  async watch (watcher: PlazaWatcher, tableId: string | null): Promise<string | null> {
    if (tableId !== null) {
      const loaded = await this.load(tableId)
      if (!loaded || loaded.row.status === 'closed' || !watcher.mayRead(loaded.row.server_id, loaded.row.channel_id)) throw plazaRefused.noTable(tableId)
    }
    const before = await this.ctx.repos.plaza.watch(watcher.watchKey, watcher.uid, tableId, this.nowMs())
    if (before !== null && before !== tableId) await this.followPresence(before, watcher.uid)
    if (tableId !== null) await this.followPresence(tableId, watcher.uid)
    return before
  }

  /** A seated player's presence at a playing table, from every process's watching sessions: away when none watches, back when one does. */
  private async followPresence (tableId: string, uid: string): Promise<void> {
    const watching = await this.ctx.repos.plaza.watcherCount(tableId, uid) > 0
    const nowMs = this.nowMs()
    await this.change(tableId, draft => {
      const seat = seatOf(draft.seats, uid)
      return seat >= 0 && markAway(draft, seat, !watching, nowMs) ? {} : null
    }).catch(error => this.log.warn({ err: error }, 'plaza: presence at a table not followed'))
  }

  /**
   * One sweep (every process, every second): the playing tables whose turn timer or a grace
   * period ran out, each advanced with the version-checked write — a table another process
   * advanced first is left to it.
   */
  async sweep (): Promise<void> {
    if (this.sweeping) return
    this.sweeping = true
    try {
      const nowMs = this.nowMs()
      for (const row of await this.ctx.repos.plaza.due(nowMs, SWEEP_BATCH)) {
        await this.advanceDue(row.table_id, row.version, nowMs).catch(error => {
          if ((error as { code?: number }).code !== plazaRefused.stale().code) this.log.warn({ err: error }, 'plaza: a table was not swept')
        })
      }
    } finally {
      this.sweeping = false
    }
  }

  /** Applies what ran out at `nowMs` to one table, if it still has `version`. */
  private async advanceDue (tableId: string, version: number, nowMs: number): Promise<void> {
    await this.change(tableId, (draft, { definition }) => {
      const { changed, outcome } = applyDue(draft, definition, nowMs)
      return changed ? { ended: outcome } : null
    }, version)
  }
}

