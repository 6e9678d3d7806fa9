import type { BotToken, Invite, MyPermissions } from '@core/wire/trust'
import { openDatabase } from '../../src/db/dialects'
import type { User } from '@core/wire/entities'
import { DEMO_OWNER, envelope, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER = '832828'
let test: TestApp
let owner: Record<string, string>

beforeAll(async () => {
  test = await startTestApp()
  owner = (await signInAsMember(test, DEMO_OWNER)).headers
})
afterAll(async () => { await test.close() })

describe('bots', () => {
  it('creates a bot member with the bot role whose token works once shown, with the Bot scheme', async () => {
    const bot = envelope<BotToken>(await test.inject({ method: 'POST', url: `/servers/${SERVER}/bots`, headers: owner, payload: { nickname: '骰子机器人' } })).data
    expect(bot.user).toMatchObject({ nickname: '骰子机器人', user_type: 2 })
    expect(bot.user.uid).toMatch(/^C_/)
    const headers = { authorization: `Bot ${bot.token}` }
    expect(envelope<User>(await test.inject({ url: '/user/me', headers })).data.uid).toBe(bot.user.uid)
    const mine = envelope<MyPermissions>(await test.inject({ url: `/servers/${SERVER}/permissions/me`, headers })).data
    expect(mine.role_ids).toEqual([`${SERVER}-bot`])
  })

  it('refuses a person\'s session token under the Bot scheme', async () => {
    const person = await signInAsMember(test, '100004')
    expect((await test.inject({ url: '/user/me', headers: { authorization: `Bot ${person.token}` } })).statusCode).toBe(401)
  })

  it('replaces a seeded bot\'s token and revokes it', async () => {
    const first = envelope<BotToken>(await test.inject({ method: 'POST', url: `/servers/${SERVER}/bots/C_200001/token`, headers: owner })).data
    const second = envelope<BotToken>(await test.inject({ method: 'POST', url: `/servers/${SERVER}/bots/C_200001/token`, headers: owner })).data
    expect((await test.inject({ url: '/user/me', headers: { authorization: `Bot ${first.token}` } })).statusCode).toBe(401)
    expect((await test.inject({ url: '/user/me', headers: { authorization: `Bot ${second.token}` } })).statusCode).toBe(200)
    expect((await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/bots/C_200001`, headers: owner })).statusCode).toBe(200)
    expect((await test.inject({ url: '/user/me', headers: { authorization: `Bot ${second.token}` } })).statusCode).toBe(401)
  })

  it('refuses anyone without ManageServer and people who are not bots', async () => {
    const moderator = await signInAsMember(test, '100003')
    const refused = await test.inject({ method: 'POST', url: `/servers/${SERVER}/bots`, headers: moderator.headers, payload: { nickname: 'x' } })
    expect(envelope(refused).msg).toBe('missing permission: ManageServer')
    expect((await test.inject({ method: 'POST', url: `/servers/${SERVER}/bots/100004/token`, headers: owner })).statusCode).toBe(404)
  })
})

describe('a bot is bound to the server it was created in', () => {
  const OTHER = '275902'

  async function countRows (table: 'server_members' | 'messages', column: 'uid' | 'author_uid', uid: string): Promise<number> {
    const { db } = await openDatabase(test.config)
    try {
      const row = await db.selectFrom(table).select(eb => eb.fn.countAll<number>().as('n')).where(column, '=', uid).executeTakeFirstOrThrow()
      return Number(row.n)
    } finally {
      await db.destroy()
    }
  }

  it('refuses a bot that joins another server, directly or by invite, with 403 and writes no membership', async () => {
    const bot = envelope<BotToken>(await test.inject({ method: 'POST', url: `/servers/${SERVER}/bots`, headers: owner, payload: { nickname: '漫游者' } })).data
    const headers = { authorization: `Bot ${bot.token}` }
    const invite = envelope<Invite>(await test.inject({ method: 'POST', url: `/servers/${OTHER}/invites`, headers: owner, payload: {} })).data
    for (const request of [{ method: 'POST' as const, url: `/servers/${OTHER}/members/me` }, { method: 'POST' as const, url: `/invites/${invite.code}/accept` }]) {
      const response = await test.inject({ ...request, headers })
      expect(response.statusCode).toBe(403)
      expect(envelope(response)).toMatchObject({ code: 403000, data: null })
    }
    expect(await countRows('server_members', 'uid', bot.user.uid)).toBe(1)
  })

  it('refuses a bot that is somehow a member of another server when it writes there (403, nothing stored)', async () => {
    const bot = envelope<BotToken>(await test.inject({ method: 'POST', url: `/servers/${SERVER}/bots`, headers: owner, payload: { nickname: '越界者' } })).data
    const { db } = await openDatabase(test.config)
    await db.insertInto('server_members').values({ server_id: OTHER, uid: bot.user.uid, joined_at: 1 }).execute()
    await db.destroy()
    const response = await test.inject({ method: 'POST', url: `/channels/${OTHER}02/messages`, headers: { authorization: `Bot ${bot.token}` }, payload: { content: 'hello', nonce: 'bot-away-1' } })
    expect(response.statusCode).toBe(403)
    expect(envelope(response)).toMatchObject({ code: 403000, data: null })
    expect(await countRows('messages', 'author_uid', bot.user.uid)).toBe(0)
    // at home it still speaks
    const home = await test.inject({ method: 'POST', url: `/channels/${SERVER}02/messages`, headers: { authorization: `Bot ${bot.token}` }, payload: { content: 'hello', nonce: 'bot-home-1' } })
    expect(home.statusCode).toBe(200)
  })
})
