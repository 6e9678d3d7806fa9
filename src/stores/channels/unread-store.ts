/**
 * Unread and mention counts of the channel list, for every device of the
 * member: seeded from the channel list answer, raised by others' MESSAGE_CREATE (a
 * mention of me raises the mention count too), cleared by READ_STATE_UPDATE (sent to all
 * my sessions when any of them reads the channel) up to the position it names — a message
 * that arrived after it stays counted, however late the update comes, and an update no newer
 * than the position known here changes nothing — by my own message (it reads the channel up
 * to it, as the server counts), and at once when I read it here.
 * A list answer counts up to the channel's newest message when it was taken: a live message
 * newer than that stays counted on top of it, however late the answer comes, and a read
 * short of that newest message leaves the answer's count standing (which of its messages
 * were read is not known here; opening the channel or the next answer settles it). It
 * lives in the root store beside the channel list, so it holds no chat code.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { ChannelGroup } from '@core/wire/entities'
import { compareMessageIds } from '../chat/message-order'
import type { ChatGateway } from '../chat/types'

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
  /** The channel's newest message when the counts were taken (null: none; absent: unknown, the counts are taken as they are). */
  last_message_id?: string | null
  /** The member's read position then (null: none). */
  last_read_id?: string | null
}

const NONE: UnreadCounts = { unread: 0, mentions: 0 }

/** What a list answer counted of a channel, and up to which message (undefined: not told). */
interface AnswerCount extends UnreadCounts {
  upTo: string | null | undefined
}

/** Unread and mention counts per channel. */
export class UnreadStore {
  /** Per channel, what the newest list answer counted that no read has cleared since (zero once read). */
  private readonly answered = observable.map<string, AnswerCount>(undefined, { deep: false })
  /** Per channel, the messages counted live that no list answer counted yet and no read cleared (id, and whether it mentions me). */
  private readonly arrived = observable.map<string, Array<{ id: string, mention: boolean }>>(undefined, { deep: false })
  /** Per channel, the newest read position known here (a list answer's, a read update's, my own message's). */
  private readonly positions = new Map<string, string | null>()
  private readonly stops: Array<() => void> = []
  /** Whose counts and read positions these are: another member signed in on this device starts afresh. */
  private member: string | null = null
  /** The channel on screen now: its new messages are read as they arrive. */
  viewing: string | null = null

  constructor (private readonly gateway: ChatGateway, private readonly myUid: () => string | null) {
    makeAutoObservable<UnreadStore, 'gateway' | 'myUid' | 'stops' | 'answered' | 'arrived' | 'positions' | 'member'>(this, {
      gateway: false, myUid: false, stops: false, answered: false, arrived: false, positions: false, member: false,
    })
  }

  /** The counts of a channel: what its answer counted plus what arrived since (zero when unknown). */
  of (channelId: string): UnreadCounts {
    const answer = this.answered.get(channelId) ?? NONE
    const arrived = this.arrived.get(channelId) ?? []
    return { unread: answer.unread + arrived.length, mentions: answer.mentions + arrived.filter(entry => entry.mention).length }
  }

  /** True once a channel list answer (or a dispatch) gave the channel's counts. */
  knows (channelId: string): boolean {
    return this.answered.has(channelId) || this.arrived.has(channelId)
  }

  /** The channel list with each channel's current counts in its `unread_count` and `mention_count`. */
  overlay (groups: readonly ChannelGroup[]): ChannelGroup[] {
    return groups.map(entry => ({
      group: entry.group,
      channels: entry.channels.map(channel => {
        if (!this.knows(channel.channel_id)) return channel
        const counts = this.of(channel.channel_id)
        return { ...channel, unread_count: counts.unread, mention_count: counts.mentions }
      }),
    }))
  }

  /**
   * The read position known for a channel (the first unread message is the first of others'
   * after it): null when it has none, undefined when no list answer or read told it.
   */
  readPosition (channelId: string): string | null | undefined {
    return this.positions.get(channelId)
  }

