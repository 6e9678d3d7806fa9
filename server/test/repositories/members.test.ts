import { mkdtempSync, rmSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'
import { openDatabase } from '../../src/db/dialects'
import { migrateToLatest } from '../../src/db/migrate'
import type { Db } from '../../src/db/schema'
import { createMembersRepository } from '../../src/repositories/members'

describe('members repository', () => {
  let root: string
  let db: Db

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'openrealm-members-'))
    db = (await openDatabase({ dataDir: root, databaseUrl: null, databaseSchema: null })).db
    await migrateToLatest(db)
    await db.insertInto('servers').values({ server_id: 's1', name: 'S', sub_domain: 's', icon: '', introduction: '', sort: 1 }).execute()
    await db.insertInto('users').values([
      { uid: 'u1', user_type: 1, addtime: 0, nickname: 'a', avatar: '', signature: '', gender: 0 },
      { uid: 'u2', user_type: 1, addtime: 0, nickname: 'b', avatar: '', signature: '', gender: 0 },
    ]).execute()
    await db.insertInto('server_members').values({ server_id: 's1', uid: 'u1', joined_at: 0 }).execute()
  })

  afterAll(async () => {
    await db.destroy()
    rmSync(root, { recursive: true, force: true })
  })

  it('says a joined user is a member of that server', async () => {
    expect(await createMembersRepository(db).isMember('s1', 'u1')).toBe(true)
  })

  it('says a user who never joined is not a member', async () => {
    expect(await createMembersRepository(db).isMember('s1', 'u2')).toBe(false)
  })

  it('says nobody is a member of a server that does not exist', async () => {
    expect(await createMembersRepository(db).isMember('nope', 'u1')).toBe(false)
  })
})
