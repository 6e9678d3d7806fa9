import type { MemberListData, MembershipData, ServerDetail } from '@core/wire/members'
import { DEMO_OWNER, envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER_ID = '275902'

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

const join = (headers: Record<string, string>, serverId = SERVER_ID) => test.inject({ method: 'POST', url: `/servers/${serverId}/members/me`, headers })
const leave = (headers: Record<string, string>) => test.inject({ method: 'DELETE', url: `/servers/${SERVER_ID}/members/me`, headers })
const detail = async (headers: Record<string, string> = {}) => envelope<ServerDetail>(await test.inject({ url: `/servers/${SERVER_ID}`, headers })).data

async function allMembers (limit: number): Promise<MemberListData[]> {
  const pages: MemberListData[] = []
  let after = ''
  for (;;) {
    const page = envelope<MemberListData>(await test.inject(`/servers/${SERVER_ID}/members?limit=${limit}${after ? `&after=${after}` : ''}`)).data
    pages.push(page)
    if (!page.next) return pages
    after = page.next
  }
}

describe('POST /servers/:server_id/members/me', () => {
  it('lets a guest join, counting them once however often they ask', async () => {
    const guest = await signInAsGuest(test)
    const before = (await detail()).member_count
    const first = envelope<MembershipData>(await join(guest.headers)).data
    expect(first).toEqual({ server_id: SERVER_ID, is_member: true, member_count: before + 1, online_count: 0 })
    const again = envelope<MembershipData>(await join(guest.headers)).data
    expect(again.member_count).toBe(before + 1)
  })

  it('answers 401 without a session and 404 for an unknown server, writing nothing', async () => {
    const before = (await detail()).member_count
    expect((await join({})).statusCode).toBe(401)
    const guest = await signInAsGuest(test)
    const unknown = await join(guest.headers, '999999')
    expect(unknown.statusCode).toBe(404)
    expect(envelope(unknown).code).toBe(404000)
    expect((await detail()).member_count).toBe(before)
  })
})

describe('DELETE /servers/:server_id/members/me', () => {
  it('lets a member leave, and a second leave changes nothing', async () => {
    const guest = await signInAsGuest(test)
    await join(guest.headers)
    const before = (await detail()).member_count
    const left = envelope<MembershipData>(await leave(guest.headers)).data
    expect(left).toMatchObject({ is_member: false, member_count: before - 1 })
    expect(envelope<MembershipData>(await leave(guest.headers)).data.member_count).toBe(before - 1)
  })
})

describe('GET /servers/:server_id', () => {
  it('answers the online count, and is_member only to a signed-in caller', async () => {
    const guest = await signInAsGuest(test)
    const anonymous = await detail()
    expect(anonymous.online_count).toBe(0)
    expect(anonymous).not.toHaveProperty('is_member')
    expect((await detail(guest.headers)).is_member).toBe(false)
    await join(guest.headers)
    expect((await detail(guest.headers)).is_member).toBe(true)
  })
})

describe('GET /servers/:server_id/members', () => {
  it('pages through every member once, in join order, by cursor', async () => {
    for (let index = 0; index < 3; index++) await join((await signInAsGuest(test)).headers)
    const total = (await detail()).member_count
    const pages = await allMembers(2)
    const uids = pages.flatMap(page => page.items.map(item => item.user.uid))
    expect(uids).toHaveLength(total)
    expect(new Set(uids).size).toBe(total)
    const joined = pages.flatMap(page => page.items.map(item => item.joined_at))
    expect([...joined].sort((a, b) => a - b)).toEqual(joined)
    expect(pages.slice(0, -1).every(page => page.has_more && page.items.length === 2)).toBe(true)
    expect(pages[pages.length - 1].has_more).toBe(false)
  })

  it('shows each member with presence and roles, and the online count', async () => {
    const page = envelope<MemberListData>(await test.inject(`/servers/${SERVER_ID}/members?limit=1`)).data
    expect(page.items[0]).toEqual({ user: expect.objectContaining({ uid: expect.any(String) }), joined_at: expect.any(Number), online: false, role_ids: [] })
    expect(page.online_count).toBe(0)
  })

  it('marks who is timed out until when, and nobody once the timeout is lifted', async () => {
    const owner = (await signInAsMember(test, DEMO_OWNER)).headers
    const until = Math.floor(Date.now() / 1000) + 600
    expect((await test.inject({ method: 'PUT', url: `/servers/${SERVER_ID}/members/100002/timeout`, headers: owner, payload: { until } })).statusCode).toBe(200)
    const marked = (await allMembers(100)).flatMap(page => page.items).filter(member => member.timeout_until !== undefined)
    expect(marked.map(member => [member.user.uid, member.timeout_until])).toEqual([['100002', until]])
    await test.inject({ method: 'PUT', url: `/servers/${SERVER_ID}/members/100002/timeout`, headers: owner, payload: { until: null } })
    expect((await allMembers(100)).flatMap(page => page.items).some(member => member.timeout_until !== undefined)).toBe(false)
  })

  it.each(['limit=0', 'limit=101', 'limit=1e309', 'after=nodot', 'after=1.%3Cscript%3E'])('refuses %s with a 400 envelope', async query => {
    const response = await test.inject(`/servers/${SERVER_ID}/members?${query}`)
    expect(response.statusCode).toBe(400)
    expect(envelope(response).code).toBe(400000)
  })
})
