import { DISPATCHES } from '@core/wire/dispatches'
import type { Server } from '@core/wire/entities'
import type { AuditLog, BanList, MemberState, MyPermissions, ReportList, WordList } from '@core/wire/trust'
import { createInProcessBus, type BusEvent } from '../../src/bus'
import { DEMO_OWNER, envelope, signInAsMember, signInAsGuest, startTestApp, type TestApp } from '../helper'
import { publishToModerators } from '../../src/services/moderator-queue'

const SERVER = '832828'
let test: TestApp
let owner: Record<string, string>
let moderator: Record<string, string>
let events: BusEvent[] = []

beforeAll(async () => {
  const bus = createInProcessBus()
  bus.subscribe(event => { events.push(event) })
  test = await startTestApp({}, { bus })
  owner = (await signInAsMember(test, DEMO_OWNER)).headers
  moderator = (await signInAsMember(test, '100003')).headers
})
afterAll(async () => { await test.close() })

async function isMember (uid: string): Promise<boolean> {
  const { data } = envelope<MyPermissions>(await test.inject({ url: `/servers/${SERVER}/permissions/me`, headers: (await signInAsMember(test, uid)).headers }))
  return data.is_member
}

describe('PUT /servers/:server_id/members/:uid/timeout', () => {
  it('mutes a member until a time, tells the server live, and takes their speaking bits', async () => {
    events = []
    const until = Math.floor(Date.now() / 1000) + 600
    const response = await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/100004/timeout`, headers: moderator, payload: { until, reason: 'spam' } })
    const state = envelope<MemberState>(response).data
    expect(state).toMatchObject({ uid: '100004', timeout_until: until })
    expect(events).toEqual([
      { t: 'MEMBER_UPDATE', server_id: SERVER, d: state },
      { t: 'NOTIFICATION_CREATE', server_id: '', uid: '100004', d: expect.objectContaining({ notification: expect.objectContaining({ kind: 'moderation', act: 'timeout' }) }) },
    ])
    const muted = envelope<MyPermissions>(await test.inject({ url: `/servers/${SERVER}/permissions/me`, headers: (await signInAsMember(test, '100004')).headers })).data
    expect(muted.timeout_until).toBe(until)
    // ViewChannel, CreateInvites and Connect stay: a timed-out member may still sit in a voice room, silenced
    expect(muted.channels.find(channel => channel.channel_id === `${SERVER}02`)?.permissions).toBe(1 | (1 << 11) | (1 << 13))
  })

  it('lifts a timeout with null', async () => {
    const state = envelope<MemberState>(await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/100004/timeout`, headers: moderator, payload: { until: null } })).data
    expect(state.timeout_until).toBeNull()
  })

  it('refuses a time in the past, beyond 28 days or not a number with 400', async () => {
    const now = Math.floor(Date.now() / 1000)
    for (const until of [now - 1, now + 29 * 86400, '"soon"', '1e309', '1'.repeat(40), '-0.5']) {
      const response = await test.inject({
        method: 'PUT', url: `/servers/${SERVER}/members/100004/timeout`, headers: { ...moderator, 'content-type': 'application/json' }, payload: `{"until":${until}}`,
      })
      expect(response.statusCode).toBe(400)
    }
  })

  it('refuses to mute the owner, an administrator or oneself (403 OUTRANKED)', async () => {
    const until = Math.floor(Date.now() / 1000) + 60
    for (const uid of [DEMO_OWNER, '100002', '100003']) {
      const response = await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/${uid}/timeout`, headers: moderator, payload: { until } })
      expect(response.statusCode).toBe(403)
      expect(envelope(response).code).toBe(403002)
    }
  })

  it('refuses a member without MuteMembers with 403 naming it', async () => {
    const member = await signInAsMember(test, '100004')
    const response = await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/B_300001/timeout`, headers: member.headers, payload: { until: null } })
    expect(envelope(response)).toEqual({ code: 403000, msg: 'missing permission: MuteMembers', data: null })
  })
})

