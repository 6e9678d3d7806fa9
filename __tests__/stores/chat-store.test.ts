import { ChannelChat, ServerMembers, compareMessageIds, openDiscussion } from '@/stores/chat-store'
import { MESSAGE_CONTENT_MAX_LENGTH } from '@core/domain/messages'
import { TYPING_SHOWN_MS } from '@/constants/chat'
import type { ChatMessage } from '@/stores/chat-types'
import { auditRejection, deferred, failedRequest, fakeLogger, manualClock, manualScheduler } from './support/fakes'
import { LIN, ME, chatMessage, chatMessages, fakeGateway, fakeMessagesApi, fakePermissions, historyPage, messageId } from './support/chat-fakes'

const NOW_MS = 1_790_000_100_000

function setup (options: { unreadCount?: number, pageSize?: number } = {}) {
  const api = fakeMessagesApi()
  const gateway = fakeGateway()
  const clock = manualClock(NOW_MS)
  const scheduler = manualScheduler()
  let nonces = 0
  const chat = new ChannelChat({ channelId: 'c1', serverId: '723658', unreadCount: options.unreadCount }, {
    api, gateway, me: () => ME, clock: clock.now, scheduler, logger: fakeLogger(), newNonce: () => `nonce-${++nonces}`, pageSize: options.pageSize,
  })
  return { api, gateway, clock, scheduler, chat }
}

/** A chat opened on these messages (the newest page). */
async function opened (items: ChatMessage[], hasMore = false, options: { unreadCount?: number } = {}) {
  const context = setup(options)
  context.api.listHistory.mockResolvedValueOnce(historyPage(items, hasMore))
  await context.chat.start()
  return context
}

const ids = (chat: ChannelChat) => chat.entries.map(entry => entry.message.message_id)
const contents = (chat: ChannelChat) => chat.entries.map(entry => entry.message.content)

describe('ChannelChat: reading the history', () => {
  it('shows the newest page oldest first and asks for the newest 50', async () => {
    const { api, chat } = await opened(chatMessages(1, 3), true)
    expect(api.listHistory).toHaveBeenCalledWith('c1', { limit: 50 })
    expect(ids(chat)).toEqual([messageId(1), messageId(2), messageId(3)])
    expect([chat.status, chat.hasOlder]).toEqual(['ready', true])
  })

  it('is empty when the channel has no messages', async () => {
    const { chat } = await opened([])
    expect(chat.status).toBe('empty')
  })

  it('shows the error of a failed first page, and the retry loads it', async () => {
    const { api, chat } = setup()
    api.listHistory.mockRejectedValueOnce(failedRequest())
    await chat.start()
    expect([chat.status, chat.error]).toEqual(['error', '请求异常'])
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(1, 2), false))
    await chat.loadLatest()
    expect([chat.status, ids(chat)]).toEqual(['ready', [messageId(1), messageId(2)]])
  })

  it('loads older pages before the oldest shown, with no gap and no duplicate', async () => {
    const { api, chat } = await opened(chatMessages(101, 150), true)
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(51, 101), true)) // overlaps by one
    await chat.loadOlder()
    expect(api.listHistory).toHaveBeenLastCalledWith('c1', { before: messageId(101), limit: 50 })
    api.listHistory.mockResolvedValueOnce(historyPage(chatMessages(1, 50), false))
    await chat.loadOlder()
    expect(ids(chat)).toEqual(chatMessages(1, 150).map(message => message.message_id))
    expect(chat.hasOlder).toBe(false)
    await chat.loadOlder()
    expect(api.listHistory).toHaveBeenCalledTimes(3)
  })

  it('asks for one older page at a time', async () => {
    const { api, chat } = await opened(chatMessages(51, 100), true)
    const answer = deferred<{ items: ChatMessage[], has_more: boolean }>()
    api.listHistory.mockReturnValueOnce(answer.promise)
    const first = chat.loadOlder()
    void chat.loadOlder()
    expect(chat.olderStatus).toBe('loading')
    answer.resolve(historyPage(chatMessages(1, 50), false))
    await first
    expect(api.listHistory).toHaveBeenCalledTimes(2)
  })

  it('puts the new-messages divider above the first of the unread messages', async () => {
    const { chat } = await opened(chatMessages(1, 10), false, { unreadCount: 3 })
    expect(chat.firstUnreadId).toBe(messageId(8))
  })

  it('shows no divider when nothing was unread', async () => {
    const { chat } = await opened(chatMessages(1, 10))
    expect(chat.firstUnreadId).toBeNull()
  })

  it('focuses the gateway on the channel while open, and stops listening when closed', async () => {
    const { gateway, chat } = await opened([])
    expect(gateway.focused).toEqual(['c1'])
    chat.dispose()
    expect([gateway.focused, gateway.listeners()]).toEqual([['c1', null], 0])
  })
})

