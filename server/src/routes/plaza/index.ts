/**
 * The game plaza's HTTP side (SPEC §4 type 10, core/wire/plaza.ts; the live side is the
 * gateway's `table_watch` and the table's PLAZA_GAME_VIEW): the lobby, tables, seats, ready,
 * moves, rematch, invitations and the records. Every change goes through
 * server/src/plaza/service.ts (version-checked, published after it commits).
 *
 * Who may do what: anyone who may see the channel watches (the lobby, a table, its
 * watcher's view); a member sits (core/domain/plaza.ts seatRefusal: an ordinary user with
 * SendMessages in the channel — guests, bots, map accounts and members timed out watch only); an invite-only table seats only who names its code. A table's creator closes it
 * while it waits; a moderator — ManageMessages in the plaza's channel, the bit that removes
 * what others wrote there — closes any table and removes any player (a removal while playing
 * is that player's forfeit). A member opens at most PLAZA_TABLES_PER_MEMBER_MAX open tables in
 * a channel, a channel holds at most PLAZA_OPEN_TABLES_MAX.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { channelTypeHas } from '@core/domain/channel-types'
import { gameDefinition } from '@core/domain/games'
import { gamesOnOffer } from '@core/domain/games'
import { firstFreeSeat, seatRefusal, tableSeatCount, type PlazaSeatRefusal } from '@core/domain/plaza'
import { hasPermission, Permission } from '@core/domain/permissions'
import type { Channel, User } from '@core/wire/entities'
import {
  PLAZA_CALLS, PLAZA_CALL_SCHEMAS, PLAZA_LEADERBOARD_SIZE, PLAZA_OPEN_TABLES_MAX, PLAZA_TABLES_PER_MEMBER_MAX, PLAZA_TURN_SECONDS_DEFAULT, type GameRecord,
} from '@core/wire/plaza'
import type { AppContext, RouteOptions } from '../../context'
import type { GameRecordsTable, PlazaTablesTable } from '../../db/tables/plaza'
import type { Loaded } from '../../plaza/service'
import { ok } from '../../http/envelope'
import { route } from '../../http/route'
import { optionalUser, signedInUser } from '../../plugins/auth'
import { plazaRefused } from '../../plaza/refusals'
import { emptySeat, followGame, forfeitSeat, rematch, seatOf, startIfReady } from '../../plaza/tables'
import { accessTo, channelPermissions, requireChannelPermission, requireVisibleChannel } from '../../rules/access'

/** Tables a lobby lists. */
const LOBBY_SIZE = 100

/** The plaza channel a path names: one the caller may see (404 otherwise), a game plaza (400 otherwise). */
async function requirePlaza (ctx: AppContext, channelId: string, user: User | null): Promise<Channel> {
  const channel = await requireVisibleChannel(ctx, channelId, user)
  if (!channelTypeHas(channel.channel_type, 'carriesGame')) throw plazaRefused.notAPlaza(channelId)
  return channel
}

/** The table a path names, when the caller may see its channel (404 PLAZA_NO_TABLE otherwise, as for none; a closed table is none). */
async function requireTable (ctx: AppContext, tableId: string, user: User | null): Promise<Loaded> {
  const loaded = await ctx.plaza.load(tableId)
  if (!loaded || loaded.row.status === 'closed') throw plazaRefused.noTable(tableId)
  await requireChannelPermission(ctx, loaded.row, user, Permission.ViewChannel, plazaRefused.noTable(tableId))
  return loaded
}

/** What a member is told of each reason they may only watch (core/domain/plaza.ts seatRefusal). */
const WATCH_ONLY_WHY: Record<PlazaSeatRefusal, string> = {
  watch_only: 'guests, bots and map accounts watch only',
  not_member: 'join the server to play',
  cannot_send: 'no SendMessages in the channel (timed out, or a role takes it)',
}

