import Taro from '@tarojs/taro'
import { Permission } from '@core/domain/permissions'
import type { MyPermissions } from '@core/wire/trust'
import type { SpacePresence } from '@core/wire/space'
import MembersPage from '@/pages/members/index'
import type { RootStore } from '@/stores/root-store'
import { mountPage, spyToasts, toastTitles, unmountPages } from '../support/page-harness'
import { fakeMembersApi, user } from '../stores/support/fakes'
import { member, memberPage, myPermissions, refusal, ROLES, SID } from '../stores/support/trust-fakes'
import { conversation } from '../stores/support/conversations-fakes'
import { RequestError } from '@/services/request/errors'
import type { PlazaApi } from '@/services/api/plaza'
import { fakePlazaApi } from '../stores/plaza/plaza-fakes'

const NOW_MS = 1_800_000_000_000
const ME = user({ uid: 'me', nickname: 'Me' })
const MOD = myPermissions({ role_ids: ['r_mod'], permissions: Permission.KickMembers | Permission.BanMembers | Permission.MuteMembers | Permission.ManageRoles })
const MEMBERS = [member('me', { user: ME, role_ids: ['r_mod'], online: true }), member('t', { user: user({ uid: 't', nickname: 'Tom' }) }), member('o', { user: user({ uid: 'o', nickname: 'Olga' }), online: true })]

/** The trust calls the page makes, answered here (the rest of root.trust stays the app's). */
function trustCalls (mine: MyPermissions) {
  return {
    myPermissions: jest.fn().mockResolvedValue(mine),
    roles: jest.fn().mockResolvedValue({ list: ROLES }),
    kick: jest.fn().mockResolvedValue({ ok: true }),
    timeout: jest.fn(async (_s: string, uid: string, until: number | null) => ({ server_id: SID, uid, role_ids: [], timeout_until: until })),
    bans: jest.fn().mockResolvedValue({ list: [] }),
  }
}

async function openMembers (mine: MyPermissions = MOD, list: jest.Mock = jest.fn().mockResolvedValue(memberPage(MEMBERS, null, 2)), spaces: SpacePresence[] = [], plaza?: PlazaApi) {
  const members = fakeMembersApi()
  members.list = list
  const trust = trustCalls(mine)
  const page = await mountPage(MembersPage, {
    params: { sid: SID }, members, signedIn: ME, now: NOW_MS, plaza,
    beforeMount: (root: RootStore) => {
      Object.assign(root.trust, trust)
      jest.spyOn(root.spaceApi, 'people').mockResolvedValue({ spaces })
      root.session.restore() // the app's launch sign-in
    },
  })
  await page.settle()
  return { page, trust, members }
}

const names = () => Array.from(document.querySelectorAll('.member-row__name')).map(node => node.textContent)

let showModal: jest.SpyInstance
beforeEach(() => {
  showModal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ errMsg: 'showModal:ok', confirm: true, cancel: false } as Taro.showModal.SuccessCallbackResult)
})

afterEach(() => {
  unmountPages()
  jest.restoreAllMocks()
})

/** Types `text` in the member search box as a user would (the H5 input's own input event). */
async function typeQuery (page: Awaited<ReturnType<typeof mountPage>>, text: string): Promise<void> {
  const box = document.querySelector('.members-page__search-input input, input.members-page__search-input') as HTMLInputElement
  await page.testUtils.act(async () => {
    box.value = text
    box.dispatchEvent(new Event('input', { bubbles: true }))
  })
  await page.settle()
}

