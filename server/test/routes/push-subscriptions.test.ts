/**
 * PUT /push/subscription keeps only an endpoint the server may request: https on a public
 * host (services/public-address.ts). Every refused form answers a 400 told in the member's
 * language and writes nothing; a member keeps at most PUSH_SUBSCRIPTIONS_PER_ACCOUNT
 * subscriptions, one more dropping their oldest. Names resolve through the app's resolver
 * seam to made-up addresses: nothing is asked of a DNS server, nothing is connected to.
 */
import type { PushSubscriptionState } from '@core/wire/notifications'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { PUSH_ENDPOINT_MAX_LENGTH, PUSH_SUBSCRIPTIONS_PER_ACCOUNT } from '../../src/services/away-notifications'
import type { Resolve } from '../../src/services/public-address'
import { envelope, signInAsGuest, startTestApp, type TestApp } from '../helper'

/** What each test host resolves to: one public name, the rest private or reserved. */
const NAMES: Record<string, string[]> = {
  'push.example': ['93.184.215.14'],
  'intranet.example': ['10.20.30.40'],
  'metadata.example': ['169.254.169.254'],
  'rebind.example': ['93.184.215.14', '127.0.0.1'],
  'ula.example': ['fd00:ec2::254'],
}
const resolveHost: Resolve = async host => NAMES[host] ?? []

/** The app's clock: each subscription is kept a second after the one before. */
let clock = 1_800_000_000
let test: TestApp
let db: Db
beforeAll(async () => {
  test = await startTestApp({}, { now: () => clock, resolveHost })
  db = (await openDatabase(test.config)).db
})
afterAll(async () => {
  await db.destroy()
  await test.close()
})

const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' }
let counter = 0

async function put (headers: Record<string, string>, endpoint: string): Promise<ReturnType<typeof test.inject>> {
  clock += 1
  return test.inject({ method: 'PUT', url: '/push/subscription', headers, payload: { endpoint, expirationTime: null, keys: KEYS } })
}

const keptOf = async (uid: string): Promise<string[]> =>
  (await db.selectFrom('push_subscriptions').select('endpoint').where('uid', '=', uid).orderBy('created_at').execute()).map(row => row.endpoint)

describe('PUT /push/subscription', () => {
  it.each([
    ['http, not https', 'http://push.example/wpush/a'],
    ['a port other than 443', 'https://push.example:8443/wpush/a'],
    ['a user name and password', 'https://admin:secret@push.example/wpush/a'],
    ['an IPv4 literal', 'https://10.0.0.1/wpush/a'],
    ['a hexadecimal IPv4 spelling of loopback', 'https://0x7f.1/wpush/a'],
    ['a decimal IPv4 spelling of loopback', 'https://2130706433/wpush/a'],
    ['an IPv4-mapped IPv6 literal', 'https://[::ffff:127.0.0.1]/wpush/a'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data/'],
    ['a single-label name', 'https://localhost/wpush/a'],
    ['a name resolving to a private address', 'https://intranet.example/wpush/a'],
    ['a name resolving to the metadata address', 'https://metadata.example/wpush/a'],
    ['a name with one public and one loopback address', 'https://rebind.example/wpush/a'],
    ['a name resolving to the IPv6 metadata address', 'https://ula.example/wpush/a'],
    ['a name that does not resolve', 'https://nowhere.example/wpush/a'],
    ['an endpoint over the length limit', `https://push.example/${'a'.repeat(PUSH_ENDPOINT_MAX_LENGTH)}`],
  ])('refuses %s with a 400 told in words, keeping nothing', async (_form, endpoint) => {
    const guest = await signInAsGuest(test)
    const zh = await put(guest.headers, endpoint)
    const en = await put({ ...guest.headers, 'accept-language': 'en' }, endpoint)
    expect([zh.statusCode, en.statusCode]).toEqual([400, 400])
    expect(envelope(zh)).toEqual({ code: 400000, msg: expect.stringMatching(/推送地址/), data: null })
    expect(envelope(en)).toEqual({ code: 400000, msg: expect.stringMatching(/^The push endpoint/), data: null })
    expect(await keptOf(guest.uid)).toEqual([])
  })

  it('keeps an https endpoint of a public name', async () => {
    const guest = await signInAsGuest(test)
    const endpoint = `https://push.example/wpush/v2/${++counter}`
    expect(envelope<PushSubscriptionState>(await put(guest.headers, endpoint)).data).toEqual({ endpoint, subscribed: true })
    expect(await keptOf(guest.uid)).toEqual([endpoint])
  })

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_ACCOUNT} per member: one more drops their oldest, another member's stay`, async () => {
    const [guest, other] = await Promise.all([signInAsGuest(test), signInAsGuest(test)])
    const othersEndpoint = `https://push.example/wpush/other-${++counter}`
    await put(other.headers, othersEndpoint)
    const endpoints = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_ACCOUNT + 1 }, (_e, i) => `https://push.example/wpush/${++counter}-${i}`)
    for (const endpoint of endpoints) expect((await put(guest.headers, endpoint)).statusCode).toBe(200)
    expect(await keptOf(guest.uid)).toEqual(endpoints.slice(1))
    expect(await keptOf(other.uid)).toEqual([othersEndpoint])
  })

  it('keeps the endpoint just given even when its clock reads the same second as all the others', async () => {
    const guest = await signInAsGuest(test)
    const endpoints = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_ACCOUNT + 1 }, (_e, i) => `https://push.example/wpush/same-${++counter}-${i}`)
    for (const endpoint of endpoints) {
      clock -= 1 // put moves it on again: every one is kept at the same second
      await put(guest.headers, endpoint)
    }
    const kept = await keptOf(guest.uid)
    expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_ACCOUNT)
    expect(kept).toContain(endpoints[endpoints.length - 1])
  })
})
