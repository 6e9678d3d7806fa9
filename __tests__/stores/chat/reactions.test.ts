import { failedRequest } from '../support/fakes'
import { LIN, ME, chatMessage, messageId } from '../support/chat-fakes'
import { opened } from '../support/open-chat'

describe('ChannelChat: live dispatches', () => {
  it("counts others' reactions and marks mine", async () => {
    const { gateway, chat } = await opened([chatMessage(1)])
    gateway.emit('REACTION_ADD', { channel_id: 'c1', message_id: messageId(1), emoji: '👍', uid: LIN.uid })
    gateway.emit('REACTION_ADD', { channel_id: 'c1', message_id: messageId(1), emoji: '👍', uid: ME.uid })
    expect(chat.entries[0].message.reactions).toEqual([{ emoji: '👍', count: 2, me: true }])
    gateway.emit('REACTION_REMOVE', { channel_id: 'c1', message_id: messageId(1), emoji: '👍', uid: LIN.uid })
    gateway.emit('REACTION_REMOVE', { channel_id: 'c1', message_id: messageId(1), emoji: '👍', uid: ME.uid })
    expect(chat.entries[0].message.reactions).toEqual([])
  })
})

describe('ChannelChat: editing, deleting, reacting, reading', () => {
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
})
