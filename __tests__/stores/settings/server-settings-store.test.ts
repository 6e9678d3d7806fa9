import { Permission, type PermissionName } from '@core/domain/permissions'
import { ChannelType } from '@core/wire/codes'
import type { Channel, Server } from '@core/wire/entities'
import type { Invite, ServerRole } from '@core/wire/trust'
import { loadLanguage, setLanguage } from '@/i18n'
import { envelopeError } from '@/services/request/errors'
import { inviteLink } from '@/stores/settings/invite-settings-store'
import { parseWords, ServerSettingsStore } from '@/stores/settings/server-settings-store'
import { availableSections, canOpenServerSettings, canSeeAuditLog, type SettingsAccess } from '@/stores/settings/settings-access'
import { refusalMessage } from '@/stores/support/refusal'
import { anyGateway } from '../support/trust-fakes'
import { draftAfterReload } from '@/utils/field-draft'

const SERVER_ID = '832828'
const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() }

afterEach(() => setLanguage(undefined))

function access (names: PermissionName[], isOwner = false): SettingsAccess {
  return { isOwner, can: name => isOwner || names.includes(name) }
}

function role (roleId: string, position: number, overrides: Partial<ServerRole> = {}): ServerRole {
  return { role_id: roleId, server_id: SERVER_ID, name: `role ${roleId}`, type: 0, join_role: null, permissions: 0, position, color: '', ...overrides }
}

const SERVER: Server = { server_id: SERVER_ID, name: '星海城', sub_domain: 'x', icon: 'https://cdn.example/i.png', introduction: '欢迎', member_count: 5 }

function channel (channelId: string, overrides: Partial<Channel> = {}): Channel {
  return {
    channel_id: channelId, server_id: SERVER_ID, channel_type: ChannelType.Discussion, kind: 0, name: `channel ${channelId}`, parent_id: null, sort: 1,
    map_category: null, link_url: null, icon: '', audit_status: 0, ...overrides,
  }
}

function invite (code: string, overrides: Partial<Invite> = {}): Invite {
  return {
    code, server: SERVER, inviter: { uid: '100001', user_type: 1, addtime: 0, nickname: '站长', avatar: '', signature: '' },
    max_uses: 0, uses: 0, expires_at: null, created_at: 0, state: 'valid', ...overrides,
  }
}

/** A store on fakes: every call a jest mock the test can inspect or make refuse. */
function setup () {
  const roles = [role('r1', 1, { permissions: Permission.KickMembers }), role('r2', 2, { join_role: 'c2' }), role(SERVER_ID, 3)]
  const api = {
    getServer: jest.fn(async () => ({ ...SERVER, online_count: 1 })),
    listChannels: jest.fn(async () => [{ group: null, channels: [channel('c1'), channel('c2')] }]),
    createChannel: jest.fn(async (_serverId: string, body: { title: string, channel_type: ChannelType }) => channel('c3', { name: body.title, channel_type: body.channel_type })),
    uploadBase64: jest.fn(async () => 'https://cdn.example/new.png'),
    getUploadToken: jest.fn(async () => null),
  }
  const settings = {
    updateServer: jest.fn(async (_serverId: string, body: object) => ({ ...SERVER, ...body })),
    updateChannel: jest.fn(async (channelId: string, body: { title?: string }) => channel(channelId, { name: body.title ?? `channel ${channelId}` })),
    deleteChannel: jest.fn(async (channelId: string) => ({ server_id: SERVER_ID, channel_id: channelId })),
    words: jest.fn(async () => ({ words: [] as string[] })),
    setWords: jest.fn(async (_serverId: string, words: string[]) => ({ words: [...words].sort() })),
  }
  const trust = {
    roles: jest.fn(async () => ({ list: roles })),
    createRole: jest.fn(async (_serverId: string, body: { name: string }) => role('r9', 3, { name: body.name })),
    updateRole: jest.fn(async (_serverId: string, roleId: string, body: Partial<ServerRole>) => ({ ...roles.find(item => item.role_id === roleId) as ServerRole, ...body })),
    deleteRole: jest.fn(async (_serverId: string, roleId: string) => ({ list: roles.filter(item => item.role_id !== roleId) })),
    invites: jest.fn(async () => ({ list: [invite('old1')] })),
    createInvite: jest.fn(async () => invite('new1')),
    revokeInvite: jest.fn(async () => ({ done: true })),
  }
  const store = new ServerSettingsStore(SERVER_ID, { api, settings, trust, logger })
  return { store, api, settings, trust }
}

