/**
 * Search bench: does a search of a server with 1,000,000 messages answer as fast as the
 * same search of one with 10,000, and how fast does start-up indexing go? One app on a
 * fresh database (SQLite, then PostgreSQL when one answers) gets 1,000,000 messages in
 * server 832828 and 10,000 in server 723658, written straight to the messages table
 * (mixed Chinese and English text from a small vocabulary, so common words are common:
 * each vocabulary word is in about 1 message of 8, and one rare word in 1 of 100,000);
 * then start-up indexing (server/src/search/backfill.ts) indexes them all — timed as
 * messages per second — and the search route answers, in process (app.inject), as the
 * servers' owner (every channel readable):
 *  - a common Chinese word, two common words (Chinese and English), the rare word, and a
 *    common word with `has:link`;
 * p50 and p95 of sequential requests after a warm-up, big and small server in turns.
 * Then other routes — the big server's channel list and a page of its message history —
 * are timed (p50, p99 of sequential requests) with no search running and while one search
 * after another runs beside them (the queries above in turn, over the big server), in
 * alternating blocks so the machine's drift weighs on both alike — and, as a bare peer, while
 * as many ordinary requests (another channel's newest page, one after another) run beside
 * them instead: what any other client's traffic costs them on the same machine.
 * Budgets: p95 ≤ 50 ms over 1,000,000 messages, ≤ 1.2× the same search over
 * 10,000; indexing ≥ 10,000 messages/s with the history page read meanwhile, and that page's
 * p99 during it ≤ 1.5× its idle p99; other routes' p99 while searches run ≤ 1.2× their
 * p99 without.
 *
 * `npx tsx bench/search.ts` runs it alone; `npm run bench` runs it with the rest, and
 * `BENCH_ONLY=search npm run bench` alone into bench/RESULTS.md's table. BENCH_SEARCH_MESSAGES
 * (default 1,000,000), BENCH_SEARCH_SAMPLES (default 100) and BENCH_SEARCH_OTHER_SAMPLES
 * (default 1,000 per route and phase) shrink it for a quick look; BENCH_DATABASE_URL
 * names the PostgreSQL server (default: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test;
 * skipped when none answers).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs'
import { setImmediate as nextTurn } from 'timers/promises'
import { tmpdir } from 'os'
import path from 'path'
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import { timeIdAt } from '../core/domain/ids'
import { buildApp } from '../server/src/app'
import { loadConfig } from '../server/src/config'
import { openDatabase } from '../server/src/db/dialects'
import type { Db, MessagesTable } from '../server/src/db/schema'
import { newSession } from '../server/src/repositories/users'
import { startBackfill } from '../server/src/search/backfill'
import { dropSchema, percentile, postgresAnswers } from './history'
import { verdict } from './results-table'

const BIG_COUNT = Number(process.env.BENCH_SEARCH_MESSAGES || 1_000_000)
const SMALL_COUNT = 10_000
const SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES || 100)
const OTHER_SAMPLES = Number(process.env.BENCH_SEARCH_OTHER_SAMPLES || 1000)
/** Blocks the other routes' samples are split into: without searches, with them, and with the bare peer's requests, in turn. */
const OTHER_BLOCKS = 5
const ROWS_PER_STATEMENT = 1000
/** The owner of the seeded servers: reads every channel. */
const OWNER = '100001'
/** Discussion channels of each server the messages are spread over. */
const SERVERS = [
  { serverId: '832828', channels: ['83282802', '83282800', '83282805'], count: BIG_COUNT, sequence: 0 },
  { serverId: '723658', channels: ['72365802', '72365800'], count: SMALL_COUNT, sequence: 1 },
] as const
const FIRST_MS = Date.UTC(2020, 0, 1)

/** The search budgets: p95 over 1,000,000 messages, its ratio to 10,000, and re-indexing speed. */
export const SEARCH_P95_BUDGET_MS = 50
export const SEARCH_RATIO_BUDGET = 1.2
export const REINDEX_BUDGET_PER_S = 10_000
export const OTHER_ROUTES_P99_BUDGET = 1.2
/** The history page's p99 while start-up indexing runs, against its idle p99. */
export const HISTORY_WHILE_INDEXING_BUDGET = 1.5