describe('ChannelChat: live dispatches', () => {
  it('appends a new message of the channel and ignores other channels', async () => {
    const { gateway, chat } = await opened(chatMessages(1, 2))
    gateway.emit('MESSAGE_CREATE', chatMessage(3))
    gateway.emit('MESSAGE_CREATE', chatMessage(4, { channel_id: 'c2' }))
    expect(ids(chat)).toEqual([messageId(1), messageId(2), messageId(3)])
  })

  it('shows a message delivered twice only once, and out-of-order ones in id order', async () => {
    const { gateway, chat } = await opened(chatMessages(1, 2))
    gateway.emit('MESSAGE_CREATE', chatMessage(4))
    gateway.emit('MESSAGE_CREATE', chatMessage(3))
    gateway.emit('MESSAGE_CREATE', chatMessage(4))
    expect(ids(chat)).toEqual([1, 2, 3, 4].map(messageId))
  })

  it('applies edits and deletions, leaving messages not loaded alone', async () => {
    const { gateway, chat } = await opened(chatMessages(5, 7))
    gateway.emit('MESSAGE_UPDATE', chatMessage(6, { content: 'edited', edited_at: 1_790_000_050 }))
    gateway.emit('MESSAGE_UPDATE', chatMessage(1, { content: 'not loaded' }))
    gateway.emit('MESSAGE_DELETE', { channel_id: 'c1', message_id: messageId(7) })
    expect(contents(chat)).toEqual(['message 5', 'edited'])
  })

  it("counts others' reactions and marks mine", async () => {
    const { gateway, chat } = await opened([chatMessage(1)])
    gateway.emit('REACTION_ADD', { channel_id: 'c1', message_id: messageId(1), emoji: '👍', uid: LIN.uid })
    gateway.emit('REACTION_ADD', { channel_id: 'c1', message_id: messageId(1), emoji: '👍', uid: ME.uid })
    expect(chat.entries[0].message.reactions).toEqual([{ emoji: '👍', count: 2, me: true }])
    gateway.emit('REACTION_REMOVE', { channel_id: 'c1', message_id: messageId(1), emoji: '👍', uid: LIN.uid })
    gateway.emit('REACTION_REMOVE', { channel_id: 'c1', message_id: messageId(1), emoji: '👍', uid: ME.uid })
    expect(chat.entries[0].message.reactions).toEqual([])
  })

  it('shows who is typing for 8 s, not me, and drops them when their message arrives', async () => {
    const { gateway, scheduler, chat } = await opened([])
    gateway.emit('TYPING_START', { channel_id: 'c1', uid: LIN.uid, nickname: '林晓', at: 1 })
    gateway.emit('TYPING_START', { channel_id: 'c1', uid: ME.uid, nickname: '我', at: 1 })
    expect(chat.typingNames).toEqual(['林晓'])
    expect(scheduler.pending()).toEqual([{ delayMs: TYPING_SHOWN_MS }])
    scheduler.fireNext()
    expect(chat.typingNames).toEqual([])
    gateway.emit('TYPING_START', { channel_id: 'c1', uid: LIN.uid, nickname: '林晓', at: 2 })
    gateway.emit('MESSAGE_CREATE', chatMessage(1))
    expect([chat.typingNames, scheduler.pending()]).toEqual([[], []])
  })

  it('keeps showing someone typing again for 8 s from their latest event', async () => {
    const { gateway, scheduler, chat } = await opened([])
    gateway.emit('TYPING_START', { channel_id: 'c1', uid: LIN.uid, nickname: '林晓', at: 1 })
    gateway.emit('TYPING_START', { channel_id: 'c1', uid: LIN.uid, nickname: '林晓', at: 3 })
    expect([chat.typingNames, scheduler.pending().length]).toEqual([['林晓'], 1])
  })

  it('catches up after a reconnect with what it missed, nothing twice', async () => {
    const { api, gateway, chat } = await opened(chatMessages(1, 3))
    gateway.connect('reconnecting')
    gateway.emit('MESSAGE_CREATE', chatMessage(4)) // delivered during the resume
    api.listHistory
      .mockResolvedValueOnce(historyPage(chatMessages(4, 103), true))
      .mockResolvedValueOnce(historyPage(chatMessages(104, 110), false))
    gateway.connect('online')
    await chat.catchUp()
    expect(api.listHistory).toHaveBeenNthCalledWith(2, 'c1', { after: messageId(4), limit: 100 })
    expect(api.listHistory).toHaveBeenNthCalledWith(3, 'c1', { after: messageId(103), limit: 100 })
    expect(ids(chat)).toEqual(chatMessages(1, 110).map(message => message.message_id))
  })

  it('replaces the view with the newest page when too much was missed to fetch', async () => {
    const { api, gateway, chat } = await opened(chatMessages(1, 3))
    api.listHistory.mockImplementation((_channel, query) => Promise.resolve(query?.after !== undefined
      ? historyPage([chatMessage(Number(query.after.slice(-6)) + 1)], true)
      : historyPage(chatMessages(900, 949), true)))
    gateway.connect('reconnecting')
    gateway.connect('online')
    await chat.catchUp()
    expect([ids(chat)[0], ids(chat).length, chat.hasOlder]).toEqual([messageId(900), 50, true])
  })
})

