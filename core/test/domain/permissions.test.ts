import {
  ALL_PERMISSIONS, OWNER_GRANTED_PERMISSIONS, canChangeMemberRoles, canManageRole, DEFAULT_EVERYONE_PERMISSIONS, effectivePermissions, grantablePermissions, hasPermission, highestPosition,
  GUEST_PERMISSIONS, guestMayHold, isTimedOut, missingPermissions, MODERATION_PERMISSIONS, outranks, outranksByRank, Permission, rankOf, SPEAKING_PERMISSIONS, trainingRolesOf,
  type ChannelOverride, type PermissionChannel, type PermissionMember, type PermissionServer,
} from '@core/domain/permissions'

const NOW = 1_800_000_000
const SERVER_ID = '832828'
const { ViewChannel, SendMessages, AttachFiles, AddReactions, ManageMessages, ManageChannels, ManageRoles, KickMembers, BanMembers, MuteMembers, ManageServer } = Permission

const server: PermissionServer = {
  server_id: SERVER_ID,
  owner_uid: '100001',
  roles: [
    { role_id: SERVER_ID, type: 0, join_role: null, permissions: DEFAULT_EVERYONE_PERMISSIONS, position: 1000 },
    { role_id: 'admin', type: 0, join_role: null, permissions: ManageServer, position: 1 },
    { role_id: 'mod', type: 0, join_role: null, permissions: ManageMessages | KickMembers | BanMembers | MuteMembers | ManageRoles, position: 2 },
    { role_id: 'member', type: 0, join_role: null, permissions: 0, position: 3 },
    { role_id: 'bot', type: 1, join_role: null, permissions: ManageMessages, position: 4 },
    { role_id: 'trainee', type: 0, join_role: 'training', permissions: 0, position: 5 },
  ],
}

function member (uid: string, roleIds: string[] = [], timeoutUntil: number | null = null, userType = 1): PermissionMember {
  return { uid, user_type: userType, role_ids: roleIds, timeout_until: timeoutUntil }
}

function channel (channelId: string, overrides: ChannelOverride[] = []): PermissionChannel {
  return { channel_id: channelId, overrides }
}

const OWNER = member('100001')
const ADMIN = member('100002', ['admin'])
const MODERATOR = member('100003', ['mod'])
const MEMBER = member('100004', ['member'])
const MUTED = member('100005', [], NOW + 60)
const BOT = member('C_200001', ['bot'], null, 2)
const GUEST = member('B_300001')
const TRAINEE = member('100006', ['trainee'])

const lobby = channel('lobby')
const training = channel('training')
/** @everyone may not speak here; moderators may; member 100004 may again. */
const announcements = channel('announcements', [
  { target_type: 'role', target_id: SERVER_ID, allow: 0, deny: SendMessages | AddReactions },
  { target_type: 'role', target_id: 'mod', allow: SendMessages, deny: 0 },
  { target_type: 'member', target_id: '100004', allow: AddReactions, deny: 0 },
])
/** Hidden from @everyone, open to the member role. */
const staffRoom = channel('staff', [
  { target_type: 'role', target_id: SERVER_ID, allow: 0, deny: ViewChannel },
  { target_type: 'role', target_id: 'member', allow: ViewChannel, deny: 0 },
])

function permissionsOf (who: PermissionMember | null, where: PermissionChannel | null, on: PermissionServer = server): number {
  return effectivePermissions({ server: on, member: who, channel: where, now: NOW })
}

