import { Permission } from '@core/domain/permissions'
import type { AcceptInvite, Invite, InviteList, MyPermissions } from '@core/wire/trust'
import { createInProcessBus, type BusEvent } from '../../src/bus'
import { DEMO_OWNER, envelope, signInAsMember, signInAsGuest, startTestApp, type TestApp } from '../helper'

const SERVER = '275902'
let test: TestApp
let now = Math.floor(Date.now() / 1000)
let events: BusEvent[] = []
let member: Record<string, string>

beforeAll(async () => {
  const bus = createInProcessBus()
  bus.subscribe(event => { events.push(event) })
  test = await startTestApp({}, { bus, now: () => now })
  member = (await signInAsMember(test, '100004')).headers
})
afterAll(async () => { await test.close() })

async function createInvite (payload: object = {}): Promise<Invite> {
  const response = await test.inject({ method: 'POST', url: `/servers/${SERVER}/invites`, headers: member, payload })
  expect(response.statusCode).toBe(200)
  return envelope<Invite>(response).data
}

function accept (code: string, headers: Record<string, string>) {
  return test.inject({ method: 'POST', url: `/invites/${code}/accept`, headers })
}

describe('invites', () => {
  it('lets a member make an invite that shows the server and who invited', async () => {
    const invite = await createInvite({ max_age_seconds: 1800, max_uses: 5 })
    expect(invite).toMatchObject({ server: { server_id: SERVER }, inviter: { uid: '100004' }, max_uses: 5, uses: 0, expires_at: now + 1800, state: 'valid' })
    expect(invite.code).toMatch(/^[A-Za-z0-9]{10}$/)
    const shown = envelope<Invite>(await test.inject(`/invites/${invite.code}`)).data
    expect(shown).toEqual(invite)
    const list = envelope<InviteList>(await test.inject({ url: `/servers/${SERVER}/invites`, headers: member })).data
    expect(list.list.map(item => item.code)).toContain(invite.code)
  })

  it('joins a new guest with one call and tells the server', async () => {
    const invite = await createInvite()
    const guest = await signInAsGuest(test)
    events = []
    const joined = envelope<AcceptInvite>(await accept(invite.code, guest.headers)).data
    expect(joined).toEqual({ server_id: SERVER, already_member: false })
    expect(events[0]).toMatchObject({ t: 'MEMBER_ADD', server_id: SERVER, d: { member: { user: { uid: guest.uid }, role_ids: [] }, online_count: 0 } })
    const mine = envelope<MyPermissions>(await test.inject({ url: `/servers/${SERVER}/permissions/me`, headers: guest.headers })).data
    expect(mine.is_member).toBe(true)
    const again = envelope<AcceptInvite>(await accept(invite.code, guest.headers)).data
    expect(again.already_member).toBe(true)
    expect(envelope<Invite>(await test.inject(`/invites/${invite.code}`)).data.uses).toBe(1)
  })

  it('says plainly when an invite is used up or expired', async () => {
    const once = await createInvite({ max_uses: 1 })
    expect((await accept(once.code, (await signInAsGuest(test)).headers)).statusCode).toBe(200)
    const usedUp = await accept(once.code, (await signInAsGuest(test)).headers)
    expect(usedUp.statusCode).toBe(410)
    expect(envelope(usedUp)).toMatchObject({ code: 410002, msg: 'this invite has been used as often as it allows' })
    const short = await createInvite({ max_age_seconds: 1800 })
    now += 1801
    expect(envelope<Invite>(await test.inject(`/invites/${short.code}`)).data.state).toBe('expired')
    expect(envelope(await accept(short.code, (await signInAsGuest(test)).headers)).code).toBe(410001)
  })

  it('keeps a banned user out', async () => {
    const guest = await signInAsGuest(test)
    const owner = await signInAsMember(test, DEMO_OWNER)
    await test.inject({ method: 'PUT', url: `/servers/${SERVER}/bans/${guest.uid}`, headers: owner.headers })
    const invite = await createInvite()
    const refused = await accept(invite.code, guest.headers)
    expect(refused.statusCode).toBe(403)
    expect(envelope(refused).code).toBe(403001)
  })

  it('refuses lifetimes and limits outside the offered ones, and a non-member making one', async () => {
    for (const payload of [{ max_age_seconds: 60 }, { max_uses: 3 }, { max_uses: -1 }]) {
      expect((await test.inject({ method: 'POST', url: `/servers/${SERVER}/invites`, headers: member, payload })).statusCode).toBe(400)
    }
    const guest = await signInAsGuest(test)
    expect(envelope(await test.inject({ method: 'POST', url: `/servers/${SERVER}/invites`, headers: guest.headers, payload: {} })).msg)
      .toBe(`missing permission: CreateInvites (not a member of server ${SERVER})`)
  })

  it('lets its maker or the owner revoke an invite, and nobody else', async () => {
    const invite = await createInvite()
    const other = await signInAsMember(test, '100003')
    expect((await test.inject({ method: 'DELETE', url: `/invites/${invite.code}`, headers: other.headers })).statusCode).toBe(403)
    expect((await test.inject({ method: 'DELETE', url: `/invites/${invite.code}`, headers: member })).statusCode).toBe(200)
    expect((await test.inject(`/invites/${invite.code}`)).statusCode).toBe(404)
  })
})

