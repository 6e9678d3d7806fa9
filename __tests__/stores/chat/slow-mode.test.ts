import { observable, runInAction } from 'mobx'
import { SERVER_CODES } from '@core/wire/codes'
import type { User } from '@core/wire/entities'
import type { SlowModeState } from '@core/wire/messages'
import { RequestError } from '@/services/request/errors'
import { ChannelChat } from '@/stores/chat/channel-chat'
import { SlowMode } from '@/stores/chat/slow-mode'
import { ME, chatMessage, fakeGateway, fakeMessagesApi } from '../support/chat-fakes'
import { deferred, fakeLogger, manualClock, manualScheduler } from '../support/fakes'
import { NOW_MS, opened, setup } from '../support/open-chat'

const ON_30: SlowModeState = { seconds: 30, wait_seconds: 0, exempt: false }

/** The refusal the request layer makes of the server's 429 SLOW_MODE_WAIT, in the page's language. */
function slowModeRefusal (seconds: number): RequestError {
  return new RequestError({ kind: 'server', code: SERVER_CODES.SLOW_MODE_WAIT, status: 429, message: `慢速模式已开启，还需等待 ${seconds} 秒才能再发言` })
}

describe('SlowMode', () => {
  it('counts the server\'s wait down second by second, and ends it', async () => {
    const clock = manualClock(NOW_MS)
    const scheduler = manualScheduler()
    const slowMode = new SlowMode({ load: () => Promise.resolve({ seconds: 30, wait_seconds: 12, exempt: false }), clock: clock.now, scheduler, logger: fakeLogger() })
    await slowMode.refresh()
    expect([slowMode.on, slowMode.waitSeconds]).toEqual([true, 12])
    expect(scheduler.pending()).toEqual([{ delayMs: 1000 }])
    clock.set(NOW_MS + 1000)
    scheduler.fireNext()
    expect(slowMode.waitSeconds).toBe(11)
    clock.set(NOW_MS + 12_000)
    scheduler.fireNext()
    expect(slowMode.waitSeconds).toBe(0)
    expect(scheduler.pending()).toEqual([])
  })

  it('never holds an exempt member, nor anyone while it is off, nor a conversation without one', async () => {
    const clock = manualClock(NOW_MS)
    const exempt = new SlowMode({ load: () => Promise.resolve({ seconds: 60, wait_seconds: 0, exempt: true }), clock: clock.now, scheduler: manualScheduler(), logger: fakeLogger() })
    await exempt.refresh()
    exempt.sent()
    expect([exempt.on, exempt.exempt, exempt.waitSeconds]).toEqual([true, true, 0])
    const none = new SlowMode({ load: null, clock: clock.now, scheduler: manualScheduler(), logger: fakeLogger() })
    await none.refresh()
    none.sent()
    expect([none.on, none.waitSeconds]).toEqual([false, 0])
  })

  it('keeps what it showed when the server cannot be asked', async () => {
    const logger = fakeLogger()
    const slowMode = new SlowMode({ load: () => Promise.reject(new Error('offline')), clock: () => NOW_MS, scheduler: manualScheduler(), logger })
    await slowMode.refresh()
    expect([slowMode.on, slowMode.waitSeconds]).toEqual([false, 0])
    expect(logger.warn).toHaveBeenCalled()
  })
})

