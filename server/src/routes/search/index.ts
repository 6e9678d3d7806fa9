/**
 * Search (docs/product-tour.md "Search syntax"): a server's messages, posts and comments the caller may
 * read (the channels history would show them, rules/access.ts visibleChannels), newest
 * first with the match ranges, paged by a cursor bound to the query; and its members by
 * nickname (pinyin initials too: "zs" finds 张三). The start-up indexing of older rows
 * runs in the background from here (server/src/search/backfill.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { pinyin } from 'pinyin-pro'
import type { User } from '@core/wire/entities'
import type { Member } from '@core/wire/members'
import { MEMBER_SEARCH_LIMIT, SEARCH_CALLS, SEARCH_CALL_SCHEMAS } from '@core/wire/search'
import type { AppContext, RouteOptions } from '../../context'
import { optionalUser } from '../../plugins/auth'
import { toUser } from '../../repositories/users'
import { membersWithState } from '../../services/member-view'
import { startBackfill, type Backfill } from '../../search/backfill'
import { createIndexReader } from '../../search/reader'
import { searchServer } from '../../search/search'
import { foldText } from '../../search/text'
import { accessTo, visibleChannels } from '../../rules/access'
import { ok } from '../../http/envelope'
import { route } from '../../http/route'

/** Members whose pinyin initials are compared: the first this many by join order (a bonus, never a scan of a huge server). */
export const PINYIN_CANDIDATES_MAX = 1000

/** The pinyin initials of a nickname, lower case ("张三" → "zs"; latin letters stay). */
function initialsOf (nickname: string): string {
  return pinyin(nickname, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .join('').toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** How well `user` matches the folded query: 0 exact, 1 prefix, 2 inside, 3 pinyin initials, null not at all. */
function memberRank (user: User, folded: string): number | null {
  const name = foldText(user.nickname).text
  if (name === folded || user.uid === folded) return 0
  if (name.startsWith(folded)) return 1
  if (name.includes(folded)) return 2
  if (/^[a-z]+$/.test(folded) && initialsOf(user.nickname).startsWith(folded)) return 3
  return null
}

/** Members of `serverId` matching `q` by nickname, uid or pinyin initials, best first (with presence, roles and timeout, as the list shows them). */
async function findMembers (ctx: AppContext, serverId: string, q: string): Promise<Member[]> {
  const folded = foldText(q.trim()).text
  if (folded === '') return []
  const pattern = `%${q.trim().replace(/[\\%_]/g, character => `\\${character}`)}%`
  const base = ctx.db.selectFrom('server_members').innerJoin('users', 'users.uid', 'server_members.uid').selectAll('users').select('server_members.joined_at as member_joined_at')
    .where('server_members.server_id', '=', serverId)
  const named = await base.where(eb => eb.or([
    eb('users.uid', '=', q.trim()),
    sql<boolean>`lower(users.nickname) like lower(${pattern}) escape '\\'`,
  ])).limit(PINYIN_CANDIDATES_MAX).execute()
  const byInitials = /^[a-z]+$/.test(folded)
    ? await base.orderBy('server_members.joined_at').orderBy('server_members.uid').limit(PINYIN_CANDIDATES_MAX).execute()
    : []
  const ranked = new Map<string, { user: User, joined_at: number, rank: number }>()
  for (const row of [...named, ...byInitials]) {
    const user = toUser(row)
    const rank = memberRank(user, folded)
    if (rank !== null && !ranked.has(user.uid)) ranked.set(user.uid, { user, joined_at: Number(row.member_joined_at), rank })
  }
  const best = [...ranked.values()].sort((a, b) => a.rank - b.rank || a.user.nickname.localeCompare(b.user.nickname)).slice(0, MEMBER_SEARCH_LIMIT)
  return membersWithState(ctx, serverId, best)
}

/** Registers the search routes and starts indexing older rows in the background. */
export default async function searchRoutes (instance: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()
  // once the app is ready, so start-up (and the segmenter's dictionary load) never delays it
  let backfill: Backfill | null = null
  fastify.addHook('onReady', async () => { backfill = startBackfill(ctx.db, fastify.log) })
  // the index lookups: on SQLite a worker thread, so a search never holds the other requests
  const index = createIndexReader(ctx.db)
  fastify.addHook('onClose', async () => { await Promise.all([backfill?.stop(), index.close()]) })

  route(fastify, SEARCH_CALLS.search, SEARCH_CALL_SCHEMAS.search, { schema: { summary: 'Search the messages, posts and comments of a server the caller may read (newest first, match ranges, cursor-paged)' } }, async request => {
    const serverId = request.params.server_id
    const access = await accessTo(ctx, serverId, await optionalUser(ctx, request))
    // the same rule as history: a training or hidden channel is searched only by whom it shows to
    const readable = await visibleChannels(ctx, access, await ctx.repos.channels.listByServer(serverId))
    return ok(await searchServer(ctx.db, index, { serverId, readable, q: request.query.q, cursor: request.query.cursor }))
  })

  route(fastify, SEARCH_CALLS.members, SEARCH_CALL_SCHEMAS.members, { schema: { summary: 'Members of a server by nickname, uid or pinyin initials (best first)' } }, async request => {
    const serverId = request.params.server_id
    await accessTo(ctx, serverId, null)
    return ok({ items: await findMembers(ctx, serverId, request.query.q) })
  })
}