  /**
   * Takes the counts of a channel list answer: the messages counted live after the newest
   * one it counted stay on top; a channel read here since up to or past that newest one
   * stays read; the channel on screen keeps what its chat counts.
   */
  seed (channels: readonly UnreadSeed[]): void {
    this.followMember()
    for (const channel of channels) {
      const id = channel.channel_id
      if (channel.last_read_id !== undefined) this.moveReadPosition(id, channel.last_read_id)
      if (id === this.viewing) continue
      const newest = channel.last_message_id
      const position = this.positions.get(id)
      const readSince = (newest != null && position != null && compareMessageIds(position, newest) >= 0)
      this.answered.set(id, readSince ? { ...NONE, upTo: newest } : { unread: channel.unread_count ?? 0, mentions: channel.mention_count ?? 0, upTo: newest })
      // an answer that does not say up to which message counted everything so far
      this.keepArrived(id, newest === undefined ? [] : (this.arrived.get(id) ?? []).filter(entry => newest === null || compareMessageIds(entry.id, newest) > 0))
    }
  }

  /** Follows MESSAGE_CREATE and READ_STATE_UPDATE until `stop`. */
  start (): void {
    this.stops.push(
      this.gateway.on('MESSAGE_CREATE', message => {
        this.followMember()
        const me = this.myUid()
        // my own message reads the channel up to it (the server counts so too)
        if (message.author.uid === me) return this.readUpTo(message.channel_id, message.message_id)
        if (message.channel_id === this.viewing) return
        const mentioned = me !== null && message.mentions.includes(me)
        this.arrived.set(message.channel_id, [...(this.arrived.get(message.channel_id) ?? []), { id: message.message_id, mention: mentioned }])
      }),
      this.gateway.on('READ_STATE_UPDATE', event => {
        this.followMember()
        this.readUpTo(event.channel_id, event.last_read_id)
      }),
    )
  }

  /** Stops following the gateway. */
  stop (): void {
    this.stops.splice(0).forEach(stop => stop())
  }

  /** The channel shown now (null: none): its counts are then its chat's ({@link UnreadStore.readOnScreen}), not the list's nor the live ones. */
  view (channelId: string | null): void {
    this.viewing = channelId
  }

  /**
   * The channel on screen was read up to `position` (the newest message shown), and its chat
   * counts `left` still unread below it among its messages up to `newestId`: the badge shows
   * that, never zero first and the old count again later.
   */
  readOnScreen (channelId: string, position: string | null, left: UnreadCounts, newestId: string | null): void {
    this.followMember()
    if (position !== null) this.moveReadPosition(channelId, position)
    this.answered.set(channelId, { ...left, upTo: newestId })
    this.arrived.delete(channelId)
  }

  /**
   * The channel was read up to `lastReadId` (here or on another device): what was counted
   * before and up to it is read; the messages counted live after it stay unread (the
   * update may arrive after a newer message did). A position no newer than the one known
   * here is old news; one short of what the list answer counted leaves that count standing.
   */
  readUpTo (channelId: string, lastReadId: string): void {
    const known = this.positions.get(channelId)
    if (known != null && compareMessageIds(lastReadId, known) <= 0) return
    this.moveReadPosition(channelId, lastReadId)
    const answer = this.answered.get(channelId)
    const shortOfAnswer = answer !== undefined && answer.upTo != null && compareMessageIds(answer.upTo, lastReadId) > 0
    if (!shortOfAnswer) this.answered.set(channelId, { ...NONE, upTo: undefined })
    this.keepArrived(channelId, (this.arrived.get(channelId) ?? []).filter(entry => compareMessageIds(entry.id, lastReadId) > 0))
  }

  private followMember (): void {
    const me = this.myUid()
    if (me === this.member) return
    this.member = me
    this.answered.clear()
    this.arrived.clear()
    this.positions.clear()
  }

  private moveReadPosition (channelId: string, position: string | null): void {
    const known = this.positions.get(channelId)
    if (known == null || (position !== null && compareMessageIds(position, known) > 0)) this.positions.set(channelId, position)
  }

  private keepArrived (channelId: string, entries: Array<{ id: string, mention: boolean }>): void {
    if (entries.length > 0) this.arrived.set(channelId, entries)
    else this.arrived.delete(channelId)
  }
}
