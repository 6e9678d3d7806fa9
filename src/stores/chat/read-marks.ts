/**
 * Read marks: the newest message I told the server I have read, here or on another of
 * my devices (READ_STATE_UPDATE); told once per newest message.
 */
import { makeAutoObservable } from 'mobx'
import type { StoreLogger } from '../support/load-tracker'
import type { Conversation } from './conversation'
import { compareMessageIds } from './message-order'

/** How far I have read one conversation. */
export class ReadMarks {
  /** The newest message I told the server I have read, or null. */
  lastReadId: string | null = null

  constructor (private readonly conversation: Conversation, private readonly logger: StoreLogger) {
    makeAutoObservable<ReadMarks, 'conversation' | 'logger'>(this, { conversation: false, logger: false })
  }

  /** Tells the server (and so my other devices) I have read up to `newest`, unless it already knows. */
  async markRead (newest: string | null): Promise<void> {
    if (newest === null || (this.lastReadId !== null && compareMessageIds(newest, this.lastReadId) <= 0)) return
    this.lastReadId = newest
    try {
      await this.conversation.api.markRead(newest)
    } catch (error) {
      this.logger.warn('[chat] marking read:', error)
    }
  }

  /** Another device read up to this message. */
  readOn (lastReadId: string): void {
    if (this.lastReadId === null || compareMessageIds(lastReadId, this.lastReadId) > 0) this.lastReadId = lastReadId
  }
}
