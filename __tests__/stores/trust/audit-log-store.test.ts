import { TRUST_CODES } from '@core/wire/trust-paths'
import { RequestError } from '@/services/request/errors'
import { AuditLogStore, REPORT_TIMEOUT_SECONDS } from '@/stores/trust/audit-log-store'
import { fakeLogger } from '../support/fakes'
import { anyGateway, auditEntry, member, memberPage, refusal, report, SID } from '../support/trust-fakes'

const NOW_MS = 1_700_000_000_000

function setup () {
  const trust = {
    auditLog: jest.fn().mockResolvedValue({ items: [auditEntry('9'), auditEntry('8')], has_more: true }),
    serverReports: jest.fn().mockResolvedValue({ items: [report('5')], has_more: false }),
    roles: jest.fn().mockResolvedValue({ list: [{ role_id: 'r1', server_id: SID, name: '版主', type: 0, join_role: null, permissions: 0, position: 1, color: '' }] }),
    resolveReport: jest.fn().mockImplementation(async (reportId: string, resolution: string) => ({ server_id: SID, report_ids: [reportId], resolution, resolved_by: '100001' })),
    timeout: jest.fn().mockResolvedValue({ server_id: SID, uid: '100005', role_ids: [], timeout_until: 1 }),
    kick: jest.fn().mockResolvedValue({ done: true }),
  }
  const members = { list: jest.fn().mockResolvedValue(memberPage([member('100004')])) }
  const channels = { listChannels: jest.fn().mockResolvedValue([{ group: null, channels: [{ channel_id: 'c1', name: '大厅' }] }]) }
  const messages = { deleteMessage: jest.fn().mockResolvedValue(undefined) }
  const posts = { deletePost: jest.fn().mockResolvedValue(undefined) }
  const store = new AuditLogStore(SID, { trust, members, channels, messages, posts, clock: () => NOW_MS, logger: fakeLogger() })
  return { trust, members, channels, messages, posts, store }
}

/** A failure as the request chain makes it from an envelope. */
function failure (status: number, code: number): RequestError {
  return new RequestError({ kind: 'server', code, message: `failed ${code}`, status })
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
    expect([store.status, store.error, store.retryable]).toEqual(['error', '你没有「管理服务器」或「踢出成员」或「封禁成员」权限', false])
  })

  it('tells a failure to retry from a refusal', async () => {
    const { store, trust } = setup()
    trust.auditLog.mockRejectedValueOnce(new Error('down'))
    await store.load()
    expect([store.status, store.retryable]).toEqual(['error', true])
  })

  it('names a member target by nickname, and anything else by its id', async () => {
    const { store } = setup()
    await store.load()
    expect([store.targetName('100004'), store.targetName('XH624aHKGQ')]).toEqual(['n100004', 'XH624aHKGQ'])
  })

  it('names role and channel targets from the roles and channel lists', async () => {
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

  it('names a deleted channel by the name its entry kept, and a renamed one by its new name', async () => {
    const { store } = setup()
    await store.load()
    const deleted = auditEntry('1', { action: 'channel_delete', target_id: 'gone', changes: [{ field: 'name', from: '旧频道', to: null }] })
    const renamed = auditEntry('2', { action: 'channel_update', target_id: 'c9', changes: [{ field: 'name', from: 'a', to: 'b' }] })
    expect([store.entryTargetName(deleted), store.entryTargetName(renamed), store.entryTargetName(auditEntry('3', { target_id: 'c1' }))]).toEqual(['旧频道', 'b', '大厅'])
  })
})

describe('AuditLogStore naming a member who has left', () => {
  it('names a kicked guest by their nickname at the time of the act, not by their raw id', async () => {
    const { store } = setup()
    await store.load()
    const kick = auditEntry('1', { action: 'member_kick', target_id: 'B_bd63e64953cf', changes: [{ field: 'member', from: null, to: '游客0001' }] })
    expect(store.entryTargetName(kick)).toBe('游客0001')
  })
})

