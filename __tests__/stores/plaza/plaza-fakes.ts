/**
 * Plaza fakes for store, component and page tests: tables, seats and game views as the
 * server answers them, and plaza calls that answer from jest mocks (no network).
 */
import type { GameId } from '@core/domain/games/definition'
import type { GameView } from '@core/domain/games/views'
import type { PlazaGameView, PlazaSeat, PlazaTable, PlazaTableAnswer } from '@core/wire/plaza'
import type { PlazaApi } from '@/services/api/plaza'

/** A seat: empty when `uid` is null. */
export function seat (index: number, uid: string | null, overrides: Partial<PlazaSeat> = {}): PlazaSeat {
  return { seat: index, uid, nickname: uid === null ? '' : `member ${uid}`, avatar: '', ready: false, away_until: null, ...overrides }
}

/** A gomoku table of channel c-plaza, waiting, with seat 0 taken by u1. */
export function table (overrides: Partial<PlazaTable> = {}): PlazaTable {
  return {
    table_id: 't1', server_id: '723658', channel_id: 'c-plaza', game: 'gomoku', status: 'waiting', access: 'open', turn_seconds: 60,
    seats: [seat(0, 'u1'), seat(1, null)], created_by: 'u1', created_at: 1_000, round: 1, version: 1, watchers: 1, turn: null, result: null,
    ...overrides,
  }
}

/** An empty board of `size` points a side. */
export function emptyBoard (size: number): Array<-1 | 0 | 1> {
  return Array.from({ length: size * size }, () => -1 as const)
}

/** A viewer's view of game `game` at table t1. */
export function gameView<G extends GameId> (game: G, view: GameView<G>, overrides: Partial<PlazaGameView> = {}): PlazaGameView {
  return { server_id: '723658', channel_id: 'c-plaza', table_id: 't1', game, version: 2, round: 1, seat: 0, view, turn: { seats: [0], deadline: 70_000 }, result: null, ...overrides }
}

/** A gomoku view with nothing played, black to move. */
export function gomokuView (overrides: Partial<GameView<'gomoku'>> = {}): GameView<'gomoku'> {
  return { size: 15, board: emptyBoard(15), next: 0, last: null, line: [], moves: 0, ...overrides }
}

/** A playing gomoku table with u1 (black) and u2 (white), black to move. */
export function playingTable (overrides: Partial<PlazaTable> = {}): PlazaTable {
  return table({ status: 'playing', seats: [seat(0, 'u1', { ready: true }), seat(1, 'u2', { ready: true })], version: 2, turn: { seats: [0], deadline: 70_000 }, ...overrides })
}

/** A table answer. */
export function answer (answered: PlazaTable, view: PlazaGameView | null = null): PlazaTableAnswer {
  return { table: answered, view }
}

/** Plaza calls as jest mocks; each fails unless the test answers it. */
export type FakePlazaApi = { [K in keyof PlazaApi]: jest.Mock<ReturnType<PlazaApi[K]>, Parameters<PlazaApi[K]>> }

/** Plaza calls whose every call fails until the test gives it an answer. */
export function fakePlazaApi (): FakePlazaApi {
  const names: Array<keyof PlazaApi> = ['lobby', 'createTable', 'table', 'close', 'sit', 'stand', 'ready', 'move', 'rematch', 'invite', 'ratings']
  const api: Partial<Record<keyof PlazaApi, jest.Mock>> = {}
  for (const name of names) api[name] = jest.fn(() => Promise.reject(new Error(`${name} not faked`)))
  return api as FakePlazaApi
}
