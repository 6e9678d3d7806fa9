/**
 * What a migration's test stands on: a test app (its database migrated to the latest) and a
 * second connection to the same database, to put rows back as they were before the migration
 * and run its `up` or `down` again. Registers the file's beforeAll and afterAll.
 */
import { openDatabase } from '../../../src/db/dialects'
import type { Db } from '../../../src/db/schema'
import { startTestApp, type TestApp } from '../../helper'

/** The test app and the database connection, each read inside a test (they exist once beforeAll ran). */
export interface AppDatabase {
  app (): TestApp
  db (): Db
}

/** Starts a test app and a connection to its database for this test file, and closes both after it. */
export function appDatabaseForMigrations (): AppDatabase {
  let test: TestApp | null = null
  let db: Db | null = null
  beforeAll(async () => {
    test = await startTestApp()
    db = (await openDatabase(test.config)).db
  }, 30_000)
  afterAll(async () => {
    await db?.destroy()
    await test?.close()
  })
  const ready = <T>(value: T | null): T => {
    if (value === null) throw new Error('the migration test app is not started yet (read it inside a test)')
    return value
  }
  return { app: () => ready(test), db: () => ready(db) }
}