/** 403 PLAZA_WATCH_ONLY unless `user` may take a seat in the plaza channel (core/domain/plaza.ts: an ordinary user, a member, SendMessages there — a timeout takes it). */
async function requireMaySit (ctx: AppContext, place: { server_id: string, channel_id: string }, user: User): Promise<void> {
  const access = await accessTo(ctx, place.server_id, user)
  const refusal = seatRefusal({ user, member: access.member !== null, permissions: await channelPermissions(ctx, access, place.channel_id) })
  if (refusal) throw plazaRefused.watchOnly(WATCH_ONLY_WHY[refusal])
}

/** Whether `user` moderates the table's channel (ManageMessages there). */
async function moderates (ctx: AppContext, row: PlazaTablesTable, user: User): Promise<boolean> {
  const access = await accessTo(ctx, row.server_id, user)
  return hasPermission(await channelPermissions(ctx, access, row.channel_id), Permission.ManageMessages)
}

/** Records as the wire lists them, with each member's name. */
async function recordsOf (ctx: AppContext, rows: readonly GameRecordsTable[]): Promise<GameRecord[]> {
  const users = await ctx.plaza.usersOf(rows.map(row => row.uid))
  return rows.map(row => ({
    game: row.game, uid: row.uid, nickname: users.get(row.uid)?.nickname ?? '', avatar: users.get(row.uid)?.avatar ?? '',
    wins: row.wins, losses: row.losses, draws: row.draws, rating: row.rating,
  }))
}

