/**
 * Signing in with WeChat: inside WeChat's browser, the Official Account's web authorisation
 * (OAuth 2: snsapi_base silently, snsapi_userinfo when the member agrees to share nickname
 * and avatar), its `state` handed out here and checked once; in the mini-program,
 * `Taro.login`'s code through code2Session. Only the server exchanges a code: the Official
 * Account's with WX_APP_ID / WX_APP_SECRET, the mini-program's (another app) with
 * WX_MP_APP_ID / WX_MP_APP_SECRET. The same unionid is one account across both; an identity linked to one
 * account is never linked to another.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { randomBytes } from 'crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ACCOUNT_CALLS, ACCOUNT_CALL_SCHEMAS, type AccountSignInData } from '@core/wire/accounts'
import { cleanNameOf } from '@core/domain/names'
import { NICKNAME_MAX_LENGTH } from '@core/wire/api'
import type { User } from '@core/wire/entities'
import type { AppContext, RouteOptions } from '../../context'
import { httpError, spokenError, type ApiError } from '../../errors'
import { optionalUser } from '../../plugins/auth'
import { isGuest, type WechatApp } from '../../repositories/accounts'
import { code2Session, WechatError, WechatRefusal, webAuthorisation, webAuthorizeUrl, type WebAuthScope, type WechatApp as WechatAppConfig, type WechatIdentity } from '../../services/wechat'
import { provedAccount, requireMayAdd, requireMaySignIn, requireStepUp, signInOrUp } from '../../services/sign-in'
import { publicOrigin } from '../../plugins/public-url'
import { miniProgramApp } from '../../services/wechat-apps'
import { hasControlCharacters, ownersNameIn } from '../../rules/content'
import { ok } from '../../http/envelope'
import { route } from '../../http/route'

/** What a member is told when WeChat refused a code, by WeChat's documented error code. */
function refusalOf (error: WechatRefusal): ApiError {
  switch (error.code) {
    case 40029: return spokenError(400, { 'zh-CN': '微信登录凭证无效，请重试', en: `body.code: WeChat says the code is invalid (${error.code})` })
    case 40163: return spokenError(400, { 'zh-CN': '微信登录凭证已使用，请重试', en: `body.code: WeChat says the code was already used (${error.code})` })
    case 45011: return spokenError(429, { 'zh-CN': '微信登录过于频繁，请稍后再试', en: `WeChat limits sign-ins right now (${error.code}); try again in a minute` }, 60)
    default: return spokenError(400, { 'zh-CN': '微信拒绝了登录，请重试', en: `body.code: WeChat refused the code (${error.code})` })
  }
}

/** Runs a WeChat call, turning WeChat's refusals into 4xx and its silence into 502. */
async function askWechat<T> (request: FastifyRequest, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof WechatRefusal) throw refusalOf(error)
    if (error instanceof WechatError) {
      request.log.error({ err: error }, 'WeChat sign-in unavailable')
      throw httpError(502, 'WeChat did not answer, try again later')
    }
    throw error
  }
}

/**
 * Signs the caller in with a WeChat identity: a signed-in account links it (refused when
 * another account holds it); otherwise the identity's account, or a new one (a guest keeps
 * everything), with the profile the member agreed to share.
 */
async function signInWithWechat (ctx: AppContext, request: FastifyRequest, app: WechatApp, identity: WechatIdentity, profile: { nickname: string, avatar: string } | null): Promise<AccountSignInData> {
  const caller = await optionalUser(ctx, request)
  requireMayAdd(caller, 'wechat')
  const owner = await ctx.repos.accounts.wechatOwner(app, identity)
  const now = ctx.now()
  if (caller && !isGuest(caller)) {
    if (owner !== null && owner !== caller.uid) {
      throw spokenError(409, { 'zh-CN': '该微信已绑定其他账号', en: 'this WeChat is already linked to another account' })
    }
    // the account's own WeChat is a fresh proof of it; linking a new one needs that proof first
    if (owner === null) await requireStepUp(ctx, request, caller)
    await ctx.repos.accounts.linkWechat(caller.uid, app, identity, now)
    return provedAccount(ctx, request, caller)
  }
  // the same person (unionid) signing in from the other app gets this app's openid linked too
  if (owner !== null) {
    await requireMaySignIn(ctx, owner, 'wechat')
    await ctx.repos.accounts.linkWechat(owner, app, identity, now)
  }
  // read before the sign-up's transaction (it holds SQLite's one connection)
  const shared = owner === null && profile ? await sharedProfileOf(ctx, profile, caller) : null
  return signInOrUp(ctx, {
    owner, caller, userAgent: request.headers['user-agent'] ?? '', method: 'wechat',
    attach: async (trx, uid) => {
      await ctx.repos.accounts.linkWechat(uid, app, identity, now, trx)
      if (shared) await trx.updateTable('users').set(shared).where('uid', '=', uid).execute()
    },
  })
}

