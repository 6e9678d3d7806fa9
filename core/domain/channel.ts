/**
 * Channel rules (SPEC §4, §6): which types a user may create, and how a server's
 * channels are grouped for display. Pure; the server uses the same functions.
 */
import { ChannelKind, type ChannelType } from '@core/wire/codes'
import type { Channel, ChannelGroup } from '@core/wire/entities'
import { channelTypeHas, KNOWN_CHANNEL_TYPES } from './channel-types'

/** SPEC §4, §6: the types users may create — 1 (discussion), 3 (post) and 8 (metaverse) — in ascending order. */
export const CREATABLE_CHANNEL_TYPES: readonly ChannelType[] = KNOWN_CHANNEL_TYPES.filter(type => channelTypeHas(type, 'creatable'))

/** True when a user may create a channel of this type (SPEC §4, §6). */
export function canCreateChannelType (type: number): boolean {
  return channelTypeHas(type, 'creatable')
}

function bySort (a: Channel, b: Channel): number {
  return a.sort - b.sort || a.channel_id.localeCompare(b.channel_id)
}

/**
 * Groups channels for display: top-level channels first (group null), then each group
 * (kind 1) in sort order with its channels in sort order. A channel whose parent is not
 * a known group is shown at top level, so nothing a server sends is hidden.
 */
export function groupChannels (channels: Channel[]): ChannelGroup[] {
  const groups = channels.filter(channel => channel.kind === ChannelKind.Group).sort(bySort)
  const groupIds = new Set(groups.map(group => group.channel_id))
  const members = channels.filter(channel => channel.kind !== ChannelKind.Group)
  const topLevel = members.filter(channel => channel.parent_id === null || !groupIds.has(channel.parent_id)).sort(bySort)
  const result: ChannelGroup[] = topLevel.length > 0 ? [{ group: null, channels: topLevel }] : []
  for (const group of groups) {
    result.push({ group, channels: members.filter(channel => channel.parent_id === group.channel_id).sort(bySort) })
  }
  return result
}

/** Every channel of a grouped list, group headers included, in display order. */
export function flattenGroups (groups: readonly ChannelGroup[]): Channel[] {
  return groups.flatMap(entry => entry.group ? [entry.group, ...entry.channels] : entry.channels)
}

/** The channel (or group header) with this id in a grouped list, or null. */
export function findChannel (groups: readonly ChannelGroup[], channelId: string): Channel | null {
  return flattenGroups(groups).find(channel => channel.channel_id === channelId) ?? null
}

/** The first showroom (a channel carrying a space, not a group header) of a grouped list in display order, or null. */
export function firstShowroomOf (groups: readonly ChannelGroup[]): Channel | null {
  return flattenGroups(groups).find(channel => channelTypeHas(channel.channel_type, 'carriesSpace') && channel.kind !== ChannelKind.Group) ?? null
}
