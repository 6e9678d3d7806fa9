import { ChannelChat } from '@/stores/chat/channel-chat'
import { fakeLogger, manualClock, manualScheduler } from '../support/fakes'
import { ME, chatMessage, chatMessages, fakeGateway, fakeMessagesApi, messageId } from '../support/chat-fakes'

/** A chat opened at message `around` (a search hit). */
function openedAt (around: number) {
  const api = fakeMessagesApi()
  const gateway = fakeGateway()
  const chat = new ChannelChat({ channelId: 'c1', serverId: '723658', aroundId: messageId(around) }, {
    api, gateway, me: () => ME, clock: manualClock(1_790_000_100_000).now, scheduler: manualScheduler(), logger: fakeLogger(), pageSize: 4,
  })
  return { api, gateway, chat }
}

const ids = (chat: ChannelChat) => chat.entries.map(entry => entry.message.message_id)

describe('ChannelChat opened at a search hit', () => {
  it('loads the messages around the hit and marks it', async () => {
    const { api, chat } = openedAt(10)
    api.listHistory.mockResolvedValueOnce({ items: chatMessages(8, 11), has_more: true, has_newer: true })
    await chat.start()
    expect(api.listHistory).toHaveBeenCalledWith('c1', { around: messageId(10), limit: 4 })
    expect(ids(chat)).toEqual([messageId(8), messageId(9), messageId(10), messageId(11)])
    expect([chat.foundId, chat.hasOlder, chat.hasNewer]).toEqual([messageId(10), true, true])
  })

  it('loads newer pages after the stretch, even when a live message arrived meanwhile', async () => {
    const { api, gateway, chat } = openedAt(10)
    api.listHistory.mockResolvedValueOnce({ items: chatMessages(8, 11), has_more: true, has_newer: true })
    await chat.start()
    gateway.emit('MESSAGE_CREATE', chatMessage(40))
    api.listHistory.mockResolvedValueOnce({ items: chatMessages(12, 15), has_more: false })
    await chat.loadNewer()
    expect(api.listHistory).toHaveBeenLastCalledWith('c1', { after: messageId(11), limit: 4 })
    expect(ids(chat)).toEqual([...chatMessages(8, 15), chatMessage(40)].map(message => message.message_id))
    expect(chat.hasNewer).toBe(false)
    await chat.loadNewer()
    expect(api.listHistory).toHaveBeenCalledTimes(2)
  })
})