describe('who sees the settings', () => {
  it('opens the page for the owner and for who may manage the server, roles or channels, and no one else', () => {
    expect(canOpenServerSettings(access([], true))).toBe(true)
    for (const name of ['ManageServer', 'ManageRoles', 'ManageChannels'] as const) expect(canOpenServerSettings(access([name]))).toBe(true)
    expect(canOpenServerSettings(access(['KickMembers', 'CreateInvites', 'SendMessages']))).toBe(false)
  })

  it('offers each section only with its permission, and the words only to the owner', () => {
    expect(availableSections(access([], true))).toEqual(['profile', 'roles', 'channels', 'invites', 'words'])
    expect(availableSections(access(['ManageChannels', 'CreateInvites']))).toEqual(['channels', 'invites'])
    expect(availableSections(access(['ManageServer']))).toEqual(['profile'])
    expect(availableSections(access(['CreateInvites']))).toEqual([])
  })

  it('links the audit log for moderators only', () => {
    expect([canSeeAuditLog(access([], true)), canSeeAuditLog(access(['MuteMembers'])), canSeeAuditLog(access(['ManageChannels']))]).toEqual([true, true, false])
  })
})

describe('refusals in words', () => {
  it('names the missing permission in zh-CN and en', async () => {
    const refused = envelopeError(403000, 'missing permission: ManageRoles, ManageServer (not a member of server 1)', 403)
    expect(refusalMessage(refused, logger)).toBe('你没有「管理身份组、管理服务器」权限')
    await loadLanguage('en')
    expect(refusalMessage(refused, logger)).toBe('You need the “Manage roles, Manage server” permission')
  })

  it('says a role above one\'s own as such, any other 403 plainly, and other failures in the client\'s own words for their code', () => {
    expect(refusalMessage(envelopeError(403002, 'path.uid: …', 403), logger)).toBe('对方的身份组不低于你的最高身份组，不能这样做')
    expect(refusalMessage(envelopeError(403000, 'role: it sits at or above your highest role', 403), logger)).toBe('你没有权限这样做')
    expect(refusalMessage(envelopeError(404000, 'path.role_id: no role', 404), logger)).toBe('内容不存在或已被删除')
  })
})

describe('the Profile section', () => {
  it('loads the server and saves a new name', async () => {
    const { store, settings } = setup()
    await store.open('profile')
    expect(store.server?.name).toBe('星海城')
    expect(await store.saveProfile({ name: '新星海城' })).toBe(true)
    expect(settings.updateServer).toHaveBeenCalledWith(SERVER_ID, { name: '新星海城' })
    expect(store.server?.name).toBe('新星海城')
  })

  it('puts an audit rejection of the name (104001, SPEC §5) under the name and keeps the old one', async () => {
    const { store, settings } = setup()
    await store.open('profile')
    settings.updateServer.mockRejectedValueOnce(envelopeError(104001, 'title did not pass the content audit', 422))
    expect(await store.saveProfile({ name: '违禁城' })).toBe(false)
    expect(store.errorOf('name')).toBe('标题未通过审核，请修改后重试')
    expect(store.action.error).toBeNull()
    expect(store.server?.name).toBe('星海城')
  })

  it('refuses an empty name without asking the server', async () => {
    const { store, settings } = setup()
    expect(await store.saveProfile({ name: '  ' })).toBe(false)
    expect(store.action.error).toBe('名称不能为空')
    expect(settings.updateServer).not.toHaveBeenCalled()
  })

  it('uploads a generated icon, then saves its URL', async () => {
    const { store, settings } = setup()
    expect(await store.replaceIcon({ generated: 'data:image/png;base64,AAAA' })).toBe(true)
    expect(settings.updateServer).toHaveBeenCalledWith(SERVER_ID, { icon: 'https://cdn.example/new.png' })
  })

  it('shows a failed load as an error in the client\'s own words', async () => {
    const { store, api } = setup()
    api.getServer.mockRejectedValueOnce(envelopeError(500000, '服务器出错', 500))
    await store.open('profile')
    expect([store.profileStatus, store.profileError]).toEqual(['error', '服务暂时不可用，请稍后重试'])
  })
})

