/**
 * WeChat JS-SDK configuration (SPEC §7 GET /login_third/wxconf): the page signature and
 * where its jsapi_ticket comes from. With an app id and secret configured the ticket is
 * fetched from WeChat (cgi-bin/token, then cgi-bin/ticket/getticket) and cached until
 * shortly before it expires; otherwise the configured (development) ticket is used.
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
const RENEW_MARGIN_SECONDS = 300

interface WechatAnswer {
  errcode?: number
  errmsg?: string
  access_token?: string
  ticket?: string
  expires_in?: number
}

async function callWechat (url: string, fetchImpl: typeof fetch): Promise<WechatAnswer> {
  let answer: WechatAnswer
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) })
    answer = await response.json() as WechatAnswer
  } catch (error) {
    throw new WechatError(`WeChat did not answer: ${(error as Error).message}`)
  }
  if (answer.errcode) throw new WechatError(`WeChat refused: ${answer.errcode} ${answer.errmsg ?? ''}`.trim())
  return answer
}

/**
 * A ticket source that asks WeChat for an access token and then a jsapi ticket, caches
 * the ticket until RENEW_MARGIN_SECONDS before it expires, and lets concurrent callers
 * share one fetch.
 */
export function fetchedTicketSource (config: { appId: string, appSecret: string, apiBase: string }, fetchImpl: typeof fetch = fetch, now: () => number = Date.now): TicketSource {
  let cached: { ticket: string, renewAt: number } | null = null
  let pending: Promise<string> | null = null
  async function fetchTicket (): Promise<string> {
    const tokenUrl = `${config.apiBase}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(config.appId)}&secret=${encodeURIComponent(config.appSecret)}`
    const token = await callWechat(tokenUrl, fetchImpl)
    if (!token.access_token) throw new WechatError('WeChat sent no access_token')
    const ticketUrl = `${config.apiBase}/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token.access_token)}&type=jsapi`
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
export function ticketSourceFor (config: WechatConfig, fetchImpl: typeof fetch = fetch): TicketSource {
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