describe('the members page', () => {
  it('finds a member of the whole server by nickname or pinyin initials, opens their sheet, and lists everyone again when cleared', async () => {
    const { page, members } = await openMembers()
    members.find.mockImplementation(async (_sid, q) => ({ items: q === 'zs' ? [member('zs', { user: user({ uid: 'zs', nickname: '张三' }) })] : [] }))
    await typeQuery(page, 'zs')
    expect(members.find).toHaveBeenCalledWith(SID, 'zs')
    expect(names()).toEqual(['张三'])
    await page.tap('.member-row')
    expect(document.querySelector('.member-sheet')?.textContent).toContain('张三')
    await typeQuery(page, 'nobody')
    expect(page.text()).toContain('没有找到“nobody”')
    await typeQuery(page, '')
    expect(names()).toEqual(['Me（你）', 'Olga', 'Tom'])
  })

  it('shows a member\'s game records on their card', async () => {
    const plaza = fakePlazaApi()
    plaza.ratings.mockResolvedValue({ items: [{ game: 'gomoku', uid: 't', nickname: 'Tom', avatar: '', wins: 3, losses: 1, draws: 0, rating: 1232 }] })
    const { page } = await openMembers(MOD, undefined, [], plaza)
    await page.tap('.member-row', 'Tom')
    await page.settle()
    expect(plaza.ratings).toHaveBeenCalledWith(SID, 't')
    expect(document.querySelector('[data-testid="member-sheet-records"]')?.textContent).toBe('游戏战绩五子棋3 胜 1 负 0 平 · 积分 1232')
  })

  it('lists the members online first, with their role chips and the online count', async () => {
    const { page } = await openMembers()
    expect(names()).toEqual(['Me（你）', 'Olga', 'Tom'])
    expect(document.querySelector('.member-row__role')?.textContent).toBe('role r_mod')
    expect(page.text()).toContain('2 人在线')
  })

  it('shows the failure with a retry, and the list after it', async () => {
    const list = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(memberPage(MEMBERS))
    const { page } = await openMembers(MOD, list)
    expect(page.text()).toContain('请求异常')
    await page.tap('.state-view__retry')
    expect(names()).toHaveLength(3)
  })

  it("opens a member's sheet with what a moderator may do, and kicks after a confirm", async () => {
    const toasts = spyToasts()
    const { page, trust } = await openMembers()
    await page.tap('.member-row', 'Tom')
    const sheet = document.querySelector('[data-testid="member-sheet"]')?.textContent ?? ''
    expect(['禁言', '踢出', '封禁', '举报', 'role r_helper'].every(word => sheet.includes(word))).toBe(true)
    await page.tap('.member-sheet__action', '踢出')
    expect(showModal).toHaveBeenCalledWith(expect.objectContaining({ content: '将 Tom 踢出社区？对方可以再次加入。' }))
    expect(trust.kick).toHaveBeenCalledWith(SID, 't', undefined)
    expect(toastTitles(toasts)).toEqual(['已将 Tom 踢出社区'])
    expect(names()).toEqual(['Me（你）', 'Olga'])
  })

  it('offers a plain member only the report, and says the refusal in words', async () => {
    const toasts = spyToasts()
    const { page, trust } = await openMembers(myPermissions())
    await page.tap('.member-row', 'Tom')
    expect(document.querySelectorAll('.member-sheet__action')).toHaveLength(1)
    Object.assign(page.root.trust, { report: jest.fn().mockRejectedValue(refusal('missing permission: ViewChannel')) })
    await page.tap('.member-sheet__action', '举报')
    await page.tap('.member-sheet__choice', '垃圾广告')
    expect(toastTitles(toasts)).toEqual(['你没有「查看频道」权限'])
    expect(trust.kick).not.toHaveBeenCalled()
  })

  it('times a member out for the picked length and marks them until when', async () => {
    spyToasts()
    const { page, trust } = await openMembers()
    await page.tap('.member-row', 'Tom')
    await page.tap('.member-sheet__action', '禁言')
    await page.tap('.member-sheet__choice', '10 分钟')
    expect(trust.timeout).toHaveBeenCalledWith(SID, 't', NOW_MS / 1000 + 600)
    expect(document.querySelector('[data-uid="t"] .member-row__timeout')?.textContent).toMatch(/^禁言至 \d\d-\d\d \d\d:\d\d$/)
  })

  it('shows the ban list tab to ban holders only', async () => {
    const { page } = await openMembers()
    await page.tap('.members-page__tab', '封禁列表')
    expect(page.text()).toContain('没有被封禁的成员')
    unmountPages()
    const plain = await openMembers(myPermissions())
    expect(plain.page.text()).not.toContain('封禁列表')
  })
})

