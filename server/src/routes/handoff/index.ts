/**
 * Hand-off codes (docs/voice.md): WeChat's mini-program runtime has no WebRTC, so a voice
 * channel opened there shows the H5 voice page in a `web-view`, which shares neither the
 * mini-program's storage nor its session. The mini-program asks POST /auth/handoff for a
 * code and opens the page with `?handoff=<code>`; the page redeems it (POST
 * /auth/handoff/redeem) and is signed in as the same member, in a session of its own
 * (listed among the member's devices, ended by sign-out-everywhere). The session token
 * itself never travels in a URL.
 *
 * A code is 256 random bits, kept only as its SHA-256 (a stolen table signs nobody in),
 * works once and for VOICE_HANDOFF_TTL_SECONDS; an unknown, used or expired code is refused
 * with one and the same envelope. Redeeming is limited per client IP like every other
 * sign-in attempt (GUEST_SIGNUPS_PER_MINUTE).
 */
import { randomBytes } from 'crypto'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { ACCOUNT_CALLS, ACCOUNT_CALL_SCHEMAS } from '@core/wire/accounts'
import { VOICE_HANDOFF_TTL_SECONDS } from '@core/wire/voice-codes'
import type { RouteOptions } from '../../context'
import { httpError, spokenError } from '../../errors'
import { signedInUser } from '../../plugins/auth'
import { challengeKeyOfSecret } from '../../repositories/accounts'
import { ok } from '../../http/envelope'
import { route } from '../../http/route'

/** Random bytes in a hand-off code: 256 bits. */
const HANDOFF_CODE_BYTES = 32

/** What every code that does not sign in is told: unknown, used and expired alike. */
const NO_LIVE_CODE = {
  'zh-CN': '登录码无效或已过期，请从小程序重新打开',
  en: `body.code: no live hand-off code (a code works once, within ${VOICE_HANDOFF_TTL_SECONDS} seconds); open the page from the mini-program again`,
}

/** Registers POST /auth/handoff and POST /auth/handoff/redeem. */
export default async function handoffRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  route(app, ACCOUNT_CALLS.handoff, ACCOUNT_CALL_SCHEMAS.handoff, {
    schema: { summary: `A single-use code that signs the caller in once elsewhere, within ${VOICE_HANDOFF_TTL_SECONDS} seconds (the mini-program's web-view)` },
  }, async request => {
    const { uid } = signedInUser(request)
    if (!request.currentSessionId) throw httpError(400, 'authorization: a bot signs in with its token, not a hand-off code')
    const code = randomBytes(HANDOFF_CODE_BYTES).toString('base64url')
    await ctx.repos.accounts.saveChallenge(challengeKeyOfSecret(code), 'handoff', { uid, detail: '' }, ctx.now(), VOICE_HANDOFF_TTL_SECONDS)
    return ok({ code, expires_in: VOICE_HANDOFF_TTL_SECONDS })
  })

  route(app, ACCOUNT_CALLS.handoffRedeem, ACCOUNT_CALL_SCHEMAS.handoffRedeem, {
    config: { rateLimit: { max: ctx.config.limits.guestSignupsPerMinute, timeWindow: 60_000 } },
    schema: { summary: 'Sign in once with a hand-off code, as the member who asked for it' },
  }, async request => {
    const handed = await ctx.repos.accounts.takeChallenge(challengeKeyOfSecret(request.body.code), 'handoff', ctx.now())
    // the account may have been deleted since the code was issued: that code signs nobody in either
    if (!handed?.uid || !await ctx.repos.users.get(handed.uid)) throw spokenError(400, NO_LIVE_CODE)
    return ok(await ctx.repos.accounts.openSession(handed.uid, ctx.now(), request.headers['user-agent'] ?? ''))
  })
}
