/**
 * Voice channels (SPEC §4 type 2, docs/voice.md): each has a room member limit and an Opus
 * bitrate (`channels.user_limit`, `channels.bitrate`; null on every other type), existing
 * voice channels take the defaults, and every server's `@everyone` role (role_id =
 * server_id) gains Connect and Speak, which a new server's `@everyone` holds
 * (core/domain/permissions.ts DEFAULT_EVERYONE_PERMISSIONS): without them nobody but the
 * owner and administrators could join the rooms the servers already have.
 */
import { sql, type Kysely } from 'kysely'

/** The bits as they were when this migration was written (Connect 1 << 13, Speak 1 << 14): a migration never follows later code. */
const CONNECT_AND_SPEAK = (1 << 13) | (1 << 14)
/** The voice channel type and its defaults when this migration was written (core/wire/voice-codes.ts). */
const VOICE_TYPE = 2
const USER_LIMIT_DEFAULT = 99
const BITRATE_DEFAULT = 64_000

/** Adds the two columns, fills them on voice channels, and gives `@everyone` Connect and Speak. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('channels').addColumn('user_limit', 'integer').execute()
  await db.schema.alterTable('channels').addColumn('bitrate', 'integer').execute()
  await sql`UPDATE channels SET user_limit = ${USER_LIMIT_DEFAULT}, bitrate = ${BITRATE_DEFAULT} WHERE channel_type = ${VOICE_TYPE}`.execute(db)
  await sql`UPDATE roles SET permissions = permissions | ${CONNECT_AND_SPEAK} WHERE role_id = server_id`.execute(db)
}

/** Drops the columns and takes Connect and Speak from `@everyone` again. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE roles SET permissions = permissions & ${~CONNECT_AND_SPEAK} WHERE role_id = server_id`.execute(db)
  await db.schema.alterTable('channels').dropColumn('bitrate').execute()
  await db.schema.alterTable('channels').dropColumn('user_limit').execute()
}
