import { MESSAGE_ATTACHMENTS_MAX } from '@core/wire/messages'
import { CHAT_ATTACHMENTS_MAX, ChannelChat, ChatAccess } from '@/stores/chat-store'
import type { ChatMessage } from '@/stores/chat-types'
import { RequestError } from '@/services/request/errors'
import { auditRejection, deferred, failedRequest, fakeLogger, manualClock, manualScheduler, manualUploader } from './support/fakes'
import { ME, chatMessage, fakeGateway, fakeMessagesApi, fakePermissions, historyPage } from './support/chat-fakes'

const NOW_MS = 1_790_000_100_000
const settle = () => new Promise(resolve => setTimeout(resolve, 0))

async function opened () {
  const api = fakeMessagesApi()
  const uploader = manualUploader()
  const report = jest.fn(() => Promise.resolve({}))
  const chat = new ChannelChat({ channelId: 'c1', serverId: '723658' }, {
    api, gateway: fakeGateway(), me: () => ME, clock: () => NOW_MS, scheduler: manualScheduler(), logger: fakeLogger(),
    newNonce: () => 'nonce-1', upload: uploader.upload, report,
  })
  api.listHistory.mockResolvedValueOnce(historyPage([chatMessage(1)], false))
  await chat.start()
  return { api, uploader, report, chat }
}

const picked = (name: string, size = 2048) => ({ path: `blob:${name}`, mime: 'image/png', size, width: 640, height: 480 })

