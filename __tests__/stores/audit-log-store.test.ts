import { AuditLogStore } from '@/stores/audit-log-store'
import { fakeLogger } from './support/fakes'
import { auditEntry, member, memberPage, refusal, report, SID } from './support/trust-fakes'

function setup () {
  const trust = {
    auditLog: jest.fn().mockResolvedValue({ items: [auditEntry('9'), auditEntry('8')], has_more: true }),
    serverReports: jest.fn().mockResolvedValue({ items: [report('5')], has_more: false }),
    roles: jest.fn().mockResolvedValue({ list: [{ role_id: 'r1', server_id: SID, name: '版主', type: 0, join_role: null, permissions: 0, position: 1, color: '' }] }),
  }
  const members = { list: jest.fn().mockResolvedValue(memberPage([member('100004')])) }
  const channels = { listChannels: jest.fn().mockResolvedValue([{ group: null, channels: [{ channel_id: 'c1', name: '大厅' }] }]) }
  return { trust, members, channels, store: new AuditLogStore(SID, { trust, members, channels, logger: fakeLogger() }) }
}

describe('AuditLogStore', () => {
  it('loads the newest entries and the open reports side by side', async () => {
    const { store, trust } = setup()
    await store.load()
    expect(trust.auditLog).toHaveBeenCalledWith(SID, undefined)
    expect([store.entries.map(e => e.entry_id), store.hasMore, store.reports.map(r => r.report_id), store.reportsStatus]).toEqual([['9', '8'], true, ['5'], 'ready'])
  })

  it('loads older entries before the last one shown, without repeats', async () => {
    const { store, trust } = setup()
    await store.load()
    trust.auditLog.mockResolvedValueOnce({ items: [auditEntry('8'), auditEntry('7')], has_more: false })
    await store.loadMore()
    expect(trust.auditLog).toHaveBeenLastCalledWith(SID, '8')
    expect([store.entries.map(e => e.entry_id), store.hasMore]).toEqual([['9', '8', '7'], false])
  })

  it('says an empty log and an empty queue as empty', async () => {
    const { store, trust } = setup()
    trust.auditLog.mockResolvedValueOnce({ items: [], has_more: false })
    trust.serverReports.mockResolvedValueOnce({ items: [], has_more: false })
    await store.load()
    expect([store.status, store.reportsStatus]).toEqual(['empty', 'empty'])
  })

  it("shows the server's refusal in words, the missing permissions by name", async () => {
    const { store, trust } = setup()
    trust.auditLog.mockRejectedValueOnce(refusal('missing permission: one of ManageServer, KickMembers, BanMembers'))
    await store.load()
    expect([store.status, store.error, store.refused]).toEqual(['error', '你没有「管理服务器」或「踢出成员」或「封禁成员」权限', true])
  })

  it('tells a failure to retry from a refusal', async () => {
    const { store, trust } = setup()
    trust.auditLog.mockRejectedValueOnce(new Error('down'))
    await store.load()
    expect([store.status, store.refused]).toEqual(['error', false])
  })

  it('names a member target by nickname, and anything else by its id', async () => {
    const { store } = setup()
    await store.load()
    expect([store.targetName('100004'), store.targetName('XH624aHKGQ')]).toEqual(['n100004', 'XH624aHKGQ'])
  })

  it('names role and channel targets from the roles and channel lists (issue 18)', async () => {
    const { store } = setup()
    await store.load()
    expect([store.targetName('r1'), store.targetName('c1')]).toEqual(['版主', '大厅'])
  })

  it('keeps the other names when one list cannot be loaded', async () => {
    const { store, trust, channels } = setup()
    trust.roles.mockRejectedValueOnce(new Error('down'))
    channels.listChannels.mockRejectedValueOnce(new Error('down'))
    await store.load()
    expect([store.status, store.targetName('100004'), store.targetName('r1'), store.targetName('c1')]).toEqual(['ready', 'n100004', 'r1', 'c1'])
  })

  it('shows the ids when the member names cannot be loaded', async () => {
    const { store, members } = setup()
    members.list.mockRejectedValueOnce(new Error('down'))
    await store.load()
    expect([store.status, store.targetName('100004')]).toEqual(['ready', '100004'])
  })

  it('keeps the shown entries when an older page fails', async () => {
    const { store, trust } = setup()
    await store.load()
    trust.auditLog.mockRejectedValueOnce(new Error('down'))
    await store.loadMore()
    expect([store.entries.length, store.moreStatus, store.moreError]).toEqual([2, 'error', '请求异常'])
  })
})
