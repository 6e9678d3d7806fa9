/**
 * History bench (posts too): does a channel's history stay as fast at
 * 1,000,000 rows as at 1,000? One app on a fresh database (SQLite, then PostgreSQL when
 * one answers) gets, for each list ({@link SUBJECTS}: a discussion channel's messages, a
 * post channel's posts), 1,000,000 rows in one channel and 1,000 in another, written in
 * 100,000-row statements (each its own transaction) and analysed like a live database
 * would be; then the route answers, in process (app.inject, no network noise):
 *  - the newest page (`?limit=50`) of each channel;
 *  - a deep page: 500,000 rows back in the big channel (`?before=<id>&limit=50`),
 *    500 back in the small one;
 *  - for contrast, the old `page`/`page_size` query (OFFSET + COUNT) at the same depth;
 *  - the channel list of a member who has read nothing (unread counts of every channel),
 *    and of the member who wrote the messages (none unread to them, all after their read
 *    position), before the messages are written and after.
 * Medians and p99 of sequential requests after a warm-up, big and small channel taken in
 * turns; the budget is big ÷ small ≤ 1.2× (medians).
 *
 * `npx tsx bench/history.ts` runs it alone; `npm run bench` runs it with the rest.
 * BENCH_HISTORY_MESSAGES (default 1,000,000 rows per big channel) and BENCH_HISTORY_SAMPLES
 * (default 200) shrink it for a quick look; BENCH_DATABASE_URL names the PostgreSQL server
 * (default: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; skipped when none answers).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'
import { sql, type RawBuilder } from 'kysely'
import { Client } from 'pg'
import type { FastifyInstance } from 'fastify'
import { timeIdAt } from '../core/domain/ids'
import { buildApp } from '../server/src/app'
import { loadConfig } from '../server/src/config'
import { openDatabase } from '../server/src/db/dialects'
import { newSession } from '../server/src/repositories/users'
import type { Db } from '../server/src/db/schema'
import { verdict } from './results-table'

const BIG_COUNT = Number(process.env.BENCH_HISTORY_MESSAGES || 1_000_000)
const SMALL_COUNT = 1000
const SAMPLES = Number(process.env.BENCH_HISTORY_SAMPLES || 200)
const OLD_PAGE_SAMPLES = 5
const PAGE = 50
const ROWS_PER_STATEMENT = 100_000
const SERVER_ID = '832828'
/** The other seeded server: its post channel is the small post channel (each server has one). */
const OTHER_SERVER_ID = '723658'
const AUTHOR = '100001'
/** Synthetic messages are one millisecond apart, ending well before the seed's own. */
const FIRST_MS = Date.UTC(2020, 0, 1)

/** Budget: a page of the 1,000,000-message channel costs at most 1.2 × the same page of the 1,000-message one. */
export const HISTORY_RATIO_BUDGET = 1.2

/** Latency of one kind of request, in milliseconds. */
export interface Latency { p50: number, p99: number }

/** The SQL expressions of one generated row, for a subject's INSERT … SELECT. */
export interface GeneratedRow {
  /** The row's time-ordered id (text). */
  id: RawBuilder<string>
  /** The row's number in its channel, 0 = oldest (integer). */
  index: RawBuilder<number>
  /** Unix seconds of the row (integer). */
  createdAt: RawBuilder<number>
}

/** One paged list the bench fills and reads: its table, its route and two channels of the seed. */
export interface HistorySubject {
  /** What the rows are called in the table rows ('messages', 'posts'). */
  noun: string
  /** The channel that gets the big count, and the one that gets 1,000. */
  bigChannel: string
  smallChannel: string
  /** The table the rows go to, its columns, and the values of one generated row for `channelId`. */
  table: string
  columns: readonly string[]
  values: (row: GeneratedRow, channelId: string) => RawBuilder<unknown>
  /** The route of the channel's list. */
  path: (channelId: string) => string
}

/** The lists measured: a discussion channel's messages and a post channel's posts. */
export const SUBJECTS: readonly HistorySubject[] = [
  {
    noun: 'messages',
    // seeded discussion channels of server 832828 that hold no demo messages
    bigChannel: '83282805',
    smallChannel: '83282800',
    table: 'messages',
    columns: ['message_id', 'channel_id', 'server_id', 'author_uid', 'content', 'nonce', 'reply_to', 'mentions', 'attachments', 'created_at', 'edited_at'],
    values: (row, channelId) => sql`${row.id}, ${channelId}, ${SERVER_ID}, ${AUTHOR}, 'message ' || ${row.index}, null, null, '[]', '[]', ${row.createdAt}, null`,
    path: channelId => `/channels/${channelId}/messages`,
  },
  {
    noun: 'posts',
    // the post channels of the two seeded servers (their few demo posts are newer than the generated ones)
    bigChannel: '83282804',
    smallChannel: '72365804',
    table: 'posts',
    columns: ['post_id', 'channel_id', 'author_uid', 'title', 'content', 'cover', 'images', 'created_at'],
    values: (row, channelId) => sql`${row.id}, ${channelId}, ${AUTHOR}, 'post ' || ${row.index}, 'text of post ' || ${row.index}, '', '[]', ${row.createdAt}`,
    path: channelId => `/channels/${channelId}/posts`,
  },
]