describe('the Words section', () => {
  it('splits a typed list at spaces, commas and new lines, dropping repeats', () => {
    expect(parseWords(' 广告,刷屏\n广告，菠菜 、 ')).toEqual(['广告', '刷屏', '菠菜'])
  })

  it('is empty at first and saves the typed words', async () => {
    const { store, settings } = setup()
    await store.open('words')
    expect(store.wordsStatus).toBe('empty')
    expect(await store.saveWords('刷屏 广告')).toBe(true)
    expect(settings.setWords).toHaveBeenCalledWith(SERVER_ID, ['刷屏', '广告'])
    expect([store.wordsStatus, store.words]).toEqual(['ready', ['刷屏', '广告'].sort()])
  })

  it('refuses a word over 32 characters without asking the server', async () => {
    const { store, settings } = setup()
    expect(await store.saveWords('x'.repeat(33))).toBe(false)
    expect(store.action.error).toBe('最多 500 个词，每个不超过 32 个字')
    expect(settings.setWords).not.toHaveBeenCalled()
  })
})

describe('the Roles section', () => {
  it('lists the roles in order with @everyone last', async () => {
    const { store } = setup()
    await store.open('roles')
    expect(store.roles.ordered.map(item => item.role_id)).toEqual(['r1', 'r2', SERVER_ID])
  })

  it('creates a role, switches one permission and gives a colour', async () => {
    const { store, trust } = setup()
    await store.open('roles')
    expect(await store.roles.create(' 版主 ')).toBe(true)
    expect(trust.createRole).toHaveBeenCalledWith(SERVER_ID, { name: '版主' })
    expect(await store.roles.togglePermission('r1', Permission.BanMembers)).toBe(true)
    expect(trust.updateRole).toHaveBeenLastCalledWith(SERVER_ID, 'r1', { permissions: Permission.KickMembers | Permission.BanMembers })
    expect(await store.roles.setColour('r1', '#3498db')).toBe(true)
    expect(store.roles.roles.find(item => item.role_id === 'r1')?.color).toBe('#3498db')
  })

  it('refuses a colour that is not # and six hex digits (SPEC §5) without asking the server', async () => {
    const { store, trust } = setup()
    expect(await store.roles.setColour('r1', '#12345')).toBe(false)
    expect(store.roles.action.error).toBe('颜色须为 # 加六位十六进制数字')
    expect(trust.updateRole).not.toHaveBeenCalled()
  })

  it('moves a role down to the next one\'s place and never below @everyone', async () => {
    const { store, trust } = setup()
    await store.open('roles')
    expect(await store.roles.move('r1', 1)).toBe(true)
    expect(trust.updateRole).toHaveBeenCalledWith(SERVER_ID, 'r1', { position: 2 })
    expect(trust.roles).toHaveBeenCalledTimes(2)
    expect(await store.roles.move('r2', 1)).toBe(false)
  })

  it('never deletes @everyone, and says a refused deletion in words', async () => {
    const { store, trust } = setup()
    await store.open('roles')
    expect(await store.roles.remove(SERVER_ID)).toBe(false)
    trust.deleteRole.mockRejectedValueOnce(envelopeError(403000, 'missing permission: ManageRoles', 403))
    expect(await store.roles.remove('r1')).toBe(false)
    expect(store.roles.action.error).toBe('你没有「管理身份组」权限')
    expect(store.roles.ordered).toHaveLength(3)
  })
})

