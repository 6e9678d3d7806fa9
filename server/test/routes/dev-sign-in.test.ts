/** Development sign-in links: one per demo server's owner and one for a moderator, each once within 30 minutes; none in production. */
import { createHash } from 'crypto'
import type { AccountSignInData } from '@core/wire/accounts'
import { openDatabase } from '../../src/db/dialects'
import type { DevSignInLink } from '../../src/services/dev-sign-in-links'
import { DEMO_OWNER, envelope, startTestApp, type TestApp } from '../helper'

let test: TestApp
let links: DevSignInLink[] = []
let now = Math.floor(Date.now() / 1000)

beforeAll(async () => {
  test = await startTestApp({}, { now: () => now, onDevSignInLinks: issued => { links = issued } })
}, 30_000) // a fresh PostgreSQL schema migrates and seeds slowly on a busy machine
afterAll(async () => { await test.close() })

const signIn = (token: string) => test.inject({ method: 'POST', url: '/auth/dev-sign-in', headers: { 'accept-language': 'en' }, payload: { token } })

describe('development sign-in links', () => {
  it('are issued for the owner of each seeded server and a moderator of the busy server', () => {
    expect(links.map(link => [link.server_id, link.uid])).toEqual([['723658', DEMO_OWNER], ['832828', DEMO_OWNER], ['275902', DEMO_OWNER], ['832828', '100003']])
    expect(links.map(link => link.label)).toContain('moderator')
  })

  it('each sign in once, as the account they name', async () => {
    const link = links[3]
    const signedIn = envelope<AccountSignInData>(await signIn(link.token)).data
    expect(signedIn.user.uid).toBe('100003')
    const again = await signIn(link.token)
    expect(again.statusCode).toBe(400)
    expect(envelope(again).msg).toMatch(/already used or expired/)
  })

  it('never sign in a bot or a map account, which sign in with their token only', async () => {
    const { db } = await openDatabase(test.config)
    try {
      for (const uid of ['C_200001', 'D_400001']) {
        await db.insertInto('sign_in_challenges').values({ challenge: createHash('sha256').update(`link-${uid}`).digest('base64url'), purpose: 'dev-link', uid, detail: '', expires_at: now + 600 }).execute()
        expect((await signIn(`link-${uid}`)).statusCode).toBe(403)
      }
    } finally {
      await db.destroy()
    }
  })

  it('stop working after 30 minutes', async () => {
    now += 30 * 60
    expect((await signIn(links[0].token)).statusCode).toBe(400)
  })

  it('are neither issued nor accepted in production', async () => {
    let issued = false
    const production = await startTestApp(
      { NODE_ENV: 'production', QINIU_SECRET_KEY: 'k3Jd9-real-secret-0f8a2c', PUBLIC_URL: 'https://realm.example', SMTP_URL: 'smtp://127.0.0.1:9' },
      { onDevSignInLinks: () => { issued = true } },
    )
    try {
      expect(issued).toBe(false)
      expect((await production.inject({ method: 'POST', url: '/auth/dev-sign-in', payload: { token: 'anything' } })).statusCode).toBe(404)
    } finally {
      await production.close()
    }
  }, 30_000)
})
