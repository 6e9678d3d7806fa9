/**
 * A fake WeChat API on loopback for the ticket and live-reminder tests, knowing two apps —
 * the Official Account and the mini-program (the same one unless told): cgi-bin/token
 * checks an app's id and secret, cgi-bin/ticket/getticket and cgi-bin/message/subscribe/send
 * check the access token, sns/jscode2session takes the mini-program's id and secret only and
 * turns `code-X` into the openid `openid-X` (unionid `union-X`; `code-X_2` is another code of
 * X) once and answers 40163 when a code comes again, the web authorisation's sns/oauth2/access_token turns `web-X` into
 * the openid `oa-openid-X` (unionid `union-X`; `web-X_2` is another code of X), with the
 * Official Account's id and secret only, once and answers 40163 when a code comes again, sns/userinfo answers the nickname 微信用户X (or the one `nicknames` sets for X); `busy` codes answer 45011 (WeChat's
 * rate limit), unknown ones 40029. Every call is counted so caching can be asserted.
 */
import { createServer, type Server } from 'http'
import type { AddressInfo } from 'net'

/** A running fake WeChat. */
export interface FakeWechat {
  /** e.g. http://127.0.0.1:41234 */
  base: string
  /** Paths called, in order. */
  calls: string[]
  /** The ticket it hands out (changes with `rotate`). */
  ticket: string
  /** Makes the next getticket answer a new ticket. */
  rotate (): void
  /** Makes getticket answer WeChat's error 40001 from now on. */
  failTickets (): void
  /** The subscribe messages taken, in order (their JSON bodies). */
  messages: Array<Record<string, unknown>>
  /** Openids whose subscribe messages are refused with 43101 (the member withdrew the subscription). */
  refusedOpenids: Set<string>
  /** While true, subscribe/send drops the connection without an answer. */
  unreachable: boolean
  /** The nickname sns/userinfo shares for member X (`web-X`), instead of 微信用户X. */
  nicknames: Map<string, string>
  close (): Promise<void>
}

/** Starts a fake WeChat accepting the Official Account `appId` / `secret` and the mini-program `miniProgram` (the same unless given), its tickets living `expiresIn` seconds. */
export async function startFakeWechat (appId: string, secret: string, expiresIn = 7200, miniProgram = { appId, secret }): Promise<FakeWechat> {
  let generation = 1
  let failing = false
  const usedWebCodes = new Set<string>()
  const usedMiniProgramCodes = new Set<string>()
  const isApp = (url: URL, app: { appId: string, secret: string }) => url.searchParams.get('appid') === app.appId && url.searchParams.get('secret') === app.secret
  const state = { calls: [] as string[], ticket: 'fake-ticket-1', messages: [] as Array<Record<string, unknown>>, refusedOpenids: new Set<string>(), unreachable: false, nicknames: new Map<string, string>() }
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    state.calls.push(url.pathname)
    const send = (body: object) => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(body))
    }
    if (url.pathname === '/cgi-bin/token') {
      if (url.searchParams.get('grant_type') !== 'client_credential' || !(isApp(url, { appId, secret }) || isApp(url, miniProgram))) {
        send({ errcode: 40125, errmsg: 'invalid appsecret' })
        return
      }
      send({ access_token: `token-${generation}`, expires_in: 7200 })
      return
    }
    if (url.pathname === '/cgi-bin/ticket/getticket') {
      if (failing || url.searchParams.get('access_token') !== `token-${generation}` || url.searchParams.get('type') !== 'jsapi') {
        send({ errcode: 40001, errmsg: 'invalid credential' })
        return
      }
      send({ errcode: 0, errmsg: 'ok', ticket: state.ticket, expires_in: expiresIn })
      return
    }
    if (url.pathname === '/sns/jscode2session') {
      const code = url.searchParams.get('js_code') ?? ''
      if (code.includes('busy')) {
        send({ errcode: 45011, errmsg: 'api minute-quota reach limit' })
        return
      }
      if (!isApp(url, miniProgram) || url.searchParams.get('grant_type') !== 'authorization_code' || !code.startsWith('code-')) {
        send({ errcode: 40029, errmsg: 'invalid code' })
        return
      }
      if (usedMiniProgramCodes.has(code)) {
        send({ errcode: 40163, errmsg: 'code been used' })
        return
      }
      usedMiniProgramCodes.add(code)
      const who = code.slice('code-'.length).split('_')[0]
      send({ openid: `openid-${who}`, unionid: `union-${who}`, session_key: 'fake-session-key' })
      return
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      const code = url.searchParams.get('code') ?? ''
      if (code.includes('busy')) {
        send({ errcode: 45011, errmsg: 'api minute-quota reach limit' })
        return
      }
      if (!isApp(url, { appId, secret }) || url.searchParams.get('grant_type') !== 'authorization_code' || !code.startsWith('web-')) {
        send({ errcode: 40029, errmsg: 'invalid code' })
        return
      }
      if (usedWebCodes.has(code)) {
        send({ errcode: 40163, errmsg: 'code been used' })
        return
      }
      usedWebCodes.add(code)
      const who = code.slice('web-'.length).split('_')[0] // web-amy and web-amy_2 are two codes of one member
      send({ access_token: `web-token-${who}`, expires_in: 7200, refresh_token: 'r', openid: `oa-openid-${who}`, scope: 'snsapi_userinfo', unionid: `union-${who}` })
      return
    }
    if (url.pathname === '/sns/userinfo') {
      const who = (url.searchParams.get('access_token') ?? '').replace(/^web-token-/, '')
      if (url.searchParams.get('openid') !== `oa-openid-${who}`) {
        send({ errcode: 40003, errmsg: 'invalid openid' })
        return
      }
      send({ openid: `oa-openid-${who}`, nickname: state.nicknames.get(who) ?? `微信用户${who}`, sex: 0, headimgurl: `https://thirdwx.qlogo.cn/${who}.png`, unionid: `union-${who}` })
      return
    }
    if (url.pathname === '/cgi-bin/message/subscribe/send' && request.method === 'POST') {
      if (state.unreachable) {
        request.socket.destroy()
        return
      }
      let text = ''
      request.on('data', chunk => { text += String(chunk) })
      request.on('end', () => {
        if (url.searchParams.get('access_token') !== `token-${generation}`) {
          send({ errcode: 40001, errmsg: 'invalid credential' })
          return
        }
        const message = JSON.parse(text) as Record<string, unknown>
        if (state.refusedOpenids.has(String(message.touser))) {
          send({ errcode: 43101, errmsg: 'user refuse to accept the msg' })
          return
        }
        state.messages.push(message)
        send({ errcode: 0, errmsg: 'ok', msgid: state.messages.length })
      })
      return
    }
    response.statusCode = 404
    response.end()
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    get calls () { return state.calls },
    get ticket () { return state.ticket },
    rotate () {
      generation += 1
      state.ticket = `fake-ticket-${generation}`
    },
    failTickets () { failing = true },
    get messages () { return state.messages },
    get refusedOpenids () { return state.refusedOpenids },
    get nicknames () { return state.nicknames },
    get unreachable () { return state.unreachable },
    set unreachable (value: boolean) { state.unreachable = value },
    close: () => new Promise(resolve => server.close(() => resolve())),
  }
}
