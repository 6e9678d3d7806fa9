import type { BotToken, MyPermissions } from '@core/wire/trust'
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
