/**
 * `npm run bench`: builds what it needs and prints one table, measured side by side in
 * the same run:
 *  - H5 initial JS/CSS bytes (raw, gzip) of /index.html and /market/index.html next to
 *    the framework floor: a Taro 4 React hello-world plus the product's stack (a MobX store
 *    observed through mobx-react, a dayjs+utc date), built with the same config;
 *  - FCP and LCP in headless Chromium at 4× CPU slowdown on a throttled mobile network,
 *    median of cold loads, next to the floor's; and on the slow phone (e2e/support/browser.ts:
 *    400 ms, 400 kbit/s) Home's name, a chat's messages, a shared chat link's messages and
 *    Market without a channel, each next to the floor's LCP on that phone;
 *  - mini-program sizes (dist/weapp and its main package; the platform allows 2 MB);
 *  - API requests/s and p50/p99 latency of the channel and live lists at 50
 *    connections for 10 s, next to a bare Fastify route returning the same bytes;
 *  - gateway fan-out next to a bare `ws` broadcast (bench/fan-out.ts);
 *  - message history at 1,000,000 messages next to 1,000 (bench/history.ts);
 *  - search at 1,000,000 messages next to 10,000, indexing speed, and other routes while
 *    searches run next to without (bench/search.ts);
 *  - the gather space: 500 members walking in one space over gateway sockets next to a
 *    bare `ws` broadcast of the same positions, and its tick frames as JSON and msgpackr
 *    (bench/space-sockets.ts); its drawing in Chromium with 100 avatars at 4× CPU next to a
 *    bare canvas of the same circles (bench/space-frames.ts);
 *  - voice mouth-to-ear latency of tone bursts through the SFU next to a direct peer
 *    connection between two Chromium pages (bench/voice-latency.ts), and the voice media
 *    worker's CPU with 25 peers in one room, 3 speaking, next to a bare UDP forwarder of the
 *    same packets (bench/voice-worker.ts); and the time from a tap on Join to hearing the
 *    others in the product's own room page (bench/voice-join.ts);
 *  - the game plaza: 500 tables of two players and a watcher, a move every 2 s each, next to
 *    a bare `http` + `ws` broadcast of the same moves, and where the plaza's code loads
 *    (bench/plaza.ts).
 * Results and budgets go to bench/RESULTS.md. `BENCH_ONLY=pages` measures the H5 rows
 * alone (the floor, Home and Market), `BENCH_ONLY=search` the search rows alone (SQLite
 * and PostgreSQL side by side), `BENCH_ONLY=space` the gather space's rows alone, `BENCH_ONLY=voice` the voice rows alone (latency and the worker; the join row needs the product: `npx tsx bench/voice-join.ts`), `BENCH_ONLY=plaza` the plaza's rows alone, and puts them in place of the same rows of the last full
 * table, noting when they were taken.
 */
import { execSync, spawn } from 'child_process'
import { cpSync, createReadStream, existsSync, mkdirSync, readdirSync, rmSync, readFileSync, statSync, writeFileSync } from 'fs'
import { createServer, type Server } from 'http'
import os from 'os'
import path from 'path'
import { gzipSync } from 'zlib'
import autocannon from 'autocannon'
import type { Page } from 'playwright-core'
import { launchBrowser, SLOW_PHONE_NETWORK } from '../e2e/support/browser'
import { freePort, startProduct, stopProduct } from '../e2e/support/product'
import { measureFanOut } from './fan-out'
import { measurePlaza, plazaRows } from './plaza'
import { historyRows, measureHistory } from './history'
import { reportBudgets, verdict, withRemeasuredRows } from './results-table'
import { measureSearch, searchRows } from './search'
import { measureSpaceFrames, spaceFrameRows } from './space-frames'
import { measureSpaceSockets, spaceSocketRows } from './space-sockets'
import { measureVoiceJoin, voiceJoinRows } from './voice-join'
import { measureVoiceLatency, voiceLatencyRows } from './voice-latency'
import { measureVoiceWorker, voiceWorkerRows } from './voice-worker'