/**
 * What of the nickname and avatar a member shared from WeChat the new account takes, or null
 * for nothing: the nickname as every nickname is stored (core/domain/names.ts: bidi controls
 * and zero-width characters stripped, at most 32 characters, one line) and, SPEC §5, audited like the
 * member's own; a guest becoming an account keeps its servers, so a nickname that reads as
 * the owner's of one of them is not taken either (as PATCH /user/me refuses it). A nickname
 * that fails is not taken, the sign-in goes on; the avatar only over https.
 */
async function sharedProfileOf (ctx: AppContext, profile: { nickname: string, avatar: string }, caller: User | null): Promise<{ nickname?: string, avatar?: string } | null> {
  const nickname = Array.from(cleanNameOf(profile.nickname)).slice(0, NICKNAME_MAX_LENGTH).join('').trim()
  const avatar = /^https:\/\/\S+$/.test(profile.avatar) ? profile.avatar : ''
  if (nickname === '' || hasControlCharacters(nickname) || ctx.auditor.check({ nickname, avatar: avatar || undefined }) !== null) return null
  const serverIds = caller && isGuest(caller) ? await ctx.repos.members.serverIdsOf(caller.uid) : []
  if (await ownersNameIn(ctx, caller?.uid ?? '', nickname, serverIds) !== null) return null
  return avatar === '' ? { nickname } : { nickname, avatar }
}

/** Registers the /auth/wechat routes. */
export default async function wechatSignInRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const signUpLimit = { rateLimit: { max: ctx.config.limits.guestSignupsPerMinute, timeWindow: 60_000 } }

  /** The Official Account: WeChat's browser signs in with its web authorisation. */
  function wechatApp (): WechatAppConfig {
    const { appId, appSecret, apiBase } = ctx.config.wechat
    if (appSecret === null) throw httpError(503, 'WeChat sign-in is not configured on this server (WX_APP_ID, WX_APP_SECRET)')
    return { appId, appSecret, apiBase }
  }

  route(app, ACCOUNT_CALLS.wechatWebStart, ACCOUNT_CALL_SCHEMAS.wechatWebStart, { config: signUpLimit, schema: { summary: "Where WeChat's browser goes to authorise, with a fresh state" } }, async request => {
    const { appId } = wechatApp()
    const { origin } = publicOrigin(ctx.config.publicUrl, request)
    let redirect: URL
    try {
      redirect = new URL(request.body.redirect_uri, origin)
    } catch {
      throw httpError(400, 'body.redirect_uri: not a URL')
    }
    if (redirect.origin !== origin) throw httpError(400, `body.redirect_uri: must be a page of ${origin}`)
    const caller = await optionalUser(ctx, request)
    const state = randomBytes(16).toString('base64url')
    await ctx.repos.accounts.saveChallenge(state, 'wechat-web', { uid: caller?.uid ?? null, detail: request.body.scope }, ctx.now())
    return ok({ url: webAuthorizeUrl(appId, redirect.href, request.body.scope, state), state })
  })

  route(app, ACCOUNT_CALLS.wechatWeb, ACCOUNT_CALL_SCHEMAS.wechatWeb, { config: signUpLimit, schema: { summary: "Sign in with WeChat's web authorisation code (exchanged by the server) and the state it came back with" } }, async request => {
    const wechat = wechatApp()
    const handed = await ctx.repos.accounts.takeChallenge(request.body.state, 'wechat-web', ctx.now())
    const caller = await optionalUser(ctx, request)
    if (!handed || handed.uid !== (caller?.uid ?? null)) {
      throw spokenError(400, { 'zh-CN': '微信授权已失效，请重新登录', en: 'body.state: unknown, already used, expired or started by another session; start again' })
    }
    const scope = handed.detail as WebAuthScope
    const authorised = await askWechat(request, () => webAuthorisation(wechat, request.body.code, scope))
    return ok(await signInWithWechat(ctx, request, 'web', authorised, authorised.profile))
  })

  route(app, ACCOUNT_CALLS.wechatMiniProgram, ACCOUNT_CALL_SCHEMAS.wechatMiniProgram, { config: signUpLimit, schema: { summary: "Sign in with the mini-program's Taro.login code (code2Session)" } }, async request => {
    const identity = await askWechat(request, () => code2Session(miniProgramApp(ctx), request.body.code))
    const answer = await signInWithWechat(ctx, request, 'mini-program', identity, null)
    // the live reminders' subscribe messages go to this openid (as POST /login_third/wx_session keeps it)
    await ctx.repos.users.bindWechatOpenid(answer.user.uid, identity.openid, ctx.now())
    return ok(answer)
  })
}
