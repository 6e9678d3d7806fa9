/**
 * A fake WeChat API on loopback for the ticket tests: cgi-bin/token checks the app id
 * and secret, cgi-bin/ticket/getticket checks the access token, and every call is
 * counted so caching can be asserted.
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
  close (): Promise<void>
}

/** Starts a fake WeChat accepting `appId` / `secret`, its tickets living `expiresIn` seconds. */
export async function startFakeWechat (appId: string, secret: string, expiresIn = 7200): Promise<FakeWechat> {
  let generation = 1
  let failing = false
  const state = { calls: [] as string[], ticket: 'fake-ticket-1' }
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    state.calls.push(url.pathname)
    const send = (body: object) => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(body))
    }
    if (url.pathname === '/cgi-bin/token') {
      if (url.searchParams.get('grant_type') !== 'client_credential' || url.searchParams.get('appid') !== appId || url.searchParams.get('secret') !== secret) {
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
    close: () => new Promise(resolve => server.close(() => resolve())),
  }
}
