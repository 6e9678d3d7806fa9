/**
 * Signing in to an account, whichever way in proves it (an e-mail code, a passkey,
 * WeChat, a development link): which kind of account may hold and use which way in
 * (core/domain/identity.ts SIGN_IN_METHODS_BY_KIND), signing in or up (a guest who signs
 * up becomes the account), the fresh proof before adding a way in, closing the sockets
 * of ended sessions on every gateway, and how often e-mail codes go out and are checked.
 */
import type { FastifyRequest } from 'fastify'
import type { AccountSignInData } from '@core/wire/accounts'
import { ACCOUNT_CODES } from '@core/wire/accounts-paths'
import type { User } from '@core/wire/entities'
import { identityKindOf, mayHoldSignIn, type SignInMethod } from '@core/domain/identity'
import type { SessionRevokedEvent } from '@core/wire/trust'
import type { AppContext } from '../context'
import { ApiError, spokenError } from '../errors'
import { bearerToken, optionalSignedIn } from '../plugins/auth'
import { isGuest, type AccountSession, type SignInMethodWriter } from '../repositories/accounts'

/** Codes one address may be sent per hour from all requesters together (a mailbox is not a target to flood). */
export const EMAIL_CODES_PER_ADDRESS_PER_HOUR = 10

/**
 * Codes one requester — a client IP (RATE_LIMIT_ALLOW addresses exempt) — may have sent to
 * one address per hour: a stranger cannot spend the address's hourly codes alone, so the
 * owner, asking from their own device, still gets a fresh code that stands.
 */
export const EMAIL_CODES_PER_REQUESTER_PER_ADDRESS_PER_HOUR = 3

/**
 * Codes one requester — a client IP (RATE_LIMIT_ALLOW addresses exempt), and a signed-in
 * caller from any IP — may check per hour, right or wrong. Counted before the code is
 * touched: a requester past it is refused without taking a try from the address's code,
 * so a stranger can burn at most a few of an owner's codes, and the owner's fresh code
 * (which starts its tries again) stands.
 */
export const EMAIL_CHECKS_PER_REQUESTER_PER_HOUR = 10

/** What a bot, a map account or a guest is told when it would hold a way in its kind may not (SIGN_IN_METHODS_BY_KIND). */
const NOT_FOR_THIS_KIND = { 'zh-CN': '此类账号不能使用这种登录方式', en: 'this kind of account cannot hold this way to sign in: a bot or map account signs in with its token only' }

/**
 * Refuses (403) a signed-in caller adding `method` when its kind may not hold it
 * (core/domain/identity.ts SIGN_IN_METHODS_BY_KIND: a bot or a map account has its token
 * only). A guest, or nobody, signs up instead: the new account is an ordinary user.
 */
export function requireMayAdd (caller: User | null, method: SignInMethod): void {
  if (caller && !isGuest(caller) && !mayHoldSignIn(identityKindOf(caller), method)) throw spokenError(403, NOT_FOR_THIS_KIND)
}

/**
 * Refuses (403) signing in to the account `uid` with `method` when its kind may not hold
 * that method: a passkey, address or WeChat identity left on a bot or map account from
 * before opens nothing.
 */
export async function requireMaySignIn (ctx: AppContext, uid: string, method: SignInMethod): Promise<void> {
  const account = await ctx.repos.users.get(uid)
  if (!account || !mayHoldSignIn(identityKindOf(account), method)) throw spokenError(403, NOT_FOR_THIS_KIND)
}

/** A fresh session of the account `uid`, signed in with `method` (see {@link requireMaySignIn}). */
export async function signInTo (ctx: AppContext, uid: string, method: SignInMethod, userAgent: string): Promise<AccountSession> {
  await requireMaySignIn(ctx, uid, method)
  return ctx.repos.accounts.openSession(uid, ctx.now(), userAgent)
}

/**
 * Signs `caller` (a guest, or nobody) in to the account `owner` with `method`, or signs
 * them up with `attach` when there is none; a guest who signs up becomes the account.
 * Tells the gateway to close an upgraded guest's sockets once committed.
 */
export async function signInOrUp (ctx: AppContext, input: { owner: string | null, caller: User | null, userAgent: string, method: SignInMethod, attach: SignInMethodWriter }): Promise<AccountSession> {
  const { owner, caller, userAgent, method, attach } = input
  if (owner !== null) return signInTo(ctx, owner, method, userAgent)
  const guestUid = caller && isGuest(caller) ? caller.uid : null
  const session = await ctx.repos.accounts.signUp({ nowSeconds: ctx.now(), userAgent, guestUid, attach })
  // the guest's token no longer opens anything: every gateway closes its sockets
  if (session.upgraded_from !== null) await closeSockets(ctx, session.upgraded_from, null)
  return session
}

/** What a session is told when it must prove the account before adding a way in. */
const STEP_UP_FIRST = {
  'zh-CN': '为确认是你本人，请先用已有的登录方式验证（邮箱验证码、通行密钥或微信）',
  en: 'prove it is you first: within 5 minutes before adding a way in, sign in again from this session with one the account holds (a code to its address, its passkey or its WeChat)',
}

/**
 * Refuses (403, STEP_UP_REQUIRED) a session adding a way in to `account` unless it proved
 * the account within STEP_UP_SECONDS — signed in again, while signed in, with a way in the
 * account holds — so a stolen session cannot add one that outlives signing out
 * everywhere. An account with no way in yet has nothing to prove with and adds its first.
 */
export async function requireStepUp (ctx: AppContext, request: FastifyRequest, account: User): Promise<void> {
  if (await ctx.repos.accounts.waysIn(account.uid) === 0) return
  const sessionId = (await optionalSignedIn(ctx, request))?.session_id ?? null
  if (sessionId !== null && await ctx.repos.accounts.hasStepUp(sessionId, account.uid, ctx.now())) return
  throw new ApiError(403, ACCOUNT_CODES.STEP_UP_REQUIRED, STEP_UP_FIRST.en, STEP_UP_FIRST)
}

/** The answer to a signed-in account that signed in again with its own way in: the session goes on, with a step-up proof (see {@link requireStepUp}). */
export async function provedAccount (ctx: AppContext, request: FastifyRequest, account: User): Promise<AccountSignInData> {
  const sessionId = (await optionalSignedIn(ctx, request))?.session_id ?? null
  if (sessionId !== null) await ctx.repos.accounts.recordStepUp(sessionId, account.uid, ctx.now())
  return stillSignedIn(request, account)
}

/** The answer to a signed-in account that added a way in: the session it came with goes on. */
export function stillSignedIn (request: FastifyRequest, account: User): AccountSignInData {
  return { token: bearerToken(request.headers.authorization) ?? '', user: account, created: false, upgraded_from: null }
}

/** Tells every gateway to close the sockets of `uid`'s ended sessions (all of them when `sessionIds` is null). */
export async function closeSockets (ctx: AppContext, uid: string, sessionIds: string[] | null): Promise<void> {
  const event: SessionRevokedEvent = { uid, session_ids: sessionIds, reason: 'revoked' }
  await ctx.bus.publish('SESSION_REVOKED', { server_id: '', uid }, event)
}
