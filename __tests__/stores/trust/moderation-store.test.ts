import { Permission } from '@core/domain/permissions'
import { TRUST_CODES } from '@core/wire/trust-paths'
import type { MyPermissions } from '@core/wire/trust'
import { loadLanguage, setLanguage } from '@/i18n'
import { MemberListStore } from '@/stores/members/member-list-store'
import { ModerationStore } from '@/stores/trust/moderation-store'
import { refusalMessage } from '@/stores/support/refusal'
import { fakeLogger, user } from '../support/fakes'
import { member, memberPage, myPermissions, refusal, ROLES, SID, viewerPermissions } from '../support/trust-fakes'

const NOW_MS = 1_800_000_000_000
const MOD = myPermissions({ role_ids: ['r_mod'], permissions: Permission.KickMembers | Permission.BanMembers | Permission.MuteMembers | Permission.ManageRoles })

function fakeTrust () {
  return {
    setMemberRole: jest.fn(async (_s: string, uid: string, roleId: string, held: boolean) => ({ server_id: SID, uid, role_ids: held ? [roleId] : [], timeout_until: null })),
    timeout: jest.fn(async (_s: string, uid: string, until: number | null) => ({ server_id: SID, uid, role_ids: [], timeout_until: until })),
    kick: jest.fn(async () => ({ ok: true as const })),
    ban: jest.fn(async () => ({ ok: true as const })),
    unban: jest.fn(async () => ({ ok: true as const })),
    bans: jest.fn(async () => ({ list: [{ user: user({ uid: 'x', nickname: 'X' }), reason: 'spam', banned_by: 'me', created_at: 1 }] })),
    report: jest.fn(async () => ({ ok: true as const })),
  }
}

async function setup (mine: MyPermissions | null = MOD, members = [member('me', { role_ids: ['r_mod'] }), member('t'), member('boss', { role_ids: ['r_admin'] })]) {
  const list = new MemberListStore(SID, {
    members: { list: jest.fn().mockResolvedValue(memberPage(members)), find: jest.fn() },
    trust: { roles: jest.fn().mockResolvedValue({ list: ROLES }) },
    spaces: { people: jest.fn().mockResolvedValue({ spaces: [] }) },
    clock: () => NOW_MS,
    logger: fakeLogger(),
  })
  await list.load()
  const trust = fakeTrust()
  const store = new ModerationStore({
    trust: trust as never,
    list,
    viewer: { user: () => ({ uid: 'me', user_type: 1 }), permissions: viewerPermissions(mine) },
    clock: () => NOW_MS,
    logger: fakeLogger(),
  })
  const find = (uid: string) => list.list.items.find(m => m.user.uid === uid)!
  return { list, trust, store, find }
}

afterEach(() => { setLanguage('zh-CN') })

describe('ModerationStore: what the viewer may do', () => {
  it('offers a moderator every action on a member below them, and only the roles below their own', async () => {
    const { store, find } = await setup()
    const actions = store.actionsFor(find('t'))
    expect({ ...actions, roles: actions.roles.map(r => r.role_id) }).toEqual({ report: true, roles: ['r_helper'], timeout: true, kick: true, ban: true })
  })

  it('offers only a report on someone at or above the viewer, and nothing on themself', async () => {
    const { store, find } = await setup()
    expect(store.actionsFor(find('boss'))).toEqual({ report: true, roles: [], timeout: false, kick: false, ban: false })
    expect(store.actionsFor(find('me'))).toEqual({ report: false, roles: [], timeout: false, kick: false, ban: false })
  })

  it('lets the owner give every role but @everyone', async () => {
    const { store, find } = await setup(myPermissions({ is_owner: true }))
    expect(store.actionsFor(find('boss')).roles.map(r => r.role_id)).toEqual(['r_admin', 'r_mod', 'r_helper'])
  })

  it('never offers a guest a moderating or managing role (管理员, 版主): a guest cannot hold one', async () => {
    const guest = member('B_300001')
    const { store, find } = await setup(myPermissions({ is_owner: true }), [member('me'), guest])
    expect(store.actionsFor(find('B_300001')).roles.map(r => r.role_id)).toEqual(['r_helper'])
  })

  it('offers a plain member only the report', async () => {
    const { store, find } = await setup(myPermissions())
    expect(store.actionsFor(find('t'))).toEqual({ report: true, roles: [], timeout: false, kick: false, ban: false })
    expect(store.canSeeBans).toBe(false)
  })
})

