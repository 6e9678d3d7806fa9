/**
 * A seeded test app listening on loopback for gateway tests: started before the file's
 * tests, the sockets a test opened closed after it, stopped after them all.
 */
import type { AddressInfo } from 'net'
import type { AppOptions } from '../../src/app'
import { signInAsGuest, startTestApp, type TestApp } from '../helper'
import { identified, type GatewayTestClient } from './client'

/** A signed-in test account. */
export interface TestAccount {
  headers: Record<string, string>
  uid: string
  token: string
}

/** The running app of a test file (read its fields inside tests: they are set before the first). */
export interface ListeningApp {
  readonly test: TestApp
  readonly baseUrl: string
  /** Identifies on the gateway with `token`; the socket is closed after the test. */
  session (token: string): Promise<GatewayTestClient>
  /** A fresh guest account that joined `serverId`. */
  guestMember (serverId: string): Promise<TestAccount>
}

/** Registers the file's app with `env` (and `options`, e.g. a bus the test publishes on). */
export function listeningApp (env: Record<string, string>, options: Omit<AppOptions, 'config'> = {}): ListeningApp {
  const open: GatewayTestClient[] = []
  let started: TestApp | null = null
  let baseUrl = ''
  const app: ListeningApp = {
    get test () {
      if (!started) throw new Error('the app starts in beforeAll: use it inside a test')
      return started
    },
    get baseUrl () { return baseUrl },
    async session (token) {
      const { client } = await identified(app.baseUrl, token)
      open.push(client)
      return client
    },
    async guestMember (serverId) {
      const guest = await signInAsGuest(app.test)
      const joined = await app.test.inject({ method: 'POST', url: `/servers/${serverId}/members/me`, headers: guest.headers })
      if (joined.statusCode !== 200) throw new Error(`joining ${serverId}: ${joined.statusCode} ${joined.body}`)
      return guest
    },
  }
  beforeAll(async () => {
    started = await startTestApp(env, options)
    await started.app.listen({ port: 0, host: '127.0.0.1' })
    baseUrl = `http://127.0.0.1:${(started.app.server.address() as AddressInfo).port}`
  })
  afterEach(() => {
    for (const client of open.splice(0)) client.close()
  })
  afterAll(async () => { await started?.close() })
  return app
}