const VOCABULARY = [
  '直播', '展厅', '组件', '活动', '报名', '周末', '地图', '公告', '新手', '训练', '欢迎', '分享', '截图', '更新', '版本', '问题', '反馈', '建议',
  'Taro', 'React', 'release', 'bug', 'meeting', 'design', 'Café', 'update', 'launch', 'photo', 'stream', 'guide',
]
const RARE_WORD = '独角兽'
const WORDS_PER_MESSAGE = 4

/**
 * The content of the `index`-th message: a few vocabulary words picked by a fixed hash, sometimes a link, rarely the rare word.
 * The words come from the generator's high bits: its low bits repeat with a short period, and `seed % 30` picked half the
 * vocabulary in 24 % of messages and the other half (展厅 among them) in 0.04 %, so "展厅 has:link" was a rare pair.
 */
function contentOf (index: number): string {
  let seed = (index * 2654435761) >>> 0
  const words: string[] = []
  for (let i = 0; i < WORDS_PER_MESSAGE; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0
    words.push(VOCABULARY[(seed >>> 16) % VOCABULARY.length])
  }
  if (index % 10 === 3) words.push('https://example.com/p/' + index)
  if (index % 100_000 === 77) words.push(RARE_WORD)
  return `${words.slice(0, 2).join('')}，${words.slice(2).join(' ')}`
}

/** Writes the messages of both servers, oldest first, in multi-row statements. */
async function insertMessages (db: Db): Promise<void> {
  for (const server of SERVERS) {
    for (let start = 0; start < server.count; start += ROWS_PER_STATEMENT) {
      const rows: MessagesTable[] = []
      for (let index = start; index < Math.min(server.count, start + ROWS_PER_STATEMENT); index++) {
        const ms = FIRST_MS + index
        rows.push({
          message_id: timeIdAt(ms, server.sequence), channel_id: server.channels[index % server.channels.length], server_id: server.serverId, author_uid: OWNER,
          content: contentOf(index), nonce: null, reply_to: null, mentions: '[]', attachments: '[]', created_at: Math.floor(ms / 1000), edited_at: null,
        })
      }
      await db.insertInto('messages').values(rows).execute()
    }
  }
}

/** p50 and p95 of one kind of request, in milliseconds. */
export interface Latency { p50: number, p95: number }

/** One query's latency in the big and the small server. */
export interface QueryResult { q: string, big: Latency, small: Latency }

/** p50 and p99 of a route other than search, in milliseconds. */
export interface RouteLatency { p50: number, p99: number }

/** One other route's latency with no search running and while searches ran beside it. */
export interface OtherRouteResult {
  name: string
  without: RouteLatency
  during: RouteLatency
  /** While the bare peer's requests (another channel's newest page, one after another) ran beside it instead. */
  alongside: RouteLatency
  /** Searches answered while this route's "during" samples were taken (all routes' blocks). */
  searches: number
}

/** One database's results. */
export interface SearchBenchResult {
  dialect: 'sqlite' | 'postgres'
  indexed: number
  indexSeconds: number
  /** The history page's latency while the indexing ran (its requests beside it) and idle after, with as many samples. */
  historyWhileIndexing: { during: RouteLatency, idle: RouteLatency, samples: number }
  queries: QueryResult[]
  otherRoutes: OtherRouteResult[]
}

const QUERIES = ['直播', '直播 Taro', RARE_WORD, '展厅 has:link', 'cafe']

/** The routes whose p99 must hold while searches run: the big server's channel list and its busiest channel's newest page. */
const OTHER_ROUTES = [
  { name: 'channel list', url: `/servers/${SERVERS[0].serverId}/channels` },
  { name: 'message history', url: `/channels/${SERVERS[0].channels[0]}/messages?limit=50` },
] as const

const searchUrl = (serverId: string, q: string): string => `/servers/${serverId}/search?q=${encodeURIComponent(q)}`

