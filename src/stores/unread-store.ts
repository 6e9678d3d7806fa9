/**
 * Unread and mention counts of the channel list, for every device of the
 * member: seeded from the channel list answer, raised by others' MESSAGE_CREATE (a
 * mention of me raises the mention count too), cleared by READ_STATE_UPDATE (sent to all
 * my sessions when any of them reads the channel) and at once when I read it here. It
 * lives in the root store beside the channel list, so it holds no chat code.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { ChannelGroup } from '@core/wire/entities'
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
  private readonly stops: Array<() => void> = []
  /** The channel on screen now: its new messages are read as they arrive. */
  viewing: string | null = null

  constructor (private readonly gateway: ChatGateway, private readonly myUid: () => string | null) {
    makeAutoObservable<UnreadStore, 'gateway' | 'myUid' | 'stops'>(this, { gateway: false, myUid: false, stops: false })
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
      }),
      this.gateway.on('READ_STATE_UPDATE', event => this.clear(event.channel_id)),
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

  /** The channel's counts drop to zero (read here or on another device). */
  clear (channelId: string): void {
    this.counts.set(channelId, NONE)
  }
}