describe('ChannelChat: sending', () => {
  it('shows my message at once as pending, then as sent with the server id', async () => {
    const { api, chat } = await opened([chatMessage(1)])
    const answer = deferred<ChatMessage>()
    api.sendMessage.mockReturnValueOnce(answer.promise)
    chat.setDraft('  你好\n世界  ')
    const sending = chat.submit()
    expect(chat.entries.map(entry => [entry.message.content, entry.status])).toEqual([['message 1', 'sent'], ['你好\n世界', 'pending']])
    expect(chat.draft).toBe('')
    expect(api.sendMessage).toHaveBeenCalledWith('c1', { content: '你好\n世界', nonce: 'nonce-1' })
    answer.resolve(chatMessage(2, { author: ME, content: '你好\n世界', nonce: 'nonce-1' }))
    await sending
    expect(chat.entries.map(entry => [entry.message.message_id, entry.status])).toEqual([[messageId(1), 'sent'], [messageId(2), 'sent']])
  })

  it('keeps one message when its dispatch arrives before the answer', async () => {
    const { api, gateway, chat } = await opened([])
    const answer = deferred<ChatMessage>()
    api.sendMessage.mockReturnValueOnce(answer.promise)
    chat.setDraft('hi')
    const sending = chat.submit()
    const stored = chatMessage(1, { author: ME, content: 'hi', nonce: 'nonce-1' })
    gateway.emit('MESSAGE_CREATE', stored)
    const keyAfterDispatch = chat.entries[0].key
    answer.resolve(stored)
    await sending
    expect(chat.entries.map(entry => [entry.key, entry.status])).toEqual([[keyAfterDispatch, 'sent']])
    expect(keyAfterDispatch).toBe('nonce:nonce-1')
  })

  it('marks a message that could not be sent as failed, and the retry sends the same nonce', async () => {
    const { api, chat } = await opened([])
    api.sendMessage.mockRejectedValueOnce(failedRequest())
    chat.setDraft('hi')
    await chat.submit()
    expect(chat.entries.map(entry => [entry.status, entry.error])).toEqual([['failed', '请求异常']])
    api.sendMessage.mockResolvedValueOnce(chatMessage(1, { author: ME, content: 'hi', nonce: 'nonce-1' }))
    await chat.retry(chat.entries[0].key)
    expect(api.sendMessage).toHaveBeenLastCalledWith('c1', { content: 'hi', nonce: 'nonce-1' })
    expect(chat.entries.map(entry => [entry.message.message_id, entry.status])).toEqual([[messageId(1), 'sent']])
  })

  it('drops a failed message I discard', async () => {
    const { api, chat } = await opened([])
    api.sendMessage.mockRejectedValueOnce(failedRequest())
    chat.setDraft('hi')
    await chat.submit()
    chat.discard(chat.entries[0].key)
    expect(chat.entries).toEqual([])
  })

  it('puts an audit-rejected message back in the composer with the reason, and shows nothing sent', async () => {
    const { api, chat } = await opened([])
    api.sendMessage.mockRejectedValueOnce(auditRejection(104008, '内容未通过审核，请修改后重试'))
    chat.setDraft('bad words')
    await chat.submit()
    expect([chat.entries, chat.draft, chat.draftError]).toEqual([[], 'bad words', '内容未通过审核，请修改后重试'])
  })

  it('sends a reply with the original quoted, and forgets the reply target', async () => {
    const { api, chat } = await opened([chatMessage(1)])
    api.sendMessage.mockReturnValueOnce(deferred<ChatMessage>().promise)
    chat.setReplyTarget(chat.entries[0].message)
    chat.setDraft('answer')
    void chat.submit()
    expect(api.sendMessage).toHaveBeenCalledWith('c1', { content: 'answer', nonce: 'nonce-1', reply_to: messageId(1) })
    expect(chat.entries[1].message.reply_to).toEqual({ message_id: messageId(1), author: LIN, content: 'message 1' })
    expect(chat.replyTarget).toBeNull()
  })

  it('sends nothing blank or longer than 2000 characters, and says why for the long one', async () => {
    const { api, chat } = await opened([])
    chat.setDraft('   \n ')
    await chat.submit()
    chat.setDraft('x'.repeat(MESSAGE_CONTENT_MAX_LENGTH + 1))
    await chat.submit()
    expect(api.sendMessage).not.toHaveBeenCalled()
    expect(chat.draftError).toBe('消息不能超过 2000 字')
  })

  it('counts an emoji as one character, as the server does', async () => {
    const { chat } = await opened([])
    chat.setDraft('👍'.repeat(MESSAGE_CONTENT_MAX_LENGTH))
    expect([chat.draftLength, chat.canSubmit, chat.draftError]).toEqual([2000, true, null])
  })

  it('tells the others I am typing again right after I sent a message', async () => {
    const { api, chat } = await opened([])
    api.sendMessage.mockReturnValueOnce(deferred<ChatMessage>().promise)
    chat.setDraft('first')
    void chat.submit()
    chat.setDraft('s')
    expect(api.sendTyping).toHaveBeenCalledTimes(2)
  })

  it('tells the others I am typing at most every 5 s', async () => {
    const { api, clock, chat } = await opened([])
    chat.setDraft('h')
    chat.setDraft('hi')
    clock.set(NOW_MS + 5000)
    chat.setDraft('hi!')
    expect(api.sendTyping).toHaveBeenCalledTimes(2)
  })
})

