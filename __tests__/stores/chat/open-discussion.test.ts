import { autorun } from 'mobx'
import { openDiscussion } from '@/stores/chat/open-discussion'
import { PermissionsStore } from '@/stores/trust/permissions-store'
import { myPermissions } from '../support/trust-fakes'
import { settle } from '../support/open-media-chat'
import { fakeLogger, manualScheduler, user } from '../support/fakes'
import { ME, chatMessages, fakeGateway, fakeMessagesApi, fakePermissions, historyPage, memberList, messageId } from '../support/chat-fakes'
import { NOW_MS } from '../support/open-chat'

const ZHANG = user({ uid: 'u-zhang', nickname: '张三' })

describe('openDiscussion', () => {
  it("builds a channel's chat and its server's members on the root's transports, with the unread count at opening", async () => {
    const api = fakeMessagesApi()
    const list = jest.fn(() => Promise.resolve({ items: [], has_more: false, next: null, online_count: 0 }))
    const find = jest.fn(async () => ({ items: [{ user: ZHANG, joined_at: 1, online: false, role_ids: [] }] }))
    const root = {
      messages: api, members: { list, find }, gateway: fakeGateway(), session: { user: ME }, clock: () => NOW_MS, logger: fakeLogger(),
      api: { getUploadToken: jest.fn() }, trust: { report: jest.fn() }, permissions: fakePermissions(['SendMessages'], () => NOW_MS), server: { isMember: true },
    }
    const { chat, members } = openDiscussion(root, { channel_id: 'c1', server_id: '723658' }, { unreadCount: 2, scheduler: manualScheduler() })
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(1, 5), false))
    await Promise.all([chat.start(), members.load()])
    expect(chat.firstUnreadId).toBe(messageId(4))
    expect(list).toHaveBeenCalledWith('723658', { limit: 100 })
    // the @ picker finds a member beyond the loaded page through the server's member search
    await members.lookUp('zs')
    expect(find).toHaveBeenCalledWith('723658', 'zs')
    expect(members.matching('zs').map(member => member.user.nickname)).toEqual(['张三'])
  })

  it("asks the permissions of the channel's server from the first render, not the current server's, and lets go of it when closed", async () => {
    const load = jest.fn(async (serverId: string) => myPermissions({ server_id: serverId }))
    const permissions = new PermissionsStore({ load, serverId: () => '723658', uid: () => ME.uid, gateway: { on: () => () => undefined }, clock: () => NOW_MS, logger: fakeLogger() })
    const root = {
      messages: fakeMessagesApi(), members: { list: memberList([]), find: jest.fn() }, gateway: fakeGateway(), session: { user: ME }, clock: () => NOW_MS, logger: fakeLogger(),
      api: { getUploadToken: jest.fn() }, trust: { report: jest.fn() }, permissions, server: { isMember: true },
    }
    const { access } = openDiscussion(root, { channel_id: 'c9', server_id: '832828' }, { unreadCount: 0, scheduler: manualScheduler() })
    const rendered = autorun(() => { void access.composer })
    access.start()
    await settle()
    expect(load.mock.calls.map(call => call[0])).toEqual(['832828'])
    access.dispose()
    await settle()
    rendered()
    expect(load.mock.calls.map(call => call[0])).toEqual(['832828', '723658'])
  })
})
