/**
 * Test harness of the server suite: a real app on a real database — a fresh SQLite file
 * in a temporary data folder by default, or, when DATABASE_URL is set (CI's PostgreSQL
 * pass), a fresh PostgreSQL schema of its own, dropped again on close — so every test
 * file starts from the seeded demo and runs are repeatable. A small fake H5 bundle
 * stands in for dist/h5.
 */
import { randomBytes } from 'crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'
import { gzipSync } from 'zlib'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { Client } from 'pg'
import type { Envelope } from '@core/wire/api'
import { buildApp, type AppOptions } from '../src/app'
import { loadConfig, type ServerConfig } from '../src/config'
import type { Db } from '../src/db/schema'

/** A running test app. */
export interface TestApp {
  app: FastifyInstance
  config: ServerConfig
  /** Sends a request through app.inject. */
  inject (options: InjectOptions | string): Promise<LightMyRequestResponse>
  /** Stops the app and removes its data (files, SQLite file or PostgreSQL schema). */
  close (): Promise<void>
}

/** The HTML of the fake H5 bundle's index.html. */
export const FAKE_INDEX_HTML = '<!doctype html><html><head><title>OpenRealm</title></head><body><div id="app">openrealm test shell</div></body></html>'

/** True when this run uses PostgreSQL. */
export const usesPostgres = Boolean(process.env.DATABASE_URL)

function fakeH5 (root: string): string {
  const dir = path.join(root, 'h5')
  mkdirSync(path.join(dir, 'js'), { recursive: true })
  writeFileSync(path.join(dir, 'index.html'), FAKE_INDEX_HTML)
  writeFileSync(path.join(dir, 'js', 'app.1234abcd.js'), 'console.log("app")\n')
  // the production build writes gzip copies beside its scripts (config/h5-delivery.ts)
  writeFileSync(path.join(dir, 'js', 'app.1234abcd.js.gz'), gzipSync('console.log("app")\n'))
  return dir
}

/** The configuration of a test app: temporary folders, silent log, `env` on top. */
export function testConfig (root: string, env: Record<string, string> = {}): ServerConfig {
  const schema = usesPostgres ? `t_${process.pid}_${randomBytes(4).toString('hex')}` : ''
  return loadConfig({
    DATA_DIR: path.join(root, 'data'),
    H5_DIR: fakeH5(root),
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    DATABASE_SCHEMA: schema,
    ...env,
  })
}

/** Drops a test run's PostgreSQL schema. */
export async function dropSchema (url: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`drop schema if exists "${schema}" cascade`)
  } finally {
    await client.end()
  }
}

/** The resolver of a test app that was given none: every name is unknown. */
const resolvesNothing = async (host: string): Promise<string[]> => { throw new Error(`${host}: tests resolve no names unless they pass resolveHost`) }

/** Starts a seeded app on a fresh database; `env` overrides configuration variables; names resolve to nothing unless `options.resolveHost` says. */
export async function startTestApp (env: Record<string, string> = {}, options: Omit<AppOptions, 'config'> = {}): Promise<TestApp> {
  const root = mkdtempSync(path.join(tmpdir(), 'openrealm-server-test-'))
  const config = testConfig(root, env)
  // a test's names resolve only as the test says (resolveHost): no DNS server is ever asked
  const app = await buildApp(config, { resolveHost: resolvesNothing, ...options })
  return {
    app,
    config,
    inject: request => app.inject(request),
    async close () {
      await app.close()
      if (config.databaseUrl && config.databaseSchema) await dropSchema(config.databaseUrl, config.databaseSchema)
      rmSync(root, { recursive: true, force: true })
    },
  }
}

/** The envelope of an answer (fails the test when the body is not one). */
export function envelope<T = unknown> (response: LightMyRequestResponse): Envelope<T> {
  const body = response.json() as Envelope<T>
  expect(typeof body.code).toBe('number')
  expect(typeof body.msg).toBe('string')
  expect(body).toHaveProperty('data')
  return body
}

/** One part of a multipart/form-data body. */
export type FormPart =
  | { name: string, value: string }
  | { name: string, filename: string, type: string, content: Buffer }

/** A multipart/form-data body and its content-type header, as a browser would send the form. */
export function multipart (parts: FormPart[]): { payload: Buffer, headers: Record<string, string> } {
  const boundary = `----openrealm${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`))
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`))
      chunks.push(part.content, Buffer.from('\r\n'))
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** A 1×1 PNG (a real one, for the image checks). */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

/** Signs in as a new guest; resolves its bearer header and uid. */
export async function signInAsGuest (test: TestApp): Promise<{ headers: Record<string, string>, uid: string, token: string }> {
  const response = await test.inject({ method: 'POST', url: '/auth/guest', payload: {} })
  const { data } = envelope<{ token: string, user: { uid: string } }>(response)
  return { headers: { authorization: `Bearer ${data.token}` }, uid: data.user.uid, token: data.token }
}

/** A new guest made a member of `serverId` by writing the membership straight to `db` (no join route, no welcome events). */
export async function signInAsJoinedGuest (test: TestApp, db: Db, serverId: string): Promise<{ headers: Record<string, string>, uid: string, token: string }> {
  const guest = await signInAsGuest(test)
  await db.insertInto('server_members').values({ server_id: serverId, uid: guest.uid, joined_at: 1 }).execute()
  return guest
}

/** The owner of every demo server (server/src/db/seed/demo-data.ts). */
export const DEMO_OWNER = '100001'

/**
 * When the sessions signInAsMember writes expire (2036: after every clock the tests set,
 * within a 32-bit integer column); they count as last used then too, so no test clock
 * finds them idle.
 */
const MEMBER_SESSION_EXPIRES_AT = 2_100_000_000

/**
 * Signs in as a seeded account (ordinary `100001`–`100004`, the guest `B_300001`, …; no
 * API signs them in): a session written straight to the app's database. Resolves its
 * bearer header and uid.
 */
export async function signInAsMember (test: TestApp, uid = '100001'): Promise<{ headers: Record<string, string>, uid: string, token: string }> {
  const { openDatabase } = await import('../src/db/dialects')
  const { newSession } = await import('../src/repositories/users')
  const { token, row } = newSession(uid, 0)
  const { db } = await openDatabase(test.config)
  try {
    await db.insertInto('sessions').values({ ...row, expires_at: MEMBER_SESSION_EXPIRES_AT, last_used_at: MEMBER_SESSION_EXPIRES_AT }).execute()
  } finally {
    await db.destroy()
  }
  return { headers: { authorization: `Bearer ${token}` }, uid, token }
}

/** One statement counting the rows of every table: the fingerprint a refused request or frame must leave as it was. */
export async function rowCounter (db: Db): Promise<() => Promise<Record<string, number>>> {
  const tables = (await db.introspection.getTables()).map(table => table.name).filter(name => !name.startsWith('kysely_'))
  const counts = sql.join(tables.map(name => sql`(select count(*) from ${sql.table(name)}) as ${sql.ref(name)}`))
  return async () => {
    const { rows } = await sql<Record<string, number | string>>`select ${counts}`.execute(db)
    return Object.fromEntries(Object.entries(rows[0]).map(([name, count]) => [name, Number(count)]))
  }
}
