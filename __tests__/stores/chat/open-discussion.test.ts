import { openDiscussion } from '@/stores/chat/open-discussion'
import { fakeLogger, manualScheduler } from '../support/fakes'
import { ME, chatMessages, fakeGateway, fakeMessagesApi, fakePermissions, historyPage, messageId } from '../support/chat-fakes'
import { NOW_MS } from '../support/open-chat'

describe('openDiscussion', () => {
  it("builds a channel's chat and its server's members on the root's transports, with the unread count at opening", async () => {
    const api = fakeMessagesApi()
    const list = jest.fn(() => Promise.resolve({ items: [], has_more: false, next: null, online_count: 0 }))
    const root = {
      messages: api, members: { list }, gateway: fakeGateway(), session: { user: ME }, clock: () => NOW_MS, logger: fakeLogger(),
      api: { getUploadToken: jest.fn() }, trust: { report: jest.fn() }, permissions: fakePermissions(['SendMessages'], () => NOW_MS), server: { isMember: true },
    }
    const { chat, members } = openDiscussion(root, { channel_id: 'c1', server_id: '723658' }, { unreadCount: 2, scheduler: manualScheduler() })
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(1, 5), false))
    await Promise.all([chat.start(), members.load()])
    expect(chat.firstUnreadId).toBe(messageId(4))
    expect(list).toHaveBeenCalledWith('723658', { limit: 100 })
  })
})
