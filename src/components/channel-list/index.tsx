import { View, Text } from '@tarojs/components'
import { ChannelType } from '@core/wire/codes'
import type { Channel, ChannelGroup } from '@core/wire/entities'
import './index.scss'

/** SPEC §4: the glyph shown for each channel type (plain text, no icon font). */
export const CHANNEL_TYPE_ICON: Readonly<Record<ChannelType, string>> = {
  [ChannelType.Discussion]: '#',
  [ChannelType.Voice]: '🔊',
  [ChannelType.Post]: '📝',
  [ChannelType.Metaverse]: '🌐',
  [ChannelType.GamePlaza]: '🎮',
  [ChannelType.ExternalLink]: '🔗',
  [ChannelType.Live]: '📺',
  [ChannelType.LiveBanner]: '📣',
}

/** The glyph of a channel type; a neutral dot for a type this client does not know. */
export function channelIconOf (type: number): string {
  return CHANNEL_TYPE_ICON[type as ChannelType] ?? '•'
}

/** What the list shows. */
export interface ChannelListProps {
  /** The channel list grouped for display (SPEC §4: kind 1 groups are headers). */
  groups: readonly ChannelGroup[]
  onTap: (channel: Channel) => void
}

function ChannelRow ({ channel, onTap }: { channel: Channel, onTap: (channel: Channel) => void }) {
  return (
    <View className='channel-list__row' onClick={() => onTap(channel)}>
      <Text className={`channel-list__icon channel-list__icon--t${channel.channel_type}`}>{channelIconOf(channel.channel_type)}</Text>
      <Text className='channel-list__name'>{channel.name}</Text>
      <Text className='channel-list__chevron'>›</Text>
    </View>
  )
}

/** The channel list: top-level channels, then each group's header with its channels; a row per channel with its type's icon. */
export default function ChannelList ({ groups, onTap }: ChannelListProps) {
  return (
    <View className='channel-list'>
      {groups.map(entry => (
        <View className='channel-list__group' key={entry.group?.channel_id ?? 'top'}>
          {entry.group && <Text className='channel-list__header'>{entry.group.name}</Text>}
          {entry.channels.map(channel => <ChannelRow key={channel.channel_id} channel={channel} onTap={onTap} />)}
        </View>
      ))}
    </View>
  )
}
