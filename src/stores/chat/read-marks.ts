/**
 * Read marks: the newest message I have read, here or on another of my devices
 * (READ_STATE_UPDATE), and telling the server so — once per newer position, one request at a
 * time: positions asked for while one is on its way are told together, as the newest of them;
 * and what is still unread below it among the loaded messages. While the unread count at
 * opening is unknown (opened by a link before the channel list arrived) no mark is made: the
 * one asked for waits for the count.
 */
import { makeAutoObservable } from 'mobx'
import type { StoreLogger } from '../support/load-tracker'
import type { Conversation } from './conversation'
import type { MessageHistory } from './history'
import { compareMessageIds } from './message-order'
import type { ChatMessage } from './types'

/** What read marks need: the conversation they are told to, the history they read, and whose messages count. */
export interface ReadMarksDeps {
  conversation: Conversation
  logger: StoreLogger
  history: Pick<MessageHistory, 'sent' | 'unreadKnown' | 'firstUnreadId' | 'knowUnread'>
  /** True for a message of mine (never unread). */
  isMine: (message: ChatMessage) => boolean
  /** True for a message that mentions me. */
  mentionsMe: (message: ChatMessage) => boolean
}

/** How far I have read one conversation, and what is unread below it. */
export class ReadMarks {
  /** The newest message I have read (told the server, or read on another device, or read when the conversation opened), or null. */
  lastReadId: string | null = null
  /** The position the server was last told (or told me), so it is not told again. */
  private told: string | null = null
  private telling: Promise<void> | null = null
  /** A read mark asked for before the unread count was known (the message it reads up to): it is made when the count says nothing was unread. */
  private awaitingCount: string | null = null

  constructor (private readonly deps: ReadMarksDeps) {
    makeAutoObservable<ReadMarks, 'deps' | 'told' | 'telling' | 'awaitingCount'>(this, { deps: false, told: false, telling: false, awaitingCount: false })
  }

  /**
   * The unread count at opening and the read position, known only now: places the history's
   * divider once, and makes the read mark asked for meanwhile when nothing was unread.
   */
  knowUnread (count: number, lastReadId: string | null): void {
    this.deps.history.knowUnread(count, lastReadId)
    if (lastReadId !== null) this.readOn(lastReadId)
    const awaiting = this.awaitingCount
    if (awaiting === null) return
    this.awaitingCount = null
    if (this.deps.history.firstUnreadId === null) void this.markRead(awaiting)
  }

  /**
   * What is still unread among the loaded messages: others' messages newer than the read
   * position (without one, from the first message unread at opening on), and how many of them
   * mention me; null while the unread count at opening is not known.
   */
  get unreadBelow (): { unread: number, mentions: number } | null {
    const { history, isMine, mentionsMe } = this.deps
    if (!history.unreadKnown) return null
    const read = this.lastReadId
    const from = history.firstUnreadId
    if (read === null && from === null) return { unread: 0, mentions: 0 }
    let unread = 0
    let mentions = 0
    for (const { message } of history.sent) {
      const after = read !== null ? compareMessageIds(message.message_id, read) > 0 : from !== null && compareMessageIds(message.message_id, from) >= 0
      if (!after || isMine(message)) continue
      unread += 1
      if (mentionsMe(message)) mentions += 1
    }
    return { unread, mentions }
  }

  /**
   * Tells the server (and so my other devices) I have read up to `newest`, unless it already
   * knows as much: once per newer position, never back. While the unread count at opening is
   * unknown the mark waits for it (when opened by a link, the view's first stop at the bottom
   * marked everything read before the channel list told the count, and the new-messages
   * divider never came).
   */
  markRead (newest: string | null): Promise<void> {
    if (!this.deps.history.unreadKnown) {
      this.awaitingCount = newest
      return Promise.resolve()
    }
    if (newest === null || (this.lastReadId !== null && compareMessageIds(newest, this.lastReadId) <= 0)) return this.telling ?? Promise.resolve()
    this.lastReadId = newest
    this.telling ??= this.tell().finally(() => { this.telling = null })
    return this.telling
  }

  /** The server already holds this position (another device read up to it, or it was the read position when the conversation opened). */
  readOn (lastReadId: string): void {
    if (this.lastReadId === null || compareMessageIds(lastReadId, this.lastReadId) > 0) {
      this.lastReadId = lastReadId
      this.told = lastReadId
    }
  }

  private async tell (): Promise<void> {
    while (this.lastReadId !== null && this.lastReadId !== this.told) {
      const position = this.lastReadId
      this.told = position
      try {
        await this.deps.conversation.api.markRead(position)
      } catch (error) {
        this.deps.logger.warn('[chat] marking read:', error)
        return
      }
    }
  }
}