describe('ChannelChat: editing, deleting, reacting, reading', () => {
  it('edits my message through the composer', async () => {
    const { api, chat } = await opened([chatMessage(1, { author: ME, content: 'old' })])
    chat.startEdit(messageId(1))
    expect(chat.draft).toBe('old')
    chat.setDraft('new')
    api.editMessage.mockResolvedValueOnce(chatMessage(1, { author: ME, content: 'new', edited_at: 1_790_000_200 }))
    await chat.submit()
    expect(api.editMessage).toHaveBeenCalledWith('c1', messageId(1), 'new')
    expect([contents(chat), chat.editingId, chat.draft]).toEqual([['new'], null, ''])
  })

  it("does not edit someone else's message", async () => {
    const { chat } = await opened([chatMessage(1)])
    chat.startEdit(messageId(1))
    expect(chat.editingId).toBeNull()
  })

  it('removes a message I delete, and says why when the server refuses', async () => {
    const { api, chat } = await opened(chatMessages(1, 2).map(message => ({ ...message, author: ME })))
    await expect(chat.remove(messageId(1))).resolves.toBeNull()
    api.deleteMessage.mockRejectedValueOnce(failedRequest())
    await expect(chat.remove(messageId(2))).resolves.toBe('请求异常')
    expect(ids(chat)).toEqual([messageId(2)])
  })

  it('shows my reaction at once, keeps it once when the echo arrives, and takes it back on a second tap', async () => {
    const { api, gateway, chat } = await opened([chatMessage(1)])
    await chat.toggleReaction(messageId(1), '🎉')
    gateway.emit('REACTION_ADD', { channel_id: 'c1', message_id: messageId(1), emoji: '🎉', uid: ME.uid })
    expect(chat.entries[0].message.reactions).toEqual([{ emoji: '🎉', count: 1, me: true }])
    await chat.toggleReaction(messageId(1), '🎉')
    expect(api.addReaction).toHaveBeenCalledWith('c1', messageId(1), '🎉')
    expect(api.removeReaction).toHaveBeenCalledWith('c1', messageId(1), '🎉')
    expect(chat.entries[0].message.reactions).toEqual([])
  })

  it('undoes my reaction when the server refuses it', async () => {
    const { api, chat } = await opened([chatMessage(1)])
    api.addReaction.mockRejectedValueOnce(failedRequest())
    await expect(chat.toggleReaction(messageId(1), '👍')).resolves.toBe('请求异常')
    expect(chat.entries[0].message.reactions).toEqual([])
  })

  it('marks the newest message read once', async () => {
    const { api, chat } = await opened(chatMessages(1, 2))
    await chat.markRead()
    await chat.markRead()
    expect(api.markRead.mock.calls).toEqual([['c1', messageId(2)]])
  })

  it('does not mark read again what another device already read', async () => {
    const { api, gateway, chat } = await opened(chatMessages(1, 2))
    gateway.emit('READ_STATE_UPDATE', { channel_id: 'c1', last_read_id: messageId(2) })
    await chat.markRead()
    expect(api.markRead).not.toHaveBeenCalled()
  })

  it('knows which messages are mine and which mention me', async () => {
    const { chat } = await opened([chatMessage(1, { author: ME }), chatMessage(2, { mentions: [ME.uid] })])
    const [mine, mention] = chat.entries.map(entry => entry.message)
    expect([chat.isMine(mine), chat.isMine(mention), chat.mentionsMe(mine), chat.mentionsMe(mention)]).toEqual([true, false, false, true])
  })
})