describe('ChannelChat under slow mode', () => {
  it('asks the server for my wait when the chat opens, so a reload keeps the countdown, and holds 发送 until it ends', async () => {
    const context = setup()
    context.api.slowMode.mockResolvedValueOnce({ seconds: 30, wait_seconds: 12, exempt: false })
    context.api.listHistory.mockResolvedValueOnce({ items: [], has_more: false })
    await context.chat.start()
    expect(context.api.slowMode).toHaveBeenCalledWith('c1')
    context.chat.setDraft('hi')
    expect([context.chat.slowMode.waitSeconds, context.chat.canSubmit]).toEqual([12, false])
    await context.chat.submit()
    expect(context.api.sendMessage).not.toHaveBeenCalled()
    context.clock.set(NOW_MS + 12_000)
    while (context.scheduler.pending().length > 0) context.scheduler.fireNext()
    expect([context.chat.slowMode.waitSeconds, context.chat.canSubmit]).toEqual([0, true])
  })

  it('starts the whole interval when my message goes out', async () => {
    const context = setup()
    context.api.slowMode.mockResolvedValueOnce(ON_30)
    context.api.listHistory.mockResolvedValueOnce({ items: [], has_more: false })
    await context.chat.start()
    expect(context.chat.slowMode.waitSeconds).toBe(0)
    context.api.sendMessage.mockResolvedValueOnce(chatMessage(1, { author: ME, content: 'hi', nonce: 'nonce-1' }))
    context.chat.setDraft('hi')
    await context.chat.submit()
    expect(context.chat.slowMode.waitSeconds).toBe(30)
    context.chat.setDraft('again')
    expect(context.chat.canSubmit).toBe(false)
  })

  it('gives a refused message back to the composer in the server\'s words and takes the wait from the server', async () => {
    const context = setup()
    context.api.slowMode.mockResolvedValueOnce(ON_30).mockResolvedValueOnce({ seconds: 30, wait_seconds: 25, exempt: false })
    context.api.listHistory.mockResolvedValueOnce({ items: [], has_more: false })
    await context.chat.start()
    context.api.sendMessage.mockRejectedValueOnce(slowModeRefusal(25))
    context.chat.setDraft('too soon')
    await context.chat.submit()
    await Promise.resolve()
    expect(context.chat.entries).toEqual([])
    expect([context.chat.draft, context.chat.draftError]).toEqual(['too soon', '慢速模式已开启，还需等待 25 秒才能再发言'])
    expect(context.api.slowMode).toHaveBeenCalledTimes(2)
    expect(context.chat.slowMode.waitSeconds).toBe(25)
  })

  it('asks again when a moderator changes the channel\'s slow mode live, and not for another channel\'s edit', async () => {
    const { api, gateway, chat } = await opened([])
    expect(chat.slowMode.on).toBe(false)
    const asked = deferred<SlowModeState>()
    api.slowMode.mockReturnValueOnce(asked.promise)
    gateway.emit('CHANNEL_UPDATE', channelUpdate('c2', 60))
    expect(api.slowMode).toHaveBeenCalledTimes(1)
    gateway.emit('CHANNEL_UPDATE', channelUpdate('c1', 60))
    expect(api.slowMode).toHaveBeenCalledTimes(2)
    asked.resolve({ seconds: 60, wait_seconds: 0, exempt: false })
    await asked.promise
    await Promise.resolve()
    expect([chat.slowMode.on, chat.slowMode.seconds]).toEqual([true, 60])
    gateway.emit('CHANNEL_UPDATE', channelUpdate('c1', 60)) // a rename: the setting is the same
    expect(api.slowMode).toHaveBeenCalledTimes(2)
  })

  it('asks nothing of a visitor, and asks once they are signed in', async () => {
    const signedIn = observable.box<User | null>(null)
    const api = fakeMessagesApi()
    const chat = new ChannelChat({ channelId: 'c1', serverId: '723658' }, {
      api, gateway: fakeGateway(), me: () => signedIn.get(), clock: () => NOW_MS, scheduler: manualScheduler(), logger: fakeLogger(),
    })
    api.listHistory.mockResolvedValueOnce({ items: [], has_more: false })
    await chat.start()
    expect(api.slowMode).not.toHaveBeenCalled()
    api.slowMode.mockResolvedValueOnce({ seconds: 30, wait_seconds: 7, exempt: false })
    runInAction(() => signedIn.set(ME))
    await Promise.resolve()
    await Promise.resolve()
    expect(api.slowMode).toHaveBeenCalledTimes(1)
    expect(chat.slowMode.waitSeconds).toBe(7)
    chat.dispose()
  })

  it('never holds an edit of my message', async () => {
    const context = setup()
    context.api.slowMode.mockResolvedValueOnce({ seconds: 30, wait_seconds: 20, exempt: false })
    context.api.listHistory.mockResolvedValueOnce({ items: [chatMessage(1, { author: ME })], has_more: false })
    await context.chat.start()
    context.chat.startEdit(chatMessage(1).message_id)
    context.chat.setDraft('fixed')
    expect(context.chat.canSubmit).toBe(true)
  })
})

function channelUpdate (channelId: string, seconds: number) {
  return {
    channel_id: channelId, server_id: '723658', channel_type: 1, kind: 0, name: '大厅', parent_id: null, sort: 1, map_category: null, link_url: null, icon: '', audit_status: 0, slow_mode_seconds: seconds,
  }
}
