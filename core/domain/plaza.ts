/**
 * The game plaza's table rules (SPEC §4 type 10, core/wire/plaza.ts), shared by the server,
 * which enforces them, and the client, which offers only what they allow: who may take a
 * seat, how many seats a new table has, when a table starts, how a rematch seats its
 * players, and the order of the lobby. The games' own rules are core/domain/games.
 */
import { identityKindOf } from './identity'
import { hasPermission, Permission } from './permissions'
import type { User } from '../wire/entities'
import type { PlazaTableStatus } from '../wire/plaza-codes'
import { GAMES, type GameId } from './games'

/**
 * Why someone may not take a seat (they may still watch):
 * - `watch_only`: a guest, a bot or a map account — only an ordinary user plays;
 * - `not_member`: not a member of the server;
 * - `cannot_send`: no SendMessages in the channel (a timeout takes it away).
 */
export const PLAZA_SEAT_REFUSALS = ['watch_only', 'not_member', 'cannot_send'] as const
/** One reason a seat is refused. */
export type PlazaSeatRefusal = typeof PLAZA_SEAT_REFUSALS[number]

/** Who asks for a seat: their account, whether they are a member, and their effective permissions in the plaza channel (core/domain/permissions.ts effectivePermissions, timeouts applied). */
export interface SeatCandidate {
  user: Pick<User, 'uid'> & Partial<Pick<User, 'user_type'>>
  member: boolean
  permissions: number
}

/** Why `candidate` may not sit down, or null when they may. */
export function seatRefusal (candidate: SeatCandidate): PlazaSeatRefusal | null {
  if (identityKindOf(candidate.user) !== 'user') return 'watch_only'
  if (!candidate.member) return 'not_member'
  if (!hasPermission(candidate.permissions, Permission.SendMessages)) return 'cannot_send'
  return null
}

/** True when `candidate` may take a seat. */
export function mayTakeSeat (candidate: SeatCandidate): boolean {
  return seatRefusal(candidate) === null
}

/** The seats a new table of `game` has: `requested` when the game allows it, its default when absent; null when out of its range. */
export function tableSeatCount (game: GameId, requested?: number): number | null {
  const { seats, defaultSeats } = GAMES[game]
  if (requested === undefined) return defaultSeats
  return Number.isInteger(requested) && requested >= seats.min && requested <= seats.max ? requested : null
}

/** A seat as the table rules need it: who sits there (null: free) and whether they said ready. */
export interface TableSeatFacts {
  uid: string | null
  ready: boolean
}

/** The first free seat's number, or null when the table is full. */
export function firstFreeSeat (seats: readonly TableSeatFacts[]): number | null {
  const free = seats.findIndex(seat => seat.uid === null)
  return free === -1 ? null : free
}

/** A waiting table starts once every seat is taken and every player ready. */
export function tableStarts (seats: readonly TableSeatFacts[]): boolean {
  return seats.length > 0 && seats.every(seat => seat.uid !== null && seat.ready)
}

/**
 * A rematch's seats: everyone moves one seat on (seat i's player to seat i+1, the last to
 * seat 0), so the two board games swap colours and the party game its order.
 */
export function rematchSeats<T> (seats: readonly T[]): T[] {
  return seats.length === 0 ? [] : [seats[seats.length - 1], ...seats.slice(0, -1)]
}

/** A table as the lobby orders it. */
export interface LobbyTableFacts {
  table_id: string
  status: PlazaTableStatus
  created_at: number
}

/** Where a status comes in the lobby: waiting and playing tables first, then those just ended; closed ones are not listed. */
const LOBBY_RANK: Readonly<Record<Exclude<PlazaTableStatus, 'closed'>, number>> = { waiting: 0, playing: 0, ended: 1 }

/** The lobby's tables: closed ones left out, waiting and playing first, then ended, each newest first (the id breaks a tie). */
export function lobbyOrder<T extends LobbyTableFacts> (tables: readonly T[]): T[] {
  const listed = tables.filter((table): table is T & { status: Exclude<PlazaTableStatus, 'closed'> } => table.status !== 'closed')
  return listed.sort((a, b) => LOBBY_RANK[a.status] - LOBBY_RANK[b.status] || b.created_at - a.created_at || b.table_id.localeCompare(a.table_id))
}
