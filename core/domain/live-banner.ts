/**
 * Home's live banner (SPEC §2, §4): which channel is the banner and which item it
 * features. Pure: the Home page shows it, and the reference server preloads the
 * featured item's cover with the page it serves (server/src/plugins/page-answers.ts).
 */
import { ChannelKind } from '@core/wire/codes'
import type { Channel, LiveItem } from '@core/wire/entities'
import { channelTypeHas } from './channel-types'
import type { LiveState } from './live-state'

/** A live item with its state now (what the banner chooses among). */
export interface StatedLiveItem {
  item: Pick<LiveItem, 'channel_id'>
  state: LiveState
}

/** The live banner channel of a channel list (the first of a type featured on Home — 13 — that is not a group header), if any. */
export function liveBannerChannelOf<C extends Pick<Channel, 'channel_type' | 'kind'>> (channels: readonly C[]): C | undefined {
  return channels.find(channel => channelTypeHas(channel.channel_type, 'featuredOnHome') && channel.kind !== ChannelKind.Group)
}

/**
 * The featured item of the live banner: its own item on air, else its first item, else
 * any item on air; null when there is no banner channel or nothing to feature.
 */
export function bannerEntryOf<T extends StatedLiveItem> (banner: Pick<Channel, 'channel_id'> | undefined, entries: readonly T[]): T | null {
  if (!banner) return null
  const own = entries.filter(entry => entry.item.channel_id === banner.channel_id)
  return own.find(entry => entry.state === 'live') ?? own[0] ?? entries.find(entry => entry.state === 'live') ?? null
}
