import { TRUST_CODES } from '@core/wire/trust-paths'
import { loadLanguage, setLanguage } from '@/i18n'
import { missingPermissionsOf, permissionLabel, refusalMessage, withRefusalMessage } from '@/stores/support/refusal'
import { fakeLogger } from './fakes'
import { refusal } from './trust-fakes'

afterEach(() => { setLanguage('zh-CN') })

describe('the one refusal wording', () => {
  it('reads an all-of list and a one-of list apart, dropping words that are no permission', () => {
    expect(missingPermissionsOf('missing permission: ManageRoles, ManageServer (not a member of server 1)')).toEqual({ names: ['ManageRoles', 'ManageServer'], anyOf: false })
    expect(missingPermissionsOf('missing permission: one of KickMembers, Nonsense')).toEqual({ names: ['KickMembers'], anyOf: true })
    expect(missingPermissionsOf('role: it sits at or above your highest role')).toBeNull()
  })

  it('joins all-of names with 、 and one-of names with 或, in zh-CN and en', async () => {
    expect(refusalMessage(refusal('missing permission: ManageRoles, ManageServer'), fakeLogger())).toBe('你没有「管理身份组、管理服务器」权限')
    expect(refusalMessage(refusal('missing permission: one of ManageServer, KickMembers'), fakeLogger())).toBe('你没有「管理服务器」或「踢出成员」权限')
    await loadLanguage('en')
    expect(refusalMessage(refusal('missing permission: ManageRoles, ManageServer'), fakeLogger())).toBe('You need the “Manage roles, Manage server” permission')
    expect(permissionLabel('MuteMembers')).toBe('Time out members')
  })

  it('says a ban, an outranking and a bare 403 each in words, and keeps other failures as they are', () => {
    expect(refusalMessage(refusal('banned', TRUST_CODES.BANNED), fakeLogger())).toBe('你已被这个服务器封禁，无法加入')
    expect(refusalMessage(refusal('path.uid: …', TRUST_CODES.OUTRANKED), fakeLogger())).toBe('对方的身份组不低于你的最高身份组，不能这样做')
    expect(refusalMessage(refusal('nope'), fakeLogger())).toBe('你没有权限这样做')
    const missing = new Error('offline')
    expect(withRefusalMessage(missing, fakeLogger())).toBe(missing)
    expect((withRefusalMessage(refusal('missing permission: BanMembers'), fakeLogger()) as Error).message).toBe('你没有「封禁成员」权限')
  })
})