describe('ChannelChat: pictures in messages (issue 17)', () => {
  it('holds as many pictures as the server takes in one message', () => {
    expect(CHAT_ATTACHMENTS_MAX).toBe(MESSAGE_ATTACHMENTS_MAX)
  })

  it('uploads each attached picture with its own progress and does not send while one is pending', async () => {
    const { api, uploader, chat } = await opened()
    chat.setDraft('看图')
    chat.uploads?.add([picked('a'), picked('b')])
    uploader.calls[0].progress(37.6)
    expect(chat.uploads?.images.map(image => [image.status, image.progress])).toEqual([['uploading', 38], ['uploading', 0]])
    expect([chat.canSubmit, chat.attachmentsBlockedBy]).toEqual([false, '图片上传中，请稍候'])
    await chat.submit()
    expect(api.sendMessage).not.toHaveBeenCalled()
    expect(chat.draft).toBe('看图')
  })

  it('sends the uploaded pictures with their size and type, shows them at once, and empties the composer', async () => {
    const { api, uploader, chat } = await opened()
    chat.uploads?.add([picked('a', 4096)])
    uploader.calls[0].done.resolve('https://cdn.example/uploads/a.png')
    await settle()
    chat.setDraft('看图')
    const answer = deferred<ChatMessage>()
    api.sendMessage.mockReturnValueOnce(answer.promise)
    const sending = chat.submit()
    const sent = [{ url: 'https://cdn.example/uploads/a.png', width: 640, height: 480, size: 4096, mime: 'image/png' }]
    expect(api.sendMessage).toHaveBeenCalledWith('c1', { content: '看图', nonce: 'nonce-1', attachments: sent })
    expect(chat.entries[1]).toMatchObject({ status: 'pending', message: { attachments: sent } })
    expect(chat.uploads?.images).toEqual([])
    answer.resolve(chatMessage(2, { author: ME, nonce: 'nonce-1', content: '看图', attachments: sent }))
    await sending
    expect(chat.entries.map(entry => entry.status)).toEqual(['sent', 'sent'])
  })

  it('sends pictures without text, but never nothing at all', async () => {
    const { api, uploader, chat } = await opened()
    expect(chat.canSubmit).toBe(false)
    chat.uploads?.add([picked('a')])
    expect(chat.canSubmit).toBe(false) // still uploading
    uploader.calls[0].done.resolve('https://cdn.example/uploads/a.png')
    await settle()
    expect(chat.canSubmit).toBe(true)
    api.sendMessage.mockReturnValueOnce(deferred<ChatMessage>().promise)
    void chat.submit()
    expect(api.sendMessage.mock.calls[0][1]).toMatchObject({ content: '', attachments: [{ url: 'https://cdn.example/uploads/a.png' }] })
  })

  it('sends a picture whose type the platform did not tell as the type of its file name', async () => {
    const { api, uploader, chat } = await opened()
    chat.uploads?.add([{ path: 'wxfile://tmp', width: 0, height: 0 }])
    uploader.calls[0].done.resolve('https://cdn.example/uploads/b.JPG')
    await settle()
    chat.setDraft('x')
    api.sendMessage.mockReturnValueOnce(deferred<ChatMessage>().promise)
    void chat.submit()
    expect(api.sendMessage.mock.calls[0][1].attachments).toEqual([{ url: 'https://cdn.example/uploads/b.JPG', width: 0, height: 0, size: 0, mime: 'image/jpeg' }])
  })

  it('tells the upload host\'s size and type refusals in words; a failed picture is retried or removed', async () => {
    const { uploader, chat } = await opened()
    chat.setDraft('看图')
    chat.uploads?.add([picked('big'), picked('svg')])
    uploader.calls[0].done.reject(new RequestError({ kind: 'failed', code: 999996, message: '请求异常', status: 413 }))
    uploader.calls[1].done.reject(new RequestError({ kind: 'failed', code: 999996, message: '请求异常', status: 403 }))
    await settle()
    expect(chat.uploads?.images.map(image => image.error)).toEqual(['图片太大，无法上传', '不支持这种文件类型'])
    expect([chat.canSubmit, chat.attachmentsBlockedBy]).toEqual([false, '有图片上传失败，请重试或移除'])
    const [first, second] = chat.uploads?.images ?? []
    chat.uploads?.retry(first.id)
    expect(uploader.calls).toHaveLength(3)
    uploader.calls[2].done.resolve('https://cdn.example/uploads/big.png')
    chat.uploads?.remove(second.id)
    await settle()
    expect(chat.uploads?.images.map(image => image.status)).toEqual(['done'])
    expect(chat.canSubmit).toBe(true)
  })

  it('keeps a failed message\'s pictures, and sends them again on retry with the same nonce', async () => {
    const { api, uploader, chat } = await opened()
    chat.uploads?.add([picked('a')])
    uploader.calls[0].done.resolve('https://cdn.example/uploads/a.png')
    await settle()
    chat.setDraft('看图')
    api.sendMessage.mockRejectedValueOnce(failedRequest())
    await chat.submit()
    expect(chat.entries[1].status).toBe('failed')
    api.sendMessage.mockReturnValueOnce(deferred<ChatMessage>().promise)
    void chat.retry(chat.entries[1].key)
    expect(api.sendMessage.mock.calls[1][1]).toEqual(api.sendMessage.mock.calls[0][1])
    expect(api.sendMessage.mock.calls[1][1].attachments).toHaveLength(1)
  })

  it('gives the pictures back to the composer with the text when the audit refuses the message', async () => {
    const { api, uploader, chat } = await opened()
    chat.uploads?.add([picked('a')])
    uploader.calls[0].done.resolve('https://cdn.example/uploads/a.png')
    await settle()
    chat.setDraft('不良内容')
    api.sendMessage.mockRejectedValueOnce(auditRejection(104008, '内容未通过审核，请修改后重试'))
    await chat.submit()
    expect([chat.draft, chat.draftError]).toEqual(['不良内容', '内容未通过审核，请修改后重试'])
    expect(chat.uploads?.uploaded.map(image => [image.url, image.width, image.size])).toEqual([['https://cdn.example/uploads/a.png', 640, 2048]])
  })

  it('offers no picture while editing, and none without an uploader', async () => {
    const { chat } = await opened()
    expect(chat.canAttach).toBe(true)
    chat.setDraft('x')
    const api = fakeMessagesApi()
    const plain = new ChannelChat({ channelId: 'c1', serverId: '723658' }, { api, gateway: fakeGateway(), me: () => ME, clock: () => NOW_MS, scheduler: manualScheduler(), logger: fakeLogger() })
    expect([plain.uploads, plain.canAttach]).toEqual([null, false])
  })
})