describe('the Channels section', () => {
  it('marks the training channel a role names (SPEC §6)', async () => {
    const { store } = setup()
    await store.open('channels')
    expect(store.channels.channels.map(item => [item.channel_id, store.channels.isTraining(item.channel_id)])).toEqual([['c1', false], ['c2', true]])
  })

  it('creates a channel of type 1, 3 or 8 only (SPEC §4)', async () => {
    const { store, api } = setup()
    await store.open('channels')
    expect(await store.channels.create('Voice', ChannelType.Voice)).toBe(false)
    expect(api.createChannel).not.toHaveBeenCalled()
    expect(await store.channels.create('帖子区', ChannelType.Post)).toBe(true)
    expect(api.createChannel).toHaveBeenCalledWith(SERVER_ID, { title: '帖子区', channel_type: ChannelType.Post })
    expect(store.channels.channels.map(item => item.channel_id)).toEqual(['c1', 'c2', 'c3'])
  })

  it('puts an audit rejection of a title under the field it belongs to', async () => {
    const { store, settings } = setup()
    await store.open('channels')
    settings.updateChannel.mockRejectedValueOnce(envelopeError(104001, 'title did not pass the content audit', 422))
    expect(await store.channels.update('c1', { title: '违禁频道' })).toBe(false)
    expect([store.channels.errorOf('c1', 'title'), store.channels.errorOf('new', 'title'), store.channels.action.error]).toEqual(['标题未通过审核，请修改后重试', null, null])
  })

  it('saves a voice channel\'s member limit and bitrate within the wire\'s bounds, and refuses in words outside them', async () => {
    const { store, settings } = setup()
    await store.open('channels')
    settings.updateChannel.mockImplementationOnce(async (channelId: string, body: object) => channel(channelId, { channel_type: ChannelType.Voice, ...body }))
    expect(await store.channels.updateVoiceRoom('c1', { user_limit: 20 })).toBe(true)
    expect(settings.updateChannel).toHaveBeenCalledWith('c1', { user_limit: 20 })
    expect(store.channels.channels[0].user_limit).toBe(20)
    for (const user_limit of [0, 100, 2.5, Infinity, 1e40]) expect(await store.channels.updateVoiceRoom('c1', { user_limit })).toBe(false)
    expect(store.channels.action.error).toBe('人数上限须为 1–99 的整数')
    expect(await store.channels.updateVoiceRoom('c1', { bitrate: 7_000 })).toBe(false)
    expect(await store.channels.updateVoiceRoom('c1', { bitrate: 97_000 })).toBe(false)
    expect(store.channels.action.error).toBe('码率须在 8–96 kbps 之间')
    expect(await store.channels.updateVoiceRoom('c1', { bitrate: 96_000 })).toBe(true)
    expect(settings.updateChannel).toHaveBeenCalledTimes(2)
  })

  it('sets a chat channel\'s slow mode and shows the server\'s answer', async () => {
    const { store, settings } = setup()
    await store.open('channels')
    settings.updateChannel.mockImplementationOnce(async (channelId: string, body: object) => channel(channelId, body))
    expect(await store.channels.updateSlowMode('c1', 30)).toBe(true)
    expect(settings.updateChannel).toHaveBeenCalledWith('c1', { slow_mode_seconds: 30 })
    expect(store.channels.channels[0].slow_mode_seconds).toBe(30)
  })

  it('renames and deletes a channel', async () => {
    const { store, settings } = setup()
    await store.open('channels')
    expect(await store.channels.update('c1', { title: '大厅' })).toBe(true)
    expect(store.channels.channels[0].name).toBe('大厅')
    expect(await store.channels.remove('c1')).toBe(true)
    expect(settings.deleteChannel).toHaveBeenCalledWith('c1')
    expect(store.channels.channels.map(item => item.channel_id)).toEqual(['c2'])
  })
})

