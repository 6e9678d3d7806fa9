import { ALL_PERMISSIONS, DEFAULT_EVERYONE_PERMISSIONS, Permission } from '@core/domain/permissions'
import { createInProcessBus, type BusEvent } from '../../src/bus'
import { TRUST_CODES, type AuditLog, type MemberState, type MyPermissions, type RoleList, type ServerRole } from '@core/wire/trust'
import { DEMO_OWNER, envelope, signInAsMember, signInAsGuest, startTestApp, type TestApp } from '../helper'

const SERVER = '832828'
let test: TestApp
let owner: Record<string, string>
let events: BusEvent[] = []

beforeAll(async () => {
  const bus = createInProcessBus()
  bus.subscribe(event => { events.push(event) })
  test = await startTestApp({}, { bus })
  owner = (await signInAsMember(test, DEMO_OWNER)).headers
})
afterAll(async () => { await test.close() })

async function roles (): Promise<ServerRole[]> {
  return envelope<RoleList>(await test.inject(`/servers/${SERVER}/roles`)).data.list
}

describe('GET /servers/:server_id/roles', () => {
  it('lists the roles in order with @everyone last, with permissions and colours', async () => {
    const list = await roles()
    expect(list.map(role => role.name)).toEqual(['管理员', '版主', '成员', '机器人', '新手学员', '@全体成员'])
    expect(list[list.length - 1]).toMatchObject({ role_id: SERVER, permissions: DEFAULT_EVERYONE_PERMISSIONS })
    expect(list[0]).toMatchObject({ permissions: Permission.ManageServer, color: '#e5484d', position: 1 })
  })
})

describe('POST /servers/:server_id/roles', () => {
  it('lets the owner create a role just above @everyone and publishes ROLE_CREATE', async () => {
    events = []
    const response = await test.inject({ method: 'POST', url: `/servers/${SERVER}/roles`, headers: owner, payload: { name: '画师', color: '#123abc', permissions: Permission.AttachFiles } })
    expect(response.statusCode).toBe(200)
    const role = envelope<ServerRole>(response).data
    expect(role).toMatchObject({ name: '画师', color: '#123abc', permissions: Permission.AttachFiles, type: 0, join_role: null })
    const list = await roles()
    expect(list[list.length - 2].role_id).toBe(role.role_id)
    expect(list.map(item => item.position).slice(0, -1)).toEqual(list.slice(0, -1).map((_, index) => index + 1))
    expect(events).toEqual([{ t: 'ROLE_CREATE', server_id: SERVER, d: role }])
  })

  it('refuses a member without ManageRoles with 403 naming it', async () => {
    const member = await signInAsMember(test, '100004')
    const response = await test.inject({ method: 'POST', url: `/servers/${SERVER}/roles`, headers: member.headers, payload: { name: 'x' } })
    expect(response.statusCode).toBe(403)
    expect(envelope(response).msg).toBe('missing permission: ManageRoles')
  })

  it('refuses a colour that is not #rrggbb (SPEC §5) and bits beyond the known ones with 400', async () => {
    for (const payload of [{ name: 'x', color: 'red' }, { name: 'x', color: '#12345' }, { name: 'x', permissions: 1 << 20 }, { name: 'x', permissions: -1 }, { name: ' ' }]) {
      const response = await test.inject({ method: 'POST', url: `/servers/${SERVER}/roles`, headers: owner, payload })
      expect(response.statusCode).toBe(400)
    }
  })
})

