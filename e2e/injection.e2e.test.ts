/**
 * Script injection, tried as a hostile visitor would: markup is planted in
 * every field the API lets a user write and in every query key a page reads, then every
 * page is opened in real Chromium. The test fails if any planted script runs — a payload
 * sets `window.__xss`, or opens a dialog — or tries to and is stopped only by the
 * Content-Security-Policy.
 *
 * It runs its own product (fresh data folder) so the planted records never reach the
 * other e2e files. New writable fields (messages, posts, …) are one row each in
 * PLANTED_FIELDS.
 */
import { randomBytes } from 'crypto'
import type { Page } from 'playwright-core'
import { CARRIED_QUERY_KEYS, NWP_KEY, QUERY_ALIASES } from '@core/query/keys'
import { encodeNwp } from '@core/query/nwp'
import { ROUTES, h5PathsOf } from '../config/routes'
import { journey, sharedBrowser } from './support/app'
import { startProduct, stopProduct, type RunningProduct } from './support/product'
import { signInSeeded, switchLogin, type SeededLogin } from './support/sessions'

/** What every payload does when it runs: a flag the test reads back. */
const RUN = 'top.__xss=1'

/** Markup planted in text fields and query values (short enough for a 31-character nickname). */
const TEXT_PAYLOADS = [
  `<img src=x onerror=${RUN}>`,
  `"><script>${RUN}</script>`,
  '<svg onload=alert(1)>',
  `javascript:${RUN}`,
]

/** Hostile values of URL fields (avatars, icons): a script URL, and URLs that break out of an attribute. */
const URL_PAYLOADS = [
  `javascript:${RUN}`,
  `https://x.example/"><img/src=x/onerror=${RUN}>`,
  `https://x.example/a.png?"onerror="${RUN}`,
]

/** Server 275902 (像素乐园) receives the planted channels and messages. */
const SERVER_ID = '275902'
/** Its discussion channel 大厅, where planted messages are sent. */
const DISCUSSION_ID = '27590202'
/** A seeded ordinary (non-guest) account: channel creation needs one. */
const MEMBER_UID = '100001'

/** Who writes a planted field. */
interface Writer {
  /** `Authorization` header of the writer's session. */
  authorization: string
  /** The writer's login data as the app stores it, to open pages signed in as them. */
  login: SeededLogin
}

/** A page to open after the fields are planted, and the login it is opened with (null: as a fresh visitor). */
interface Visit {
  path: string
  writer: Writer | null
}

/**
 * One user-writable field: how to write a value into it through the API and the pages
 * that then show it. `write` resolves the pages to open, or [] when the API refused the
 * value (a refusal in words is fine: nothing was stored, nothing can run).
 */
interface PlantedField {
  name: string
  payloads: string[]
  write (api: ProductApi, value: string): Promise<Visit[]>
}

/** The API of the running product, as a client would call it. */
class ProductApi {
  private joined = false

  constructor (readonly product: RunningProduct, readonly member: Writer) {}

