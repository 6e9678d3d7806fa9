/**
 * WeChat's server API as this server uses it: the JS-SDK configuration (SPEC §7 GET
 * /login_third/wxconf) — the page signature and where its jsapi_ticket comes from (with an
 * app id and secret configured it is fetched from WeChat, cgi-bin/token then
 * cgi-bin/ticket/getticket, and cached until shortly before it expires; otherwise the
 * configured development ticket is used) — and, for the live reminders, the
 * mini-program's sign-in code exchanged for the member's openid (sns/jscode2session) and
 * the access token the subscribe message is sent with; and signing in: the
 * mini-program's code2Session and the Official Account's web authorisation (OAuth 2).
 * Every call goes to WX_API_BASE.
 */
import { createHash, randomBytes } from 'crypto'
import type { WxConfData } from '@core/wire/api'
import type { WechatConfig } from '../config'

/** The inputs of WeChat's JS-SDK signature. */
export interface SignatureInput {
  ticket: string
  nonceStr: string
  /** Unix seconds. */
  timestamp: number
  /** The page URL; its #fragment is dropped before signing. */
  url: string
}

/** A source of jsapi tickets. */
export interface TicketSource {
  ticket (): Promise<string>
}

/** WeChat answered with an error or not at all. */
export class WechatError extends Error {
  constructor (message: string) {
    super(message)
    this.name = 'WechatError'
  }
}

/** The page URL as WeChat signs it: everything before the first '#'. */
export function urlForSignature (url: string): string {
  const hash = url.indexOf('#')
  return hash < 0 ? url : url.slice(0, hash)
}

/** WeChat's JS-SDK signature: SHA-1 hex of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`. */
export function jsapiSignature (input: SignatureInput): string {
  const text = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${urlForSignature(input.url)}`
  return createHash('sha1').update(text).digest('hex')
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A random 16-character nonce from letters and digits. */
export function createNonce (): string {
  return Array.from(randomBytes(16), byte => NONCE_ALPHABET[byte % NONCE_ALPHABET.length]).join('')
}

/** Seconds before WeChat's stated expiry when a cached ticket is already renewed. */
export const RENEW_MARGIN_SECONDS = 300

/** What WeChat answers (each call uses some of the fields). */
export interface WechatAnswer {
  errcode?: number
  errmsg?: string
  access_token?: string
  ticket?: string
  expires_in?: number
  openid?: string
  unionid?: string
  scope?: string
  nickname?: string
  headimgurl?: string
}

/** WeChat answered with an error code (the call reached it; `code` says why it refused). */
export class WechatRefusal extends WechatError {
  constructor (readonly code: number, message: string) {
    super(message)
    this.name = 'WechatRefusal'
  }
}

/**
 * Calls WeChat at `url` (GET, or POST with a JSON `body`); resolves its answer. Throws
 * WechatRefusal when it answers an errcode, WechatError when it does not answer.
 */
export async function callWechat (url: string, fetchImpl: typeof fetch, body?: unknown): Promise<WechatAnswer> {
  let answer: WechatAnswer
  try {
    const init: RequestInit = body === undefined
      ? { signal: AbortSignal.timeout(10_000) }
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(10_000) }
    const response = await fetchImpl(url, init)
    answer = await response.json() as WechatAnswer
  } catch (error) {
    throw new WechatError(`WeChat did not answer: ${(error as Error).message}`)
  }
  if (answer.errcode) throw new WechatRefusal(answer.errcode, `WeChat refused: ${answer.errcode} ${answer.errmsg ?? ''}`.trim())
  return answer
}

/** The app's credentials and where WeChat answers. */
export interface WechatApp {
  appId: string
  appSecret: string
  apiBase: string
}

/** A fresh access token of the app (cgi-bin/token) and its lifetime in seconds. */
export async function requestAccessToken (app: WechatApp, fetchImpl: typeof fetch): Promise<{ token: string, expiresIn: number }> {
  const url = `${app.apiBase}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(app.appId)}&secret=${encodeURIComponent(app.appSecret)}`
  const answer = await callWechat(url, fetchImpl)
  if (!answer.access_token) throw new WechatError('WeChat sent no access_token')
  return { token: answer.access_token, expiresIn: answer.expires_in ?? 7200 }
}

/** errcodes meaning the access token expired or is not valid: fetch a new one and try once more. */
const STALE_TOKEN_CODES = new Set([40001, 42001, 40014])

/** WeChat's `thing` keyword of a subscribe message holds at most 20 characters. */
const THING_MAX_LENGTH = 20

/** `text` as a subscribe message's `thing` keyword: its first 20 characters. */
export function thingValue (text: string): string {
  return Array.from(text).slice(0, THING_MAX_LENGTH).join('')
}

/** Sends one subscribe message (its touser, template_id, page and data); throws as {@link callWechat} does. */
export type SubscribeSend = (message: object) => Promise<void>

/**
 * The one way this server sends the mini-program's subscribe messages
 * (cgi-bin/message/subscribe/send): live reminders and the mentions and direct messages of
 * members who are away. The app's access token is cached until
 * RENEW_MARGIN_SECONDS before it expires (`now` in unix seconds), and fetched again once
 * when WeChat says it went stale.
 */
export function createSubscribeSender (app: WechatApp, now: () => number, fetchImpl: typeof fetch = fetch): SubscribeSend {
  let token: { value: string, renewAt: number } | null = null

  async function accessToken (): Promise<string> {
    if (token && now() < token.renewAt) return token.value
    const fresh = await requestAccessToken(app, fetchImpl)
    token = { value: fresh.token, renewAt: now() + Math.max(0, fresh.expiresIn - RENEW_MARGIN_SECONDS) }
    return fresh.token
  }

  return async message => {
    const url = async (): Promise<string> => `${app.apiBase}/cgi-bin/message/subscribe/send?access_token=${encodeURIComponent(await accessToken())}`
    try {
      await callWechat(await url(), fetchImpl, message)
    } catch (error) {
      if (!(error instanceof WechatRefusal) || !STALE_TOKEN_CODES.has(error.code)) throw error
      token = null
      await callWechat(await url(), fetchImpl, message)
    }
  }
}

/** Who WeChat says signed in: the app's openid and, when the app belongs to an Open Platform account, the unionid. */
export interface WechatIdentity {
  openid: string
  unionid: string | null
}

/** The identity of the member whose mini-program sign-in code (`Taro.login`) is `code` (sns/jscode2session, code2Session). */
export async function code2Session (app: WechatApp, code: string, fetchImpl: typeof fetch = fetch): Promise<WechatIdentity> {
  const url = `${app.apiBase}/sns/jscode2session?appid=${encodeURIComponent(app.appId)}&secret=${encodeURIComponent(app.appSecret)}&js_code=${encodeURIComponent(code)}&grant_type=authorization_code`
  const answer = await callWechat(url, fetchImpl)
  if (!answer.openid) throw new WechatError('WeChat sent no openid')
  return { openid: answer.openid, unionid: answer.unionid ?? null }
}

/** The openid of the member whose mini-program sign-in code is `code`. */
export async function openidOfCode (app: WechatApp, code: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  return (await code2Session(app, code, fetchImpl)).openid
}

/** The scopes of WeChat's web authorisation: silent (openid only), or with the member's consent to share nickname and avatar. */
export type WebAuthScope = 'snsapi_base' | 'snsapi_userinfo'

/** Where WeChat's browser is sent to authorise (open.weixin.qq.com's connect/oauth2/authorize); it comes back to `redirectUri` with `code` and `state`. */
export function webAuthorizeUrl (appId: string, redirectUri: string, scope: WebAuthScope, state: string): string {
  return `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${encodeURIComponent(appId)}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=${scope}&state=${encodeURIComponent(state)}#wechat_redirect`
}