describe('direct messages from the members page', () => {
  it('opens the one-to-one conversation with a member from their sheet, found or started', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as TaroGeneral.CallbackResult)
    const { page } = await openMembers()
    const openDirect = jest.spyOn((await page.root.conversations.load()).api, 'openDirect').mockResolvedValue(conversation('d7', { participants: [ME, user({ uid: 't', nickname: 'Tom' })] }))
    await page.tap('.member-row', 'Tom')
    await page.tap('.member-sheet__direct', '发私信')
    expect(openDirect).toHaveBeenCalledWith('t')
    expect(navigateTo).toHaveBeenCalledWith({ url: expect.stringMatching(/^\/pages\/conversation\/index\?.*conversation_id=d7/) })
  })

  it('says "cannot send" when the member takes no messages from me, and opens nothing', async () => {
    const toasts = spyToasts()
    const navigateTo = jest.spyOn(Taro, 'navigateTo')
    const { page } = await openMembers()
    jest.spyOn((await page.root.conversations.load()).api, 'openDirect').mockRejectedValue(new RequestError({ kind: 'server', status: 403, code: 403301, message: '无法向对方发送私信' }))
    await page.tap('.member-row', 'Tom')
    await page.tap('.member-sheet__direct', '发私信')
    expect(toastTitles(toasts)).toEqual(['无法向对方发送私信'])
    expect(navigateTo).not.toHaveBeenCalled()
  })

  it('blocks a member after a confirm, and offers to lift the block', async () => {
    const toasts = spyToasts()
    const { page } = await openMembers()
    const block = jest.spyOn((await page.root.conversations.load()).api, 'block')
    await page.tap('.member-row', 'Tom')
    await page.tap('.member-sheet__direct', '屏蔽')
    expect(showModal).toHaveBeenCalledWith(expect.objectContaining({ content: '屏蔽 Tom？对方将无法再给你发私信' }))
    expect(block).toHaveBeenCalledWith('t')
    expect(toastTitles(toasts)).toEqual(['已屏蔽'])
    expect(document.querySelector('[data-testid="member-sheet-block"]')?.textContent).toBe('取消屏蔽')
  })

  it('offers neither a direct message nor a block on my own sheet', async () => {
    const { page } = await openMembers()
    await page.tap('.member-row', 'Me')
    expect(document.querySelector('[data-testid="member-sheet"]')).not.toBeNull()
    expect(document.querySelector('.member-sheet__direct')).toBeNull()
  })
})

describe('jumping to a friend in a space', () => {
  const PLAZA: SpacePresence = { channel_id: 'c8', name: '像素乐园', uids: ['t', 'me'] }

  it('marks who stands in a space on the list, and 去找 TA opens that space next to them', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as TaroGeneral.CallbackResult)
    const { page } = await openMembers(MOD, undefined, [PLAZA])
    const marks = Array.from(document.querySelectorAll('[data-testid="member-row"]')).map(row => row.querySelector('.member-row__space')?.textContent ?? null)
    expect(marks).toEqual(['在 像素乐园', null, '在 像素乐园']) // Me, Olga, Tom
    await page.tap('.member-row', 'Tom')
    expect(document.querySelector('.member-sheet__space')?.textContent).toContain('在 像素乐园')
    await page.tap('[data-testid="member-sheet-join"]')
    const url = String(navigateTo.mock.calls[0]?.[0]?.url)
    expect(url).toMatch(/^\/pages\/space\/index\?/)
    expect(Object.fromEntries(new URLSearchParams(url.split('?')[1]))).toMatchObject({ channel_id: 'c8', server_id: SID, near_uid: 't' })
    expect(document.querySelector('[data-testid="member-sheet"]')).toBeNull()
  })

  it('names my own space on my sheet without 去找 TA, and nothing for a member in none', async () => {
    const { page } = await openMembers(MOD, undefined, [PLAZA])
    await page.tap('.member-row', 'Me')
    expect(document.querySelector('.member-sheet__space')?.textContent).toBe('在 像素乐园')
    expect(document.querySelector('[data-testid="member-sheet-join"]')).toBeNull()
    await page.tap('.member-sheet__close')
    await page.tap('.member-row', 'Olga')
    expect(document.querySelector('.member-sheet__space')).toBeNull()
  })
})
