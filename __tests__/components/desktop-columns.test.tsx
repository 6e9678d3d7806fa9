import { runInAction } from 'mobx'
import DesktopColumns from '@/components/desktop-columns'
import type { RootStore } from '@/stores/root-store'
import { channel, fakeApi, fakeMembersApi, serverDetail } from '../stores/support/fakes'
import { member, memberPage, ROLES } from '../stores/support/trust-fakes'
import { mountPage, unmountPages } from '../support/page-harness'

afterEach(() => {
  unmountPages()
  jest.restoreAllMocks()
})

function listed (serverId: string, name: string, icon: string) {
  return { server_id: serverId, name, sub_domain: '', icon, introduction: '', member_count: 0 }
}

async function openRail () {
  const api = fakeApi()
  api.getServer.mockResolvedValue(serverDetail('832828'))
  api.listChannels.mockResolvedValue([])
  api.listServers.mockResolvedValue([listed('723658', '星海城', 'https://cdn.example/s1.png'), listed('832828', '云端集市', 'https://cdn.example/s2.png'), listed('275902', '像素乐园', '')])
  const page = await mountPage(DesktopColumns, { api, params: { sid: '832828' } })
  await page.testUtils.queries.waitForQuerySelector('.desktop-columns__server-icon')
  return page
}

describe('DesktopColumns', () => {
  it('shows the live unread count of each channel in the channel column, as Home does', async () => {
    const api = fakeApi()
    api.getServer.mockResolvedValue(serverDetail('832828'))
    api.listChannels.mockResolvedValue([{ group: null, channels: [channel('c1', { server_id: '832828', name: '大厅', unread_count: 3 })] }])
    api.listServers.mockResolvedValue([])
    const page = await mountPage(DesktopColumns, { api, params: { sid: '832828' } })
    const [badge] = await page.testUtils.queries.waitForQuerySelectorAll('.channel-list__unread')
    expect(badge.textContent).toBe('3')
    page.testUtils.act(() => { runInAction(() => page.root.unread.seed([{ channel_id: 'c1', unread_count: 5 }])) })
    expect(document.querySelector('.channel-list__unread')?.textContent).toBe('5')
  })

  it("shows each server's icon on the rail, its initial when it has none, every server named for screen readers", async () => {
    await openRail()
    const servers = Array.from(document.querySelectorAll('.desktop-columns__server'))
    expect(servers.map(node => node.getAttribute('aria-label'))).toEqual(['星海城', '云端集市', '像素乐园'])
    expect(servers.map(node => node.querySelector('.desktop-columns__server-icon')?.getAttribute('src') ?? node.textContent)).toEqual(['https://cdn.example/s1.png', 'https://cdn.example/s2.png', '像'])
    expect(servers.map(node => node.getAttribute('role'))).toEqual(['button', 'button', 'button'])
    expect(Array.from(document.querySelectorAll('[role="navigation"]')).map(node => node.getAttribute('aria-label'))).toEqual(['社区', '频道'])
  })

  it('marks the current server for the eye and for screen readers', async () => {
    await openRail()
    const current = document.querySelectorAll('.desktop-columns__server--current')
    expect(current).toHaveLength(1)
    expect(current[0].getAttribute('aria-label')).toBe('云端集市')
    expect(current[0].getAttribute('aria-current')).toBe('page')
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(1)
  })

  it("falls back to the server's initial when its icon fails to load", async () => {
    const page = await openRail()
    const icon = document.querySelector('.desktop-columns__server-icon img') ?? document.querySelector('.desktop-columns__server-icon')
    await page.testUtils.act(async () => { icon?.dispatchEvent(new Event('error')) })
    await page.settle()
    const first = document.querySelector('.desktop-columns__server')
    expect(first?.querySelector('.desktop-columns__server-icon')).toBeNull()
    expect(first?.textContent).toBe('星')
  })

  it('adds the members as a fourth column on a window of 1280 px or more, online first', async () => {
    const narrow = window.innerWidth
    Object.defineProperty(window, 'innerWidth', { value: 1440, configurable: true, writable: true })
    const api = fakeApi()
    api.getServer.mockResolvedValue(serverDetail('832828'))
    api.listChannels.mockResolvedValue([])
    api.listServers.mockResolvedValue([listed('832828', '云端集市', '')])
    const members = fakeMembersApi()
    members.list.mockResolvedValue(memberPage([member('a'), member('b', { online: true })], null, 1))
    const page = await mountPage(DesktopColumns, {
      api, members, params: { sid: '832828' },
      beforeMount: (root: RootStore) => { Object.assign(root.trust, { roles: jest.fn().mockResolvedValue({ list: ROLES }) }) },
    })
    await page.testUtils.queries.waitForQuerySelector('.desktop-members .member-row')
    await page.settle()
    const rows = Array.from(document.querySelectorAll('.desktop-members .member-row'))
    expect(rows.map(row => row.getAttribute('data-uid'))).toEqual(['b', 'a'])
    expect(document.querySelector('.desktop-members')?.textContent).toContain('在线 1 人')
    Object.defineProperty(window, 'innerWidth', { value: narrow, configurable: true, writable: true })
  })

  it('shows no members column on a narrower desktop window', async () => {
    await openRail()
    expect(document.querySelector('.desktop-members')).toBeNull()
  })
})