describe('kick and ban', () => {
  it('kicks a member: they leave, the server hears it and their sessions are told to close', async () => {
    events = []
    const response = await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/members/B_300001?reason=rude`, headers: moderator })
    expect(response.statusCode).toBe(200)
    expect(await isMember('B_300001')).toBe(false)
    expect(events.map(event => event.t)).toEqual(['MEMBER_REMOVE', 'SESSION_REVOKED', 'NOTIFICATION_CREATE'])
    expect(events[1]).toMatchObject({ uid: 'B_300001', d: { uid: 'B_300001', session_ids: null, reason: 'kicked' } })
  })

  it('bans someone, lists the ban, keeps them from joining by invite, and unbans', async () => {
    const guest = await signInAsGuest(test)
    expect((await test.inject({ method: 'PUT', url: `/servers/${SERVER}/bans/${guest.uid}`, headers: moderator, payload: { reason: '广告' } })).statusCode).toBe(200)
    const bans = envelope<BanList>(await test.inject({ url: `/servers/${SERVER}/bans`, headers: moderator })).data
    expect(bans.list[0]).toMatchObject({ user: { uid: guest.uid }, reason: '广告', banned_by: '100003' })
    expect((await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/bans/${guest.uid}`, headers: moderator })).statusCode).toBe(200)
    expect((await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/bans/${guest.uid}`, headers: moderator })).statusCode).toBe(404)
  })

  it('never lets a moderator kick or ban the owner or an administrator', async () => {
    expect((await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/members/${DEMO_OWNER}`, headers: moderator })).statusCode).toBe(403)
    expect((await test.inject({ method: 'PUT', url: `/servers/${SERVER}/bans/100002`, headers: moderator })).statusCode).toBe(403)
    expect(await isMember('100002')).toBe(true)
  })

  it('answers 404 for kicking someone who is not a member and banning a user who does not exist', async () => {
    const guest = await signInAsGuest(test)
    expect((await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/members/${guest.uid}`, headers: moderator })).statusCode).toBe(404)
    expect((await test.inject({ method: 'PUT', url: `/servers/${SERVER}/bans/nobody`, headers: moderator })).statusCode).toBe(404)
  })
})

describe('GET /servers/:server_id/audit-log', () => {
  it('shows moderators every action, newest first, with who did it', async () => {
    const log = envelope<AuditLog>(await test.inject({ url: `/servers/${SERVER}/audit-log?limit=100`, headers: moderator })).data
    expect(log.items.map(entry => entry.action)).toEqual(expect.arrayContaining(['member_timeout', 'member_kick', 'member_ban', 'member_unban']))
    expect(log.items[0]).toMatchObject({ action: 'member_unban', actor: { uid: '100003' } })
    const kick = log.items.find(entry => entry.action === 'member_kick')
    expect(kick).toMatchObject({ target_id: 'B_300001', reason: 'rude' })
    const ids = log.items.map(entry => entry.entry_id)
    expect([...ids].sort().reverse()).toEqual(ids)
  })

  it('keeps a kicked member\'s name as it was at the act, and a timeout\'s length', async () => {
    const log = envelope<AuditLog>(await test.inject({ url: `/servers/${SERVER}/audit-log?limit=100`, headers: moderator })).data
    const kick = log.items.find(entry => entry.action === 'member_kick')
    expect(kick?.changes).toEqual([{ field: 'member', from: null, to: '游客0001' }])
    const timeout = log.items.find(entry => entry.action === 'member_timeout' && entry.reason === 'spam')
    expect(timeout?.changes[0]).toEqual({ field: 'member', from: null, to: 'Mia' })
    expect(Number(timeout?.changes[1]?.to)).toBeGreaterThanOrEqual(599)
    expect(timeout?.changes[1]).toMatchObject({ field: 'timeout', from: null })
  })

  it('pages with before and limit', async () => {
    const first = envelope<AuditLog>(await test.inject({ url: `/servers/${SERVER}/audit-log?limit=2`, headers: moderator })).data
    expect(first.items).toHaveLength(2)
    expect(first.has_more).toBe(true)
    const next = envelope<AuditLog>(await test.inject({ url: `/servers/${SERVER}/audit-log?limit=2&before=${first.items[1].entry_id}`, headers: moderator })).data
    expect(next.items[0].entry_id < first.items[1].entry_id).toBe(true)
  })

  it('refuses an ordinary member with 403', async () => {
    const member = await signInAsMember(test, '100004')
    expect((await test.inject({ url: `/servers/${SERVER}/audit-log`, headers: member.headers })).statusCode).toBe(403)
  })
})

describe('reports', () => {
  it('queues a report of a message for the moderators', async () => {
    const member = await signInAsMember(test, '100004')
    const messageId = envelope<{ items: Array<{ message_id: string }> }>(await test.inject(`/channels/${SERVER}02/messages?limit=1`)).data.items[0].message_id
    const response = await test.inject({ method: 'POST', url: '/reports', headers: member.headers, payload: { target_type: 'message', target_id: messageId, reason: 'spam', note: '刷屏' } })
    expect(response.statusCode).toBe(200)
    const queue = envelope<ReportList>(await test.inject({ url: `/servers/${SERVER}/reports`, headers: moderator })).data
    expect(queue.items[0]).toMatchObject({ target_type: 'message', target_id: messageId, reason: 'spam', note: '刷屏', reporter: { uid: '100004' } })
  })

  it('needs the server of a reported member, and refuses unknown targets and reasons', async () => {
    const member = await signInAsMember(test, '100004')
    const post = (payload: object) => test.inject({ method: 'POST', url: '/reports', headers: member.headers, payload })
    expect((await post({ target_type: 'member', target_id: '100002', reason: 'abuse' })).statusCode).toBe(400)
    expect((await post({ target_type: 'member', target_id: '100002', server_id: SERVER, reason: 'abuse' })).statusCode).toBe(200)
    expect((await post({ target_type: 'message', target_id: 'nope', reason: 'spam' })).statusCode).toBe(404)
    expect((await post({ target_type: 'message', target_id: 'x', reason: 'boring' })).statusCode).toBe(400)
  })
})

describe('the server word list (SPEC §5)', () => {
  it('lets the owner add words that the audit of that server then refuses', async () => {
    const words = envelope<WordList>(await test.inject({ method: 'PUT', url: `/servers/${SERVER}/words`, headers: owner, payload: { words: ['菠菜', '菠菜'] } })).data
    expect(words.words).toEqual(['菠菜'])
    const refused = await test.inject({ method: 'POST', url: `/servers/${SERVER}/channels`, headers: owner, payload: { title: '菠菜频道', channel_type: 1 } })
    expect(refused.statusCode).toBe(422)
    expect(envelope(refused).code).toBe(104001)
    const elsewhere = await test.inject({ method: 'POST', url: '/servers/723658/channels', headers: owner, payload: { title: '菠菜频道', channel_type: 1 } })
    expect(elsewhere.statusCode).toBe(200)
  })

  it('keeps the word list from moderators', async () => {
    expect((await test.inject({ url: `/servers/${SERVER}/words`, headers: moderator })).statusCode).toBe(403)
  })
})

describe('PATCH /servers/:server_id (the owner\'s settings)', () => {
  it('lets the owner rename the server and change its icon and introduction, audited', async () => {
    events = []
    const response = await test.inject({ method: 'PATCH', url: '/servers/723658', headers: owner, payload: { name: '新星海城', introduction: '欢迎\n新朋友', icon: 'https://cdn.example/icon.png' } })
    expect(envelope<Server>(response).data).toMatchObject({ server_id: '723658', name: '新星海城', introduction: '欢迎\n新朋友', icon: 'https://cdn.example/icon.png' })
    expect(events).toEqual([{ t: 'SERVER_UPDATE', server_id: '723658', d: envelope<Server>(response).data }])
    const log = envelope<AuditLog>(await test.inject({ url: '/servers/723658/audit-log', headers: moderator })).data
    expect(log.items[0]).toMatchObject({ action: 'server_update', actor: { uid: DEMO_OWNER } })
  })

  it('refuses text that fails the audit with its 104xxx code and writes nothing', async () => {
    const before = envelope<Server>(await test.inject('/servers/723658')).data
    const name = await test.inject({ method: 'PATCH', url: '/servers/723658', headers: owner, payload: { name: '违禁城', introduction: 'fine' } })
    expect(envelope(name).code).toBe(104001)
    const introduction = await test.inject({ method: 'PATCH', url: '/servers/723658', headers: owner, payload: { introduction: '来赌博' } })
    expect(envelope(introduction).code).toBe(104007)
    expect(envelope<Server>(await test.inject('/servers/723658')).data).toMatchObject({ name: before.name, introduction: before.introduction })
  })

  it('refuses a moderator with 403 naming ManageServer', async () => {
    const response = await test.inject({ method: 'PATCH', url: '/servers/723658', headers: moderator, payload: { name: 'x' } })
    expect(envelope(response).msg).toBe('missing permission: ManageServer')
  })
})

describe('closing reports (PATCH|POST /reports/:report_id)', () => {
  let sent = 0

  /** Sends a message as `uid` in the lobby; resolves its id. */
  async function sentBy (uid: string, content: string): Promise<string> {
    const headers = (await signInAsMember(test, uid)).headers
    const answer = await test.inject({ method: 'POST', url: `/channels/${SERVER}02/messages`, headers, payload: { content, nonce: `report-${++sent}` } })
    return envelope<{ message_id: string }>(answer).data.message_id
  }

  /** Reports `targetId` as `uid`; resolves the open report's id. */
  async function reportAs (uid: string, targetType: 'message' | 'member', targetId: string): Promise<string> {
    const headers = (await signInAsMember(test, uid)).headers
    expect((await test.inject({ method: 'POST', url: '/reports', headers, payload: { target_type: targetType, target_id: targetId, server_id: SERVER, reason: 'spam' } })).statusCode).toBe(200)
    const queue = envelope<ReportList>(await test.inject({ url: `/servers/${SERVER}/reports?limit=100`, headers: owner })).data
    return queue.items.find(item => item.target_id === targetId)?.report_id ?? ''
  }

  const resolve = (reportId: string, resolution: string, headers = moderator, method: 'PATCH' | 'POST' = 'PATCH') =>
    test.inject({ method, url: `/reports/${reportId}`, headers, payload: { resolution } })

  it('shows a reported message with its channel and text, and tells only the moderators of a new report', async () => {
    const messageId = await sentBy('100004', '一起来玩吧')
    events = []
    await reportAs('100002', 'message', messageId)
    const queue = envelope<ReportList>(await test.inject({ url: `/servers/${SERVER}/reports?limit=100`, headers: moderator })).data
    expect(queue.items.find(item => item.target_id === messageId)).toMatchObject({ channel_id: `${SERVER}02`, excerpt: '一起来玩吧' })
    // who the moderators are is the gateway's to compute (server/test/gateway/audience-live.test.ts proves 100004 hears none of it)
    const created = events.find(event => event.t === 'REPORT_CREATE')
    expect(created && { server_id: created.server_id, audience: DISPATCHES[created.t].audience }).toEqual({ server_id: SERVER, audience: 'moderators' })
  })

  it('closes every open report of a deleted message once it is gone, audited, told only to the moderators', async () => {
    const messageId = await sentBy('100004', '再来一次')
    const first = await reportAs('100002', 'message', messageId)
    const second = await reportAs('100003', 'message', messageId)
    expect(envelope(await resolve(first, 'deleted')).code).toBe(409002) // still there: not deleted yet
    expect((await test.inject({ method: 'DELETE', url: `/channels/${SERVER}02/messages/${messageId}`, headers: moderator })).statusCode).toBe(200)
    events = []
    const response = await resolve(first, 'deleted', moderator, 'POST')
    expect(response.statusCode).toBe(200)
    expect(envelope(response).data).toEqual({ server_id: SERVER, report_ids: [first, second].sort(), resolution: 'deleted', resolved_by: '100003' })
    expect(events.map(event => [event.t, event.server_id, DISPATCHES[event.t].audience])).toEqual([['REPORT_RESOLVE', SERVER, 'moderators']])
    const queue = envelope<ReportList>(await test.inject({ url: `/servers/${SERVER}/reports?limit=100`, headers: moderator })).data
    expect(queue.items.map(item => item.report_id)).not.toEqual(expect.arrayContaining([first]))
    const log = envelope<AuditLog>(await test.inject({ url: `/servers/${SERVER}/audit-log?limit=1`, headers: moderator })).data
    expect(log.items[0]).toMatchObject({ action: 'report_resolve', target_id: messageId, actor: { uid: '100003' }, changes: [{ field: 'resolution', from: null, to: 'deleted' }] })
  })

  it('refuses closing a report twice with 409 REPORT_CLOSED, and writes nothing', async () => {
    const reportId = await reportAs('100004', 'member', '100002')
    expect((await resolve(reportId, 'dismissed')).statusCode).toBe(200)
    const before = envelope<AuditLog>(await test.inject({ url: `/servers/${SERVER}/audit-log?limit=1`, headers: moderator })).data.items[0].entry_id
    const again = await resolve(reportId, 'dismissed')
    expect([again.statusCode, envelope(again).code]).toEqual([409, 409001])
    expect(envelope<AuditLog>(await test.inject({ url: `/servers/${SERVER}/audit-log?limit=1`, headers: moderator })).data.items[0].entry_id).toBe(before)
  })

  it('closes a member report as timed out or kicked only once that was done', async () => {
    const guest = await signInAsGuest(test)
    await test.inject({ method: 'POST', url: `/servers/${SERVER}/members/me`, headers: guest.headers })
    const reportId = await reportAs('100004', 'member', guest.uid)
    expect(envelope(await resolve(reportId, 'timed_out')).code).toBe(409002)
    expect(envelope(await resolve(reportId, 'kicked')).code).toBe(409002)
    await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/members/${guest.uid}`, headers: moderator })
    expect((await resolve(reportId, 'kicked')).statusCode).toBe(200)
  })

  it('refuses a resolution that does not fit the target with 400, an unknown report with 404, and a member with 403', async () => {
    const reportId = await reportAs('100004', 'member', '100002')
    const member = (await signInAsMember(test, '100004')).headers
    expect((await resolve(reportId, 'deleted')).statusCode).toBe(400)
    expect((await resolve(reportId, 'banished')).statusCode).toBe(400)
    expect((await resolve('999999999', 'dismissed')).statusCode).toBe(404)
    const refused = await resolve(reportId, 'dismissed', member)
    expect([refused.statusCode, envelope(refused).msg]).toEqual([403, 'missing permission: one of KickMembers, BanMembers, MuteMembers'])
    expect((await test.inject({ method: 'PATCH', url: `/reports/${reportId}`, headers: moderator, payload: { resolution: 'dismissed', extra: 1 } })).statusCode).toBe(400)
  })
})

describe('publishToModerators', () => {
  it('publishes a report queue event with its own payload only (a name paired with the other payload, or a dispatch not for moderators, does not compile)', async () => {
    const queue = createInProcessBus()
    const heard: BusEvent[] = []
    queue.subscribe(event => heard.push(event))
    const resolved = { server_id: SERVER, report_ids: ['r1'], resolution: 'dismissed' as const, resolved_by: DEMO_OWNER }
    await publishToModerators(queue, 'REPORT_RESOLVE', SERVER, resolved)
    // @ts-expect-error REPORT_CREATE carries a report, not a resolution
    await publishToModerators(queue, 'REPORT_CREATE', SERVER, resolved)
    // @ts-expect-error a message is no report queue event
    await publishToModerators(queue, 'MESSAGE_DELETE', SERVER, { channel_id: 'c1', message_id: '1' })
    expect(heard[0]).toEqual({ t: 'REPORT_RESOLVE', server_id: SERVER, d: resolved })
  })
})
