/**
 * Content limits: the members each message has already told of a mention
 * (`mention_notices`, so editing a mention out and back in tells nobody twice), and one
 * open report per reporter and target (a unique index over the open rows: a second
 * identical report cannot queue twice, whichever process takes it). Same migration on
 * SQLite and PostgreSQL. Existing messages count their present mentions as told; of
 * identical open reports already queued only the first stays.
 */
import { sql, type Kysely } from 'kysely'

/** Creates the table and the index, after filling the one and clearing the way for the other. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('mention_notices')
    .addColumn('message_id', 'text', col => col.notNull())
    .addColumn('uid', 'text', col => col.notNull())
    .addPrimaryKeyConstraint('mention_notices_pk', ['message_id', 'uid'])
    .execute()
  const mentioning = await sql<{ message_id: string, author_uid: string, mentions: string }>`select message_id, author_uid, mentions from messages where mentions <> '[]'`.execute(db)
  for (const row of mentioning.rows) {
    for (const uid of JSON.parse(row.mentions) as string[]) {
      if (uid !== row.author_uid) await sql`insert into mention_notices (message_id, uid) values (${row.message_id}, ${uid}) on conflict do nothing`.execute(db)
    }
  }
  await sql`delete from reports where resolved_by is null and exists (
    select 1 from reports as earlier where earlier.resolved_by is null and earlier.server_id = reports.server_id and earlier.reporter_uid = reports.reporter_uid
      and earlier.target_type = reports.target_type and earlier.target_id = reports.target_id and earlier.report_id < reports.report_id
  )`.execute(db)
  await db.schema.createIndex('reports_open_once').on('reports').columns(['server_id', 'reporter_uid', 'target_type', 'target_id'])
    .unique().where(sql.ref('resolved_by'), 'is', null).execute()
}

/** Drops them. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('reports_open_once').ifExists().execute()
  await db.schema.dropTable('mention_notices').ifExists().execute()
}
