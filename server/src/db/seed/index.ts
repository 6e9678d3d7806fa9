/**
 * Seeds the demo (demo-data.ts) idempotently: images are stored (unchanged ones are left
 * alone), rows are upserted by primary key inside one transaction, so seeding again
 * never duplicates anything and refreshes the time-relative demo rows (the "today"
 * user, upcoming and running live items) to the new seed time. Rows made through the
 * API (guests, created channels, uploads) are never touched, and the rows an owner
 * edits through the API (the server's name, icon, introduction and owner, its roles and
 * who holds them) are only inserted when missing, so those edits survive a restart.
 */
import type { Kysely } from 'kysely'
import type { Database, Db } from '../schema'
import type { FileStore } from '../../services/storage'
import { readFile } from 'fs/promises'
import { SEED_VIDEO_FILE, SEED_VIDEO_KEY } from './art'
import { buildDemoData } from './demo-data'

/** Rows of one table, loosely typed for the generic upsert below. */
type Row = Record<string, unknown>

/** Rows per INSERT statement (well under both engines' parameter limits). */
const CHUNK = 100

async function upsert (db: Db, table: keyof Database, keys: string[], typedRows: readonly object[]): Promise<void> {
  if (typedRows.length === 0) return
  const rows = typedRows as Row[]
  const loose = db as unknown as Kysely<Record<string, Row>>
  const columns = Object.keys(rows[0]).filter(column => !keys.includes(column))
  for (let start = 0; start < rows.length; start += CHUNK) {
    await loose.insertInto(table).values(rows.slice(start, start + CHUNK))
      .onConflict(conflict => conflict.columns(keys).doUpdateSet(eb => Object.fromEntries(columns.map(column => [column, eb.ref(`excluded.${column}`)]))))
      .execute()
  }
}

/** Inserts the rows that collide with no existing row on any unique key; rows already there are left as they are. */
async function insertMissing (db: Db, table: keyof Database, typedRows: readonly object[]): Promise<void> {
  const rows = typedRows as Row[]
  const loose = db as unknown as Kysely<Record<string, Row>>
  for (let start = 0; start < rows.length; start += CHUNK) {
    await loose.insertInto(table).values(rows.slice(start, start + CHUNK)).onConflict(conflict => conflict.doNothing()).execute()
  }
}

/** Counts of what the seed wrote, for the start-up log. */
export interface SeedSummary {
  servers: number
  channels: number
  users: number
  lives: number
  posts: number
  images: number
}

/** Seeds the demo as of `now` (unix seconds). */
export async function seedDemo (db: Db, files: FileStore, now: number = Math.floor(Date.now() / 1000)): Promise<SeedSummary> {
  const data = buildDemoData(now)
  for (const image of data.images) {
    await files.put(image.key, Buffer.from(image.svg), 'image/svg+xml', { replace: true })
  }
  await files.put(SEED_VIDEO_KEY, await readFile(SEED_VIDEO_FILE), 'video/mp4', { replace: true })
  await db.transaction().execute(async trx => {
    await insertMissing(trx, 'servers', data.servers)
    await upsert(trx, 'users', ['uid'], data.users)
    await upsert(trx, 'server_members', ['server_id', 'uid'], data.members)
    await insertMissing(trx, 'roles', data.roles)
    await insertMissing(trx, 'member_roles', data.memberRoles)
    await upsert(trx, 'channels', ['channel_id'], data.channels)
    await upsert(trx, 'lives', ['live_id'], data.lives)
    await upsert(trx, 'posts', ['post_id'], data.posts)
    // a conversation stays where it was first seeded: only messages whose seed nonce is new are added
    await insertMissing(trx, 'messages', data.messages)
    await upsert(trx, 'showrooms', ['channel_id'], data.showrooms)
    await upsert(trx, 'showroom_events', ['event_id'], data.events)
    await upsert(trx, 'showroom_hotspots', ['hotspot_id'], data.hotspots)
    // a seeded table is played: seeding again leaves it as it stands
    await insertMissing(trx, 'plaza_tables', data.plazaTables)
  })
  return { servers: data.servers.length, channels: data.channels.length, users: data.users.length, lives: data.lives.length, posts: data.posts.length, images: data.images.length }
}