const ROOT = path.resolve(__dirname, '..')
const WORK = path.join(ROOT, 'bench/.work')
const HELLO_OUT = path.join(WORK, 'hello-h5')
const HELLO_SRC = path.join(WORK, 'hello-src')
const LOADS = Number(process.env.BENCH_LOADS || 5)
const API_SECONDS = Number(process.env.BENCH_API_SECONDS || 10)
const SERVER_ID = '832828'
/** The discussion channel whose newest messages the chat rows wait for (the demo's 大厅). */
const CHAT_CHANNEL_ID = '83282802'
/** `pages`: only the H5 page rows (bytes, FCP, LCP), which page-load work needs re-measured often. */
const ONLY_PAGES = process.env.BENCH_ONLY === 'pages'
/** `search`: only the search rows, which take minutes of their own to fill a million messages. */
const ONLY_SEARCH = process.env.BENCH_ONLY === 'search'
/** `space`: only the gather space's rows, which start a product of their own with 500 sockets. */
const ONLY_SPACE = process.env.BENCH_ONLY === 'space'
/** `voice`: only the voice rows: the latency row (two Chromium pages) and the media worker's (a room of werift connections); no build and no product of their own. */
const ONLY_VOICE = process.env.BENCH_ONLY === 'voice'
/** `plaza`: only the game plaza's rows (a product of its own with 500 tables, the bare broadcast, Home and the plaza page in Chromium). */
const ONLY_PLAZA = process.env.BENCH_ONLY === 'plaza'
const RESULTS = path.join(ROOT, 'bench/RESULTS.md')
const HEADER = ['measure', 'OpenRealm', 'floor / bare', 'ratio', 'budget']

/** Budgets (bench/RESULTS.md explains them). */
const BUDGETS = {
  homeJsGzipVsFloor: 1.35,
  homeLcpVsFloor: 1.0,
  marketJsGzipVsFloor: 1.35,
  marketLcpVsFloor: 1.0,
  chatMessagesVsFloorLcp: 1.2,
  slowHomeNameMs: 2500,
  slowChatMessagesMs: 3500,
  weappMainBytes: 1024 * 1024,
  channelListVsBare: 0.5,
}

function run (command: string, env: Record<string, string> = {}): void {
  execSync(command, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } })
}

function buildAll (): void {
  if (!existsSync(path.join(ROOT, 'dist/h5/index.html'))) run('npx taro build --type h5')
  if (!ONLY_PAGES && !existsSync(path.join(ROOT, 'dist/weapp/app.json'))) run('npx taro build --type weapp')
  // The floor is built from bench/hello-world/src with the product's own page template
  // (src/index.html), assembled in bench/.work so the two never drift apart.
  rmSync(HELLO_SRC, { recursive: true, force: true })
  cpSync(path.join(ROOT, 'bench/hello-world/src'), HELLO_SRC, { recursive: true })
  cpSync(path.join(ROOT, 'src/index.html'), path.join(HELLO_SRC, 'index.html'))
  run('npx taro build --type h5', { TARO_SOURCE_ROOT: path.relative(ROOT, HELLO_SRC), TARO_OUTPUT_ROOT: path.relative(ROOT, HELLO_OUT) })
}

// ---- static serving of the hello-world floor ----

const MIME: Record<string, string> = { '.js': 'application/javascript', '.css': 'text/css', '.html': 'text/html; charset=utf-8' }

/** Serves the floor's files like the product serves its own: gzip copies to browsers that accept gzip. */
function serveStatic (dir: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
    let file = path.join(dir, pathname)
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, 'index.html')
    const gzipped = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')) && existsSync(`${file}.gz`)
    response.writeHead(200, { 'content-type': MIME[path.extname(file)] ?? 'application/octet-stream', ...(gzipped ? { 'content-encoding': 'gzip' } : {}) })
    createReadStream(gzipped ? `${file}.gz` : file).pipe(response)
  })
  return new Promise(resolve => server.listen(port, '127.0.0.1', () => resolve(server)))
}

// ---- page measurements ----

interface LoadSample { fcp: number, lcp: number, seen: number }

/** A network profile: the bench's throttled mobile one, or the slow phone's (400 ms round trip, 400 kbit/s). */
interface NetworkProfile { latency: number, downloadThroughput: number, uploadThroughput: number }
const MOBILE: NetworkProfile = { latency: 150, downloadThroughput: 1.6 * 1024 * 1024 / 8, uploadThroughput: 750 * 1024 / 8 }
const SLOW_PHONE: NetworkProfile = SLOW_PHONE_NETWORK

