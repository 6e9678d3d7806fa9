import { loadLanguage, setLanguage } from '@/i18n'
import AuditLogPage from '@/pages/audit-log/index'
import type { RootStore } from '@/stores/root-store'
import { mountPage, unmountPages } from '../support/page-harness'
import { fakeMembersApi, user } from '../stores/support/fakes'
import { auditEntry, member, memberPage, refusal, report, SID } from '../stores/support/trust-fakes'

async function openLog (
  auditLog: jest.Mock,
  serverReports: jest.Mock = jest.fn().mockResolvedValue({ items: [report('5', { note: 'ads everywhere' })], has_more: false }),
  more: object = {},
) {
  const members = fakeMembersApi()
  members.list.mockResolvedValue(memberPage([member('100004', { user: user({ uid: '100004', nickname: 'Mia' }) })]))
  const page = await mountPage(AuditLogPage, { params: { sid: SID }, members, beforeMount: (root: RootStore) => { Object.assign(root.trust, { auditLog, serverReports, ...more }) } })
  await page.settle()
  return page
}

afterEach(() => {
  unmountPages()
  setLanguage('zh-CN')
})

describe('the audit log page', () => {
  it('reads each entry as a sentence with its target, reason and time, and the open reports beside', async () => {
    const page = await openLog(jest.fn().mockResolvedValue({ items: [auditEntry('9', { action: 'member_ban', reason: 'spam' }), auditEntry('8', { action: 'role_create', target_id: 'r1' })], has_more: false }))
    const entries = Array.from(document.querySelectorAll('[data-testid="audit-entry"]')).map(node => node.textContent)
    expect(entries[0]).toMatch(/^Owner 封禁了成员\d\d-\d\d \d\d:\d\d对象：Mia原因：spam$/)
    expect(entries[1]).toContain('Owner 创建了身份组')
    expect(entries[1]).toContain('对象：r1')
    expect(document.querySelector('[data-testid="report-row"]')?.textContent).toContain('Mia 举报了成员 100005')
    expect(page.text()).toContain('原因：垃圾广告 · ads everywhere')
  })

  it('names the author of a removed message instead of ids, reads a lifted timeout as 解除禁言, and a profile edit without @全体成员', async () => {
    const roles = jest.fn().mockResolvedValue({ list: [{ role_id: SID, name: '@全体成员' }] })
    await openLog(jest.fn().mockResolvedValue({
      items: [
        auditEntry('9', { action: 'message_delete', target_id: '1796152734677354600', reason: 'by 100004' }),
        auditEntry('8', { action: 'member_timeout', changes: [] }),
        auditEntry('7', { action: 'member_timeout', changes: [{ field: 'timeout', from: null, to: '600' }] }),
        auditEntry('6', { action: 'server_update', target_id: SID, changes: [{ field: 'name', from: '旧名', to: '新名' }] }),
      ],
      has_more: false,
    }), undefined, { roles })
    const entries = Array.from(document.querySelectorAll('[data-testid="audit-entry"]')).map(node => node.textContent ?? '')
    expect(entries[0]).toContain('作者：Mia')
    expect(entries[0]).not.toMatch(/1796152734677354600|by 100004/)
    expect(entries[1]).toContain('Owner 解除了成员的禁言')
    expect(entries[1]).toContain('对象：Mia')
    expect(entries[2]).toContain('Owner 调整了成员的禁言')
    expect(entries[3]).toContain('Owner 修改了社区资料')
    expect(entries[3]).not.toContain('@全体成员')
  })

  it('loads older entries with "load more"', async () => {
    const auditLog = jest.fn()
      .mockResolvedValueOnce({ items: [auditEntry('9')], has_more: true })
      .mockResolvedValueOnce({ items: [auditEntry('7', { action: 'member_unban' })], has_more: false })
    const page = await openLog(auditLog)
    await page.tap('.audit-log-page__more', '加载更多')
    expect(auditLog).toHaveBeenLastCalledWith(SID, '9')
    expect(document.querySelectorAll('[data-testid="audit-entry"]')).toHaveLength(2)
    expect(document.querySelector('.audit-log-page__more')).toBeNull()
  })

  it("says the server's refusal plainly, naming the permissions it wants", async () => {
    const denied = () => Promise.reject(refusal('missing permission: one of ManageServer, KickMembers, BanMembers'))
    const page = await openLog(jest.fn(denied), jest.fn(denied))
    expect(page.text()).toContain('你没有「管理服务器」或「踢出成员」或「封禁成员」权限')
    expect(document.querySelector('.state-view__retry')).toBeNull()
  })

  it('says an empty log and queue in English under hl=en', async () => {
    await loadLanguage('en')
    const page = await openLog(jest.fn().mockResolvedValue({ items: [], has_more: false }), jest.fn().mockResolvedValue({ items: [], has_more: false }))
    expect(page.text()).toContain('Nothing recorded yet')
    expect(page.text()).toContain('No open reports')
  })

  it("words a channel's changes: renamed from what to what, moved, a deleted channel by its kept name", async () => {
    const page = await openLog(jest.fn().mockResolvedValue({
      items: [
        auditEntry('9', { action: 'channel_update', target_id: 'c9', changes: [{ field: 'name', from: '闲聊', to: '灌水' }, { field: 'position', from: '3', to: '0' }, { field: 'icon', from: 'a', to: 'b' }] }),
        auditEntry('8', { action: 'channel_delete', target_id: 'gone', changes: [{ field: 'name', from: '旧频道', to: null }] }),
        auditEntry('7', { action: 'channel_create', target_id: 'c7', changes: [{ field: 'name', from: null, to: '新频道' }, { field: 'channel_type', from: null, to: '3' }] }),
      ],
      has_more: false,
    }))
    const entries = Array.from(document.querySelectorAll('[data-testid="audit-entry"]')).map(node => node.textContent ?? '')
    expect(entries[0]).toContain('Owner 修改了频道')
    expect(entries[0]).toContain('名称：闲聊 → 灌水')
    expect(entries[0]).toContain('位置：4 → 1')
    expect(entries[0]).toContain('图标：已更换')
    expect(entries[1]).toContain('对象：旧频道')
    expect(entries[1]).toContain('名称：旧频道（已删除）')
    expect(entries[2]).toContain('类型：帖子')
    expect(page.text()).toContain('Owner 删除了频道')
  })

  it("shows a reported message's text and closes the report with the dismiss button", async () => {
    const resolveReport = jest.fn().mockResolvedValue({ server_id: SID, report_ids: ['5'], resolution: 'dismissed', resolved_by: '100001' })
    const serverReports = jest.fn().mockResolvedValue({ items: [report('5', { target_type: 'message', target_id: 'm1', channel_id: 'c1', excerpt: '加我领红包' })], has_more: false })
    const page = await openLog(jest.fn().mockResolvedValue({ items: [], has_more: false }), serverReports, { resolveReport })
    expect(page.text()).toContain('内容：加我领红包')
    await page.tap('[data-testid="report-dismiss"]', '驳回')
    expect(resolveReport).toHaveBeenCalledWith('5', 'dismissed')
    expect(document.querySelector('[data-testid="report-row"]')).toBeNull()
    expect(page.text()).toContain('没有待处理的举报')
  })
})
