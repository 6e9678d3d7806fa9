/**
 * The gather space: a metaverse channel's showroom keeps the Tiled map of its
 * space (JSON text, core/wire/space.ts TiledMap). Null for a showroom stored before: its
 * map is made from the showroom (server/src/space/map.ts) when read.
 */
import type { Kysely } from 'kysely'

/** Adds showrooms.space_map. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('showrooms').addColumn('space_map', 'text').execute()
}

/** Drops showrooms.space_map. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('showrooms').dropColumn('space_map').execute()
}