/**
 * Records (in window.__seenAt) the start of the first frame rendered once an element
 * matching `selector` has text: the frame that paints it (a frame waits for render-blocking
 * styles, so this is when it shows, not when it was parsed). Installed before the page's
 * own scripts, outside its CSP.
 */
const seenScript = (selector: string): string => `(() => {
  let found = false
  const check = () => {
    if (found) return
    const e = document.querySelector(${JSON.stringify(selector)})
    if (e && (e.textContent || '').trim() !== '') { found = true; requestAnimationFrame(frame => { window.__seenAt = frame }) }
  }
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true })
})()`
interface Transfer { jsRaw: number, jsGzip: number, cssRaw: number, cssGzip: number }

/** Bytes of the JS and CSS a page actually loads, read from the built files. */
function transferOf (urls: string[], distDir: string): Transfer {
  const total: Transfer = { jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0 }
  for (const url of new Set(urls)) {
    const file = path.join(distDir, new URL(url).pathname)
    if (!existsSync(file)) continue
    const bytes = readFileSync(file)
    const gzip = gzipSync(bytes, { level: 9 }).length
    if (file.endsWith('.js')) { total.jsRaw += bytes.length; total.jsGzip += gzip }
    if (file.endsWith('.css')) { total.cssRaw += bytes.length; total.cssGzip += gzip }
  }
  return total
}

// The observer's callback can come after the 300 ms on a throttled CPU, so the entries
// still queued are taken then too (without, the last or every LCP entry was sometimes missed).
const PAINT_SCRIPT = `new Promise(resolve => {
  let lcp = 0
  const take = entries => { for (const e of entries) lcp = e.startTime }
  const observer = new PerformanceObserver(list => take(list.getEntries()))
  observer.observe({ type: 'largest-contentful-paint', buffered: true })
  setTimeout(() => {
    take(observer.takeRecords())
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]
    resolve({ fcp: fcp ? fcp.startTime : 0, lcp })
  }, 300)
})`

/**
 * Waits (up to a minute) for the page's first contentful paint. Polled with evaluate, as
 * the page's CSP refuses the string evaluation waitForFunction would use.
 */
async function untilPainted (page: Page): Promise<void> {
  const deadline = Date.now() + 60000
  while (!(await page.evaluate("performance.getEntriesByName('first-contentful-paint').length > 0"))) {
    if (Date.now() > deadline) throw new Error(`no contentful paint within a minute of ${page.url()}`)
    await page.waitForTimeout(100)
  }
}

async function measurePage (url: string, distDir: string, seenSelector = 'body', network: NetworkProfile = MOBILE): Promise<{ transfer: Transfer, samples: LoadSample[] }> {
  const browser = await launchBrowser()
  try {
    // First an unthrottled load, to see which scripts and styles the page needs.
    const probe = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
    const probePage = await probe.newPage()
    const assets: string[] = []
    probePage.on('request', request => { if (/\.(js|css)(\?|$)/.test(request.url())) assets.push(request.url()) })
    await probePage.goto(url, { waitUntil: 'networkidle' })
    await probe.close()
    const samples: LoadSample[] = []
    for (let i = 0; i < LOADS; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
      const page = await context.newPage()
      await page.addInitScript(seenScript(seenSelector))
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
      // A throttled mobile network (about "fast 3G") and a 4× slower CPU.
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network })
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await page.goto(url, { waitUntil: 'networkidle', timeout: 120000 })
      // On a busy machine the network can fall idle while the 4×-throttled CPU is still
      // running the scripts, before anything is painted: both figures then read 0 (and
      // passed the budget). The paints are read once the first contentful one happened.
      await untilPainted(page)
      const paints = await page.evaluate(PAINT_SCRIPT) as Omit<LoadSample, 'seen'>
      samples.push({ ...paints, seen: Number(await page.evaluate('window.__seenAt || 0')) })
      await context.close()
    }
    return { transfer: transferOf(assets, distDir), samples }
  } finally {
    await browser.close()
  }
}

function median (values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

// ---- mini-program ----

function folderBytes (dir: string, skip: (relative: string) => boolean = () => false): number {
  let total = 0
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name)
      if (skip(path.relative(dir, full))) continue
      if (entry.isDirectory()) walk(full)
      else total += statSync(full).size
    }
  }
  walk(dir)
  return total
}