describe('the Invites section', () => {
  it('makes an invite with the picked expiry and use limit, ignoring choices the server does not offer', async () => {
    const { store, trust } = setup()
    await store.open('invites')
    store.invites.pickMaxAge(1800)
    store.invites.pickMaxAge(999)
    store.invites.pickMaxUses(25)
    await store.invites.create()
    expect(trust.createInvite).toHaveBeenCalledWith(SERVER_ID, { max_age_seconds: 1800, max_uses: 25 })
    expect(store.invites.invites.map(item => item.code)).toEqual(['new1', 'old1'])
  })

  it('revokes an invite and shows the empty state after the last one', async () => {
    const { store } = setup()
    await store.open('invites')
    expect(await store.invites.revoke('old1')).toBe(true)
    expect(store.invites.status).toBe('empty')
  })

  it('links the invite page with its code', () => {
    expect(inviteLink('AbC123', 'https://realm.example')).toBe('https://realm.example/pages/invite/index?code=AbC123')
  })
})

describe('live role and channel changes', () => {
  it('asks the opened sections again on this server\'s ROLE_* and CHANNEL_* events, and stops when told', async () => {
    const { store, api, trust } = setup()
    const gateway = anyGateway()
    const stop = store.follow(gateway)
    gateway.emit('ROLE_UPDATE', { server_id: SERVER_ID, role_id: 'r1' })
    expect(trust.roles).not.toHaveBeenCalled()
    await store.open('channels')
    expect([trust.roles.mock.calls.length, api.listChannels.mock.calls.length]).toEqual([1, 1])
    gateway.emit('ROLE_CREATE', { ...role('r5', 4), server_id: SERVER_ID })
    gateway.emit('CHANNEL_DELETE', { server_id: SERVER_ID, channel_id: 'c2' })
    gateway.emit('CHANNEL_UPDATE', channel('c9', { server_id: 'another' }))
    await new Promise(resolve => setTimeout(resolve, 0))
    expect([trust.roles.mock.calls.length, api.listChannels.mock.calls.length]).toEqual([2, 2])
    expect(store.roles.status).toBe('ready')
    stop()
    expect(gateway.listeners()).toBe(0)
  })

  it('keeps the lists on screen while a live change reloads them, so an open row and what is typed in it stay', async () => {
    const { store, api } = setup()
    store.follow(anyGateway())
    await store.open('channels')
    let answer: () => void = () => undefined
    api.listChannels.mockImplementationOnce(() => new Promise(resolve => { answer = () => resolve([{ group: null, channels: [channel('c1', { name: 'renamed' })] }]) }))
    void store.channels.refresh()
    expect([store.channels.status, store.channels.channels.length]).toEqual(['ready', 2])
    answer()
    await new Promise(resolve => setTimeout(resolve, 0))
    expect([store.channels.status, store.channels.channels.map(item => item.name)]).toEqual(['ready', ['renamed']])
  })

  it('keeps the shown list when a live reload fails', async () => {
    const { store, trust } = setup()
    await store.open('roles')
    trust.roles.mockRejectedValueOnce(new Error('down'))
    await store.roles.refresh()
    expect([store.roles.status, store.roles.roles.length]).toEqual(['ready', 3])
  })

  it("takes another owner's profile edit live (SERVER_UPDATE) once the profile is shown, and only this server's", async () => {
    const { store } = setup()
    const gateway = anyGateway()
    store.follow(gateway)
    gateway.emit('SERVER_UPDATE', { ...SERVER, name: 'too early' })
    expect(store.server).toBeNull()
    await store.open('profile')
    gateway.emit('SERVER_UPDATE', { ...SERVER, name: '新名字' })
    gateway.emit('SERVER_UPDATE', { ...SERVER, server_id: 'another', name: 'not ours' })
    expect(store.server?.name).toBe('新名字')
  })
})

describe('draftAfterReload (a live reload while the owner types)', () => {
  it('keeps a draft the member changed, and lets an untouched one follow the new saved value', () => {
    expect(draftAfterReload('我正在输入', '旧名字', '别人改的')).toBe('我正在输入')
    expect(draftAfterReload('旧名字', '旧名字', '别人改的')).toBe('别人改的')
  })
})
