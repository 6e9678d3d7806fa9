import { ChannelChat } from '@/stores/chat/channel-chat'
import { MESSAGE_CONTENT_MAX_LENGTH } from '@core/domain/messages'
import type { ChatMessage } from '@/stores/chat/types'
import { deferred, fakeLogger, manualScheduler, memoryStorage } from '../support/fakes'
import { LIN, ME, chatMessage, fakeGateway, fakeMessagesApi, historyPage, messageId } from '../support/chat-fakes'
import { NOW_MS, contents, opened } from '../support/open-chat'

describe('ChannelChat: sending', () => {
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

  it('finds the nickname of a loaded author by uid, and mine though I wrote nothing here', async () => {
    const { chat } = await opened([chatMessage(1)])
    expect([chat.authorName(LIN.uid), chat.authorName('B_nobody'), chat.authorName(ME.uid)]).toEqual(['林晓', null, ME.nickname])
  })
  it('completes an @ being typed with @全体成员', async () => {
    const { chat } = await opened([chatMessage(1)])
    chat.setDraft('开会 @全体')
    chat.pickEveryone()
    expect([chat.draft, chat.mentionQuery]).toEqual(['开会 @全体成员 ', null])
  })
})

describe('ChannelChat: the text being written is kept per channel', () => {
  function chatOf (channelId: string, storage: ReturnType<typeof memoryStorage>, me = ME) {
    const api = fakeMessagesApi()
    api.listHistory.mockResolvedValue(historyPage([], false))
    const chat = new ChannelChat({ channelId, serverId: '723658' }, {
      api, gateway: fakeGateway(), me: () => me, clock: () => NOW_MS, scheduler: manualScheduler(), logger: fakeLogger(), drafts: storage,
    })
    return { api, chat }
  }

  it('gives back what I was writing when I come back to the channel (or reload), each channel its own', () => {
    const storage = memoryStorage()
    const first = chatOf('c1', storage).chat
    first.setDraft('写到一半的')
    chatOf('c2', storage).chat.setDraft('另一个频道')
    first.dispose()
    expect([chatOf('c1', storage).chat.draft, chatOf('c2', storage).chat.draft, chatOf('c3', storage).chat.draft]).toEqual(['写到一半的', '另一个频道', ''])
  })

  it('keeps it for me alone: another member signed in on the device does not see it', () => {
    const storage = memoryStorage()
    chatOf('c1', storage).chat.setDraft('我的草稿')
    expect(chatOf('c1', storage, LIN).chat.draft).toBe('')
  })

  it('forgets it once sent, and keeps it while I edit a sent message', async () => {
    const storage = memoryStorage()
    const { api, chat } = chatOf('c1', storage)
    await chat.start()
    api.sendMessage.mockResolvedValueOnce(chatMessage(1, { author: ME, content: '发出去了', nonce: 'n' }))
    chat.setDraft('发出去了')
    await chat.submit()
    expect(chatOf('c1', storage).chat.draft).toBe('')
    chat.setDraft('还没写完')
    chat.startEdit(messageId(1))
    chat.setDraft('改过的')
    expect(chatOf('c1', storage).chat.draft).toBe('还没写完')
    chat.cancelEdit()
    expect(chat.draft).toBe('还没写完')
  })
})