function weappSizes (): { total: number, main: number } {
  const dir = path.join(ROOT, 'dist/weapp')
  const appJson = JSON.parse(readFileSync(path.join(dir, 'app.json'), 'utf8')) as { subPackages?: Array<{ root: string }>, subpackages?: Array<{ root: string }> }
  const roots = (appJson.subPackages ?? appJson.subpackages ?? []).map(sub => sub.root.replace(/\/$/, ''))
  const isSourceMap = (relative: string): boolean => relative.endsWith('.map')
  return {
    total: folderBytes(dir, isSourceMap),
    main: folderBytes(dir, relative => isSourceMap(relative) || roots.some(root => relative === root || relative.startsWith(`${root}/`))),
  }
}

// ---- API throughput ----

interface LoadResult { rps: number, p50: number, p99: number }

async function loadTest (url: string): Promise<LoadResult> {
  const result = await autocannon({ url, connections: 50, duration: API_SECONDS })
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 }
}

/**
 * A bare Fastify route serving `body`, in its own process like the product (sharing
 * the load generator's process would slow it down and flatter the ratio).
 */
async function bareRoute (body: Buffer, contentType: string): Promise<{ url: string, close: () => Promise<void> }> {
  mkdirSync(WORK, { recursive: true })
  const bodyFile = path.join(WORK, 'bare-body')
  writeFileSync(bodyFile, body)
  const port = await freePort()
  const script = `
    const app = require('fastify')({ logger: false })
    const body = require('fs').readFileSync(process.env.BODY_FILE)
    app.get('/bare', (_request, reply) => { reply.header('content-type', process.env.CONTENT_TYPE).send(body) })
    app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })`
  const child = spawn(process.execPath, ['-e', script], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, BODY_FILE: bodyFile, CONTENT_TYPE: contentType, PORT: String(port) } })
  const url = `http://127.0.0.1:${port}/bare`
  for (let tries = 0; tries < 100; tries++) {
    if (await fetch(url).then(response => response.ok, () => false)) break
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  return {
    url,
    close: () => new Promise(resolve => { child.once('exit', () => resolve()); child.kill() }),
  }
}

async function measureApi (baseUrl: string, apiPath: string): Promise<{ ours: LoadResult, bare: LoadResult, bytes: number }> {
  const response = await fetch(baseUrl + apiPath)
  const body = Buffer.from(await response.arrayBuffer())
  const bare = await bareRoute(body, response.headers.get('content-type') ?? 'application/json')
  try {
    const ours = await loadTest(baseUrl + apiPath)
    const bareResult = await loadTest(bare.url)
    return { ours, bare: bareResult, bytes: body.length }
  } finally {
    await bare.close()
  }
}

// ---- report ----

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number): string => `${Math.round(value)} ms`
const ratio = (a: number, b: number): string => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a')

/** A markdown table; the first row is its header. */
function tableOf (rows: string[][]): string {
  return rows.map((row, index) => `| ${row.join(' | ')} |${index === 0 ? `\n|${row.map(() => '---').join('|')}|` : ''}`).join('\n')
}

/** `BENCH_ONLY=search`: the search rows in place of the same rows of the last full table. */
async function searchOnly (): Promise<void> {
  const rows = searchRows(await measureSearch())
  console.log(`\n${tableOf([HEADER, ...rows])}\n`)
  writeFileSync(RESULTS, withRemeasuredRows(readFileSync(RESULTS, 'utf8'), rows, `Search rows re-measured ${new Date().toISOString()} (BENCH_ONLY=search).`))
  reportBudgets(rows)
}

/** `BENCH_ONLY=space`: the gather space's rows in place of the same rows of the last full table. */
async function spaceOnly (): Promise<void> {
  const rows = [...spaceSocketRows(await measureSpaceSockets()), ...spaceFrameRows(await measureSpaceFrames())]
  console.log(`\n${tableOf([HEADER, ...rows])}\n`)
  writeFileSync(RESULTS, withRemeasuredRows(readFileSync(RESULTS, 'utf8'), rows, `Space rows re-measured ${new Date().toISOString()} (BENCH_ONLY=space; load average ${os.loadavg().map(load => load.toFixed(1)).join(' ')} at the end).`))
  reportBudgets(rows)
}

