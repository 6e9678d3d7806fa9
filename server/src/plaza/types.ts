/**
 * What the rest of the server sees of the game plaza (./service.ts PlazaService implements
 * it): types only, so the app's context, the routes and the gateway hold the plaza without
 * importing what the service imports.
 */
import type { AnyGameDefinition, GameOutcome } from '@core/domain/games'
import type { Channel, User } from '@core/wire/entities'
import type { PlazaCard } from '@core/wire/plaza-card'
import type { PlazaCardKind } from '@core/wire/plaza-codes'
import type { PlazaTable, PlazaTableAnswer } from '@core/wire/plaza'
import type { PlazaMovesTable, PlazaTablesTable } from '../db/tables/plaza'
import type { PlazaWriteResult } from '../repositories/plaza'
import type { Draft } from './tables'

/** A stored table: its row and its game's definition. */
export interface Loaded {
  row: PlazaTablesTable
  definition: AnyGameDefinition
}

/** What a change makes of a table's draft: nothing (unchanged, nothing written), or the move to store and the game's end it brought. */
export type Change = null | { move?: Omit<PlazaMovesTable, 'seq'>, ended?: GameOutcome | null }

/** What a session is, for watching: its key (one per socket), its user, what it may read. */
export interface PlazaWatcher {
  readonly uid: string
  readonly watchKey: string
  /** Whether the session may read `channelId` of `serverId` (its grants). */
  mayRead (serverId: string, channelId: string): boolean
}

/** The game plaza of one process. */
export interface PlazaService {
  /** Now, unix ms (the app's clock). */
  nowMs (): number
  /** Starts this process's sweeper. */
  start (): void
  /** Stops it. */
  close (): void
  /** A stored table and its game's definition, or null. */
  load (tableId: string): Promise<Loaded | null>
  /** The users by uid. */
  usersOf (uids: Iterable<string | null>): Promise<Map<string, User>>
  /** The lobby's rows of `rows`. */
  tablesOf (rows: readonly PlazaTablesTable[]): Promise<PlazaTable[]>
  /** A table with `viewer`'s view of its game; the invite code for its creator. */
  answerOf (loaded: Loaded, viewer: string | null): Promise<PlazaTableAnswer>
  /** Creates a table (its creator in seat 0), and tells the channel. */
  create (channel: Channel, creator: User, definition: AnyGameDefinition, seats: number, access: PlazaTablesTable['access'], turnSeconds: number): Promise<Loaded>
  /** Applies `change`, version-checked (with `version`: a stale table is refused; without: computed again); published once written. */
  change (tableId: string, change: (draft: Draft, loaded: Loaded) => Change, version?: number): Promise<{ loaded: Loaded, result: PlazaWriteResult | 'unchanged' }>
  /** The card of a table as posted now. */
  cardOf (loaded: Loaded, kind: PlazaCardKind): Promise<PlazaCard>
  /** Posts `card` as a message of `author` in chat channel `channel`, and tells its readers. */
  postCard (channel: Channel, author: string, card: PlazaCard, content: string): Promise<void>
  /** `watcher` watches `tableId` now (null: none); refused for a table that is none to it. Returns the table watched before. */
  watch (watcher: PlazaWatcher, tableId: string | null): Promise<string | null>
  /** One sweep of renewals, dead watchers, turn timers and grace periods. */
  sweep (): Promise<void>
}
