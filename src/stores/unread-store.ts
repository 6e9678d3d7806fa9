/**
 * Unread and mention counts of the channel list, for every device of the
 * member: seeded from the channel list answer, raised by others' MESSAGE_CREATE (a
 * mention of me raises the mention count too), cleared by READ_STATE_UPDATE (sent to all
 * my sessions when any of them reads the channel) up to the position it names — a message
 * that arrived after it stays counted, however late the update comes — and at once when I
 * read it here. It
 * lives in the root store beside the channel list, so it holds no chat code.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { ChannelGroup } from '@core/wire/entities'
import { compareMessageIds } from './chat/message-order'
import type { ChatGateway } from './chat/types'

/** One channel's counts. */
export interface UnreadCounts {
  unread: number
  mentions: number
}

/** What the channel list answer says per channel when signed in. */
export interface UnreadSeed {
  channel_id: string
  unread_count?: number
  mention_count?: number
}

const NONE: UnreadCounts = { unread: 0, mentions: 0 }

/** Unread and mention counts per channel. */
export class UnreadStore {
  private readonly counts = observable.map<string, UnreadCounts>()
  /** Per channel, the messages counted live since its counts were last seeded or cleared (id, and whether it mentions me). */
  private readonly arrived = new Map<string, Array<{ id: string, mention: boolean }>>()
  private readonly stops: Array<() => void> = []
  /** The channel on screen now: its new messages are read as they arrive. */
  viewing: string | null = null

  constructor (private readonly gateway: ChatGateway, private readonly myUid: () => string | null) {
    makeAutoObservable<UnreadStore, 'gateway' | 'myUid' | 'stops' | 'arrived'>(this, { gateway: false, myUid: false, stops: false, arrived: false })
  }

  /** The counts of a channel (zero when unknown). */
  of (channelId: string): UnreadCounts {
    return this.counts.get(channelId) ?? NONE
  }

  /** True once a channel list answer (or a dispatch) gave the channel's counts. */
  knows (channelId: string): boolean {
    return this.counts.has(channelId)
  }

  /** The channel list with each channel's current counts in its `unread_count` and `mention_count`. */
  overlay (groups: readonly ChannelGroup[]): ChannelGroup[] {
    return groups.map(entry => ({
      group: entry.group,
      channels: entry.channels.map(channel => {
        const counts = this.counts.get(channel.channel_id)
        return counts ? { ...channel, unread_count: counts.unread, mention_count: counts.mentions } : channel
      }),
    }))
  }

  /** Takes the counts of a channel list answer. */
  seed (channels: readonly UnreadSeed[]): void {
    for (const channel of channels) {
      this.counts.set(channel.channel_id, { unread: channel.unread_count ?? 0, mentions: channel.mention_count ?? 0 })
      this.arrived.delete(channel.channel_id)
    }
  }

  /** Follows MESSAGE_CREATE and READ_STATE_UPDATE until `stop`. */
  start (): void {
    this.stops.push(
      this.gateway.on('MESSAGE_CREATE', message => {
        const me = this.myUid()
        if (message.author.uid === me || message.channel_id === this.viewing) return
        const counts = this.of(message.channel_id)
        const mentioned = me !== null && message.mentions.includes(me)
        this.counts.set(message.channel_id, { unread: counts.unread + 1, mentions: counts.mentions + (mentioned ? 1 : 0) })
        this.arrived.set(message.channel_id, [...(this.arrived.get(message.channel_id) ?? []), { id: message.message_id, mention: mentioned }])
      }),
      this.gateway.on('READ_STATE_UPDATE', event => this.readUpTo(event.channel_id, event.last_read_id)),
    )
  }

  /** Stops following the gateway. */
  stop (): void {
    this.stops.splice(0).forEach(stop => stop())
  }

  /** The channel shown now (null: none); it reads as read at once. */
  view (channelId: string | null): void {
    this.viewing = channelId
    if (channelId !== null) this.clear(channelId)
  }

  /** The channel's counts drop to zero (read here). */
  clear (channelId: string): void {
    this.counts.set(channelId, NONE)
    this.arrived.delete(channelId)
  }

  /**
   * The channel was read up to `lastReadId` (here or on another device): what was counted
   * before and up to it is read; the messages counted live after it stay unread (the
   * update may arrive after a newer message did).
   */
  readUpTo (channelId: string, lastReadId: string): void {
    const newer = (this.arrived.get(channelId) ?? []).filter(entry => compareMessageIds(entry.id, lastReadId) > 0)
    this.counts.set(channelId, { unread: newer.length, mentions: newer.filter(entry => entry.mention).length })
    if (newer.length > 0) this.arrived.set(channelId, newer)
    else this.arrived.delete(channelId)
  }
}