/** Registers the plaza routes. */
export default async function plazaRoutes (instance: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  const plaza = ctx.plaza

  route(fastify, PLAZA_CALLS.tables, PLAZA_CALL_SCHEMAS.tables, { schema: { summary: "A game plaza's lobby: the games on offer and its tables (open ones first, newest first)" } }, async request => {
    const channel = await requirePlaza(ctx, request.params.channel_id, await optionalUser(ctx, request))
    const rows = await ctx.repos.plaza.lobby(channel.channel_id, LOBBY_SIZE)
    return ok({ games: gamesOnOffer(), items: await plaza.tablesOf(rows) })
  })

  route(fastify, PLAZA_CALLS.createTable, PLAZA_CALL_SCHEMAS.createTable, { schema: { summary: 'Open a table (its creator takes seat 0; PLAZA_TABLES_PER_MEMBER_MAX per member, PLAZA_OPEN_TABLES_MAX per channel)' } }, async request => {
    const user = signedInUser(request)
    const channel = await requirePlaza(ctx, request.params.channel_id, user)
    await requireMaySit(ctx, channel, user)
    const body = request.body
    const definition = gameDefinition(body.game)
    const seats = tableSeatCount(body.game, body.seats)
    if (seats === null) throw plazaRefused.badSeats(definition.seats.min, definition.seats.max)
    if (await ctx.repos.plaza.openCount(channel.channel_id, user.uid) >= PLAZA_TABLES_PER_MEMBER_MAX) throw plazaRefused.tooManyTables()
    if (await ctx.repos.plaza.openCount(channel.channel_id) >= PLAZA_OPEN_TABLES_MAX) throw plazaRefused.channelFull()
    const loaded = await plaza.create(channel, user, definition, seats, body.access ?? 'open', body.turn_seconds ?? PLAZA_TURN_SECONDS_DEFAULT)
    return ok(await plaza.answerOf(loaded, user.uid))
  })

  route(fastify, PLAZA_CALLS.table, PLAZA_CALL_SCHEMAS.table, { schema: { summary: "A table and the caller's view of its game (their seat's, else a watcher's)" } }, async request => {
    const user = await optionalUser(ctx, request)
    const loaded = await requireTable(ctx, request.params.table_id, user)
    return ok(await plaza.answerOf(loaded, user?.uid ?? null))
  })

  route(fastify, PLAZA_CALLS.closeTable, PLAZA_CALL_SCHEMAS.closeTable, { schema: { summary: 'Close a table: its creator while it waits, a moderator (ManageMessages in its channel) any time' } }, async request => {
    const user = signedInUser(request)
    const { row } = await requireTable(ctx, request.params.table_id, user)
    const mayClose = (row.created_by === user.uid && row.status === 'waiting') || await moderates(ctx, row, user)
    if (!mayClose) throw plazaRefused.notAllowed('only its creator closes a waiting table; a moderator (ManageMessages) closes any')
    await plaza.change(row.table_id, draft => {
      if (draft.row.status === 'closed') return null
      draft.row.status = 'closed'
      draft.row.turn_deadline = null
      return {}
    })
    return ok(null)
  })

  route(fastify, PLAZA_CALLS.sit, PLAZA_CALL_SCHEMAS.sit, { schema: { summary: 'Take a seat (the first free one when none is named; an invite-only table needs its code)' } }, async request => {
    const user = signedInUser(request)
    const { row } = await requireTable(ctx, request.params.table_id, user)
    await requireMaySit(ctx, row, user)
    if (row.access === 'invite' && row.created_by !== user.uid && request.body.invite !== row.invite_code) throw plazaRefused.inviteRequired()
    const wanted = request.body.seat
    const { loaded } = await plaza.change(row.table_id, draft => {
      if (draft.row.status !== 'waiting') throw plazaRefused.wrongStatus(draft.row.status, 'waiting')
      if (seatOf(draft.seats, user.uid) >= 0) throw plazaRefused.alreadySeated()
      const seat = wanted ?? firstFreeSeat(draft.seats)
      if (seat === null) throw plazaRefused.full()
      if (seat >= draft.seats.length) throw plazaRefused.seatTaken(seat)
      if (draft.seats[seat].uid !== null) throw plazaRefused.seatTaken(seat)
      draft.seats[seat] = { ...emptySeat(), uid: user.uid }
      return {}
    })
    return ok(await plaza.answerOf(loaded, user.uid))
  })

  route(fastify, PLAZA_CALLS.stand, PLAZA_CALL_SCHEMAS.stand, { schema: { summary: "Leave one's seat (while playing: a forfeit); a moderator removes another player" } }, async request => {
    const user = signedInUser(request)
    const { row } = await requireTable(ctx, request.params.table_id, user)
    const uid = request.params.uid
    if (uid !== user.uid && !await moderates(ctx, row, user)) throw plazaRefused.notAllowed('only a moderator (ManageMessages) removes another player')
    const nowMs = plaza.nowMs()
    const { loaded } = await plaza.change(row.table_id, (draft, { definition }) => {
      const seat = seatOf(draft.seats, uid)
      if (seat < 0) throw plazaRefused.notSeated()
      if (draft.row.status === 'playing') return { ended: forfeitSeat(draft, definition, seat, nowMs) }
      draft.seats[seat] = emptySeat()
      // everyone left a waiting table: it is gone from the lobby
      if (draft.seats.every(taken => taken.uid === null)) draft.row.status = 'closed'
      return {}
    })
    return ok(await plaza.answerOf(loaded, user.uid))
  })

  route(fastify, PLAZA_CALLS.ready, PLAZA_CALL_SCHEMAS.ready, { schema: { summary: 'Say ready, or not; the game starts when every seat is taken and ready' } }, async request => {
    const user = signedInUser(request)
    const { row } = await requireTable(ctx, request.params.table_id, user)
    const nowMs = plaza.nowMs()
    const { loaded } = await plaza.change(row.table_id, (draft, { definition }) => {
      const seat = seatOf(draft.seats, user.uid)
      if (seat < 0) throw plazaRefused.notSeated()
      if (draft.row.status !== 'waiting') throw plazaRefused.wrongStatus(draft.row.status, 'waiting')
      if (draft.seats[seat].ready === request.body.ready) return null
      draft.seats[seat] = { ...draft.seats[seat], ready: request.body.ready }
      startIfReady(draft, definition, nowMs)
      return {}
    })
    return ok(await plaza.answerOf(loaded, user.uid))
  })

  route(fastify, PLAZA_CALLS.move, PLAZA_CALL_SCHEMAS.move, { schema: { summary: "Play a move on the table's version (idempotent by nonce on any process; refused with the game's reason)" } }, async request => {
    const user = signedInUser(request)
    const { row, definition } = await requireTable(ctx, request.params.table_id, user)
    const { nonce, version } = request.body
    // the same move sent again (to this process or another): it counted once, the table as it stands answers
    if (await ctx.repos.plaza.moveByNonce(row.table_id, nonce)) return ok(await plaza.answerOf({ row: (await ctx.plaza.load(row.table_id))?.row ?? row, definition }, user.uid))
    const move = definition.parseMove(request.body.move)
    const nowMs = plaza.nowMs()
    const { loaded } = await plaza.change(row.table_id, draft => {
      const seat = seatOf(draft.seats, user.uid)
      if (seat < 0) throw plazaRefused.notSeated()
      if (draft.row.status !== 'playing') throw plazaRefused.wrongStatus(draft.row.status, 'playing')
      if (move === null) throw plazaRefused.move('bad_move')
      const before = definition.toMove(draft.state)
      const outcome = definition.move(draft.state, seat, move)
      if (!outcome.ok) throw plazaRefused.move(outcome.reason)
      draft.state = outcome.state
      return {
        move: { table_id: draft.row.table_id, round: draft.row.round, seat, uid: user.uid, nonce, move: JSON.stringify(move), at: nowMs },
        ended: followGame(draft, definition, before, nowMs),
      }
    }, version)
    return ok(await plaza.answerOf(loaded, user.uid))
  })

  route(fastify, PLAZA_CALLS.rematch, PLAZA_CALL_SCHEMAS.rematch, { schema: { summary: 'After the end: the next game at the table, the seats turned by one, nobody ready' } }, async request => {
    const user = signedInUser(request)
    const { row } = await requireTable(ctx, request.params.table_id, user)
    const { loaded } = await plaza.change(row.table_id, draft => {
      if (seatOf(draft.seats, user.uid) < 0) throw plazaRefused.notSeated()
      if (draft.row.status !== 'ended') throw plazaRefused.wrongStatus(draft.row.status, 'ended')
      rematch(draft)
      return {}
    })
    return ok(await plaza.answerOf(loaded, user.uid))
  })

  route(fastify, PLAZA_CALLS.invite, PLAZA_CALL_SCHEMAS.invite, { schema: { summary: 'Invite to the table with a card (来一局) in a chat channel of its server the caller may write in' } }, async request => {
    const user = signedInUser(request)
    const loaded = await requireTable(ctx, request.params.table_id, user)
    const target = await ctx.repos.channels.get(request.body.channel_id)
    if (!target || target.server_id !== loaded.row.server_id) throw plazaRefused.notAChat(request.body.channel_id)
    await requireChannelPermission(ctx, target, user, Permission.SendMessages, plazaRefused.notAChat(request.body.channel_id))
    if (!channelTypeHas(target.channel_type, 'carriesChat')) throw plazaRefused.notAChat(target.channel_id)
    await requireMaySit(ctx, loaded.row, user)
    const card = await plaza.cardOf(loaded, 'game_invite')
    // only who may seat others at an invite-only table hands out its code: its creator
    if (loaded.row.created_by !== user.uid) delete card.invite
    await plaza.postCard(target, user.uid, card, '来一局')
    await ctx.repos.plaza.cardChannel(loaded.row.table_id, target.channel_id)
    return ok(null)
  })

  route(fastify, PLAZA_CALLS.leaderboard, PLAZA_CALL_SCHEMAS.leaderboard, { schema: { summary: "A server's leaderboard of one game (best rating first)" } }, async request => {
    await accessTo(ctx, request.params.server_id, await optionalUser(ctx, request))
    return ok({ items: await recordsOf(ctx, await ctx.repos.plaza.leaderboard(request.params.server_id, request.params.game, PLAZA_LEADERBOARD_SIZE)) })
  })

  route(fastify, PLAZA_CALLS.ratings, PLAZA_CALL_SCHEMAS.ratings, { schema: { summary: "One member's record in each game of the server" } }, async request => {
    await accessTo(ctx, request.params.server_id, await optionalUser(ctx, request))
    return ok({ items: await recordsOf(ctx, await ctx.repos.plaza.ratings(request.params.server_id, request.params.uid)) })
  })
}
