/**
 * My messages on their way (sent optimistically): a message shows at once as pending
 * under a nonce, turns sent when the server answers (or its MESSAGE_CREATE arrives
 * first), and a failed one is retried with the same nonce, so the server never stores
 * it twice. An audit rejection, or a refusal by the channel's slow mode, takes the message
 * back and gives its text and pictures back to the composer with the reason.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx'
import { SERVER_CODES } from '@core/wire/codes'
import type { User } from '@core/wire/entities'
import type { Attachment } from '@core/wire/messages'
import { isRequestError } from '@/services/request/errors'
import { failureMessage, type StoreLogger } from '../support/load-tracker'
import { randomNonce } from '../support/random-nonce'
import type { Conversation } from './conversation'
import type { ChatEntry } from './message-order'
import type { ChatMessage } from './types'

/** A message the composer hands over: its text with mention tokens, whom it mentions, what it answers, its pictures. */
export interface OutgoingMessage {
  content: string
  mentions: string[]
  replyTo: ChatMessage | null
  attachments: Attachment[]
}

/** What an outbox needs: its conversation, who I am, the clock, and where answers go. */
export interface OutboxDeps {
  conversation: Conversation
  /** The signed-in user, or null. */
  me: () => User | null
  /** The current time in unix milliseconds. */
  clock: () => number
  logger: StoreLogger
  /** A fresh idempotency key for a message; random by default. */
  newNonce?: () => string
  /** Takes the server's copy of a message in (the history merges it; it settles my pending entry). */
  receive: (message: ChatMessage) => void
  /** Gives an audit-refused message's text and pictures back to the composer with the reason. */
  giveBack: (content: string, attachments: Attachment[], reason: string) => void
  /** The channel's slow mode refused the message (its text was given back): the wait is asked for again. */
  slowed?: () => void
}

/** My messages on their way or failed, in the order I sent them (shown after the server's). */
export class Outbox {
  /** My messages on their way or failed, in the order I sent them. */
  entries: ChatEntry[] = []
  private readonly newNonce: () => string

  constructor (private readonly deps: OutboxDeps) {
    this.newNonce = deps.newNonce ?? randomNonce
    makeAutoObservable<Outbox, 'deps' | 'newNonce'>(this, { deps: false, newNonce: false, entries: observable.shallow })
  }

  /** Shows the message at once as pending and resolves its nonce, or null when nobody is signed in (nothing shown). */
  queue (outgoing: OutgoingMessage): string | null {
    const me = this.deps.me()
    if (me === null) return null
    const nonce = this.newNonce()
    const target = outgoing.replyTo
    const message: ChatMessage = {
      ...this.deps.conversation.place,
      message_id: '',
      author: me,
      content: outgoing.content,
      nonce,
      reply_to: target ? { message_id: target.message_id, author: target.author, content: target.content.slice(0, 100) } : null,
      mentions: outgoing.mentions,
      reactions: [],
      attachments: outgoing.attachments,
      created_at: Math.floor(this.deps.clock() / 1000),
      edited_at: null,
    }
    this.entries.push({ key: keyOf(nonce), message, status: 'pending', error: null })
    return nonce
  }

  /** Sends a failed message again, with its own nonce (the server answers the same message if it had arrived). */
  async retry (key: string): Promise<void> {
    const entry = this.entries.find(item => item.key === key)
    if (!entry || entry.status !== 'failed' || entry.message.nonce === null) return
    this.replace(key, { ...entry, status: 'pending', error: null })
    await this.deliver(entry.message.nonce)
  }

  /** Drops a failed message without sending it. */
  discard (key: string): void {
    this.entries = this.entries.filter(entry => entry.key !== key || entry.status !== 'failed')
  }

  /** The key of my pending entry that the server's copy of a message settles (the entry leaves the outbox), or null. */
  settle (message: ChatMessage): string | null {
    if (message.nonce === null || message.author.uid !== this.deps.me()?.uid) return null
    const mine = this.entries.find(item => item.message.nonce === message.nonce)
    if (!mine) return null
    this.entries = this.entries.filter(item => item !== mine)
    return mine.key
  }

  /** Sends the queued message with this nonce; a failure marks it failed (or gives it back, for an audit rejection). */
  async deliver (nonce: string): Promise<void> {
    const key = keyOf(nonce)
    const entry = this.entries.find(item => item.key === key)
    if (!entry) return
    const { content, reply_to: reply, attachments } = entry.message
    try {
      const message = await this.deps.conversation.api.sendMessage({
        content, nonce, ...(reply ? { reply_to: reply.message_id } : {}), ...(attachments.length > 0 ? { attachments } : {}),
      })
      runInAction(() => this.deps.receive(message))
    } catch (error) {
      runInAction(() => {
        const slowed = isRequestError(error) && error.code === SERVER_CODES.SLOW_MODE_WAIT
        if (isRequestError(error) && (error.kind === 'audit' || slowed)) { // the text goes back to the composer with the reason (the server's words)
          this.entries = this.entries.filter(item => item.key !== key)
          this.deps.giveBack(content, attachments, error.message)
          if (slowed) this.deps.slowed?.()
          return
        }
        const failed = this.entries.find(item => item.key === key)
        if (failed) this.replace(key, { ...failed, status: 'failed', error: failureMessage(error, this.deps.logger) })
      })
    }
  }

  private replace (key: string, entry: ChatEntry): void {
    this.entries = this.entries.map(item => item.key === key ? entry : item)
  }
}

/** The stable key of a message sent under this nonce. */
function keyOf (nonce: string): string {
  return `nonce:${nonce}`
}
