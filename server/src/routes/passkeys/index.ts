/**
 * Passkeys (WebAuthn, @simplewebauthn/server): sign up or add a passkey, sign in with one,
 * and list, rename and remove them. The relying party is this server's public origin
 * (PUBLIC_URL; the request's own origin when unset, in development), user verification is
 * preferred, every challenge answers once within 5 minutes, and the signature counter of
 * each sign-in must move past the stored one (a cloned authenticator's does not).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse, type AuthenticationResponseJSON, type RegistrationResponseJSON } from '@simplewebauthn/server'
import { randomBytes } from 'crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ACCOUNT_CALLS, ACCOUNT_CALL_SCHEMAS } from '@core/wire/accounts'
import type { RouteOptions } from '../../context'
import { notFound, spokenError } from '../../errors'
import { optionalUser, signedInUser } from '../../plugins/auth'
import { publicOrigin } from '../../plugins/public-url'
import { isGuest, type ChallengePurpose } from '../../repositories/accounts'
import { absentBodyAsEmpty } from '../../rules/content'
import { provedAccount, requireMayAdd, requireMaySignIn, requireStepUp, signInOrUp, signInTo, stillSignedIn } from '../../services/sign-in'
import { ok } from '../../http/envelope'
import { route } from '../../http/route'

/** The relying party of a request: the public origin and its host name. */
function relyingParty (publicUrl: string | null, request: FastifyRequest): { origin: string, rpID: string } {
  const origin = publicOrigin(publicUrl, request)
  return { origin: origin.origin, rpID: origin.hostname }
}

/** The challenge a WebAuthn answer signed, from its client data (null when unreadable). */
function challengeOf (clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown }
    return typeof data.challenge === 'string' ? data.challenge : null
  } catch {
    return null
  }
}

const refused = (en: string, zh: string) => spokenError(400, { 'zh-CN': zh, en })

