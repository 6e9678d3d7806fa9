/**
 * A ChannelChat of channel c1 that attaches pictures (through a manual uploader) and
 * reports messages, as the tests of pictures and reports open it.
 */
import { ChannelChat } from '@/stores/chat/channel-chat'
import { fakeLogger, manualScheduler, manualUploader } from './fakes'
import { ME, chatMessage, fakeGateway, fakeMessagesApi, historyPage } from './chat-fakes'
import { NOW_MS } from './open-chat'

/** Lets pending promise callbacks run. */
export const settle = () => new Promise(resolve => setTimeout(resolve, 0))

/** A chat opened on one message, with a manual uploader and a report fake. */
export async function opened () {
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

/** A picked picture of this name and byte size. */
export const picked = (name: string, size = 2048) => ({ path: `blob:${name}`, mime: 'image/png', size, width: 640, height: 480 })
