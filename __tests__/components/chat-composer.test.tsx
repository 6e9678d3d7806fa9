import TestUtils from '@tarojs/test-utils-react'
import ChatComposer from '@/components/chat-composer'
import { ChannelChat } from '@/stores/chat/channel-chat'
import { ServerMembers } from '@/stores/chat/members'
import type { ChatMessage } from '@/stores/chat/types'
import type { ImageUploader } from '@/services/api/storage-upload'
import { RequestError } from '@/services/request/errors'
import { auditRejection, deferred, fakeLogger, manualScheduler } from '../stores/support/fakes'
import { LIN, ME, chatMessage, fakeGateway, fakeMessagesApi, historyPage, memberList } from '../stores/support/chat-fakes'

afterEach(() => { document.body.innerHTML = '' })

const ZHANG = { ...LIN, uid: 'u-zhang', nickname: '张三' }

async function mountComposer (enterSends: boolean, options: { upload?: ImageUploader, onAttach?: () => void, canMentionEveryone?: boolean } = {}) {
  const api = fakeMessagesApi()
  const gateway = fakeGateway()
  const deps = { api, gateway, me: () => ME, clock: () => 1_790_000_100_000, scheduler: manualScheduler(), logger: fakeLogger(), upload: options.upload }
  const chat = new ChannelChat({ channelId: 'c1', serverId: '723658' }, deps)
  const findMembers = jest.fn(async (_serverId: string, q: string) => ({ items: q === 'zs' ? [{ user: ZHANG, joined_at: 1, online: false, role_ids: [] }] : [] }))
  const members = new ServerMembers('723658', { listMembers: memberList([LIN]), findMembers, logger: deps.logger })
  api.listHistory.mockResolvedValueOnce(historyPage([chatMessage(1)], false))
  api.sendMessage.mockReturnValue(deferred<ChatMessage>().promise)
  await chat.start()
  const testUtils = new TestUtils()
  await testUtils.mount(ChatComposer, { props: { chat, members, nameOf: () => null, enterSends, canAttach: options.upload !== undefined, onAttach: options.onAttach ?? (() => undefined), canMentionEveryone: options.canMentionEveryone } })
  const [textarea] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__input textarea')
  return { api, chat, members, findMembers, testUtils, textarea: textarea as HTMLTextAreaElement }
}

function press (textarea: HTMLTextAreaElement, shiftKey = false): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key: 'Enter', shiftKey, bubbles: true, cancelable: true })
  textarea.dispatchEvent(event)
  return event
}

