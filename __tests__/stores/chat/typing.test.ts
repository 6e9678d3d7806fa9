import { TYPING_SHOWN_MS } from '@/constants/chat'
import type { ChatMessage } from '@/stores/chat/types'
import { deferred, failedRequest } from '../support/fakes'
import { LIN, ME, chatMessage } from '../support/chat-fakes'
import { NOW_MS, opened } from '../support/open-chat'

describe('ChannelChat: live dispatches', () => {
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
})

describe('ChannelChat: sending', () => {
  it('tells the others I am typing again right after I sent a message', async () => {
    const { api, chat } = await opened([])
    api.sendMessage.mockReturnValueOnce(deferred<ChatMessage>().promise)
    chat.setDraft('first')
    void chat.submit()
    chat.setDraft('s')
    expect(api.sendTyping).toHaveBeenCalledTimes(2)
  })

  it('tells the others I am typing on the first keystroke after the channel opens', async () => {
    const { api, chat } = await opened([])
    chat.setDraft('h')
    expect(api.sendTyping).toHaveBeenCalledTimes(1)
  })

  it('tries again on the next keystroke when telling the others I am typing failed', async () => {
    const { api, chat } = await opened([])
    api.sendTyping.mockRejectedValueOnce(failedRequest())
    chat.setDraft('h')
    await Promise.resolve()
    await Promise.resolve()
    chat.setDraft('hi')
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
