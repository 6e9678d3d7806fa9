import { Permission } from '@core/domain/permissions'
import type { Channel } from '@core/wire/entities'
import { envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER = '832828'
/** SPEC §6: the training channel, seen only with the 新手学员 role. */
const TRAINING = '83282805'
/** The live channel, hidden from @全体成员 in one test below. */
const LIVE = '83282807'

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

describe('a channel the caller may not see is not known to them', () => {
  it('answers GET /channels/:id and its lives 404 to a visitor and a guest member for the training channel, as for no channel', async () => {
    const guest = await signInAsGuest(test)
    await test.inject({ method: 'POST', url: `/servers/${SERVER}/members/me`, headers: guest.headers })
    for (const headers of [{}, guest.headers]) {
      for (const url of [`/channels/${TRAINING}`, `/channels/${TRAINING}/lives`]) {
        const response = await test.inject({ url, headers })
        expect(response.statusCode).toBe(404)
        expect(envelope(response).msg).toBe(`path.channel_id: no channel ${TRAINING}`)
      }
    }
  })

  it('answers the training channel to a member holding its role, and to the owner', async () => {
    for (const uid of ['100004', '100001']) {
      const { headers } = await signInAsMember(test, uid)
      expect(envelope<Channel>(await test.inject({ url: `/channels/${TRAINING}`, headers })).data).toMatchObject({ channel_id: TRAINING, name: '新手训练营' })
      expect((await test.inject({ url: `/channels/${TRAINING}/lives`, headers })).statusCode).toBe(200)
    }
  })

  it('answers 404 for a channel hidden from @全体成员 by an override, and 200 again once the override goes', async () => {
    const owner = (await signInAsMember(test)).headers
    const member = (await signInAsMember(test, '100004')).headers
    const override = `/channels/${LIVE}/overrides/role/${SERVER}`
    expect((await test.inject({ method: 'PUT', url: override, headers: owner, payload: { allow: 0, deny: Permission.ViewChannel } })).statusCode).toBe(200)
    expect((await test.inject({ url: `/channels/${LIVE}`, headers: member })).statusCode).toBe(404)
    expect((await test.inject({ url: `/channels/${LIVE}/lives`, headers: member })).statusCode).toBe(404)
    expect((await test.inject({ url: `/channels/${LIVE}`, headers: owner })).statusCode).toBe(200)
    expect((await test.inject({ method: 'DELETE', url: override, headers: owner })).statusCode).toBe(200)
    expect((await test.inject({ url: `/channels/${LIVE}/lives`, headers: member })).statusCode).toBe(200)
  })
})
