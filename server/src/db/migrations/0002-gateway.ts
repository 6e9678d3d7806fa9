/**
 * The gateway's schema change: the member list pages by (joined_at, uid) within a
 * server, so it reads an index in that order instead of sorting (never OFFSET).
 */
import type { Kysely } from 'kysely'

/** Adds the member list's index. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('server_members_join_order').on('server_members').columns(['server_id', 'joined_at', 'uid']).execute()
}

/** Drops it. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('server_members_join_order').execute()
}