describe('ServerMembers', () => {
  it('loads the members for the picker, filters them by nickname and names a mentioned uid', async () => {
    const listMembers = jest.fn(() => Promise.resolve({ items: [LIN, ME].map(user => ({ user, joined_at: 1, online: true, role_ids: [] })), has_more: false, next: null, online_count: 2 }))
    const store = new ServerMembers('723658', { listMembers, logger: fakeLogger() })
    await store.load()
    expect(listMembers).toHaveBeenCalledWith('723658', { limit: 100 })
    expect(store.matching('林').map(member => member.user.uid)).toEqual([LIN.uid])
    expect([store.nicknameOf(LIN.uid), store.nicknameOf('B_nobody')]).toEqual(['林晓', null])
  })
})

describe('compareMessageIds', () => {
  it('orders time-ordered ids by time and a shorter (older) id first', () => {
    expect(['1790000000000000010', '9', '1790000000000000002'].sort(compareMessageIds)).toEqual(['9', '1790000000000000002', '1790000000000000010'])
  })
})

describe('ChannelChat: mentions', () => {
  it('offers the picker while an @ is being typed, and sends the picked member as <@uid>', async () => {
    const { api, chat } = await opened([chatMessage(1)])
    chat.setDraft('hi @林')
    expect(chat.mentionQuery).toBe('林')
    chat.pickMention(LIN)
    expect([chat.draft, chat.mentionQuery]).toEqual(['hi @林晓 ', null])
    chat.setDraft(`${chat.draft}你好`)
    api.sendMessage.mockReturnValueOnce(deferred<ChatMessage>().promise)
    void chat.submit()
    expect(api.sendMessage).toHaveBeenCalledWith('c1', { content: `hi <@${LIN.uid}> 你好`, nonce: 'nonce-1' })
    expect(chat.entries[1].message.mentions).toEqual([LIN.uid])
  })

  it('finds the nickname of a loaded author by uid', async () => {
    const { chat } = await opened([chatMessage(1)])
    expect([chat.authorName(LIN.uid), chat.authorName('B_nobody')]).toEqual(['林晓', null])
  })
})

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