describe('AuditLogStore closing reports', () => {
  it('deletes a reported message with the chat call, then closes the report as deleted and drops it from the queue', async () => {
    const { store, trust, messages } = setup()
    const reported = report('5', { target_type: 'message', target_id: 'm1', channel_id: 'c1' })
    trust.serverReports.mockResolvedValueOnce({ items: [reported, report('4')], has_more: false })
    await store.load()
    expect(await store.resolve(reported, 'delete')).toBe('举报已处理')
    expect(messages.deleteMessage).toHaveBeenCalledWith('c1', 'm1')
    expect(trust.resolveReport).toHaveBeenCalledWith('5', 'deleted')
    expect(store.reports.map(r => r.report_id)).toEqual(['4'])
  })

  it('deletes a reported post with the posts call', async () => {
    const { store, posts, trust } = setup()
    await store.resolve(report('5', { target_type: 'post', target_id: 'p1', channel_id: 'c2' }), 'delete')
    expect([posts.deletePost.mock.calls, trust.resolveReport.mock.calls]).toEqual([[['p1']], [['5', 'deleted']]])
  })

  it('closes a report whose content is gone without deleting anything', async () => {
    const { store, messages, trust } = setup()
    await store.resolve(report('5', { target_type: 'message', target_id: 'm1', channel_id: null }), 'delete')
    expect(messages.deleteMessage).not.toHaveBeenCalled()
    expect(trust.resolveReport).toHaveBeenCalledWith('5', 'deleted')
  })

  it('times a reported member out for a day with the report reason, or kicks them, with the member calls', async () => {
    const { store, trust } = setup()
    await store.resolve(report('5'), 'timeout')
    await store.resolve(report('6'), 'kick')
    expect(trust.timeout).toHaveBeenCalledWith(SID, '100005', NOW_MS / 1000 + REPORT_TIMEOUT_SECONDS, '垃圾广告')
    expect(trust.kick).toHaveBeenCalledWith(SID, '100005', '垃圾广告')
    expect(trust.resolveReport.mock.calls).toEqual([['5', 'timed_out'], ['6', 'kicked']])
  })

  it('dismisses a report without touching its target, and says the queue is empty after the last one', async () => {
    const { store, trust } = setup()
    await store.load()
    expect(await store.resolve(store.reports[0], 'dismiss')).toBe('举报已驳回')
    expect([trust.kick, trust.timeout].map(call => call.mock.calls.length)).toEqual([0, 0])
    expect([store.reports, store.reportsStatus]).toEqual([[], 'empty'])
  })

  it('drops every report of the target the server closed together', async () => {
    const { store, trust } = setup()
    trust.serverReports.mockResolvedValueOnce({ items: [report('6'), report('5'), report('4', { target_id: 'other' })], has_more: false })
    trust.resolveReport.mockResolvedValueOnce({ server_id: SID, report_ids: ['5', '6'], resolution: 'kicked', resolved_by: '100001' })
    await store.load()
    await store.resolve(store.reports[0], 'kick')
    expect(store.reports.map(r => r.report_id)).toEqual(['4'])
  })

  it('says the refusal in words and keeps the report when the moderator may not act', async () => {
    const { store, trust } = setup()
    await store.load()
    trust.kick.mockRejectedValueOnce(refusal('missing permission: KickMembers'))
    expect(await store.resolve(store.reports[0], 'kick')).toBe('你没有「踢出成员」权限')
    expect([trust.resolveReport.mock.calls.length, store.reports.length, store.resolving]).toEqual([0, 1, null])
  })

  it('takes a member who already left as kicked (the server checks it)', async () => {
    const { store, trust } = setup()
    trust.kick.mockRejectedValueOnce(failure(404, 404000))
    expect(await store.resolve(report('5'), 'kick')).toBe('举报已处理')
    expect(trust.resolveReport).toHaveBeenCalledWith('5', 'kicked')
  })

  it('drops a report another moderator closed first, saying so', async () => {
    const { store, trust } = setup()
    await store.load()
    trust.resolveReport.mockRejectedValueOnce(failure(409, TRUST_CODES.REPORT_CLOSED))
    expect(await store.resolve(store.reports[0], 'dismiss')).toBe('这条举报已由其他管理员处理')
    expect(store.reports).toEqual([])
  })

  it('acts on one report at a time', async () => {
    const { store, trust } = setup()
    let finish: () => void = () => undefined
    trust.kick.mockReturnValueOnce(new Promise(resolve => { finish = () => resolve({ done: true }) }))
    const first = store.resolve(report('5'), 'kick')
    expect([store.resolving, await store.resolve(report('6'), 'dismiss')]).toEqual(['5', '正在处理上一个操作'])
    finish()
    await first
    expect(trust.resolveReport.mock.calls).toEqual([['5', 'kicked']])
  })

  it("follows the other moderators live: a new report joins the queue's top, a closed one leaves it, another server's are ignored", async () => {
    const { store } = setup()
    const gateway = anyGateway()
    store.attach(gateway)
    await store.load()
    gateway.emit('REPORT_CREATE', report('7'))
    gateway.emit('REPORT_CREATE', report('8', { server_id: 'other' }))
    gateway.emit('REPORT_RESOLVE', { server_id: SID, report_ids: ['5'], resolution: 'dismissed', resolved_by: '100002' })
    expect(store.reports.map(r => r.report_id)).toEqual(['7'])
    store.dispose()
    expect(gateway.listeners()).toBe(0)
  })

  it('shows a live report in a queue that was empty', async () => {
    const { store, trust } = setup()
    const gateway = anyGateway()
    store.attach(gateway)
    trust.serverReports.mockResolvedValueOnce({ items: [], has_more: false })
    await store.load()
    gateway.emit('REPORT_CREATE', report('7'))
    expect([store.reportsStatus, store.reports.map(r => r.report_id)]).toEqual(['ready', ['7']])
  })
})