async function timeOne (app: FastifyInstance, url: string, headers: Record<string, string>): Promise<number> {
  const started = process.hrtime.bigint()
  const response = await app.inject({ url, headers })
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`)
  return elapsed
}

/** Latencies of each query in the big and the small server, taken in turns after a warm-up. */
async function measureQueries (app: FastifyInstance, headers: Record<string, string>): Promise<QueryResult[]> {
  const results: QueryResult[] = []
  for (const q of QUERIES) {
    const urls = SERVERS.map(server => searchUrl(server.serverId, q))
    const timings: number[][] = [[], []]
    for (let round = -Math.min(10, SAMPLES); round < SAMPLES; round++) {
      for (const [index, url] of urls.entries()) {
        const elapsed = await timeOne(app, url, headers)
        if (round >= 0) timings[index].push(elapsed)
      }
    }
    const [big, small] = timings.map(list => {
      const sorted = [...list].sort((a, b) => a - b)
      return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) }
    })
    results.push({ q, big, small })
  }
  return results
}

/** Sorted `timings`' p50 and p99. */
function routeLatencyOf (timings: number[]): RouteLatency {
  const sorted = [...timings].sort((a, b) => a - b)
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) }
}

/** The big server's history page (one of OTHER_ROUTES). */
const HISTORY_URL = OTHER_ROUTES[1].url

/** Times `url` one request after another (a turn of the event loop between them) until `done` settles. */
async function timeUntil (app: FastifyInstance, headers: Record<string, string>, url: string, done: Promise<void>): Promise<number[]> {
  let settled = false
  const finished = done.finally(() => { settled = true })
  const timings: number[] = []
  while (!settled) {
    timings.push(await timeOne(app, url, headers))
    await nextTurn()
  }
  await finished
  return timings
}

/** The bare peer's request: a page of the big server's second channel, as ordinary as reads come. */
const PEER_URL = `/channels/${SERVERS[0].channels[1]}/messages?limit=50`

/** Requests `urlOf(n)`, one after another (a turn of the event loop between them), until stopped; `stop` answers how many were answered. */
function requestContinuously (app: FastifyInstance, headers: Record<string, string>, urlOf: (answered: number) => string): { stop: () => Promise<number> } {
  let running = true
  let answered = 0
  const loop = (async () => {
    while (running) {
      await timeOne(app, urlOf(answered), headers)
      answered += 1
      await nextTurn()
    }
  })()
  return { stop: async () => { running = false; await loop; return answered } }
}

/**
 * The other routes' latency without a search running, while searches run beside them
 * (its budget), and while the bare peer's requests run beside them instead, taken in
 * {@link OTHER_BLOCKS} alternating blocks after a warm-up. The loops take a turn of the event loop between requests, as requests arriving over the
 * network do: an injected request on SQLite resolves in promise jobs alone, so a loop of them
 * never let an event in, and a search answered by one (the index reader's worker thread,
 * server/src/search/reader.ts) waited for the end of the block (5 searches in 2,000 samples).
 */
async function measureOtherRoutes (app: FastifyInstance, headers: Record<string, string>): Promise<OtherRouteResult[]> {
  const timings = OTHER_ROUTES.map(() => ({ without: [] as number[], during: [] as number[], alongside: [] as number[] }))
  for (const route of OTHER_ROUTES) for (let i = 0; i < 20; i++) await timeOne(app, route.url, headers)
  const perBlock = Math.ceil(OTHER_SAMPLES / OTHER_BLOCKS)
  let searches = 0
  for (let block = 0; block < OTHER_BLOCKS; block++) {
    for (const phase of ['without', 'during', 'alongside'] as const) {
      const beside = phase === 'during'
        ? requestContinuously(app, headers, answered => searchUrl(SERVERS[0].serverId, QUERIES[answered % QUERIES.length]))
        : phase === 'alongside' ? requestContinuously(app, headers, () => PEER_URL) : null
      try {
        for (let i = 0; i < perBlock; i++) {
          for (const [index, route] of OTHER_ROUTES.entries()) {
            timings[index][phase].push(await timeOne(app, route.url, headers))
            await nextTurn()
          }
        }
      } finally {
        const answered = await beside?.stop() ?? 0
        if (phase === 'during') searches += answered
      }
    }
  }
  return OTHER_ROUTES.map((route, index) => ({
    name: route.name, without: routeLatencyOf(timings[index].without), during: routeLatencyOf(timings[index].during), alongside: routeLatencyOf(timings[index].alongside), searches,
  }))
}

/** The indexing's log: progress unsaid, a failure told. */
const QUIET_LOG = { info: () => undefined, error: (fields: unknown) => { console.error('search bench: indexing failed', fields) } } as never

/** Runs the bench on one database (SQLite when `databaseUrl` is null). */
async function runOn (databaseUrl: string | null): Promise<SearchBenchResult> {
  const root = mkdtempSync(path.join(tmpdir(), 'openrealm-search-bench-'))
  const h5Dir = path.join(root, 'h5')
  mkdirSync(h5Dir)
  writeFileSync(path.join(h5Dir, 'index.html'), '<!doctype html><title>bench</title>')
  const schema = databaseUrl ? `bench_search_${process.pid}` : ''
  const config = loadConfig({ DATA_DIR: path.join(root, 'data'), H5_DIR: h5Dir, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: schema })
  const app = await buildApp(config)
  const { db, dialect } = await openDatabase(config)
  try {
    const { token, row } = newSession(OWNER, 0)
    await db.insertInto('sessions').values({ ...row, expires_at: 2_100_000_000, last_used_at: 2_100_000_000 }).execute()
    const headers = { authorization: `Bearer ${token}` }
    // the app's own start-up indexing of the seed has finished long before this
    await insertMessages(db)
    await db.withTables<{ search_backfill: { kind: string } }>().deleteFrom('search_backfill').execute()
    // the history page is read one request after another while the indexing runs, then as many times idle
    const started = Date.now()
    const whileIndexing = await timeUntil(app, headers, HISTORY_URL, startBackfill(db, QUIET_LOG).done)
    const indexSeconds = (Date.now() - started) / 1000
    const idle: number[] = []
    for (let i = 0; i < Math.max(whileIndexing.length, 200); i++) {
      idle.push(await timeOne(app, HISTORY_URL, headers))
      await nextTurn()
    }
    const historyWhileIndexing = { during: routeLatencyOf(whileIndexing), idle: routeLatencyOf(idle), samples: whileIndexing.length }
    await sql`analyze`.execute(db)
    const queries = await measureQueries(app, headers)
    const otherRoutes = await measureOtherRoutes(app, headers)
    return { dialect, indexed: BIG_COUNT + SMALL_COUNT, indexSeconds, historyWhileIndexing, queries, otherRoutes }
  } finally {
    await db.destroy()
    await app.close()
    if (databaseUrl) await dropSchema(databaseUrl, schema)
    rmSync(root, { recursive: true, force: true })
  }
}

/** The bench on SQLite, and on PostgreSQL when one answers. */
export async function measureSearch (): Promise<SearchBenchResult[]> {
  // each database's rows are logged as soon as they are measured: a run stopped during the next keeps them
  const measured = async (databaseUrl: string | null): Promise<SearchBenchResult> => {
    const result = await runOn(databaseUrl)
    console.log(`search bench, ${result.dialect} measured at ${new Date().toISOString()}:\n${searchRows([result]).map(row => `| ${row.join(' | ')} |`).join('\n')}`)
    return result
  }
  const results = [await measured(null)]
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
  if (await postgresAnswers(postgresUrl)) results.push(await measured(postgresUrl))
  else console.log(`search bench: no PostgreSQL answers at ${postgresUrl}, SQLite only`)
  return results
}

const ms = (value: number): string => `${value.toFixed(2)} ms`

/**
 * Table rows for bench/run.ts's table (measure, OpenRealm, reference, ratio, budget): each
 * query's big server against the small one, the indexing speed, and each other route
 * while searches ran against the same route without, and against the same route beside the bare peer's requests.
 */
export function searchRows (results: readonly SearchBenchResult[]): string[][] {
  const big = BIG_COUNT.toLocaleString('en')
  return results.flatMap(result => [
    ...result.queries.map(query => {
      const ratio = query.small.p95 > 0 ? query.big.p95 / query.small.p95 : Number.POSITIVE_INFINITY
      const within = query.big.p95 <= SEARCH_P95_BUDGET_MS && ratio <= SEARCH_RATIO_BUDGET
      return [
        `Search ${result.dialect} "${query.q}": p50 / p95 (${big} vs ${SMALL_COUNT.toLocaleString('en')} messages)`,
        `${ms(query.big.p50)} / ${ms(query.big.p95)}`, `${ms(query.small.p50)} / ${ms(query.small.p95)}`,
        `${ratio.toFixed(2)}×`, `p95 ≤ ${SEARCH_P95_BUDGET_MS} ms, ≤ ${SEARCH_RATIO_BUDGET}×: ${verdict(within)}`,
      ]
    }),
    [
      `Search ${result.dialect}: start-up indexing of ${result.indexed.toLocaleString('en')} messages (the history page read meanwhile)`,
      `${Math.round(result.indexed / result.indexSeconds).toLocaleString('en')} messages/s`, `${result.indexSeconds.toFixed(1)} s`, '',
      `≥ ${REINDEX_BUDGET_PER_S.toLocaleString('en')}/s: ${verdict(result.indexed / result.indexSeconds >= REINDEX_BUDGET_PER_S)}`,
    ],
    (({ during, idle, samples }) => [
      `Search ${result.dialect}: message history p50 / p99 while start-up indexing runs (vs idle, ${samples.toLocaleString('en')} requests each)`,
      `${ms(during.p50)} / ${ms(during.p99)}`, `${ms(idle.p50)} / ${ms(idle.p99)}`, `${(idle.p99 > 0 ? during.p99 / idle.p99 : Number.POSITIVE_INFINITY).toFixed(2)}×`,
      `p99 ≤ ${HISTORY_WHILE_INDEXING_BUDGET}×: ${verdict(during.p99 <= HISTORY_WHILE_INDEXING_BUDGET * idle.p99)}`,
    ])(result.historyWhileIndexing),
    ...result.otherRoutes.map(route => {
      const ratio = route.without.p99 > 0 ? route.during.p99 / route.without.p99 : Number.POSITIVE_INFINITY
      return [
        `Search ${result.dialect}: ${route.name} p50 / p99 while searches run (vs none running)`,
        `${ms(route.during.p50)} / ${ms(route.during.p99)} (${route.searches.toLocaleString('en')} searches)`, `${ms(route.without.p50)} / ${ms(route.without.p99)}`,
        `${ratio.toFixed(2)}×`, `p99 ≤ ${OTHER_ROUTES_P99_BUDGET}×: ${verdict(ratio <= OTHER_ROUTES_P99_BUDGET)}`,
      ]
    }),
    ...result.otherRoutes.map(route => [
      `Search ${result.dialect}: ${route.name} p50 / p99 while searches run (vs while another channel's pages are read one after another instead: the bare peer)`,
      `${ms(route.during.p50)} / ${ms(route.during.p99)}`, `${ms(route.alongside.p50)} / ${ms(route.alongside.p99)}`,
      `${(route.alongside.p99 > 0 ? route.during.p99 / route.alongside.p99 : Number.POSITIVE_INFINITY).toFixed(2)}×`, 'reference: the row above against a bare peer',
    ]),
  ])
}

if (require.main === module) {
  measureSearch().then(results => {
    const rows = [['measure', 'big server', 'small server', 'ratio', 'budget'], ...searchRows(results)]
    console.log(rows.map((row, index) => `| ${row.join(' | ')} |${index === 0 ? `\n|${row.map(() => '---').join('|')}|` : ''}`).join('\n'))
  }).catch(error => {
    console.error(error)
    process.exit(1)
  })
}