describe('ModerationStore: actions', () => {
  it('gives a role and shows it on the list at once', async () => {
    const { store, find, trust } = await setup()
    const said = await store.setRole(find('t'), ROLES[2], true)
    expect(trust.setMemberRole).toHaveBeenCalledWith(SID, 't', 'r_helper', true)
    expect(said).toBe('已给 nt 身份组「role r_helper」')
    expect(find('t').role_ids).toEqual(['r_helper'])
  })

  it('times a member out from now for the picked length, and lifts it', async () => {
    const { store, find, trust, list } = await setup()
    expect(await store.timeout(find('t'), 300)).toBe('已禁言 nt')
    expect(trust.timeout).toHaveBeenCalledWith(SID, 't', NOW_MS / 1000 + 300)
    expect(list.timeoutOf('t')).toBe(NOW_MS / 1000 + 300)
    await store.timeout(find('t'), null)
    expect(list.timeoutOf('t')).toBeNull()
  })

  it('kicks and bans (with the reason), taking the member off the list and closing the sheet', async () => {
    const { store, find, trust, list } = await setup()
    store.select(find('t'))
    expect(await store.ban(find('t'), ' spam bot ')).toBe('已封禁 nt')
    expect(trust.ban).toHaveBeenCalledWith(SID, 't', 'spam bot')
    expect([list.list.items.some(m => m.user.uid === 't'), store.selected]).toEqual([false, null])
    expect(await store.kick(find('boss'), '')).toBe('已将 nboss 踢出社区')
    expect(trust.kick).toHaveBeenCalledWith(SID, 'boss', undefined)
  })

  it('reports a member with a reason from the list', async () => {
    const { store, find, trust } = await setup()
    expect(await store.report(find('t'), 'harassment')).toBe('举报已提交，感谢你的反馈')
    expect(trust.report).toHaveBeenCalledWith({ target_type: 'member', target_id: 't', server_id: SID, reason: 'harassment' })
  })

  it('says a refusal in words: the missing permission by name, or the rank', async () => {
    const { store, find, trust } = await setup()
    trust.kick.mockRejectedValueOnce(refusal('missing permission: KickMembers'))
    expect(await store.kick(find('t'), '')).toBe('你没有「踢出成员」权限')
    trust.ban.mockRejectedValueOnce(refusal('target outranks you', TRUST_CODES.OUTRANKED))
    expect(await store.ban(find('t'), '')).toBe('对方的身份组不低于你的最高身份组，不能这样做')
    expect(find('t')).toBeDefined()
  })

  it('loads the ban list and unbans', async () => {
    const { store, trust } = await setup()
    await store.loadBans()
    expect(store.bans.map(ban => ban.user.uid)).toEqual(['x'])
    expect(await store.unban(store.bans[0])).toBe('已解除对 X 的封禁')
    expect(trust.unban).toHaveBeenCalledWith(SID, 'x')
    expect(store.bansStatus).toBe('empty')
  })

  it('shows the ban list refusal in words', async () => {
    const { store, trust } = await setup()
    trust.bans.mockRejectedValueOnce(refusal('missing permission: BanMembers (not a member of server 832828)'))
    await store.loadBans()
    expect([store.bansStatus, store.bansError]).toEqual(['error', '你没有「封禁成员」权限'])
  })
})

describe('refusalMessage', () => {
  it('names every missing permission of a "one of" refusal, in the current language', async () => {
    await loadLanguage('en')
    expect(refusalMessage(refusal('missing permission: one of ManageServer, KickMembers'), fakeLogger())).toBe('You need the “Manage server” or “Kick members” permission')
  })

  it('says a plain refusal when the server names no permission', () => {
    expect(refusalMessage(refusal('nope'), fakeLogger())).toBe('你没有权限这样做')
  })
})