describe('ChatComposer', () => {
  it('says slow mode is on and counts my wait down beside the field, holding 发送', async () => {
    const { api, chat, testUtils } = await mountComposer(false)
    expect(document.querySelector('.chat-composer__slow-mode')).toBeNull()
    api.slowMode.mockResolvedValueOnce({ seconds: 30, wait_seconds: 12, exempt: false })
    await testUtils.act(async () => { await chat.slowMode.refresh() })
    testUtils.act(() => chat.setDraft('hi'))
    const [line] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__slow-mode')
    expect(line.textContent).toBe('慢速模式已开启：每 30 秒可发一条还需等待 12 秒')
    expect(document.querySelector('.chat-composer__send')?.getAttribute('disabled')).not.toBeNull()
    api.slowMode.mockResolvedValueOnce({ seconds: 30, wait_seconds: 0, exempt: true })
    await testUtils.act(async () => { await chat.slowMode.refresh() })
    expect(document.querySelector('.chat-composer__slow-mode')?.textContent).toBe('慢速模式已开启（你不受限制）')
    expect(document.querySelector('.chat-composer__send')?.getAttribute('disabled')).toBeNull()
  })

  it('sends with Enter on a desktop keyboard, and Shift+Enter only breaks the line', async () => {
    const { api, chat, testUtils, textarea } = await mountComposer(true)
    testUtils.act(() => chat.setDraft('第一行'))
    expect(press(textarea, true).defaultPrevented).toBe(false)
    expect(api.sendMessage).not.toHaveBeenCalled()
    testUtils.act(() => { press(textarea) })
    expect(api.sendMessage).toHaveBeenCalledWith('c1', { content: '第一行', nonce: expect.any(String) })
  })

  it('leaves Enter to break the line on a phone', async () => {
    const { api, chat, testUtils, textarea } = await mountComposer(false)
    testUtils.act(() => chat.setDraft('hi'))
    expect(press(textarea).defaultPrevented).toBe(false)
    expect(api.sendMessage).not.toHaveBeenCalled()
  })

  it('shows the counter near the 2000 limit and the refusal under the field, keeping the text', async () => {
    const { api, chat, testUtils } = await mountComposer(false)
    testUtils.act(() => chat.setDraft('x'.repeat(1900)))
    const [counter] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__counter')
    expect(counter.textContent).toBe('1900/2000')
    api.sendMessage.mockRejectedValueOnce(auditRejection(104008, '内容未通过审核，请修改后重试'))
    await testUtils.act(async () => { await chat.submit() })
    const [error] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__error')
    expect(error.textContent).toBe('内容未通过审核，请修改后重试')
    expect(chat.draft).toBe('x'.repeat(1900))
  })

  it('lists members after an @ with their avatars and completes the mention with the one picked', async () => {
    const { chat, members, testUtils } = await mountComposer(false)
    await members.load()
    testUtils.act(() => chat.setDraft('hi @林'))
    const [candidate] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__candidate')
    expect(candidate.querySelector('.chat-composer__candidate-name')?.textContent).toBe('@林晓')
    expect(candidate.querySelector('.chat-avatar')).not.toBeNull()
    testUtils.act(() => { (candidate as HTMLElement).click() })
    expect(chat.draft).toBe('hi @林晓 ')
  })

  it('offers after an @ a member beyond the loaded page, found by the server by pinyin initials', async () => {
    const { chat, members, findMembers, testUtils } = await mountComposer(false)
    await members.load()
    testUtils.act(() => chat.setDraft('hi @zs'))
    const [candidate] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__candidate')
    expect(findMembers).toHaveBeenCalledWith('723658', 'zs')
    expect(candidate.querySelector('.chat-composer__candidate-name')?.textContent).toBe('@张三')
  })

  it('offers @全体成员 first to one who may mention everyone, and writes it as typed', async () => {
    const { chat, members, testUtils } = await mountComposer(false, { canMentionEveryone: true })
    await members.load()
    testUtils.act(() => chat.setDraft('开会 @全'))
    const [everyone] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__candidate')
    expect(everyone.querySelector('.chat-composer__candidate-name')?.textContent).toBe('@全体成员')
    testUtils.act(() => { (everyone as HTMLElement).click() })
    expect(chat.draft).toBe('开会 @全体成员 ')
  })

  it('never offers @全体成员 to one who may not mention everyone', async () => {
    const { chat, members, testUtils } = await mountComposer(false)
    await members.load()
    testUtils.act(() => chat.setDraft('hi @'))
    await testUtils.queries.waitForQuerySelectorAll('.chat-composer__candidate')
    expect(Array.from(document.querySelectorAll('.chat-composer__candidate-name')).map(node => node.textContent)).toEqual(['@林晓'])
  })

  it('shows the message being answered and drops it on ✕', async () => {
    const { chat, testUtils } = await mountComposer(false)
    testUtils.act(() => chat.setReplyTarget(chat.entries[0].message))
    const [context] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__context')
    expect(context.textContent).toContain('回复 林晓')
    testUtils.act(() => { (document.querySelector('.chat-composer__context-close') as HTMLElement).click() })
    expect(chat.replyTarget).toBeNull()
  })

  it('shows each attached picture with its progress, a refusal in words with retry, removes it, and holds the send button meanwhile', async () => {
    const uploads: Array<{ progress: (percent: number) => void, done: ReturnType<typeof deferred<string>> }> = []
    const upload: ImageUploader = (_image, progress) => {
      const done = deferred<string>()
      uploads.push({ progress, done })
      return done.promise
    }
    const onAttach = jest.fn()
    const { chat, testUtils } = await mountComposer(false, { upload, onAttach })
    const [attach] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__attach')
    testUtils.act(() => { (attach as HTMLElement).click() })
    expect(onAttach).toHaveBeenCalled()
    testUtils.act(() => {
      chat.setDraft('看图')
      chat.uploads?.add([{ path: 'blob:a', width: 10, height: 10 }])
      uploads[0].progress(40)
    })
    const [progress] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__progress')
    expect(progress.textContent).toBe('40%')
    expect(document.querySelector('.chat-composer__send')?.hasAttribute('disabled')).toBe(true)
    expect(document.querySelector('.chat-composer__hint')?.textContent).toBe('图片上传中，请稍候')
    await testUtils.act(async () => {
      uploads[0].done.reject(new RequestError({ kind: 'failed', code: 999996, message: '请求异常', status: 413 }))
      await new Promise(resolve => setTimeout(resolve, 0))
    })
    const [failed] = await testUtils.queries.waitForQuerySelectorAll('.chat-composer__failed-text')
    expect(failed.textContent).toBe('图片太大，无法上传')
    testUtils.act(() => { (document.querySelector('.chat-composer__retry') as HTMLElement).click() })
    expect(uploads).toHaveLength(2)
    testUtils.act(() => { (document.querySelector('.chat-composer__remove') as HTMLElement).click() })
    expect(chat.uploads?.images).toEqual([])
    expect(document.querySelector('.chat-composer__send')?.hasAttribute('disabled')).toBe(false)
  })
})