/** One list's pages on one database. */
export interface SubjectResult {
  noun: string
  bigNewest: Latency
  smallNewest: Latency
  bigDeep: Latency
  smallDeep: Latency
  /** The old OFFSET + COUNT page at the same depth in the big channel. */
  bigOldPage: Latency
  /** Seconds to write the big and the small channel's rows and analyse. */
  insertSeconds: number
}

/** One database's results. */
export interface HistoryResult {
  dialect: 'sqlite' | 'postgres'
  subjects: SubjectResult[]
  /** A member's channel list (with unread counts) before the messages were written, and after. */
  memberListBefore: Latency
  memberListAfter: Latency
  /** The channel list of the member who wrote the big channel's messages (none of them unread to them), before and after. */
  authorListBefore: Latency
  authorListAfter: Latency
}

/** The big channel's synthetic rows share milliseconds with the small one's; the sequence part of their ids tells them apart. */
function sequenceOf (subject: HistorySubject, channelId: string): number {
  return channelId === subject.bigChannel ? 0 : 1
}

/** The id of the `index`-th synthetic row (0 = oldest) of `channelId`. */
function syntheticId (subject: HistorySubject, channelId: string, index: number): string {
  return timeIdAt(FIRST_MS + index, sequenceOf(subject, channelId))
}

/** Writes `count` rows of `subject` to `channelId` (ids as {@link syntheticId}), oldest first, in statements of 100,000 rows generated by the database itself. */
async function insertRows (db: Db, dialect: 'sqlite' | 'postgres', subject: HistorySubject, channelId: string, count: number): Promise<void> {
  const sequence = sequenceOf(subject, channelId)
  const into = sql`insert into ${sql.table(subject.table)} (${sql.join(subject.columns.map(column => sql.ref(column)))})`
  for (let start = 0; start < count; start += ROWS_PER_STATEMENT) {
    const rows = Math.min(ROWS_PER_STATEMENT, count - start)
    const from = FIRST_MS + start
    if (dialect === 'sqlite') {
      const row = { id: sql<string>`printf('%013d%06d', ${from} + i, ${sequence})`, index: sql<number>`(${start} + i)`, createdAt: sql<number>`cast((${from} + i) / 1000 as integer)` }
      await sql`with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${rows})
        ${into} select ${subject.values(row, channelId)} from n`.execute(db)
    } else {
      const row = {
        id: sql<string>`lpad((${from}::bigint + i)::text, 13, '0') || lpad(${sequence}::text, 6, '0')`,
        index: sql<number>`(${start}::bigint + i)`,
        createdAt: sql<number>`(${from}::bigint + i) / 1000`,
      }
      await sql`${into} select ${subject.values(row, channelId)} from generate_series(0, ${rows - 1}::bigint) as i`.execute(db)
    }
  }
}

/** The value at `fraction` (0..1) of sorted timings. */
export function percentile (sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]
}

/** One GET to time. */
interface BenchRequest {
  url: string
  headers?: Record<string, string>
  /** Rows the answer must hold (a history page); not checked when absent. */
  items?: number
}

/** Time of one GET, in milliseconds; the answer must be a 200 (holding `items` rows when given). */
async function timeOne (app: FastifyInstance, request: BenchRequest): Promise<number> {
  const started = process.hrtime.bigint()
  const response = await app.inject({ url: request.url, headers: request.headers })
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6
  if (response.statusCode !== 200) throw new Error(`${request.url} answered ${response.statusCode}: ${response.body}`)
  if (request.items !== undefined) {
    const data = (response.json() as { data: { items?: unknown[], list?: unknown[] } }).data
    const items = data.items ?? data.list ?? []
    if (items.length !== request.items) throw new Error(`${request.url} answered ${items.length} items, not ${request.items}`)
  }
  return elapsed
}

function latencyOf (timings: number[]): Latency {
  const sorted = [...timings].sort((a, b) => a - b)
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) }
}

/**
 * Latencies of `requests`, `samples` GETs each after a warm-up, taken in turns
 * (a, b, a, b …) so a busy moment of the machine weighs on all alike.
 */
