import { sql } from 'kysely'
import { MIGRATIONS, migrateToLatest } from '../../src/db/migrate'
import { openDatabase } from '../../src/db/dialects'
import { startTestApp } from '../helper'

describe('migrateToLatest', () => {
  it('runs a migration that lands after a later one has already run (branches merge in any order)', async () => {
    const test = await startTestApp({}, { seed: false })
    const { db } = await openDatabase(test.config)
    const name = '0002-late-arrival'
    MIGRATIONS[name] = { up: async migrating => { await migrating.schema.createTable('late_arrival').addColumn('id', 'text').execute() } }
    try {
      await migrateToLatest(db, test.config.databaseSchema ?? undefined)
      await expect(sql`select count(*) as n from late_arrival`.execute(db)).resolves.toBeDefined()
    } finally {
      delete MIGRATIONS[name]
      await db.destroy()
      await test.close()
    }
  })
})