describe('effectivePermissions', () => {
  it.each([
    ['the owner', OWNER, null, ALL_PERMISSIONS],
    ['an administrator', ADMIN, null, ALL_PERMISSIONS],
    ['a moderator', MODERATOR, null, DEFAULT_EVERYONE_PERMISSIONS | ManageMessages | KickMembers | BanMembers | MuteMembers | ManageRoles],
    ['a member', MEMBER, null, DEFAULT_EVERYONE_PERMISSIONS],
    ['a muted member', MUTED, null, DEFAULT_EVERYONE_PERMISSIONS & ~SPEAKING_PERMISSIONS],
    ['a bot with the bot role', BOT, null, DEFAULT_EVERYONE_PERMISSIONS | ManageMessages],
    ['a guest member', GUEST, null, DEFAULT_EVERYONE_PERMISSIONS],
    ['a non-member', null, null, ViewChannel],
    ['the owner in a training channel', OWNER, training, ALL_PERMISSIONS],
    ['an administrator in a training channel', ADMIN, training, ALL_PERMISSIONS],
    ['a member in a training channel', MEMBER, training, 0],
    ['a trainee in their training channel', TRAINEE, training, DEFAULT_EVERYONE_PERMISSIONS],
    ['a non-member in a training channel', null, training, 0],
    ['a member in an ordinary channel', MEMBER, lobby, DEFAULT_EVERYONE_PERMISSIONS],
    ['a non-member in an ordinary channel', null, lobby, ViewChannel],
    ['a muted member in an ordinary channel', MUTED, lobby, ViewChannel | Permission.CreateInvites | Permission.Connect],
    ['a guest in an ordinary channel', GUEST, lobby, DEFAULT_EVERYONE_PERMISSIONS],
    ['a member without a role in announcements', TRAINEE, announcements, DEFAULT_EVERYONE_PERMISSIONS & ~(SendMessages | AddReactions)],
    ['a moderator in announcements (role allow after @everyone deny)', MODERATOR, announcements, (DEFAULT_EVERYONE_PERMISSIONS & ~AddReactions) | ManageMessages | KickMembers | BanMembers | MuteMembers | ManageRoles],
    ['a member with their own allow in announcements', MEMBER, announcements, DEFAULT_EVERYONE_PERMISSIONS & ~SendMessages],
    ['an administrator in announcements (overrides do not apply)', ADMIN, announcements, ALL_PERMISSIONS],
    ['a member whose role opens the staff room', MEMBER, staffRoom, DEFAULT_EVERYONE_PERMISSIONS],
    ['a moderator kept out of the staff room', MODERATOR, staffRoom, 0],
    ['a non-member kept out of the staff room', null, staffRoom, 0],
  ])('gives %s exactly the expected bits', (_, who, where, expected) => {
    expect(permissionsOf(who, where)).toBe(expected)
  })

  it('lets one held role allow what another denies, and the member override decide over both', () => {
    const both = member('100007', ['member', 'mod'])
    const room = channel('room', [
      { target_type: 'role', target_id: 'member', allow: 0, deny: AttachFiles },
      { target_type: 'role', target_id: 'mod', allow: AttachFiles, deny: 0 },
    ])
    expect(hasPermission(permissionsOf(both, room), AttachFiles)).toBe(true)
    const own = channel('room', [...room.overrides, { target_type: 'member', target_id: '100007', allow: 0, deny: AttachFiles }])
    expect(hasPermission(permissionsOf(both, own), AttachFiles)).toBe(false)
  })

  it('never lets a non-member speak even where @everyone is allowed to', () => {
    const open = channel('open', [{ target_type: 'role', target_id: SERVER_ID, allow: SendMessages | ManageChannels, deny: 0 }])
    expect(permissionsOf(null, open)).toBe(ViewChannel)
  })

  it('gives a human holding a bot role nothing from that role (SPEC §3: type 1 is a bot role)', () => {
    expect(permissionsOf(member('100008', ['bot']), null)).toBe(DEFAULT_EVERYONE_PERMISSIONS)
  })

  it('keeps a guest from managing even with an administrator or moderator role', () => {
    expect(permissionsOf(member('B_300002', ['admin', 'mod']), null)).toBe(DEFAULT_EVERYONE_PERMISSIONS)
    const allowAll = channel('open', [{ target_type: 'member', target_id: 'B_300002', allow: ManageChannels, deny: 0 }])
    expect(hasPermission(permissionsOf(member('B_300002'), allowAll), ManageChannels)).toBe(false)
  })

  it('gives the speaking bits back once a timeout has ended', () => {
    expect(permissionsOf(member('100005', [], NOW), lobby)).toBe(DEFAULT_EVERYONE_PERMISSIONS)
  })

  it('never mutes an administrator', () => {
    expect(permissionsOf(member('100002', ['admin'], NOW + 60), lobby)).toBe(ALL_PERMISSIONS)
  })

  it('gives nothing in a server without an @everyone role to a non-member or a member without roles', () => {
    const bare: PermissionServer = { server_id: 'bare', owner_uid: null, roles: [] }
    expect(permissionsOf(null, null, bare)).toBe(0)
    expect(permissionsOf(member('100004'), lobby, bare)).toBe(0)
  })

  it('ignores roles the member holds that the server does not have', () => {
    expect(permissionsOf(member('100004', ['gone']), null)).toBe(DEFAULT_EVERYONE_PERMISSIONS)
  })
})

