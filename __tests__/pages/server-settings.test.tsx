import Taro from '@tarojs/taro'
import { Permission } from '@core/domain/permissions'
import type { MyPermissions, ServerRole } from '@core/wire/trust'
import type { Channel } from '@core/wire/entities'
import ServerSettingsPage from '@/pages/server-settings/index'
import { fakeApi } from '../stores/support/fakes'
import { mountPage, unmountPages } from '../support/page-harness'

const SERVER_ID = '832828'
const OWNER = { uid: '100001', user_type: 1, addtime: 0, nickname: '站长', avatar: '', signature: '' }

function mine (overrides: Partial<MyPermissions>): MyPermissions {
  return { server_id: SERVER_ID, is_member: true, is_owner: false, permissions: Permission.ViewChannel, channels: [], role_ids: [], timeout_until: null, rank: null, ...overrides }
}

const ROLES: ServerRole[] = [
  { role_id: SERVER_ID, server_id: SERVER_ID, name: '@everyone', type: 0, join_role: null, permissions: Permission.ViewChannel, position: 9, color: '' },
  { role_id: 'r1', server_id: SERVER_ID, name: '版主', type: 0, join_role: null, permissions: Permission.KickMembers, position: 1, color: '#3498db' },
  { role_id: 'r2', server_id: SERVER_ID, name: '新人', type: 0, join_role: `${SERVER_ID}05`, permissions: 0, position: 2, color: '' },
]

function channel (channelId: string, name: string): Channel {
  return { channel_id: channelId, server_id: SERVER_ID, channel_type: 1, kind: 0, name, parent_id: null, sort: 1, map_category: null, link_url: null, icon: '', audit_status: 0 }
}

/** The request chain answers the permission, role and word calls (the page's stores talk through it). */
function answerRequests (permissions: MyPermissions): void {
  const answers: Array<[RegExp, unknown]> = [
    [/\/permissions\/me/, permissions],
    [/\/roles$/, { list: ROLES }],
    [/\/words$/, { words: ['广告'] }],
    [/\/invites$/, { list: [] }],
  ]
  jest.spyOn(Taro, 'request').mockImplementation(((options: { url: string }) => {
    const path = options.url.split('?')[0]
    const answer = answers.find(([pattern]) => pattern.test(path))
    return Promise.resolve({
      statusCode: answer ? 200 : 404, data: answer ? { code: 0, msg: 'ok', data: answer[1] } : { code: 404000, msg: 'no', data: null }, header: {}, errMsg: 'request:ok',
    })
  }) as unknown as typeof Taro.request)
}

async function openAs (permissions: MyPermissions) {
  answerRequests(permissions)
  const api = fakeApi()
  api.getServer.mockResolvedValue({ server_id: SERVER_ID, name: '星海城', sub_domain: 'x', icon: '', introduction: '欢迎来到星海城', member_count: 3, online_count: 1 })
  api.listChannels.mockResolvedValue([{ group: null, channels: [channel(`${SERVER_ID}02`, '大厅'), channel(`${SERVER_ID}05`, '新手村')] }])
  const page = await mountPage(ServerSettingsPage, { params: { sid: SERVER_ID }, signedIn: OWNER, api })
  await page.settle()
  await page.settle()
  return page
}

afterEach(() => {
  unmountPages()
  jest.restoreAllMocks()
})

describe('the server settings page', () => {
  it('shows the owner every section and the profile first', async () => {
    const page = await openAs(mine({ is_owner: true }))
    const tabs = Array.from(document.querySelectorAll('.server-settings__tabs .settings-choice__chip')).map(node => node.textContent)
    expect(tabs).toEqual(['资料', '身份组', '频道', '邀请', '屏蔽词'])
    const boxes = Array.from(document.querySelectorAll('.server-settings__profile .profile-field__input'))
    expect(boxes.map(box => (box.querySelector('input, textarea') as HTMLInputElement | null)?.value ?? (box as HTMLTextAreaElement).value)).toEqual(['星海城', '欢迎来到星海城'])
    expect(page.text()).toContain('审计日志')
  })

  it('lists the roles in order with @everyone last and not deletable', async () => {
    const page = await openAs(mine({ is_owner: true }))
    await page.tap('.settings-choice__chip', '身份组')
    await page.settle()
    const names = Array.from(document.querySelectorAll('.server-settings__role .server-settings__row-name')).map(node => node.textContent)
    expect(names).toEqual(['版主', '新人', '@全体成员'])
    expect(document.querySelectorAll('.server-settings__role .server-settings__danger')).toHaveLength(2)
  })

  it('links ManageServer to the voice check through navigate, and not a member who manages only channels', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as TaroGeneral.CallbackResult)
    const page = await openAs(mine({ permissions: Permission.ManageServer }))
    await page.tap('[data-testid="settings-voice-check"]')
    expect(navigateTo).toHaveBeenCalledWith({ url: expect.stringMatching(new RegExp(`^/pages/voice-check/index\\?.*sid=${SERVER_ID}`)) })
    unmountPages()
    await openAs(mine({ permissions: Permission.ManageChannels }))
    expect(document.querySelector('[data-testid="settings-voice-check"]')).toBeNull()
  })

  it('marks the training channel and offers only the types 1, 3 and 8', async () => {
    const page = await openAs(mine({ permissions: Permission.ManageChannels }))
    const tabs = Array.from(document.querySelectorAll('.server-settings__tabs .settings-choice__chip')).map(node => node.textContent)
    expect(tabs).toEqual(['频道'])
    await page.settle()
    const rows = Array.from(document.querySelectorAll('.server-settings__channel')).map(node => node.textContent)
    expect(rows).toEqual(['大厅讨论', '新手村讨论新手训练'])
    const types = Array.from(document.querySelectorAll('.server-settings__channels > .server-settings__field .settings-choice__chip')).map(node => node.textContent)
    expect(types).toEqual(['讨论', '帖子', '元宇宙'])
  })

  it('offers a voice channel\'s member limit and bitrate (kbps), and no other channel\'s', async () => {
    answerRequests(mine({ permissions: Permission.ManageChannels }))
    const api = fakeApi()
    api.getServer.mockResolvedValue({ server_id: SERVER_ID, name: '星海城', sub_domain: 'x', icon: '', introduction: '', member_count: 3, online_count: 1 })
    api.listChannels.mockResolvedValue([{ group: null, channels: [channel(`${SERVER_ID}02`, '大厅'), { ...channel(`${SERVER_ID}03`, '语音茶室'), channel_type: 2, user_limit: 20, bitrate: 48_000 }] }])
    const page = await mountPage(ServerSettingsPage, { params: { sid: SERVER_ID }, signedIn: OWNER, api })
    await page.settle()
    await page.settle()
    const fieldsOf = () => Array.from(document.querySelectorAll('.server-settings__channel .profile-field')).map(field => `${field.querySelector('.profile-field__label')?.textContent ?? ''}=${(field.querySelector('input') as HTMLInputElement | null)?.value ?? ''}`)
    await page.tap('.server-settings__row-head', '大厅')
    expect(fieldsOf()).toEqual(['重命名=大厅'])
    await page.tap('.server-settings__row-head', '语音茶室')
    expect(fieldsOf()).toEqual(['重命名=大厅', '重命名=语音茶室', '语音人数上限=20', '语音码率（kbps）=48'])
  })

  it('tells a member who may manage nothing so in words', async () => {
    const page = await openAs(mine({ permissions: Permission.ViewChannel | Permission.CreateInvites }))
    expect(page.text()).toContain('你没有管理这个服务器的权限')
    expect(document.querySelector('.server-settings__tabs')).toBeNull()
  })
})