/** Registers the /auth/passkeys routes. */
export default async function passkeysRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()
  const passkeys = ctx.repos.passkeys
  const signUpLimit = { rateLimit: { max: ctx.config.limits.guestSignupsPerMinute, timeWindow: 60_000 } }

  /** Takes the challenge an answer signed; refuses one that was never handed out, is used or expired. */
  async function takeChallenge (clientDataJSON: string, purpose: Exclude<ChallengePurpose, 'wechat-web'>): Promise<{ challenge: string, uid: string | null }> {
    const challenge = challengeOf(clientDataJSON)
    const taken = challenge === null ? undefined : await ctx.repos.accounts.takeChallenge(challenge, purpose, ctx.now())
    if (challenge === null || !taken) throw refused('body.credential: the challenge is unknown, already answered or expired; start again', '验证已失效，请重试')
    return { challenge, uid: taken.uid }
  }

  route(app, ACCOUNT_CALLS.passkeyRegisterOptions, ACCOUNT_CALL_SCHEMAS.passkeyRegisterOptions, { config: signUpLimit, preValidation: absentBodyAsEmpty, schema: { summary: 'WebAuthn creation options: a signed-in account adds a passkey, a guest or nobody signs up' } }, async request => {
    const caller = await optionalUser(ctx, request)
    requireMayAdd(caller, 'passkey')
    const account = caller && !isGuest(caller) ? caller : null
    if (account) await requireStepUp(ctx, request, account)
    const { rpID } = relyingParty(ctx.config.publicUrl, request)
    const existing = account ? await passkeys.list(account.uid) : []
    const options = await generateRegistrationOptions({
      rpName: 'OpenRealm',
      rpID,
      userName: account?.nickname ?? caller?.nickname ?? 'OpenRealm',
      userID: account ? Buffer.from(account.uid) : randomBytes(16),
      attestationType: 'none',
      excludeCredentials: existing.map(key => ({ id: key.credential_id })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    })
    await ctx.repos.accounts.saveChallenge(options.challenge, 'register', { uid: account?.uid ?? null, detail: '' }, ctx.now())
    return ok({ options: options as unknown as Record<string, unknown> })
  })

  route(app, ACCOUNT_CALLS.passkeyRegister, ACCOUNT_CALL_SCHEMAS.passkeyRegister, { config: signUpLimit, schema: { summary: 'Store a new passkey: signs up (a guest keeps everything) or adds it to the signed-in account' } }, async request => {
    const caller = await optionalUser(ctx, request)
    requireMayAdd(caller, 'passkey')
    const credential = request.body.credential as unknown as RegistrationResponseJSON
    const { challenge, uid: registeringUid } = await takeChallenge(credential.response.clientDataJSON, 'register')
    const account = caller && !isGuest(caller) ? caller : null
    if (account) await requireStepUp(ctx, request, account)
    if ((account?.uid ?? null) !== registeringUid) throw refused('body.credential: these options were made for another account; start again', '验证已失效，请重试')
    const { origin, rpID } = relyingParty(ctx.config.publicUrl, request)
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>
    try {
      verification = await verifyRegistrationResponse({ response: credential, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: false })
    } catch (error) {
      throw refused(`body.credential: ${(error as Error).message}`, '通行密钥验证失败')
    }
    if (!verification.verified) throw refused('body.credential: the passkey could not be verified', '通行密钥验证失败')
    const key = verification.registrationInfo.credential
    if (await passkeys.find(key.id)) throw spokenError(409, { 'zh-CN': '该通行密钥已登记', en: 'body.credential: this passkey is already registered' })
    const now = ctx.now()
    const row = {
      credential_id: key.id, public_key: Buffer.from(key.publicKey).toString('base64url'), counter: key.counter,
      transports: JSON.stringify(key.transports ?? []), name: request.body.name ?? '通行密钥', created_at: now, last_used_at: now,
    }
    if (account) {
      await passkeys.add({ ...row, uid: account.uid })
      return ok(stillSignedIn(request, account))
    }
    return ok(await signInOrUp(ctx, { owner: null, caller, userAgent: request.headers['user-agent'] ?? '', method: 'passkey', attach: (trx, uid) => passkeys.add({ ...row, uid }, trx) }))
  })

  route(app, ACCOUNT_CALLS.passkeySignInOptions, ACCOUNT_CALL_SCHEMAS.passkeySignInOptions, { config: signUpLimit, preValidation: absentBodyAsEmpty, schema: { summary: 'WebAuthn request options for signing in with a passkey of this site' } }, async request => {
    const { rpID } = relyingParty(ctx.config.publicUrl, request)
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' })
    await ctx.repos.accounts.saveChallenge(options.challenge, 'sign-in', { uid: null, detail: '' }, ctx.now())
    return ok({ options: options as unknown as Record<string, unknown> })
  })

  route(app, ACCOUNT_CALLS.passkeySignIn, ACCOUNT_CALL_SCHEMAS.passkeySignIn, { config: signUpLimit, schema: { summary: "Sign in with a passkey's signed answer: a fresh session of its account" } }, async request => {
    const credential = request.body.credential as unknown as AuthenticationResponseJSON
    const { challenge } = await takeChallenge(credential.response.clientDataJSON, 'sign-in')
    const key = await passkeys.find(credential.id)
    if (!key) throw refused('body.credential: no account has this passkey', '该通行密钥未登记')
    const { origin, rpID } = relyingParty(ctx.config.publicUrl, request)
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
    try {
      verification = await verifyAuthenticationResponse({
        response: credential, expectedChallenge: challenge, expectedOrigin: origin, expectedRPID: rpID, requireUserVerification: false,
        credential: { id: key.credential_id, publicKey: Buffer.from(key.public_key, 'base64url'), counter: key.counter, transports: JSON.parse(key.transports) as never },
      })
    } catch (error) {
      throw refused(`body.credential: ${(error as Error).message}`, '通行密钥验证失败')
    }
    if (!verification.verified) throw refused('body.credential: the signature does not match the passkey', '通行密钥验证失败')
    await requireMaySignIn(ctx, key.uid, 'passkey')
    const caller = await optionalUser(ctx, request)
    // the account's own passkey, from one of its sessions: a fresh proof of the account, the session goes on
    const answer = caller && caller.uid === key.uid ? await provedAccount(ctx, request, caller) : await signInTo(ctx, key.uid, 'passkey', request.headers['user-agent'] ?? '')
    await passkeys.recordUse(key.credential_id, verification.authenticationInfo.newCounter, ctx.now())
    return ok(answer)
  })

  route(app, ACCOUNT_CALLS.passkeys, ACCOUNT_CALL_SCHEMAS.passkeys, { schema: { summary: "The caller's passkeys" } }, async request => ok({ list: await passkeys.list(signedInUser(request).uid) }))

  route(app, ACCOUNT_CALLS.renamePasskey, ACCOUNT_CALL_SCHEMAS.renamePasskey, { schema: { summary: 'Rename one of your passkeys' } }, async request => {
    if (!await passkeys.rename(signedInUser(request).uid, request.params.credential_id, request.body.name.trim())) throw notFound('path.credential_id: you have no such passkey')
    return ok({ done: true })
  })

  route(app, ACCOUNT_CALLS.deletePasskey, ACCOUNT_CALL_SCHEMAS.deletePasskey, { schema: { summary: 'Remove one of your passkeys (never your last way in)' } }, async request => {
    const removal = await passkeys.remove(signedInUser(request).uid, request.params.credential_id)
    if (removal === 'missing') throw notFound('path.credential_id: you have no such passkey')
    if (removal === 'last') {
      throw spokenError(409, { 'zh-CN': '这是你唯一的登录方式，请先添加邮箱或其他通行密钥再删除', en: 'path.credential_id: this passkey is your last way to sign in; add an e-mail address or another passkey first' })
    }
    return ok({ done: true })
  })
}
