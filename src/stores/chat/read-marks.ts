/**
 * Read marks: the newest message I have read, here or on another of my devices
 * (READ_STATE_UPDATE), and telling the server so — once per newer position, one request at a
 * time: positions asked for while one is on its way are told together, as the newest of them.
 */
import { makeAutoObservable } from 'mobx'
import type { StoreLogger } from '../support/load-tracker'
import type { Conversation } from './conversation'
import { compareMessageIds } from './message-order'

/** How far I have read one conversation. */
export class ReadMarks {
  /** The newest message I have read (told the server, or read on another device, or read when the conversation opened), or null. */
  lastReadId: string | null = null
  /** The position the server was last told (or told me), so it is not told again. */
  private told: string | null = null
  private telling: Promise<void> | null = null

  constructor (private readonly conversation: Conversation, private readonly logger: StoreLogger) {
    makeAutoObservable<ReadMarks, 'conversation' | 'logger' | 'told' | 'telling'>(this, { conversation: false, logger: false, told: false, telling: false })
  }

  /** Tells the server (and so my other devices) I have read up to `newest`, unless it already knows as much. */
  markRead (newest: string | null): Promise<void> {
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
        await this.conversation.api.markRead(position)
      } catch (error) {
        this.logger.warn('[chat] marking read:', error)
        return
      }
    }
  }
}