describe('limits on making invites', () => {
  let limited: TestApp
  let clock = Math.floor(Date.now() / 1000)
  beforeAll(async () => {
    limited = await startTestApp({ INVITE_CREATE_PER_MINUTE: '3', INVITES_LIVE_PER_MEMBER: '5' }, { now: () => clock })
  })
  afterAll(async () => { await limited.close() })

  async function joinedGuest (): Promise<Record<string, string>> {
    const guest = await signInAsGuest(limited)
    expect((await limited.inject({ method: 'POST', url: `/servers/${SERVER}/members/me`, headers: guest.headers })).statusCode).toBe(200)
    return guest.headers
  }
  const make = (headers: Record<string, string>, payload: object = { max_age_seconds: 0 }) =>
    limited.inject({ method: 'POST', url: `/servers/${SERVER}/invites`, headers, payload })
  const liveCount = async (): Promise<number> => envelope<InviteList>(await limited.inject({ url: `/servers/${SERVER}/invites`, headers: (await signInAsMember(limited, DEMO_OWNER)).headers })).data.list.length

  it('gives a guest\'s invite an end even when it asks for never (at most 7 days)', async () => {
    const invite = envelope<Invite>(await make(await joinedGuest())).data
    expect(invite.expires_at).toBe(clock + 7 * 24 * 3600)
    clock += 60
  })

  it('refuses the invites past the per-minute limit with 429 and the live ones past the per-member limit with 403, writing none', async () => {
    const guest = await joinedGuest()
    for (let index = 0; index < 3; index += 1) expect((await make(guest)).statusCode).toBe(200)
    const before = await liveCount()
    const tooFast = await make(guest)
    expect(tooFast.statusCode).toBe(429)
    expect(envelope(tooFast)).toMatchObject({ code: 429000, data: null })
    expect(await liveCount()).toBe(before)
    clock += 60
    for (let index = 0; index < 2; index += 1) expect((await make(guest)).statusCode).toBe(200)
    const tooMany = await make(guest)
    expect(tooMany.statusCode).toBe(403)
    expect(envelope(tooMany)).toMatchObject({ code: 403000, data: null })
    expect(await liveCount()).toBe(before + 2)
  })

  it('refuses a member once @全体成员 no longer holds CreateInvites', async () => {
    const owner = await signInAsMember(limited, DEMO_OWNER)
    const everyone = (await limited.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${SERVER}`, headers: owner.headers, payload: { permissions: Permission.ViewChannel | Permission.SendMessages } }))
    expect(everyone.statusCode).toBe(200)
    const response = await make((await signInAsMember(limited, '100004')).headers, {})
    expect(response.statusCode).toBe(403)
    expect(envelope(response).msg).toBe('missing permission: CreateInvites')
  })
})