describe('ChannelChat: reports (issue 18)', () => {
  it('reports a message with its reason to the server\'s moderators', async () => {
    const { report, chat } = await opened()
    expect(await chat.report(chatMessage(1).message_id, 'spam')).toBeNull()
    expect(report).toHaveBeenCalledWith({ target_type: 'message', target_id: chatMessage(1).message_id, server_id: '723658', reason: 'spam' })
  })

  it('says why a report was not taken', async () => {
    const { report, chat } = await opened()
    report.mockRejectedValueOnce(failedRequest())
    expect(await chat.report(chatMessage(1).message_id, 'abuse')).toBe('请求异常')
  })
})

describe('ChatAccess (issue 18)', () => {
  function access (names: Parameters<typeof fakePermissions>[0], isMember: boolean | null = true) {
    const clock = manualClock(NOW_MS)
    const scheduler = manualScheduler()
    const permissions = fakePermissions(names, clock.now)
    const state = { isMember }
    const chatAccess = new ChatAccess('c1', { permissions, isMember: () => state.isMember, clock: clock.now, scheduler })
    chatAccess.start()
    return { clock, scheduler, permissions, chatAccess }
  }

  it('shows the composer to a member who may speak, with moderation only for ManageMessages', () => {
    expect([access(['SendMessages', 'AttachFiles']).chatAccess.composer, access(['SendMessages']).chatAccess.canModerate]).toEqual([{ kind: 'compose' }, false])
    const moderator = access(['SendMessages', 'ManageMessages']).chatAccess
    expect([moderator.canModerate, moderator.canAttach]).toEqual([true, false])
  })

  it('says why a member without SendMessages in the channel has no composer; not before the answer is there', () => {
    expect(access([]).chatAccess.composer).toEqual({ kind: 'no-send' })
    expect(access(null).chatAccess.composer).toEqual({ kind: 'compose' })
  })

  it('replaces the composer with the timeout notice until the time passes, then asks the permissions again', () => {
    const { clock, scheduler, permissions, chatAccess } = access(['SendMessages'])
    const until = NOW_MS / 1000 + 600
    permissions.set({ names: [], timeout_until: until })
    expect(chatAccess.composer).toEqual({ kind: 'timed-out', until })
    expect(scheduler.pending()).toEqual([{ delayMs: 600_000 }])
    clock.set(until * 1000 + 1)
    scheduler.fireNext()
    expect(chatAccess.composer).toEqual({ kind: 'no-send' }) // the stale answer until the new one lands
    expect(permissions.reload).toHaveBeenCalledTimes(1)
    permissions.set({ names: ['SendMessages'] })
    expect(chatAccess.composer).toEqual({ kind: 'compose' })
  })

  it('waits for a timeout longer than a platform timer holds in steps', () => {
    const { clock, scheduler, permissions, chatAccess } = access(['SendMessages'])
    const until = NOW_MS / 1000 + 28 * 86_400
    permissions.set({ names: [], timeout_until: until })
    expect(scheduler.pending()).toEqual([{ delayMs: 2_147_483_647 }])
    clock.set(NOW_MS + 2_147_483_647)
    scheduler.fireNext()
    expect(chatAccess.composer.kind).toBe('timed-out')
    expect(permissions.reload).not.toHaveBeenCalled()
    expect(scheduler.pending()).toHaveLength(1)
  })

  it('asks the permissions again once I joined when the answer held a visitor\'s bits', () => {
    const { permissions } = access(null)
    permissions.set({ is_member: false, names: ['ViewChannel'] })
    expect(permissions.reload).toHaveBeenCalledTimes(1)
    expect(access([]).permissions.reload).not.toHaveBeenCalled()
  })

  it('stops following when disposed', () => {
    const { scheduler, permissions, chatAccess } = access(['SendMessages'])
    permissions.set({ names: [], timeout_until: NOW_MS / 1000 + 60 })
    chatAccess.dispose()
    expect(scheduler.pending()).toEqual([])
  })
})