describe('voice permissions', () => {
  const { Connect, Speak, MuteVoice, DeafenMembers, MoveMembers, DisconnectMembers } = Permission

  it('lets @everyone of a new server connect to voice rooms and speak in them', () => {
    expect(hasPermission(DEFAULT_EVERYONE_PERMISSIONS, Connect | Speak)).toBe(true)
    expect(hasPermission(permissionsOf(MEMBER, lobby), Connect | Speak)).toBe(true)
  })

  it('lets a guest hold Connect and Speak, never the voice moderation bits', () => {
    expect(hasPermission(permissionsOf(GUEST, lobby), Connect | Speak)).toBe(true)
    expect(guestMayHold({ permissions: Connect | Speak })).toBe(true)
    expect(guestMayHold({ permissions: MuteVoice })).toBe(false)
    const allowAll = channel('room', [{ target_type: 'member', target_id: 'B_300001', allow: MuteVoice | DeafenMembers | MoveMembers | DisconnectMembers, deny: 0 }])
    expect(permissionsOf(GUEST, allowAll) & (MuteVoice | DeafenMembers | MoveMembers | DisconnectMembers)).toBe(0)
    expect(GUEST_PERMISSIONS & MODERATION_PERMISSIONS).toBe(0)
  })

  it('takes Speak away in a timeout but leaves Connect (a timed-out member stays in the room, silenced)', () => {
    expect(SPEAKING_PERMISSIONS & Speak).toBe(Speak)
    expect(hasPermission(permissionsOf(MUTED, lobby), Speak)).toBe(false)
    expect(hasPermission(permissionsOf(MUTED, lobby), Connect)).toBe(true)
  })

  it('counts server mute, deafen, move and disconnect as moderation bits', () => {
    for (const bit of [MuteVoice, DeafenMembers, MoveMembers, DisconnectMembers]) expect(MODERATION_PERMISSIONS & bit).toBe(bit)
  })

  it('lets a channel override take Connect away from @everyone', () => {
    const closed = channel('closed', [{ target_type: 'role', target_id: SERVER_ID, allow: 0, deny: Connect }])
    expect(hasPermission(permissionsOf(MEMBER, closed), Connect)).toBe(false)
    expect(hasPermission(permissionsOf(MEMBER, closed), ViewChannel)).toBe(true)
  })
})

describe('hasPermission and missingPermissions', () => {
  it('needs every wanted bit', () => {
    expect(hasPermission(ViewChannel | SendMessages, SendMessages)).toBe(true)
    expect(hasPermission(ViewChannel, ViewChannel | SendMessages)).toBe(false)
  })

  it('names the bits that are missing, in declaration order', () => {
    expect(missingPermissions(ViewChannel, ManageChannels | SendMessages | ViewChannel)).toEqual(['SendMessages', 'ManageChannels'])
    expect(missingPermissions(ALL_PERMISSIONS, ManageServer)).toEqual([])
  })
})

describe('isTimedOut', () => {
  it('says a member is in timeout only until the time it ends', () => {
    expect(isTimedOut({ timeout_until: NOW + 1 }, NOW)).toBe(true)
    expect(isTimedOut({ timeout_until: NOW }, NOW)).toBe(false)
    expect(isTimedOut({ timeout_until: null }, NOW)).toBe(false)
  })
})

describe('trainingRolesOf (SPEC §6)', () => {
  it('names the roles whose join_role is the channel', () => {
    expect(trainingRolesOf(server.roles, 'training')).toEqual(['trainee'])
    expect(trainingRolesOf(server.roles, 'lobby')).toEqual([])
  })
})

