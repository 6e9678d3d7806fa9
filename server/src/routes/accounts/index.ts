/**
 * Signing in as an account (beyond the guest token of /auth/guest): the e-mail one-time
 * code. Starting answers the same whether or not the address has an account; the code is
 * six digits, lasts 10 minutes and survives 5 wrong tries, and is compared in constant
 * time. Codes are limited per address and, like guest sign-ups, per client IP; so are the
 * checks, and each requester (IP, signed-in caller) has its own budget of checks. A guest
 * who signs up keeps everything it had (repositories/accounts.ts); its guest token ends,
 * and SESSION_REVOKED closes the sockets it opened on every process.
 * And the account's own routes: its sign-in methods, sign out everywhere, export my data
 * and delete my account (repositories/account-data.ts), which close every socket too.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ACCOUNT_CALLS, ACCOUNT_CALL_SCHEMAS } from '@core/wire/accounts'
import type { User } from '@core/wire/entities'
import type { RouteOptions } from '../../context'
import { httpError, spokenError } from '../../errors'
import { optionalUser, signedInUser } from '../../plugins/auth'
import { EMAIL_CODE_LIFETIME_SECONDS, isGuest, type EmailCodeVerdict, type SignInMethodWriter } from '../../repositories/accounts'
import { createCodeMailer } from '../../services/mailer'
import {
  closeSockets, EMAIL_CHECKS_PER_REQUESTER_PER_HOUR, EMAIL_CODES_PER_ADDRESS_PER_HOUR, EMAIL_CODES_PER_REQUESTER_PER_ADDRESS_PER_HOUR, provedAccount, requireMayAdd, requireStepUp, signInOrUp, stillSignedIn,
} from '../../services/sign-in'
import { absentBodyAsEmpty, hasControlCharacters, ownFileKey } from '../../rules/content'
import { ok } from '../../http/envelope'
import { route } from '../../http/route'

const HOUR_MS = 3600_000

/** An address as it is stored and compared: trimmed and lower-cased; null when it is no address. */
export function normalEmail (value: string): string | null {
  const email = value.trim().toLowerCase()
  return /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email) && !hasControlCharacters(email) ? email : null
}

/** What a refused e-mail code is told, in the member's language. */
const CODE_REFUSALS: Record<Exclude<EmailCodeVerdict, 'ok'>, { 'zh-CN': string, en: string }> = {
  none: { 'zh-CN': '验证码无效或已过期，请重新获取', en: 'body.code: no live code for this address (a code lasts 10 minutes and works once); ask for a new one' },
  wrong: { 'zh-CN': '验证码不正确', en: 'body.code: the code is wrong' },
  spent: { 'zh-CN': '验证码错误次数过多，请重新获取', en: 'body.code: too many wrong tries; ask for a new code' },
}

