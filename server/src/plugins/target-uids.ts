/**
 * Target uids: a guest who signs up gets a new uid (SPEC §3: `B_` marks a guest), and its
 * old uid keeps naming the account (`uid_aliases`, repositories/accounts.ts). One app-wide
 * hook resolves every uid a request names as its target — the path's `:uid` (ban, kick,
 * timeout, role, block, a space member…), the body's `uid` / `uids` (direct and group
 * conversations) and a `target_id` whose `target_type` is `member` (a report of a member, a
 * channel override for one) — to the account it names now, before any handler reads it; so every
 * write acts on the account, and none writes a row naming a uid that is gone. A uid nobody
 * has stays as it is, for the route to refuse (404).
 */
import type { FastifyInstance } from 'fastify'
import { identityKindOf } from '@core/domain/identity'
import type { AppContext } from '../context'

/** The account `uid` names now: only a guest's uid can be an alias, so no other uid is looked up. */
async function accountOf (ctx: AppContext, uid: string): Promise<string> {
  if (identityKindOf({ uid }) !== 'guest') return uid
  return await ctx.repos.accounts.resolve(uid) ?? uid
}

/** `holder` with its uid field `key` (a uid, or a list of uids) resolved to the accounts they name now. */
async function resolveField (ctx: AppContext, holder: unknown, key: 'uid' | 'uids' | 'target_id'): Promise<void> {
  if (typeof holder !== 'object' || holder === null || !(key in holder)) return
  const fields = holder as Record<string, unknown>
  const value = fields[key]
  if (typeof value === 'string') fields[key] = await accountOf(ctx, value)
  else if (Array.isArray(value) && value.every(item => typeof item === 'string')) fields[key] = await Promise.all(value.map(uid => accountOf(ctx, uid)))
}

/** True when `holder` names a member as `target_type: 'member'` and `target_id` (a report, a channel override). */
function namesMember (holder: unknown): boolean {
  return typeof holder === 'object' && holder !== null && (holder as Record<string, unknown>).target_type === 'member'
}

/** Resolves the target uids of every request `fastify` answers, after validation and before the handler. */
export function installTargetUids (fastify: FastifyInstance, ctx: AppContext): void {
  fastify.addHook('preHandler', async request => {
    await resolveField(ctx, request.params, 'uid')
    await resolveField(ctx, request.body, 'uid')
    await resolveField(ctx, request.body, 'uids')
    for (const holder of [request.params, request.body]) if (namesMember(holder)) await resolveField(ctx, holder, 'target_id')
  })
}
