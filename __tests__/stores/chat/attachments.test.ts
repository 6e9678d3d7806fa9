import { ChannelChat } from '@/stores/chat/channel-chat'
import type { ChatMessage } from '@/stores/chat/types'
import { auditRejection, deferred, failedRequest, fakeLogger, manualScheduler } from '../support/fakes'
import { ME, chatMessage, fakeGateway, fakeMessagesApi } from '../support/chat-fakes'
import { MESSAGE_ATTACHMENTS_MAX } from '@core/domain/messages'
import { CHAT_ATTACHMENTS_MAX } from '@/stores/chat/attachments'
import { RequestError } from '@/services/request/errors'
import { opened, picked, settle } from '../support/open-media-chat'
import { NOW_MS } from '../support/open-chat'

describe('ChannelChat: pictures in messages', () => {
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
