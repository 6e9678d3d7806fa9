/**
 * A ChannelChat of channel c1 on fakes, as the chat's store tests open it: the clock at
 * NOW_MS, nonces counted from 1, and what it shows read as ids or contents.
 */
import { ChannelChat } from '@/stores/chat/channel-chat'
import type { ChatMessage } from '@/stores/chat/types'
import { fakeLogger, manualClock, manualScheduler } from './fakes'
import { ME, fakeGateway, fakeMessagesApi, historyPage } from './chat-fakes'

/** The tests' time: just after the fake messages were written. */
export const NOW_MS = 1_790_000_100_000

/** A chat of channel c1 on fakes, not started yet. */
export function setup (options: { unreadCount?: number, lastReadId?: string | null, pageSize?: number } = {}) {
  const api = fakeMessagesApi()
  const gateway = fakeGateway()
  const clock = manualClock(NOW_MS)
  const scheduler = manualScheduler()
  let nonces = 0
  const chat = new ChannelChat({ channelId: 'c1', serverId: '723658', unreadCount: options.unreadCount, lastReadId: options.lastReadId }, {
    api, gateway, me: () => ME, clock: clock.now, scheduler, logger: fakeLogger(), newNonce: () => `nonce-${++nonces}`, pageSize: options.pageSize,
  })
  return { api, gateway, clock, scheduler, chat }
}

/** A chat opened on these messages (the newest page). */
export async function opened (items: ChatMessage[], hasMore = false, options: { unreadCount?: number } = {}) {
  const context = setup(options)
  context.api.listHistory.mockResolvedValueOnce(historyPage(items, hasMore))
  await context.chat.start()
  return context
}

/** The ids of what the chat shows, oldest first. */
export const ids = (chat: ChannelChat) => chat.entries.map(entry => entry.message.message_id)
/** The contents of what the chat shows, oldest first. */
export const contents = (chat: ChannelChat) => chat.entries.map(entry => entry.message.content)