/** `BENCH_ONLY=voice`: the voice rows in place of the same rows of the last full table. */
async function voiceOnly (): Promise<void> {
  const rows = [...voiceLatencyRows(await measureVoiceLatency()), ...voiceWorkerRows(await measureVoiceWorker())]
  console.log(`\n${tableOf([HEADER, ...rows])}\n`)
  writeFileSync(RESULTS, withRemeasuredRows(readFileSync(RESULTS, 'utf8'), rows, `Voice rows re-measured ${new Date().toISOString()} (BENCH_ONLY=voice; load average ${os.loadavg().map(load => load.toFixed(1)).join(' ')} at the end).`))
  reportBudgets(rows)
}

/** `BENCH_ONLY=plaza`: the plaza's rows in place of the same rows of the last full table. */
async function plazaOnly (): Promise<void> {
  const rows = plazaRows(await measurePlaza())
  console.log(`\n${tableOf([HEADER, ...rows])}\n`)
  writeFileSync(RESULTS, withRemeasuredRows(readFileSync(RESULTS, 'utf8'), rows, `Plaza rows re-measured ${new Date().toISOString()} (BENCH_ONLY=plaza; load average ${os.loadavg().map(load => load.toFixed(1)).join(' ')} at the end).`))
  reportBudgets(rows)
}

