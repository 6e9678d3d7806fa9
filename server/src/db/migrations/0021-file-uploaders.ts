/**
 * Who stored a file (`stored_files.uploaded_by`, null for seeded files and those stored
 * before it was kept): deleting an account removes the avatar it uploaded, and only a file
 * it uploaded (repositories/account-data.ts), never another member's file it merely named.
 * As a `*_by` column it moves with a guest who signs up and is emptied when its uploader's
 * account goes (repositories/accounts.ts uidColumns).
 */
import type { Kysely } from 'kysely'

/** Adds stored_files.uploaded_by and its index. */
export async function up (db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_files').addColumn('uploaded_by', 'text').execute()
  await db.schema.createIndex('stored_files_uploaded_by').on('stored_files').column('uploaded_by').execute()
}

/** Drops them. */
export async function down (db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('stored_files_uploaded_by').ifExists().execute()
  await db.schema.alterTable('stored_files').dropColumn('uploaded_by').execute()
}