async function measureInTurns (app: FastifyInstance, requests: BenchRequest[], samples: number): Promise<Latency[]> {
  const timings = requests.map((): number[] => [])
  for (let round = -Math.min(20, samples); round < samples; round += 1) {
    for (const [index, request] of requests.entries()) {
      const elapsed = await timeOne(app, request)
      if (round >= 0) timings[index].push(elapsed)
    }
  }
  return timings.map(latencyOf)
}

/** Whether a PostgreSQL server answers at `url` (a bench skips it otherwise). */
export async function postgresAnswers (url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await client.connect()
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** Drops a bench run's PostgreSQL schema. */
export async function dropSchema (url: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`drop schema if exists "${schema}" cascade`)
  } finally {
    await client.end()
  }
}

/** Fills `subject`'s two channels, then times their newest and deep pages and the old page at depth. */
async function measureSubject (app: FastifyInstance, db: Db, dialect: 'sqlite' | 'postgres', subject: HistorySubject, headers: Record<string, string>): Promise<SubjectResult> {
  const insertStarted = Date.now()
  await insertRows(db, dialect, subject, subject.bigChannel, BIG_COUNT)
  await insertRows(db, dialect, subject, subject.smallChannel, SMALL_COUNT)
  await sql`analyze`.execute(db)
  const insertSeconds = (Date.now() - insertStarted) / 1000

  const page = (channelId: string, query: string): BenchRequest => ({ url: `${subject.path(channelId)}?${query}`, headers, items: PAGE })
  const bigDepth = Math.floor(BIG_COUNT / 2)
  const smallDepth = Math.floor(SMALL_COUNT / 2)
  const [bigNewest, smallNewest] = await measureInTurns(app, [page(subject.bigChannel, `limit=${PAGE}`), page(subject.smallChannel, `limit=${PAGE}`)], SAMPLES)
  const [bigDeep, smallDeep] = await measureInTurns(app, [
    page(subject.bigChannel, `limit=${PAGE}&before=${syntheticId(subject, subject.bigChannel, BIG_COUNT - bigDepth)}`),
    page(subject.smallChannel, `limit=${PAGE}&before=${syntheticId(subject, subject.smallChannel, SMALL_COUNT - smallDepth)}`),
  ], SAMPLES)
  const [bigOldPage] = await measureInTurns(app, [page(subject.bigChannel, `page=${bigDepth / PAGE + 1}&page_size=${PAGE}`)], OLD_PAGE_SAMPLES)
  return { noun: subject.noun, insertSeconds, bigNewest, smallNewest, bigDeep, smallDeep, bigOldPage }
}

/** Runs the bench on one database (SQLite when `databaseUrl` is null). */
async function runOn (databaseUrl: string | null): Promise<HistoryResult> {
  const root = mkdtempSync(path.join(tmpdir(), 'openrealm-history-bench-'))
  const h5Dir = path.join(root, 'h5')
  mkdirSync(h5Dir)
  writeFileSync(path.join(h5Dir, 'index.html'), '<!doctype html><title>bench</title>')
  const schema = databaseUrl ? `bench_history_${process.pid}` : ''
  const config = loadConfig({ DATA_DIR: path.join(root, 'data'), H5_DIR: h5Dir, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl ?? '', DATABASE_SCHEMA: schema })
  const app = await buildApp(config)
  const { db, dialect } = await openDatabase(config)
  try {
    // a member who has read nothing: their channel list counts every unread channel, the big one too
    // (the big channel is the training channel: the member holds its role, SPEC §6, and reads it as a member)
    const guest = (await app.inject({ method: 'POST', url: '/auth/guest' })).json() as { data: { token: string, user: { uid: string } } }
    for (const serverId of [SERVER_ID, OTHER_SERVER_ID]) {
      await db.insertInto('server_members').values({ server_id: serverId, uid: guest.data.user.uid, joined_at: 0 }).execute()
    }
    await db.insertInto('member_roles').values({ server_id: SERVER_ID, uid: guest.data.user.uid, role_id: `${SERVER_ID}-trainee` }).execute()
    const memberHeaders = { authorization: `Bearer ${guest.data.token}` }
    const memberList: BenchRequest = { url: `/servers/${SERVER_ID}/channels`, headers: memberHeaders }
    // the author of every synthetic message (the servers' owner): nothing of theirs is unread, yet it lies after their read position
    const authorSession = newSession(AUTHOR, Math.floor(Date.now() / 1000))
    await db.insertInto('sessions').values(authorSession.row).execute()
    const authorList: BenchRequest = { url: `/servers/${SERVER_ID}/channels`, headers: { authorization: `Bearer ${authorSession.token}` } }
    const [memberListBefore, authorListBefore] = await measureInTurns(app, [memberList, authorList], SAMPLES)

    const subjects: SubjectResult[] = []
    for (const subject of SUBJECTS) subjects.push(await measureSubject(app, db, dialect, subject, memberHeaders))
    const [memberListAfter, authorListAfter] = await measureInTurns(app, [memberList, authorList], SAMPLES)
    return { dialect, subjects, memberListBefore, memberListAfter, authorListBefore, authorListAfter }
  } finally {
    await db.destroy()
    await app.close()
    if (databaseUrl) await dropSchema(databaseUrl, schema)
    rmSync(root, { recursive: true, force: true })
  }
}