/** A web authorisation's identity, and with snsapi_userinfo the nickname and avatar the member agreed to share. */
export interface WebAuthorisation extends WechatIdentity {
  profile: { nickname: string, avatar: string } | null
}

/**
 * Exchanges a web authorisation `code` (sns/oauth2/access_token) and, for snsapi_userinfo,
 * reads the member's nickname and avatar (sns/userinfo). Only the server holds the secret.
 */
export async function webAuthorisation (app: WechatApp, code: string, scope: WebAuthScope, fetchImpl: typeof fetch = fetch): Promise<WebAuthorisation> {
  const tokenUrl = `${app.apiBase}/sns/oauth2/access_token?appid=${encodeURIComponent(app.appId)}&secret=${encodeURIComponent(app.appSecret)}&code=${encodeURIComponent(code)}&grant_type=authorization_code`
  const token = await callWechat(tokenUrl, fetchImpl)
  if (!token.openid || !token.access_token) throw new WechatError('WeChat sent no openid or access_token')
  if (scope !== 'snsapi_userinfo') return { openid: token.openid, unionid: token.unionid ?? null, profile: null }
  const info = await callWechat(`${app.apiBase}/sns/userinfo?access_token=${encodeURIComponent(token.access_token)}&openid=${encodeURIComponent(token.openid)}&lang=zh_CN`, fetchImpl)
  return { openid: token.openid, unionid: info.unionid ?? token.unionid ?? null, profile: { nickname: info.nickname ?? '', avatar: info.headimgurl ?? '' } }
}

/**
 * A ticket source that asks WeChat for an access token and then a jsapi ticket, caches
 * the ticket until RENEW_MARGIN_SECONDS before it expires, and lets concurrent callers
 * share one fetch.
 */
export function fetchedTicketSource (config: WechatApp, fetchImpl: typeof fetch = fetch, now: () => number = Date.now): TicketSource {
  let cached: { ticket: string, renewAt: number } | null = null
  let pending: Promise<string> | null = null
  async function fetchTicket (): Promise<string> {
    const { token } = await requestAccessToken(config, fetchImpl)
    const ticketUrl = `${config.apiBase}/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token)}&type=jsapi`
    const answer = await callWechat(ticketUrl, fetchImpl)
    if (!answer.ticket) throw new WechatError('WeChat sent no ticket')
    const lifetime = Math.max(0, (answer.expires_in ?? 7200) - RENEW_MARGIN_SECONDS)
    cached = { ticket: answer.ticket, renewAt: now() + lifetime * 1000 }
    return answer.ticket
  }
  return {
    async ticket () {
      if (cached && now() < cached.renewAt) return cached.ticket
      pending ??= fetchTicket().finally(() => { pending = null })
      return pending
    },
  }
}

/** The ticket source the configuration asks for: fetched from WeChat when an app secret is set, else the fixed ticket. */
export function ticketSourceFor (config: Pick<WechatConfig, 'appId' | 'appSecret' | 'jsapiTicket' | 'apiBase'>, fetchImpl: typeof fetch = fetch): TicketSource {
  if (config.appSecret !== null) {
    return fetchedTicketSource({ appId: config.appId, appSecret: config.appSecret, apiBase: config.apiBase }, fetchImpl)
  }
  return { ticket: async () => config.jsapiTicket }
}

/** The JS-SDK configuration of a page URL, signed now with a fresh nonce. */
export async function wxConfigFor (url: string, appId: string, source: TicketSource): Promise<WxConfData> {
  const ticket = await source.ticket()
  const nonceStr = createNonce()
  const timestamp = Math.floor(Date.now() / 1000)
  return { appId, nonceStr, timestamp, signature: jsapiSignature({ ticket, nonceStr, timestamp, url }) }
}