  async send (method: string, path: string, authorization: string | null, body?: unknown): Promise<{ status: number, data: Record<string, unknown> | null }> {
    const response = await fetch(`${this.product.url}${path}`, {
      method,
      headers: { ...(authorization ? { authorization } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const envelope = await response.json() as { code: number, msg: string, data: Record<string, unknown> | null }
    // refusing the value (400, 422) is fine; any other refusal means the planting itself went wrong
    if (!response.ok && response.status !== 400 && response.status !== 422) throw new Error(`${method} ${path} answered ${response.status}: ${envelope.msg}`)
    return { status: response.status, data: response.ok ? envelope.data : null }
  }

  /** A new guest's session. */
  async guest (): Promise<Writer> {
    const { data } = await this.send('POST', '/auth/guest', null, {})
    const token = String(data?.token)
    return { authorization: `Bearer ${token}`, login: { user: data?.user as Record<string, unknown>, token } }
  }

  /** Creates a channel in SERVER_ID as the member; the pages showing it, or [] when refused. */
  async channel (body: Record<string, unknown>): Promise<Visit[]> {
    const { data } = await this.send('POST', `/servers/${SERVER_ID}/channels`, this.member.authorization, body)
    if (!data) return []
    const channelId = String(data.channel_id)
    const visits = [
      { path: `/index.html?sid=${SERVER_ID}`, writer: null },
      { path: `/pages/channel/index?sid=${SERVER_ID}&channel_id=${channelId}`, writer: null },
    ]
    if (body.channel_type === 8) visits.push({ path: `/market/index.html?sid=${SERVER_ID}&cid=${channelId}`, writer: null })
    return visits
  }

  /** Sends a message to the discussion channel as the member (joining the server first); its page shows it, or [] when refused. */
  async message (content: string): Promise<Visit[]> {
    if (!this.joined) await this.send('POST', `/servers/${SERVER_ID}/members/me`, this.member.authorization)
    this.joined = true
    const { data } = await this.send('POST', `/channels/${DISCUSSION_ID}/messages`, this.member.authorization, { content, nonce: randomBytes(8).toString('hex') })
    return data ? [{ path: `/pages/channel/index?sid=${SERVER_ID}&channel_id=${DISCUSSION_ID}`, writer: null }] : []
  }

  /** Edits a new guest's profile; Me signed in as that guest shows it, or [] when refused. */
  async profile (patch: Record<string, string>): Promise<Visit[]> {
    const writer = await this.guest()
    const { data } = await this.send('PATCH', '/user/me', writer.authorization, patch)
    if (!data) return []
    return [{ path: `/pages/me/index?sid=${SERVER_ID}`, writer: { ...writer, login: { ...writer.login, user: data } } }]
  }
}

/** Every field a user can write today; one row per new field. */
const PLANTED_FIELDS: PlantedField[] = [
  { name: 'nickname', payloads: TEXT_PAYLOADS, write: (api, value) => api.profile({ nickname: value }) },
  { name: 'signature', payloads: TEXT_PAYLOADS, write: (api, value) => api.profile({ signature: value }) },
  { name: 'avatar', payloads: URL_PAYLOADS, write: (api, value) => api.profile({ avatar: value }) },
  { name: 'channel title (discussion)', payloads: TEXT_PAYLOADS, write: (api, value) => api.channel({ title: value, channel_type: 1 }) },
  { name: 'channel title (post)', payloads: TEXT_PAYLOADS, write: (api, value) => api.channel({ title: value, channel_type: 3 }) },
  { name: 'channel title (metaverse)', payloads: TEXT_PAYLOADS, write: (api, value) => api.channel({ title: value, channel_type: 8 }) },
  { name: 'channel icon', payloads: URL_PAYLOADS, write: (api, value) => api.channel({ title: 'icon', channel_type: 1, icon: value }) },
  { name: 'message content', payloads: TEXT_PAYLOADS, write: (api, value) => api.message(value) },
]

/** Every query key a page reads: the carried keys, their aliases, the packed parameter and the pages' own keys. */
const QUERY_KEYS = [...new Set([...CARRIED_QUERY_KEYS, ...Object.keys(QUERY_ALIASES), 'channel_id', 'live_id', 'url', 'title', 'from'])]

/** Every page with `value` in every query key (and packed into `nwp`), plus the web view with an allowed URL and a hostile title. */
function hostileQueryVisits (value: string): Visit[] {
  const query = new URLSearchParams(QUERY_KEYS.map(key => [key, value]))
  query.set(NWP_KEY, encodeNwp(Object.fromEntries(QUERY_KEYS.map(key => [key, value]))))
  const pages = [...ROUTES.flatMap(h5PathsOf), '/pages/no-such-page/index']
  const visits = pages.map(page => ({ path: `${page}?${query}`, writer: null }))
  const titled = new URLSearchParams({ url: '/rules/user-agreement.html', title: value })
  visits.push({ path: `/pages/webview/index?${titled}`, writer: null })
  return visits
}

/** A seeded member as a writer: a session written into the product's database (./support/sessions). */
function memberSession (product: RunningProduct, uid: string): Writer {
  const { token, user } = signInSeeded(product, uid)
  return { authorization: `Bearer ${token}`, login: { user, token } }
}

/** Opens `visit` and resolves what ran: the flag, dialogs and page errors naming the payload. */
async function scriptsRunOn (page: Page, baseUrl: string, visit: Visit): Promise<string[]> {
  const ran: string[] = []
  const onDialog = (dialog: { message (): string, dismiss (): Promise<void> }) => {
    ran.push(`dialog "${dialog.message()}"`)
    dialog.dismiss().catch(() => undefined)
  }
  page.on('dialog', onDialog)
  try {
    await page.goto('about:blank')
    await page.evaluate(() => localStorage.clear()).catch(() => undefined)
    await page.goto(`${baseUrl}${visit.path}`, { waitUntil: 'load' })
    if (visit.writer) await switchLogin(page, visit.writer.login)
    await page.waitForLoadState('networkidle').catch(() => undefined)
    await page.waitForTimeout(300) // a broken image's onerror fires after the load
    if (await page.evaluate(() => (window as unknown as { __xss?: number }).__xss === 1)) ran.push('window.__xss set')
    // markup that reached an HTML sink but was stopped by the Content-Security-Policy still fails the test
    const refused = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
    ran.push(...refused.map(violation => `the policy refused ${violation}`))
  } finally {
    page.off('dialog', onDialog)
  }
  return ran.map(what => `${visit.path}: ${what}`)
}

const browser = sharedBrowser()
let product: RunningProduct

// one member plants every channel: the per-minute limit of channel creation is raised for it
beforeAll(async () => { product = await startProduct({ CHANNEL_CREATE_PER_MINUTE: '1000' }) }, 90000)
afterAll(async () => { await stopProduct(product) })

describe('planted markup never runs as script', () => {
  it('plants markup in every user-writable field and every query key, and no page runs it', async () => {
    const api = new ProductApi(product, memberSession(product, MEMBER_UID))
    const visits: Visit[] = []
    const accepted: string[] = []
    for (const field of PLANTED_FIELDS) {
      for (const value of field.payloads) {
        const shown = await field.write(api, value)
        if (shown.length > 0) accepted.push(`${field.name}: ${value}`)
        visits.push(...shown)
      }
    }
    // the text fields must really hold the markup, or the pages below prove nothing
    for (const name of ['nickname', 'signature', 'channel title (discussion)', 'message content']) {
      expect(accepted).toContain(`${name}: ${TEXT_PAYLOADS[0]}`)
    }
    for (const value of TEXT_PAYLOADS) visits.push(...hostileQueryVisits(value))

    const unique = [...new Map(visits.map(visit => [`${visit.path} ${visit.writer?.login.token ?? ''}`, visit])).values()]
    const ran: string[] = []
    await journey(browser(), 'injection', 'phone', async page => {
      await page.addInitScript(() => {
        const violations: string[] = []
        Object.assign(window, { __cspViolations: violations })
        document.addEventListener('securitypolicyviolation', event => { violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`) })
      })
      for (const visit of unique) ran.push(...await scriptsRunOn(page, product.url, visit))
    })
    expect(ran).toEqual([])
  }, 600000)
})