/** The bench on SQLite, and on PostgreSQL when one answers. */
export async function measureHistory (): Promise<HistoryResult[]> {
  const results = [await runOn(null)]
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
  if (await postgresAnswers(postgresUrl)) results.push(await runOn(postgresUrl))
  else console.log(`history bench: no PostgreSQL answers at ${postgresUrl}, SQLite only`)
  return results
}

const ms = (value: number): string => `${value.toFixed(2)} ms`
const ratioOf = (a: number, b: number): number => (b > 0 ? a / b : Number.POSITIVE_INFINITY)

/** Table rows (measure, OpenRealm, reference, ratio, budget) for bench/run.ts's table. */
export function historyRows (results: readonly HistoryResult[]): string[][] {
  const big = BIG_COUNT.toLocaleString('en')
  return results.flatMap(result => {
    const budget = (value: number): string => `≤ ${HISTORY_RATIO_BUDGET}×: ${verdict(value <= HISTORY_RATIO_BUDGET)}`
    const rows = result.subjects.map(subject => {
      const newest = ratioOf(subject.bigNewest.p50, subject.smallNewest.p50)
      const deep = ratioOf(subject.bigDeep.p50, subject.smallDeep.p50)
      const name = subject.noun === 'messages' ? 'History' : `History (${subject.noun})`
      return [
        [`${name} ${result.dialect}: newest page p50 / p99 (${big} vs ${SMALL_COUNT} ${subject.noun})`, `${ms(subject.bigNewest.p50)} / ${ms(subject.bigNewest.p99)}`, `${ms(subject.smallNewest.p50)} / ${ms(subject.smallNewest.p99)}`, `${newest.toFixed(2)}×`, budget(newest)],
        [`${name} ${result.dialect}: page ${(BIG_COUNT / 2).toLocaleString('en')} back (vs ${SMALL_COUNT / 2} back) p50 / p99`, `${ms(subject.bigDeep.p50)} / ${ms(subject.bigDeep.p99)}`, `${ms(subject.smallDeep.p50)} / ${ms(subject.smallDeep.p99)}`, `${deep.toFixed(2)}×`, budget(deep)],
        [`${name} ${result.dialect}: old page/page_size at the same depth (OFFSET + COUNT)`, `${ms(subject.bigOldPage.p50)} / ${ms(subject.bigOldPage.p99)}`, '', `${ratioOf(subject.bigOldPage.p50, subject.bigDeep.p50).toFixed(0)}× the cursor page`, `${subject.insertSeconds.toFixed(1)} s to write ${big} + ${SMALL_COUNT}`],
      ]
    }).flat()
    return [
      ...rows,
      [`Channel list of a member who read nothing, ${result.dialect}: p50 / p99 (with vs without the ${big} messages and posts)`, `${ms(result.memberListAfter.p50)} / ${ms(result.memberListAfter.p99)}`, `${ms(result.memberListBefore.p50)} / ${ms(result.memberListBefore.p99)}`, `${ratioOf(result.memberListAfter.p50, result.memberListBefore.p50).toFixed(2)}×`, ''],
      [`Channel list of the member who wrote them, ${result.dialect}: p50 / p99 (with vs without them)`, `${ms(result.authorListAfter.p50)} / ${ms(result.authorListAfter.p99)}`, `${ms(result.authorListBefore.p50)} / ${ms(result.authorListBefore.p99)}`, `${ratioOf(result.authorListAfter.p50, result.authorListBefore.p50).toFixed(2)}×`, ''],
    ]
  })
}

if (require.main === module) {
  measureHistory().then(results => {
    const rows = [['measure', 'big channel', 'small channel', 'ratio', 'budget'], ...historyRows(results)]
    console.log(rows.map((row, index) => `| ${row.join(' | ')} |${index === 0 ? `\n|${row.map(() => '---').join('|')}|` : ''}`).join('\n'))
  }).catch(error => {
    console.error(error)
    process.exit(1)
  })
}