/** Registers /auth/email/*, /auth/sign-out-everywhere and /account/*. */
export default async function accountsRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const signUpLimit = { rateLimit: { max: ctx.config.limits.guestSignupsPerMinute, timeWindow: 60_000 } }
  const mailer = createCodeMailer(ctx.config.email, fastify.log)
  fastify.addHook('onClose', async () => { mailer.close() })

  function emailOf (value: string): string {
    if (!ctx.config.email.signIn) throw httpError(404, 'e-mail sign-in is off on this server (EMAIL_SIGNIN=off)')
    const email = normalEmail(value)
    if (email === null) throw spokenError(400, { 'zh-CN': '邮箱地址格式不正确', en: 'body.email: not an e-mail address' })
    return email
  }

  /** Counts one code check of the requester (its IP, and the signed-in caller); 429 past EMAIL_CHECKS_PER_REQUESTER_PER_HOUR. */
  async function requireCheckBudget (request: FastifyRequest, caller: User | null): Promise<void> {
    const requesters = [
      ...ctx.config.rateLimit.allowList.includes(request.ip) ? [] : [`ip ${request.ip}`],
      ...caller ? [`uid ${caller.uid}`] : [],
    ]
    for (const requester of requesters) {
      const checked = await ctx.limits.hit(`email-check ${requester}`, HOUR_MS)
      if (checked.count > EMAIL_CHECKS_PER_REQUESTER_PER_HOUR) {
        throw spokenError(429, { 'zh-CN': '验证码尝试次数过多，请稍后再试', en: `body.code: at most ${EMAIL_CHECKS_PER_REQUESTER_PER_HOUR} codes an hour may be checked from one device or account; try again later` }, checked.resetMs / 1000)
      }
    }
  }

  route(app, ACCOUNT_CALLS.emailStart, ACCOUNT_CALL_SCHEMAS.emailStart, { config: signUpLimit, schema: { summary: 'Send a one-time sign-in code to an e-mail address (the same answer whether or not it has an account)' } }, async request => {
    const email = emailOf(request.body.email)
    if (!ctx.config.rateLimit.allowList.includes(request.ip)) {
      const asked = await ctx.limits.hit(`email-code ${email} ip ${request.ip}`, HOUR_MS)
      if (asked.count > EMAIL_CODES_PER_REQUESTER_PER_ADDRESS_PER_HOUR) {
        throw spokenError(429, { 'zh-CN': '验证码发送过于频繁，请稍后再试', en: `body.email: at most ${EMAIL_CODES_PER_REQUESTER_PER_ADDRESS_PER_HOUR} codes an hour go to one address from one device; try again later` }, asked.resetMs / 1000)
      }
    }
    const sent = await ctx.limits.hit(`email-code ${email}`, HOUR_MS)
    if (sent.count > EMAIL_CODES_PER_ADDRESS_PER_HOUR) {
      throw spokenError(429, { 'zh-CN': '验证码发送过于频繁，请稍后再试', en: `body.email: at most ${EMAIL_CODES_PER_ADDRESS_PER_HOUR} codes an hour go to one address; try again later` }, sent.resetMs / 1000)
    }
    const code = await ctx.repos.accounts.issueEmailCode(email, ctx.now())
    try {
      await mailer.sendSignInCode(email, code, EMAIL_CODE_LIFETIME_SECONDS / 60)
    } catch (error) {
      request.log.error({ err: error }, 'the sign-in code mail was not sent')
      throw httpError(502, 'the mail server did not take the code; try again later')
    }
    return ok({ sent: true })
  })

  route(app, ACCOUNT_CALLS.emailVerify, ACCOUNT_CALL_SCHEMAS.emailVerify, { config: signUpLimit, schema: { summary: 'Sign in (or up) with an e-mail code; a signed-in guest keeps everything, a signed-in account adds the address' } }, async request => {
    const email = emailOf(request.body.email)
    const caller = await optionalUser(ctx, request)
    requireMayAdd(caller, 'email')
    const adding = caller && !isGuest(caller) ? caller : null
    // a signed-in account adding or replacing its address proves itself first (its own address is that proof)
    if (adding && await ctx.repos.accounts.uidOfEmail(email) !== adding.uid) await requireStepUp(ctx, request, adding)
    await requireCheckBudget(request, caller)
    const verdict = await ctx.repos.accounts.useEmailCode(email, request.body.code, ctx.now())
    if (verdict !== 'ok') throw spokenError(400, CODE_REFUSALS[verdict])
    const owner = await ctx.repos.accounts.uidOfEmail(email)
    const userAgent = request.headers['user-agent'] ?? ''
    if (adding && adding.uid === owner) return ok(await provedAccount(ctx, request, adding))
    if (adding) {
      // a signed-in account adds the address as a way in
      if (!await ctx.repos.accounts.addEmail(adding.uid, email, ctx.now())) {
        throw spokenError(409, { 'zh-CN': '该邮箱已绑定其他账号', en: 'body.email: this address signs in to another account' })
      }
      return ok(stillSignedIn(request, adding))
    }
    const attach: SignInMethodWriter = async (trx, uid) => { await trx.insertInto('account_emails').values({ uid, email, verified_at: ctx.now() }).execute() }
    return ok(await signInOrUp(ctx, { owner, caller, userAgent, method: 'email', attach }))
  })
  route(app, ACCOUNT_CALLS.account, ACCOUNT_CALL_SCHEMAS.account, { schema: { summary: "The caller's sign-in methods" } }, async request => ok(await ctx.repos.accountData.signInMethods(signedInUser(request).uid)))

  route(app, ACCOUNT_CALLS.signOutEverywhere, ACCOUNT_CALL_SCHEMAS.signOutEverywhere, { preValidation: absentBodyAsEmpty, schema: { summary: 'End every session of your account, on every device' } }, async request => {
    const { uid } = signedInUser(request)
    if (!request.currentSessionId) throw httpError(400, 'authorization: a bot token is revoked by the server owner, not signed out')
    await ctx.repos.accountData.endAllSessions(uid)
    await closeSockets(ctx, uid, null)
    return ok({ done: true })
  })

  route(app, ACCOUNT_CALLS.exportData, ACCOUNT_CALL_SCHEMAS.exportData, { schema: { summary: 'Your data as one JSON document: profile, memberships, messages, posts, comments' } }, async (request, reply) => {
    const { uid } = signedInUser(request)
    void reply.header('content-disposition', `attachment; filename="openrealm-${uid}.json"`)
    return ok(await ctx.repos.accountData.exportData(uid, ctx.now()))
  })

  route(app, ACCOUNT_CALLS.deleteAccount, ACCOUNT_CALL_SCHEMAS.deleteAccount, { schema: { summary: 'Delete your account: profile and sign-in methods erased, sessions closed, content kept as 已注销用户 or removed' } }, async request => {
    const user = signedInUser(request)
    if (!request.currentSessionId) throw httpError(400, 'authorization: a bot account is removed by its server owner')
    const deletion = await ctx.repos.accountData.deleteAccount(user.uid, request.body.content === 'remove', ownFileKey(ctx, request, user.avatar))
    if (!deletion.deleted) {
      throw spokenError(409, { 'zh-CN': '你仍是服务器的所有者，请先转让或解散服务器', en: `you own server ${deletion.ownedServers.join(', ')}; hand it over or delete it first` })
    }
    for (const key of deletion.discardedFiles) await ctx.files.discardContent(key)
    await closeSockets(ctx, user.uid, null)
    return ok({ done: true })
  })
}