describe('role hierarchy', () => {
  it('lets an administrator create roles below theirs but never hand out an elevated bit', async () => {
    const admin = await signInAsMember(test, '100002')
    for (const permissions of [Permission.ManageServer, Permission.KickMembers, Permission.ManageMessages | Permission.BanMembers]) {
      const refused = await test.inject({ method: 'POST', url: `/servers/${SERVER}/roles`, headers: admin.headers, payload: { name: 'root', permissions } })
      expect(refused.statusCode).toBe(403)
    }
    const made = await test.inject({ method: 'POST', url: `/servers/${SERVER}/roles`, headers: admin.headers, payload: { name: '助理', permissions: Permission.ManageMessages | Permission.MuteMembers } })
    expect(made.statusCode).toBe(200)
  })

  it('keeps an administrator from editing their own role or one above it', async () => {
    const admin = await signInAsMember(test, '100002')
    const response = await test.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${SERVER}-admin`, headers: admin.headers, payload: { name: 'boss' } })
    expect(response.statusCode).toBe(403)
  })
})

describe('PATCH and DELETE /servers/:server_id/roles/:role_id', () => {
  it('moves a role to the top and renumbers the others', async () => {
    const created = envelope<ServerRole>(await test.inject({ method: 'POST', url: `/servers/${SERVER}/roles`, headers: owner, payload: { name: '置顶' } })).data
    // POST does what PATCH does (the mini-program cannot send PATCH)
    const moved = envelope<ServerRole>(await test.inject({ method: 'POST', url: `/servers/${SERVER}/roles/${created.role_id}`, headers: owner, payload: { position: 1 } })).data
    expect(moved.position).toBe(1)
    const list = await roles()
    expect(list[0].role_id).toBe(created.role_id)
    expect(list[1].name).toBe('管理员')
  })

  it('lets @everyone change only its permissions', async () => {
    const renamed = await test.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${SERVER}`, headers: owner, payload: { name: 'all' } })
    expect(renamed.statusCode).toBe(400)
    const bits = DEFAULT_EVERYONE_PERMISSIONS | Permission.MentionEveryone
    const changed = envelope<ServerRole>(await test.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${SERVER}`, headers: owner, payload: { permissions: bits } })).data
    expect(changed.permissions).toBe(bits)
  })

  it('deletes a role, takes it from its holders, and never deletes @everyone', async () => {
    const created = envelope<ServerRole>(await test.inject({ method: 'POST', url: `/servers/${SERVER}/roles`, headers: owner, payload: { name: '临时' } })).data
    await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/100004/roles/${created.role_id}`, headers: owner })
    const deleted = await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/roles/${created.role_id}`, headers: owner })
    expect(deleted.statusCode).toBe(200)
    expect((await roles()).some(role => role.role_id === created.role_id)).toBe(false)
    const mine = envelope<MyPermissions>(await test.inject({ url: `/servers/${SERVER}/permissions/me`, headers: (await signInAsMember(test, '100004')).headers })).data
    expect(mine.role_ids).not.toContain(created.role_id)
    expect((await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/roles/${SERVER}`, headers: owner })).statusCode).toBe(400)
    expect((await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/roles/nope`, headers: owner })).statusCode).toBe(404)
  })
})

describe('PUT and DELETE /servers/:server_id/members/:uid/roles/:role_id', () => {
  it('gives and takes a role and says which roles the member holds', async () => {
    const given = envelope<MemberState>(await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/100004/roles/${SERVER}-moderator`, headers: owner })).data
    expect(given.role_ids).toContain(`${SERVER}-moderator`)
    events = []
    const taken = envelope<MemberState>(await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/members/100004/roles/${SERVER}-moderator`, headers: owner })).data
    expect(taken.role_ids).not.toContain(`${SERVER}-moderator`)
    expect(events).toEqual([
      { t: 'MEMBER_UPDATE', server_id: SERVER, d: taken },
      { t: 'NOTIFICATION_CREATE', server_id: '', uid: '100004', d: expect.objectContaining({ notification: expect.objectContaining({ kind: 'moderation', act: 'roles' }) }) },
    ])
  })

  it('audits the role as what changed on the member, not as a reason', async () => {
    await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/100004/roles/${SERVER}-moderator`, headers: owner })
    await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/members/100004/roles/${SERVER}-moderator`, headers: owner })
    const log = envelope<AuditLog>(await test.inject({ url: `/servers/${SERVER}/audit-log?limit=2`, headers: owner })).data
    const name = (await roles()).find(role => role.role_id === `${SERVER}-moderator`)?.name
    expect(log.items.map(({ action, target_id: target, reason, changes }) => ({ action, target, reason, changes }))).toEqual([
      { action: 'member_role_remove', target: '100004', reason: '', changes: [{ field: 'role', from: name, to: null }] },
      { action: 'member_role_add', target: '100004', reason: '', changes: [{ field: 'role', from: null, to: name }] },
    ])
  })

  it('gives a bot role only to a bot (SPEC §3, §6)', async () => {
    const response = await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/100004/roles/${SERVER}-bot`, headers: owner })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toBe(`path.role_id: ${SERVER}-bot is a bot role and 100004 is not a bot`)
  })

  it('answers 404 for someone who is not a member', async () => {
    const guest = await signInAsGuest(test)
    expect((await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/${guest.uid}/roles/${SERVER}-member`, headers: owner })).statusCode).toBe(404)
  })
})

describe('GET /servers/:server_id/permissions/me', () => {
  it('answers a non-member the preview and no training channel (SPEC §6)', async () => {
    const mine = envelope<MyPermissions>(await test.inject(`/servers/${SERVER}/permissions/me`)).data
    expect(mine).toMatchObject({ is_member: false, is_owner: false, permissions: Permission.ViewChannel, role_ids: [], timeout_until: null })
    expect(mine.channels.map(channel => channel.channel_id)).not.toContain(`${SERVER}05`) // a channel one may not see is not listed at all
    expect(mine.channels.find(channel => channel.channel_id === `${SERVER}02`)?.permissions).toBe(Permission.ViewChannel)
  })

  it('answers a trainee their training channel and the owner everything', async () => {
    const trainee = envelope<MyPermissions>(await test.inject({ url: `/servers/${SERVER}/permissions/me`, headers: (await signInAsMember(test, '100004')).headers })).data
    expect(trainee.channels.find(channel => channel.channel_id === `${SERVER}05`)?.permissions).not.toBe(0)
    const mine = envelope<MyPermissions>(await test.inject({ url: `/servers/${SERVER}/permissions/me`, headers: owner })).data
    expect(mine).toMatchObject({ is_member: true, is_owner: true })
  })
})

describe('PUT and DELETE /channels/:channel_id/overrides/:target_type/:target_id', () => {
  const channel = `${SERVER}00`
  const channelBits = async (uid: string): Promise<number | undefined> => {
    const mine = envelope<MyPermissions>(await test.inject({ url: `/servers/${SERVER}/permissions/me`, headers: (await signInAsMember(test, uid)).headers })).data
    return mine.channels.find(item => item.channel_id === channel)?.permissions
  }

  it('lets the owner mute @everyone in a channel, let one member speak again, and take both back', async () => {
    const before = await channelBits('100004')
    events = []
    const everyone = await test.inject({ method: 'PUT', url: `/channels/${channel}/overrides/role/${SERVER}`, headers: owner, payload: { allow: 0, deny: Permission.SendMessages } })
    expect(everyone.statusCode).toBe(200)
    expect(events.map(event => event.t)).toEqual(['CHANNEL_UPDATE'])
    expect((await channelBits('100004'))! & Permission.SendMessages).toBe(0)
    await test.inject({ method: 'PUT', url: `/channels/${channel}/overrides/member/100004`, headers: owner, payload: { allow: Permission.SendMessages, deny: 0 } })
    expect((await channelBits('100004'))! & Permission.SendMessages).toBe(Permission.SendMessages)
    await test.inject({ method: 'DELETE', url: `/channels/${channel}/overrides/member/100004`, headers: owner })
    const removed = await test.inject({ method: 'DELETE', url: `/channels/${channel}/overrides/role/${SERVER}`, headers: owner })
    expect(envelope(removed).data).toEqual({ channel_id: channel, overrides: [] })
    expect(await channelBits('100004')).toBe(before)
  })

  it('refuses a moderator without ManageChannels, and unknown roles and members', async () => {
    const moderator = await signInAsMember(test, '100003')
    expect((await test.inject({ method: 'PUT', url: `/channels/${channel}/overrides/role/${SERVER}`, headers: moderator.headers, payload: { allow: 0, deny: 1 } })).statusCode).toBe(403)
    expect((await test.inject({ method: 'PUT', url: `/channels/${channel}/overrides/role/nope`, headers: owner, payload: { allow: 0, deny: 1 } })).statusCode).toBe(404)
    expect((await test.inject({ method: 'PUT', url: `/channels/${channel}/overrides/member/nobody`, headers: owner, payload: { allow: 0, deny: 1 } })).statusCode).toBe(404)
    expect((await test.inject({ method: 'PUT', url: `/channels/${channel}/overrides/group/x`, headers: owner, payload: { allow: 0, deny: 1 } })).statusCode).toBe(400)
  })
})

describe('what a role editor may grant and to whom', () => {
  it('refuses an administrator who grants @全体成员 ManageServer with 403, and changes and publishes nothing', async () => {
    const admin = await signInAsMember(test, '100002')
    const before = (await roles()).find(role => role.role_id === SERVER)
    events = []
    for (const permissions of [DEFAULT_EVERYONE_PERMISSIONS | Permission.ManageServer, ALL_PERMISSIONS]) {
      const response = await test.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${SERVER}`, headers: admin.headers, payload: { permissions } })
      expect(response.statusCode).toBe(403)
      expect(envelope(response)).toMatchObject({ code: 403000, msg: expect.stringContaining('ManageServer'), data: null })
    }
    expect((await roles()).find(role => role.role_id === SERVER)).toEqual(before)
    expect(events).toEqual([])
  })

  it.each([
    ['ManageRoles', Permission.ManageRoles], ['BanMembers', Permission.BanMembers], ['KickMembers', Permission.KickMembers], ['ManageChannels', Permission.ManageChannels],
  ])('refuses an administrator who grants @全体成员 %s, an elevated bit only the owner grants, changing and publishing nothing', async (name, bit) => {
    const admin = await signInAsMember(test, '100002')
    const before = (await roles()).find(role => role.role_id === SERVER)
    events = []
    const response = await test.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${SERVER}`, headers: admin.headers, payload: { permissions: DEFAULT_EVERYONE_PERMISSIONS | bit } })
    expect(response.statusCode).toBe(403)
    expect(envelope(response)).toMatchObject({ code: 403000, msg: expect.stringContaining(`not yours to grant: ${name}`), data: null })
    expect((await roles()).find(role => role.role_id === SERVER)).toEqual(before)
    expect(events).toEqual([])
  })

  it('lets an administrator give, edit and trim the 版主 role the owner made, elevated bits and all, but not add one back', async () => {
    const admin = (await signInAsMember(test, '100002')).headers
    const moderatorRole = `${SERVER}-moderator`
    const role = (await roles()).find(item => item.role_id === moderatorRole)
    expect(role && role.permissions & Permission.BanMembers).toBeTruthy()
    const member = await signInAsMember(test, '100004')
    expect((await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/${member.uid}/roles/${moderatorRole}`, headers: admin })).statusCode).toBe(200)
    expect((await test.inject({ method: 'DELETE', url: `/servers/${SERVER}/members/${member.uid}/roles/${moderatorRole}`, headers: admin })).statusCode).toBe(200)
    expect((await test.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${moderatorRole}`, headers: admin, payload: { color: '#2266aa' } })).statusCode).toBe(200)
    const trimmed = (role?.permissions ?? 0) & ~Permission.BanMembers
    expect((await test.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${moderatorRole}`, headers: admin, payload: { permissions: trimmed } })).statusCode).toBe(200)
    expect((await test.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${moderatorRole}`, headers: admin, payload: { permissions: role?.permissions } })).statusCode).toBe(403)
    expect((await test.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${moderatorRole}`, headers: owner, payload: { permissions: role?.permissions, color: role?.color } })).statusCode).toBe(200)
  })

  it('lets only the owner give @全体成员 ManageServer', async () => {
    const granted = await test.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${SERVER}`, headers: owner, payload: { permissions: DEFAULT_EVERYONE_PERMISSIONS | Permission.ManageServer } })
    expect(granted.statusCode).toBe(200)
    await test.inject({ method: 'PATCH', url: `/servers/${SERVER}/roles/${SERVER}`, headers: owner, payload: { permissions: DEFAULT_EVERYONE_PERMISSIONS } })
    expect((await roles()).find(role => role.role_id === SERVER)?.permissions).toBe(DEFAULT_EVERYONE_PERMISSIONS)
  })

  it('refuses a ManageRoles holder below 版主 who takes a role from a higher member or gives one to the owner (403 OUTRANKED), writing nothing', async () => {
    const helper = envelope<ServerRole>(await test.inject({ method: 'POST', url: `/servers/${SERVER}/roles`, headers: owner, payload: { name: '助理', permissions: Permission.ManageRoles } })).data
    const low = envelope<ServerRole>(await test.inject({ method: 'POST', url: `/servers/${SERVER}/roles`, headers: owner, payload: { name: '低阶' } })).data
    expect((await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/100004/roles/${helper.role_id}`, headers: owner })).statusCode).toBe(200)
    expect((await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/100003/roles/${low.role_id}`, headers: owner })).statusCode).toBe(200)
    const member = await signInAsMember(test, '100004')
    const rolesOf = async (uid: string): Promise<string[]> => {
      const mine = envelope<MyPermissions>(await test.inject({ url: `/servers/${SERVER}/permissions/me`, headers: (await signInAsMember(test, uid)).headers })).data
      return mine.role_ids
    }
    const moderatorBefore = await rolesOf('100003')
    const ownerBefore = await rolesOf(DEMO_OWNER)
    const logBefore = envelope<AuditLog>(await test.inject({ url: `/servers/${SERVER}/audit-log?limit=1`, headers: owner })).data.items
    events = []
    for (const [method, uid] of [['DELETE', '100003'], ['PUT', DEMO_OWNER], ['PUT', '100002']] as const) {
      const response = await test.inject({ method, url: `/servers/${SERVER}/members/${uid}/roles/${low.role_id}`, headers: member.headers })
      expect(response.statusCode).toBe(403)
      expect(envelope(response)).toMatchObject({ code: TRUST_CODES.OUTRANKED, data: null })
    }
    expect(await rolesOf('100003')).toEqual(moderatorBefore)
    expect(await rolesOf(DEMO_OWNER)).toEqual(ownerBefore)
    expect(envelope<AuditLog>(await test.inject({ url: `/servers/${SERVER}/audit-log?limit=1`, headers: owner })).data.items).toEqual(logBefore)
    expect(events).toEqual([])
    // below them, and on themselves, they still may
    expect((await test.inject({ method: 'PUT', url: `/servers/${SERVER}/members/100004/roles/${low.role_id}`, headers: member.headers })).statusCode).toBe(200)
  })
})
