/**
 * What a member does to a shown message of a channel — deletes it (theirs, or another's as a
 * moderator), reports it, reacts to it (shown at once, undone when the server refuses) — and
 * the same changes arriving from others through the gateway, applied in one place.
 */
import { runInAction } from 'mobx'
import type { User } from '@core/wire/entities'
import type { ReportBody, ReportReason } from '@core/wire/trust'
import { failureMessage, type StoreLogger } from '../support/load-tracker'
import type { Composer } from './composer'
import type { Conversation } from './conversation'
import type { MessageHistory } from './history'
import { hasMyReaction, reactedWith } from './reactions'
import type { MessageDeleteEvent, ReactionEvent } from './types'

/** What the actions need: where the message is, its history, the composer editing it, who I am and how to report. */
export interface MessageActionsDeps {
  channelId: string
  serverId: string
  conversation: Conversation
  history: Pick<MessageHistory, 'find' | 'remove' | 'change'>
  composer: Pick<Composer, 'forget'>
  me: () => User | null
  logger: StoreLogger
  /** Sends a report to the server's moderators; without one nothing can be reported. */
  report?: (body: ReportBody) => Promise<unknown>
}

/** The actions on one channel's shown messages. */
export class MessageActions {
  constructor (private readonly deps: MessageActionsDeps) {}

  /** Deletes my message, or another's as a moderator (ManageMessages; the server decides); resolves with the failure's message, or null when deleted. */
  async remove (messageId: string): Promise<string | null> {
    try {
      await this.deps.conversation.api.deleteMessage(messageId)
      runInAction(() => this.applyDelete({ channel_id: this.deps.channelId, message_id: messageId }))
      return null
    } catch (error) {
      return failureMessage(error, this.deps.logger)
    }
  }

  /** Reports another's message to the server's moderators; resolves with the failure's message, or null when the report was taken. */
  async report (messageId: string, reason: ReportReason): Promise<string | null> {
    if (!this.deps.report) return null
    try {
      await this.deps.report({ target_type: 'message', target_id: messageId, server_id: this.deps.serverId, reason })
      return null
    } catch (error) {
      return failureMessage(error, this.deps.logger)
    }
  }

  /** Adds my reaction, or takes it back when I had it; shown at once, undone when the server refuses. Resolves with the failure's message, or null. */
  async toggleReaction (messageId: string, emoji: string): Promise<string | null> {
    const entry = this.deps.history.find(messageId)
    const uid = this.deps.me()?.uid
    if (!entry || uid === undefined) return null
    const had = hasMyReaction(entry.message, emoji)
    const event: ReactionEvent = { channel_id: this.deps.channelId, message_id: messageId, emoji, uid }
    this.applyReaction(event, had ? -1 : 1)
    try {
      if (had) await this.deps.conversation.api.removeReaction(messageId, emoji)
      else await this.deps.conversation.api.addReaction(messageId, emoji)
      return null
    } catch (error) {
      runInAction(() => this.applyReaction(event, had ? 1 : -1))
      return failureMessage(error, this.deps.logger)
    }
  }

  /** A message is gone: out of the history, and out of the composer when it was being edited or answered. */
  applyDelete (event: MessageDeleteEvent): void {
    if (this.deps.history.remove(event.message_id)) this.deps.composer.forget(event.message_id)
  }

  /** One person's reaction added (`delta` 1) or taken back (-1); my own echo is not counted twice. */
  applyReaction (event: ReactionEvent, delta: 1 | -1): void {
    const mine = event.uid === this.deps.me()?.uid
    this.deps.history.change(event.message_id, message => ({ ...message, reactions: reactedWith(message.reactions, event.emoji, delta, mine) }))
  }
}