describe('hierarchy', () => {
  it('puts the owner above every role and a member without roles at the bottom', () => {
    expect(highestPosition(server, OWNER)).toBe(-1)
    expect(highestPosition(server, MODERATOR)).toBe(2)
    expect(highestPosition(server, GUEST)).toBe(Number.POSITIVE_INFINITY)
  })

  it.each([
    ['the owner acts on a moderator', OWNER, MODERATOR, true],
    ['a moderator acts on a member', MODERATOR, MEMBER, true],
    ['a moderator acts on an administrator', MODERATOR, ADMIN, false],
    ['an administrator acts on the owner', ADMIN, OWNER, false],
    ['a moderator acts on themselves', MODERATOR, MODERATOR, false],
    ['a moderator acts on another moderator', MODERATOR, member('100009', ['mod']), false],
    ['a member without roles acts on another', GUEST, member('B_300003'), false],
  ])('decides whether %s', (_, actor, target, expected) => {
    expect(outranks(server, actor, target)).toBe(expected)
  })

  it('writes the place in the order as the wire carries it: -1 the owner, null without a role', () => {
    expect(rankOf(server, OWNER)).toBe(-1)
    expect(rankOf(server, MODERATOR)).toBe(2)
    expect(rankOf(server, GUEST)).toBeNull()
  })

  it.each([
    ['the owner acts on a member without roles', { uid: OWNER.uid, rank: -1 }, { uid: GUEST.uid, rank: null }, true],
    ['an administrator acts on the owner', { uid: ADMIN.uid, rank: 1 }, { uid: OWNER.uid, rank: -1 }, false],
    ['an administrator acts on a moderator', { uid: ADMIN.uid, rank: 1 }, { uid: MODERATOR.uid, rank: 2 }, true],
    ['a moderator acts on one at their place', { uid: MODERATOR.uid, rank: 2 }, { uid: '100009', rank: 2 }, false],
    ['a member without roles acts on another', { uid: GUEST.uid, rank: null }, { uid: 'B_300003', rank: null }, false],
    ['the owner acts on themselves', { uid: OWNER.uid, rank: -1 }, { uid: OWNER.uid, rank: -1 }, false],
  ])('decides on ranks, as outranks does, whether %s', (_, actor, target, expected) => {
    expect(outranksByRank(actor, target)).toBe(expected)
  })

  it.each([
    ['the owner manages the administrator role', OWNER, { position: 1, permissions: ManageServer }, true],
    ['an administrator hands out the administrator bit', ADMIN, { position: 9, permissions: ManageServer }, false],
    ['an administrator gives a moderator role the owner made', ADMIN, { position: 9, permissions: KickMembers | BanMembers }, true],
    ['a moderator manages a role below theirs', MODERATOR, { position: 3, permissions: 0 }, true],
    ['a moderator manages their own role', MODERATOR, { position: 2, permissions: 0 }, false],
    ['a moderator manages a role above theirs', MODERATOR, { position: 1, permissions: 0 }, false],
  ])('decides whether %s', (_, actor, role, expected) => {
    expect(canManageRole(server, actor, role)).toBe(expected)
  })

  it('lets the owner grant every bit, anyone else only what they hold and never an elevated bit', () => {
    expect(OWNER_GRANTED_PERMISSIONS).toBe(ManageServer | ManageRoles | ManageChannels | KickMembers | BanMembers)
    expect(grantablePermissions(server, OWNER, permissionsOf(OWNER, null))).toBe(ALL_PERMISSIONS)
    expect(grantablePermissions(server, ADMIN, permissionsOf(ADMIN, null))).toBe(ALL_PERMISSIONS & ~OWNER_GRANTED_PERMISSIONS)
    expect(grantablePermissions(server, MODERATOR, permissionsOf(MODERATOR, null))).toBe(ManageMessages | MuteMembers | DEFAULT_EVERYONE_PERMISSIONS)
    expect(hasPermission(grantablePermissions(server, MODERATOR, permissionsOf(MODERATOR, null)), ManageChannels)).toBe(false)
  })

  it.each([
    ['the owner changes an administrator\'s roles', OWNER, ADMIN, true],
    ['the owner changes their own roles', OWNER, OWNER, true],
    ['a moderator changes a member\'s roles', MODERATOR, MEMBER, true],
    ['a moderator changes their own roles', MODERATOR, MODERATOR, true],
    ['a moderator changes the owner\'s roles', MODERATOR, OWNER, false],
    ['a moderator changes an administrator\'s roles', MODERATOR, ADMIN, false],
    ['a moderator changes another moderator\'s roles', MODERATOR, member('100009', ['mod']), false],
    ['an administrator changes the owner\'s roles', ADMIN, OWNER, false],
  ])('decides whether %s', (_, actor, target, expected) => {
    expect(canChangeMemberRoles(server, actor, target)).toBe(expected)
  })
})
