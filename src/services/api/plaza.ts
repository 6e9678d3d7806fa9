/**
 * The game plaza's HTTP calls (core/wire/plaza.ts): a channel's lobby, a table with the
 * caller's view of its game, every seat, ready, move, rematch and invite write, and the
 * member records — on the same request chain as every other call. Watching a table goes
 * over the gateway (GatewayStore.watchTable).
 */
import { PLAZA_CALLS } from '@core/wire/plaza-paths'
import type { CreateTableBody, GameRecords, PLAZA_CALL_SCHEMAS, PlazaLobby, PlazaTableAnswer } from '@core/wire/plaza'
import { request } from '@/services/request/request'
import { callsOf } from './call'
import type { Requester } from './index'

/** A move as the table store sends it: the game's move, the table version it was made on and its nonce. */
export interface SentMove {
  nonce: string
  version: number
  move: unknown
}

/** The plaza calls. */
export interface PlazaApi {
  /** The games on offer and the channel's open tables. */
  lobby (channelId: string): Promise<PlazaLobby>
  /** A new table in the channel (its creator takes seat 0). */
  createTable (channelId: string, body: CreateTableBody): Promise<PlazaTableAnswer>
  /** A table and the caller's view of its game (`invite`: an invite-only table's code). */
  table (tableId: string, invite?: string): Promise<PlazaTableAnswer>
  /** Closes a table (its creator while waiting, a moderator any time). */
  close (tableId: string): Promise<null>
  /** Takes a seat (the first free one when none is named). */
  sit (tableId: string, seat?: number, invite?: string): Promise<PlazaTableAnswer>
  /** Leaves a seat: one's own (while playing: a forfeit), or another's (a moderator removes a player). */
  stand (tableId: string, uid: string): Promise<PlazaTableAnswer>
  /** Says ready, or not. */
  ready (tableId: string, ready: boolean): Promise<PlazaTableAnswer>
  /** Plays a move of the caller's seat. */
  move (tableId: string, move: SentMove): Promise<PlazaTableAnswer>
  /** The next game at the table after the end. */
  rematch (tableId: string): Promise<PlazaTableAnswer>
  /** Posts a 来一局 card for the table in a chat channel of its server. */
  invite (tableId: string, channelId: string): Promise<null>
  /** One member's record in each game of the server (their member card). */
  ratings (serverId: string, uid: string): Promise<GameRecords>
}

/** The plaza calls sent through `send`. */
export function createPlazaApi (send: Requester = request): PlazaApi {
  const calls = callsOf<typeof PLAZA_CALLS, typeof PLAZA_CALL_SCHEMAS>(send, PLAZA_CALLS)
  const at = (tableId: string) => ({ table_id: tableId })
  return {
    lobby: channelId => calls.tables({ params: { channel_id: channelId } }),
    createTable: (channelId, body) => calls.createTable({ params: { channel_id: channelId }, body }),
    table: (tableId, invite) => calls.table({ params: at(tableId), ...(invite === undefined ? {} : { query: { invite } }) }),
    close: tableId => calls.closeTable({ params: at(tableId) }),
    sit: (tableId, seat, invite) => calls.sit({
      params: at(tableId),
      body: { ...(seat === undefined ? {} : { seat }), ...(invite === undefined ? {} : { invite }) },
    }),
    stand: (tableId, uid) => calls.stand({ params: { table_id: tableId, uid } }),
    ready: (tableId, ready) => calls.ready({ params: at(tableId), body: { ready } }),
    move: (tableId, move) => calls.move({ params: at(tableId), body: move }),
    rematch: tableId => calls.rematch({ params: at(tableId) }),
    invite: (tableId, channelId) => calls.invite({ params: at(tableId), body: { channel_id: channelId } }),
    ratings: (serverId, uid) => calls.ratings({ params: { server_id: serverId, uid } }),
  }
}
