/**
 * Several processes starting on one fresh database (a cluster, two `npm start`s) each
 * migrate it at the same moment: the second waits for the first and goes on.
 */
import { spawn } from 'child_process'
import { randomBytes } from 'crypto'
import { mkdtempSync, rmSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'
import { sql } from 'kysely'
import { Client } from 'pg'
import { openDatabase } from '../../src/db/dialects'
import { MIGRATIONS } from '../../src/db/migrate'
import { usesPostgres } from '../helper'

const ROOT = path.resolve(__dirname, '..', '..', '..')
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs')
const PROCESSES = 3

/** Runs the fixture in a process; resolves its exit code and output. */
function migrateInProcess (env: Record<string, string>, startAt: number): Promise<{ code: number | null, output: string }> {
  return new Promise(resolve => {
    const child = spawn(process.execPath, [TSX, path.join(__dirname, 'fixtures', 'migrate-at.ts'), String(startAt)], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', chunk => { output += chunk })
    child.stderr.on('data', chunk => { output += chunk })
    child.once('exit', code => resolve({ code, output }))
  })
}

let root: string
let env: Record<string, string>
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'openrealm-migrate-'))
  env = usesPostgres
    ? { DATA_DIR: root, DATABASE_URL: process.env.DATABASE_URL ?? '', DATABASE_SCHEMA: `t_mig_${randomBytes(4).toString('hex')}` }
    : { DATA_DIR: root, DATABASE_URL: '', DATABASE_SCHEMA: '' }
})
afterAll(async () => {
  rmSync(root, { recursive: true, force: true })
  if (usesPostgres) {
    const client = new Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    await client.query(`drop schema if exists "${env.DATABASE_SCHEMA}" cascade`)
    await client.end()
  }
})

describe('migrating one fresh database from several processes at once', () => {
  it('lets every process finish, and runs each migration exactly once', async () => {
    // every process has loaded and opened the database before the moment comes
    const startAt = Date.now() + 4000
    const runs = await Promise.all(Array.from({ length: PROCESSES }, () => migrateInProcess(env, startAt)))
    expect(runs.map(run => run.output.trim())).toEqual(runs.map(() => 'migrated'))
    expect(runs.map(run => run.code)).toEqual(runs.map(() => 0))
    const { db } = await openDatabase({ dataDir: root, databaseUrl: env.DATABASE_URL || null, databaseSchema: env.DATABASE_SCHEMA || null })
    try {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db)
      expect(rows.map(row => row.name)).toEqual(Object.keys(MIGRATIONS))
    } finally {
      await db.destroy()
    }
  }, 30000)
})
