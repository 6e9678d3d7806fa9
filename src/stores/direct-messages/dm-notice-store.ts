/**
 * The in-app notice of a direct message (私信): when one arrives while the member is
 * anywhere but its conversation, a small banner says who wrote and the first words, and a
 * tap opens the conversation. One notice at a time: what arrives while it shows joins it
 * (a burst is one notice that counts its messages, and opens the list when they come from
 * several conversations), it goes after {@link DM_NOTICE_SHOWN_MS} without a new one, and
 * one message is never noticed twice (a resumed socket replays what it missed). It lives in
 * the root store from the start, apart from the conversation list (a chunk of its own), so
 * a message is noticed on every page, Home included; it follows DM_MESSAGE_CREATE only.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { DispatchPayloads } from '@core/wire/dispatches'
import type { ChatMessage as DirectMessage } from '@core/wire/messages'
import type { User } from '@core/wire/entities'
import { DispatchSubscriptions, type DispatchSource } from '../support/dispatch-subscriptions'
import type { TimerScheduler } from '../support/timer-scheduler'

/** How long a notice stands after its newest message, in ms. */
export const DM_NOTICE_SHOWN_MS = 5000

/** How many noticed message ids are remembered (a replay after a resume is far shorter). */
export const DM_NOTICE_REMEMBERED = 200

/** The dispatch the notice follows. */
export type DmNoticeDispatches = Pick<DispatchPayloads, 'DM_MESSAGE_CREATE'>

/** One notice on screen. */
export interface DmNotice {
  /** The conversation a tap opens; null when the notice stands for several (a tap opens the list). */
  conversationId: string | null
  /** The newest message it stands for: its author and first words are shown. */
  latest: DirectMessage
  /** How many messages it stands for. */
  count: number
}

/** What the notice is built on. */
export interface DmNoticeSources {
  /** The signed-in user, or null (their own messages, from another device, are not noticed). */
  me: () => User | null
  /** The conversation on screen now, or null (its messages are not noticed). */
  looking: () => string | null
  scheduler: TimerScheduler
}

/** The direct-message notice every page shows. */
export class DmNoticeStore {
  /** The notice, or null; hidden while its conversation is on screen (see {@link shown}). */
  notice: DmNotice | null = null
  private readonly noticed: string[] = []
  private readonly subscriptions = new DispatchSubscriptions()
  private cancelTimer: (() => void) | null = null

  constructor (private readonly sources: DmNoticeSources) {
    makeAutoObservable<DmNoticeStore, 'sources' | 'noticed' | 'subscriptions' | 'cancelTimer'>(this, {
      sources: false, noticed: false, subscriptions: false, cancelTimer: false, notice: observable.ref,
    })
  }

  /** The notice to show now: none while the member looks at the one conversation it is about. */
  get shown (): DmNotice | null {
    const notice = this.notice
    return notice !== null && notice.conversationId !== null && notice.conversationId === this.sources.looking() ? null : notice
  }

  /** Follows the gateway's new direct messages (attaching again replaces the handler). */
  attach (source: DispatchSource<DmNoticeDispatches>): void {
    this.subscriptions.replace([source.on('DM_MESSAGE_CREATE', message => { this.arrived(message) })])
  }

  /** Takes the notice away (closed, or tapped: its conversation opens). */
  dismiss (): void {
    this.cancelTimer?.()
    this.cancelTimer = null
    this.notice = null
  }

  /** Stops following the gateway and takes the notice away. */
  dispose (): void {
    this.subscriptions.stop()
    this.dismiss()
  }

  private arrived (message: DirectMessage): void {
    if (this.noticed.includes(message.message_id)) return
    if (message.author.uid === this.sources.me()?.uid || message.channel_id === this.sources.looking()) return
    this.noticed.push(message.message_id)
    if (this.noticed.length > DM_NOTICE_REMEMBERED) this.noticed.shift()
    const standing = this.notice
    this.notice = {
      conversationId: standing === null || standing.conversationId === message.channel_id ? message.channel_id : null,
      latest: message,
      count: (standing?.count ?? 0) + 1,
    }
    this.cancelTimer?.()
    this.cancelTimer = this.sources.scheduler.schedule(() => this.dismiss(), DM_NOTICE_SHOWN_MS)
  }
}