async function main (): Promise<void> {
  if (ONLY_SEARCH) return searchOnly()
  if (ONLY_PLAZA) return plazaOnly()
  if (ONLY_SPACE) return spaceOnly()
  if (ONLY_VOICE) return voiceOnly()
  buildAll()
  // Loopback is never rate-limited by default (RATE_LIMIT_ALLOW), so the load test measures the server.
  const product = await startProduct()
  const helloPort = await freePort()
  const hello = await serveStatic(HELLO_OUT, helloPort)
  try {
    const channels = await (await fetch(`${product.url}/servers/${SERVER_ID}/channels`)).json() as { data: { groups: Array<{ channels: Array<{ channel_id: string, channel_type: number }> }> } }
    const metaverse = channels.data.groups.flatMap(group => group.channels).find(channel => channel.channel_type === 8)
    const homeUrl = `${product.url}/index.html?sid=${SERVER_ID}`
    const marketUrl = `${product.url}/market/index.html?sid=${SERVER_ID}&cid=${metaverse?.channel_id ?? ''}`
    const chatUrl = `${product.url}/pages/channel/index?sid=${SERVER_ID}&channel_id=${CHAT_CHANNEL_ID}`
    // what a channel's share button makes: Home's path naming the channel
    const sharedChatUrl = `${product.url}/index.html?server_id=${SERVER_ID}&channel_id=${CHAT_CHANNEL_ID}`
    // a Market link without a channel: the server's first showroom
    const marketNoChannelUrl = `${product.url}/market/index.html?sid=${SERVER_ID}`
    const dist = path.join(ROOT, 'dist/h5')
    // side by side in one run: the floor, Home, Market and a chat channel, then the slow phone's floor, Home, chat, shared chat link and Market without a channel
    const floorUrl = `http://127.0.0.1:${helloPort}/`
    const floor = await measurePage(floorUrl, HELLO_OUT)
    const home = await measurePage(homeUrl, dist, '.server-header__name')
    const market = await measurePage(marketUrl, dist)
    const chat = await measurePage(chatUrl, dist, '.chat-message__text')
    const slowFloor = await measurePage(floorUrl, HELLO_OUT, 'body', SLOW_PHONE)
    const slowHome = await measurePage(homeUrl, dist, '.server-header__name', SLOW_PHONE)
    const slowChat = await measurePage(chatUrl, dist, '.chat-message__text', SLOW_PHONE)
    const slowSharedChat = await measurePage(sharedChatUrl, dist, '.chat-message__text', SLOW_PHONE)
    const slowMarketNoChannel = await measurePage(marketNoChannelUrl, dist, 'body', SLOW_PHONE)
    const chatSeen = median(chat.samples.map(s => s.seen))
    const slowFloorLcp = median(slowFloor.samples.map(s => s.lcp))
    const slowHomeSeen = median(slowHome.samples.map(s => s.seen))
    const slowChatSeen = median(slowChat.samples.map(s => s.seen))
    const slowSharedChatSeen = median(slowSharedChat.samples.map(s => s.seen))
    const slowMarketNoChannelLcp = median(slowMarketNoChannel.samples.map(s => s.lcp))
    const floorLcp = median(floor.samples.map(s => s.lcp))
    const marketLcp = median(market.samples.map(s => s.lcp))
    const homeLcp = median(home.samples.map(s => s.lcp))
    const pageRows: string[][] = [
      ['Home initial JS (raw / gzip)', `${kb(home.transfer.jsRaw)} / ${kb(home.transfer.jsGzip)}`, `${kb(floor.transfer.jsRaw)} / ${kb(floor.transfer.jsGzip)}`, ratio(home.transfer.jsGzip, floor.transfer.jsGzip),
        `≤ ${BUDGETS.homeJsGzipVsFloor}× gzip: ${verdict(home.transfer.jsGzip <= BUDGETS.homeJsGzipVsFloor * floor.transfer.jsGzip)}`],
      ['Home initial CSS (raw / gzip)', `${kb(home.transfer.cssRaw)} / ${kb(home.transfer.cssGzip)}`, `${kb(floor.transfer.cssRaw)} / ${kb(floor.transfer.cssGzip)}`, ratio(home.transfer.cssGzip, floor.transfer.cssGzip), ''],
      ['Market initial JS (raw / gzip)', `${kb(market.transfer.jsRaw)} / ${kb(market.transfer.jsGzip)}`, `${kb(floor.transfer.jsRaw)} / ${kb(floor.transfer.jsGzip)}`, ratio(market.transfer.jsGzip, floor.transfer.jsGzip),
        `≤ ${BUDGETS.marketJsGzipVsFloor}× gzip: ${verdict(market.transfer.jsGzip <= BUDGETS.marketJsGzipVsFloor * floor.transfer.jsGzip)}`],
      ['Market initial CSS (raw / gzip)', `${kb(market.transfer.cssRaw)} / ${kb(market.transfer.cssGzip)}`, `${kb(floor.transfer.cssRaw)} / ${kb(floor.transfer.cssGzip)}`, ratio(market.transfer.cssGzip, floor.transfer.cssGzip), ''],
      [`Home FCP (median of ${LOADS})`, ms(median(home.samples.map(s => s.fcp))), ms(median(floor.samples.map(s => s.fcp))), ratio(median(home.samples.map(s => s.fcp)), median(floor.samples.map(s => s.fcp))), ''],
      [`Home LCP (median of ${LOADS})`, ms(homeLcp), ms(floorLcp), ratio(homeLcp, floorLcp), `≤ ${BUDGETS.homeLcpVsFloor}×: ${verdict(homeLcp <= BUDGETS.homeLcpVsFloor * floorLcp)}`],
      [`Market FCP (median of ${LOADS})`, ms(median(market.samples.map(s => s.fcp))), ms(median(floor.samples.map(s => s.fcp))), ratio(median(market.samples.map(s => s.fcp)), median(floor.samples.map(s => s.fcp))), ''],
      [`Market LCP (median of ${LOADS})`, ms(marketLcp), ms(floorLcp), ratio(marketLcp, floorLcp), `≤ ${BUDGETS.marketLcpVsFloor}×: ${verdict(marketLcp <= BUDGETS.marketLcpVsFloor * floorLcp)}`],
      [`Chat newest messages visible (median of ${LOADS})`, ms(chatSeen), ms(floorLcp), ratio(chatSeen, floorLcp), `≤ ${BUDGETS.chatMessagesVsFloorLcp}×: ${verdict(chatSeen > 0 && chatSeen <= BUDGETS.chatMessagesVsFloorLcp * floorLcp)}`],
      // the slow phone's rows next to the floor's LCP on the same slow phone (its own cold loads)
      [`Slow phone: Home's server name visible (median of ${LOADS})`, ms(slowHomeSeen), ms(slowFloorLcp), ratio(slowHomeSeen, slowFloorLcp), `≤ ${BUDGETS.slowHomeNameMs} ms: ${verdict(slowHomeSeen > 0 && slowHomeSeen <= BUDGETS.slowHomeNameMs)}`],
      [`Slow phone: chat messages visible (median of ${LOADS})`, ms(slowChatSeen), ms(slowFloorLcp), ratio(slowChatSeen, slowFloorLcp), `≤ ${BUDGETS.slowChatMessagesMs} ms: ${verdict(slowChatSeen > 0 && slowChatSeen <= BUDGETS.slowChatMessagesMs)}`],
      [`Slow phone: shared chat link's messages visible (median of ${LOADS})`, ms(slowSharedChatSeen), ms(slowFloorLcp), ratio(slowSharedChatSeen, slowFloorLcp), `≤ ${BUDGETS.slowChatMessagesMs} ms: ${verdict(slowSharedChatSeen > 0 && slowSharedChatSeen <= BUDGETS.slowChatMessagesMs)}`],
      [`Slow phone: Market without a channel LCP (median of ${LOADS})`, ms(slowMarketNoChannelLcp), ms(slowFloorLcp), ratio(slowMarketNoChannelLcp, slowFloorLcp), `≤ ${BUDGETS.marketLcpVsFloor}×: ${verdict(slowMarketNoChannelLcp > 0 && slowMarketNoChannelLcp <= BUDGETS.marketLcpVsFloor * slowFloorLcp)}`],
    ]
    const doc = readFileSync(RESULTS, 'utf8')
    const marker = '<!-- results -->'
    const head = doc.includes(marker) ? doc.slice(0, doc.indexOf(marker) + marker.length) : `${doc}\n${marker}`
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`
    if (ONLY_PAGES) {
      console.log(`\n${tableOf([HEADER, ...pageRows])}\n`)
      writeFileSync(RESULTS, withRemeasuredRows(doc, pageRows, `Page rows re-measured ${new Date().toISOString()} (BENCH_ONLY=pages; ${LOADS} cold loads per page).`))
      reportBudgets(pageRows)
      return
    }
    const weapp = weappSizes()
    const channelApi = await measureApi(product.url, `/servers/${SERVER_ID}/channels`)
    const liveApi = await measureApi(product.url, `/servers/${SERVER_ID}/lives`)
    const fanOut = await measureFanOut()
    const history = await measureHistory()
    const search = await measureSearch()
    const space = await measureSpaceSockets()
    const spaceFrames = await measureSpaceFrames()
    const voiceLatency = await measureVoiceLatency()
    const voiceWorker = await measureVoiceWorker()
    const voiceJoin = await measureVoiceJoin(product)
    const plaza = await measurePlaza()

    const rows: string[][] = [
      HEADER,
      ...pageRows,
      ['Mini-program dist/weapp', kb(weapp.total), '2048.0 KB platform limit', ratio(weapp.total, 2 * 1024 * 1024), ''],
      ['Mini-program main package', kb(weapp.main), '1024.0 KB budget', ratio(weapp.main, BUDGETS.weappMainBytes), `≤ 1 MB: ${verdict(weapp.main <= BUDGETS.weappMainBytes)}`],
      [`Channel list req/s (${channelApi.bytes} B)`, channelApi.ours.rps.toFixed(0), channelApi.bare.rps.toFixed(0), ratio(channelApi.ours.rps, channelApi.bare.rps),
        `≥ ${BUDGETS.channelListVsBare}×: ${verdict(channelApi.ours.rps >= BUDGETS.channelListVsBare * channelApi.bare.rps)}`],
      ['Channel list p50 / p99', `${channelApi.ours.p50} / ${channelApi.ours.p99} ms`, `${channelApi.bare.p50} / ${channelApi.bare.p99} ms`, '', ''],
      [`Live list req/s (${liveApi.bytes} B)`, liveApi.ours.rps.toFixed(0), liveApi.bare.rps.toFixed(0), ratio(liveApi.ours.rps, liveApi.bare.rps), ''],
      ['Live list p50 / p99', `${liveApi.ours.p50} / ${liveApi.ours.p99} ms`, `${liveApi.bare.p50} / ${liveApi.bare.p99} ms`, '', ''],
      ...fanOut,
      ...historyRows(history),
      ...searchRows(search),
      ...spaceSocketRows(space),
      ...spaceFrameRows(spaceFrames),
      ...voiceLatencyRows(voiceLatency),
      ...voiceWorkerRows(voiceWorker),
      ...voiceJoinRows(voiceJoin),
      ...plazaRows(plaza),
    ]
    const table = tableOf(rows)
    console.log(`\n${table}\n`)
    writeFileSync(RESULTS, `${head}\n\nMeasured ${new Date().toISOString()} on ${machine}; ${LOADS} cold loads per page, ${API_SECONDS} s per API run.\n\n${table}\n`)
    reportBudgets(rows)
  } finally {
    hello.close()
    await stopProduct(product)
  }
}

main().catch(error => {
  console.error(error)
  process.exit(1)
})
