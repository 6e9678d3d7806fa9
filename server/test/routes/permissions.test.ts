/**
 * The permission table: every trust route and the chat routes it guards,
 * called by each kind of caller — owner, moderator, member, muted member, banned user,
 * guest member, bot and non-member — with the status each must get. Destructive calls
 * act on a fresh member each time, so rows never depend on each other.
 */
import { Permission } from '@core/domain/permissions'
import type { BotToken, ReportList } from '@core/wire/trust'
import { DEMO_OWNER, envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER = '832828'
const LOBBY = `${SERVER}02`
const TRAINING = `${SERVER}05`
const ACTORS = ['owner', 'moderator', 'member', 'muted', 'banned', 'guest', 'bot', 'non-member'] as const
type Actor = typeof ACTORS[number]

let test: TestApp
const headersOf = {} as Record<Actor, Record<string, string>>
let ownerHeaders: Record<string, string>
let sequence = 0

/** Each fresh member's headers, by uid (a row that needs the victim to write something). */
const victimHeaders = new Map<string, Record<string, string>>()

async function joinedGuest (): Promise<{ uid: string, headers: Record<string, string> }> {
  const guest = await signInAsGuest(test)
  expect((await test.inject({ method: 'POST', url: `/servers/${SERVER}/members/me`, headers: guest.headers })).statusCode).toBe(200)
  victimHeaders.set(guest.uid, guest.headers)
  return guest
}

beforeAll(async () => {
  test = await startTestApp({ CHANNEL_CREATE_PER_MINUTE: '1000' })
  ownerHeaders = (await signInAsMember(test, DEMO_OWNER)).headers
  const muted = await joinedGuest()
  await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/${muted.uid}/timeout`, headers: ownerHeaders, payload: { until: Math.floor(Date.now() / 1000) + 3600 } })
  const banned = await joinedGuest()
  await test.inject({ method: 'PUT', url: `/servers/${SERVER}/bans/${banned.uid}`, headers: ownerHeaders })
  const bot = envelope<BotToken>(await test.inject({ method: 'POST', url: `/servers/${SERVER}/bots/C_200001/token`, headers: ownerHeaders })).data
  Object.assign(headersOf, {
    owner: ownerHeaders,
    moderator: (await signInAsMember(test, '100003')).headers,
    member: (await signInAsMember(test, '100004')).headers,
    muted: muted.headers,
    banned: banned.headers,
    guest: (await signInAsMember(test, 'B_300001')).headers,
    bot: { authorization: `Bot ${bot.token}` },
    'non-member': (await signInAsGuest(test)).headers,
  })
})
afterAll(async () => { await test.close() })

/** An open report (by the owner) of `targetType` `targetId`; resolves its id. */
async function openReport (targetType: 'member' | 'message', targetId: string): Promise<string> {
  const reported = await test.inject({ method: 'POST', url: '/reports', headers: ownerHeaders, payload: { target_type: targetType, target_id: targetId, server_id: SERVER, reason: 'spam' } })
  expect(reported.statusCode).toBe(200)
  const queue = envelope<ReportList>(await test.inject({ url: `/servers/${SERVER}/reports?limit=100`, headers: ownerHeaders })).data
  return queue.items.find(item => item.target_id === targetId)?.report_id ?? ''
}

/** A report of a message `victim` sent, the message already deleted by the owner; resolves the report's id. */
async function reportOfDeletedMessage (victim: string): Promise<string> {
  const sent = envelope<{ message_id: string }>(await test.inject({
    method: 'POST', url: `/channels/${LOBBY}/messages`, headers: victimHeaders.get(victim) ?? {}, payload: { content: 'spam', nonce: `report-${++sequence}` },
  })).data
  const reportId = await openReport('message', sent.message_id)
  expect((await test.inject({ method: 'DELETE', url: `/channels/${LOBBY}/messages/${sent.message_id}`, headers: ownerHeaders })).statusCode).toBe(200)
  return reportId
}

/** One route: how to call it (given a fresh member to act on) and the status per caller. */
interface Row {
  route: string
  call: (headers: Record<string, string>, victim: string) => Promise<{ statusCode: number }>
  allowed: readonly Actor[]
  /** The status of everyone else: 403, or 404 where the route names a channel they may not see (as for none). */
  refused?: number
}

const ALL: readonly Actor[] = ACTORS
const MODERATORS: readonly Actor[] = ['owner', 'moderator']
const MEMBERS_WHO_SPEAK: readonly Actor[] = ['owner', 'moderator', 'member', 'guest', 'bot']

const ROWS: Row[] = [
  { route: 'POST /servers/:id/channels', allowed: ['owner'], call: headers => test.inject({ method: 'POST', url: `/servers/${SERVER}/channels`, headers, payload: { title: `频道 ${++sequence}`, channel_type: 1 } }) },
  { route: 'GET /servers/:id/permissions/me', allowed: ALL, call: headers => test.inject({ url: `/servers/${SERVER}/permissions/me`, headers }) },
  { route: 'POST /servers/:id/roles', allowed: ['owner'], call: headers => test.inject({ method: 'POST', url: `/servers/${SERVER}/roles`, headers, payload: { name: `角色 ${++sequence}` } }) },
  { route: 'PATCH /servers/:id/roles/:role_id', allowed: ['owner'], call: headers => test.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${SERVER}-member`, headers, payload: { color: '#abcdef' } }) },
  { route: 'PUT /servers/:id/members/:uid/roles/:role_id', allowed: ['owner'], call: (headers, victim) => test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/${victim}/roles/${SERVER}-member`, headers }) },
  { route: 'PUT /channels/:id/overrides/:type/:id', allowed: ['owner'], call: headers => test.inject({ method: 'PUT', url: `/channels/${SERVER}13/overrides/role/${SERVER}-member`, headers, payload: { allow: 0, deny: Permission.AddReactions } }) },
  { route: 'PUT /servers/:id/members/:uid/timeout', allowed: MODERATORS, call: (headers, victim) => test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/${victim}/timeout`, headers, payload: { until: Math.floor(Date.now() / 1000) + 60 } }) },
  { route: 'DELETE /servers/:id/members/:uid (kick)', allowed: MODERATORS, call: (headers, victim) => test.inject({ method: 'DELETE', url: `/servers/${SERVER}/members/${victim}`, headers }) },
  { route: 'PUT /servers/:id/bans/:uid', allowed: MODERATORS, call: (headers, victim) => test.inject({ method: 'PUT', url: `/servers/${SERVER}/bans/${victim}`, headers }) },
  { route: 'GET /servers/:id/bans', allowed: MODERATORS, call: headers => test.inject({ url: `/servers/${SERVER}/bans`, headers }) },
  { route: 'GET /servers/:id/audit-log', allowed: MODERATORS, call: headers => test.inject({ url: `/servers/${SERVER}/audit-log`, headers }) },
  { route: 'GET /servers/:id/reports', allowed: MODERATORS, call: headers => test.inject({ url: `/servers/${SERVER}/reports`, headers }) },
  { route: 'PATCH /reports/:id (dismiss a member report)', allowed: MODERATORS, call: async (headers, victim) => test.inject({ method: 'PATCH', url: `/reports/${await openReport('member', victim)}`, headers, payload: { resolution: 'dismissed' } }) },
  { route: 'POST /reports/:id (a member report, timed out)', allowed: MODERATORS, call: async (headers, victim) => {
    const reportId = await openReport('member', victim)
    await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/${victim}/timeout`, headers: ownerHeaders, payload: { until: Math.floor(Date.now() / 1000) + 60 } })
    return test.inject({ method: 'POST', url: `/reports/${reportId}`, headers, payload: { resolution: 'timed_out' } })
  } },
  { route: 'PATCH /reports/:id (a message report, deleted)', allowed: MODERATORS, call: async (headers, victim) => test.inject({ method: 'PATCH', url: `/reports/${await reportOfDeletedMessage(victim)}`, headers, payload: { resolution: 'deleted' } }) },
  { route: 'PATCH /servers/:id', allowed: ['owner'], call: headers => test.inject({ method: 'PATCH', url: `/servers/${SERVER}`, headers, payload: { introduction: `介绍 ${++sequence}` } }) },
  { route: 'PUT /servers/:id/words', allowed: ['owner'], call: headers => test.inject({ method: 'PUT', url: `/servers/${SERVER}/words`, headers, payload: { words: [] } }) },
  { route: 'POST /servers/:id/bots', allowed: ['owner'], call: headers => test.inject({ method: 'POST', url: `/servers/${SERVER}/bots`, headers, payload: { nickname: `bot ${++sequence}` } }) },
  { route: 'POST /servers/:id/invites', allowed: [...MEMBERS_WHO_SPEAK, 'muted'], call: headers => test.inject({ method: 'POST', url: `/servers/${SERVER}/invites`, headers, payload: {} }) },
  { route: 'POST /channels/:id/messages', allowed: MEMBERS_WHO_SPEAK, call: headers => test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers, payload: { content: 'hi', nonce: `perm-${++sequence}` } }) },
  { route: 'GET /channels/:training/messages (SPEC §6)', allowed: ['owner', 'member'], refused: 404, call: headers => test.inject({ url: `/channels/${TRAINING}/messages`, headers }) },
]

describe.each(ROWS)('$route', ({ call, allowed, refused = 403 }) => {
  it.each(ACTORS)('answers %s as the table says', async actor => {
    const victim = (await joinedGuest()).uid
    const response = await call(headersOf[actor], victim)
    expect({ actor, status: response.statusCode }).toEqual({ actor, status: allowed.includes(actor) ? 200 : refused })
  })
})

describe('refusals', () => {
  it('name the missing permission', async () => {
    const response = await test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers: headersOf.muted, payload: { content: 'hi', nonce: 'muted-1' } })
    expect(envelope(response).msg).toBe('missing permission: SendMessages')
  })

  it('tell a banned user they are banned when they try to join again', async () => {
    const response = await test.inject({ method: 'POST', url: `/servers/${SERVER}/members/me`, headers: headersOf.banned })
    expect(response.statusCode).toBe(403)
    expect(envelope(response)).toMatchObject({ code: 403001, msg: 'you are banned from this server' })
  })
})
