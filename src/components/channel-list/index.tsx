import { Image, View, Text } from '@tarojs/components'
import type { Channel, ChannelGroup } from '@core/wire/entities'
import type { VoiceState } from '@core/wire/voice'
import VoiceFaces from '@/components/voice-faces'
import { formatBadgeCount, formatCount } from '@/utils/format-number'
import { t } from '@/i18n'
import { mediaUrl } from '@/utils/media-url'
import './index.scss'
import { CURRENT_PAGE, DECORATIVE_IMAGE } from '@/constants/a11y'
import { pressable } from '@/utils/pressable'

/**
 * A channel's icon: the image the server gives every channel (its type's SVG icon unless
 * the channel has its own), never a font glyph — emoji show as empty boxes where no emoji
 * font is installed. Without an image, the name's first character on its type's tint.
 */
export function ChannelIcon ({ channel }: { channel: Pick<Channel, 'icon' | 'name' | 'channel_type'> }) {
  const src = mediaUrl(channel.icon)
  if (src !== '') return <Image className='channel-list__icon' src={src} mode='aspectFill' nativeProps={DECORATIVE_IMAGE} />
  return <Text className={`channel-list__icon channel-list__icon--t${channel.channel_type}`}>{Array.from(channel.name.trim())[0] ?? ''}</Text>
}

/** What a signed-in member's channel list adds per channel (the msg branch's answer); absent otherwise. */
interface UnreadCounts {
  unread_count?: number
  mention_count?: number
}

/** The unread messages of a channel for the signed-in member (0 when the answer has none). */
export function unreadCountOf (channel: Channel & UnreadCounts): number {
  const count = channel.unread_count
  return typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0
}

/** What the list shows. */
export interface ChannelListProps {
  /** The channel list grouped for display (SPEC §4: kind 1 groups are headers). */
  groups: readonly ChannelGroup[]
  onTap: (channel: Channel) => void
  /** The channel open beside the list (the desktop column marks it), if any. */
  currentId?: string | null
  /** How many stand in each metaverse channel's space, by channel id (像素乐园 · 23 人在逛). */
  spaceCounts?: Readonly<Record<string, number>>
  /** Who is in each voice channel's room, by channel id, in join order (their faces on the row). */
  voiceRooms?: Readonly<Record<string, readonly VoiceState[]>>
  /** The uids speaking now in a voice room (a ring on their face). */
  speaking?: ReadonlySet<string>
}

const NOBODY: readonly VoiceState[] = []
const NOBODY_SPEAKING: ReadonlySet<string> = new Set()

/** One channel: a keyboard button on H5 (Tab, then Enter or Space opens it). */
function ChannelRow ({ channel, onTap, current, spaceCount, voiceMembers, speaking }: { channel: Channel, onTap: (channel: Channel) => void, current: boolean, spaceCount: number, voiceMembers: readonly VoiceState[], speaking: ReadonlySet<string> }) {
  const unread = unreadCountOf(channel)
  return (
    <View className={`channel-list__row${current ? ' channel-list__row--current' : ''}`} {...pressable(() => onTap(channel))} {...(current ? CURRENT_PAGE : {})}>
      <ChannelIcon channel={channel} />
      <Text className='channel-list__name'>
        {channel.name}
        {spaceCount > 0 && <Text className='channel-list__space'>{` · ${t('spaceCount', { count: formatCount(spaceCount) })}`}</Text>}
      </Text>
      <VoiceFaces members={voiceMembers} speaking={speaking} />
      {unread > 0 && <Text className='channel-list__unread'>{formatBadgeCount(unread)}</Text>}
      <Text className='channel-list__chevron'>›</Text>
    </View>
  )
}

/** The channel list: top-level channels, then each group's header with its channels; a row per channel with its icon and unread badge (SPEC §9: 99+), and a voice channel's faces of who is in it. */
export default function ChannelList ({ groups, onTap, currentId = null, spaceCounts = {}, voiceRooms = {}, speaking = NOBODY_SPEAKING }: ChannelListProps) {
  return (
    <View className='channel-list'>
      {groups.map(entry => (
        <View className='channel-list__group' key={entry.group?.channel_id ?? 'top'}>
          {entry.group && <Text className='channel-list__header'>{entry.group.name}</Text>}
          {entry.channels.map(channel => <ChannelRow key={channel.channel_id} channel={channel} onTap={onTap} current={channel.channel_id === currentId} spaceCount={spaceCounts[channel.channel_id] ?? 0} voiceMembers={voiceRooms[channel.channel_id] ?? NOBODY} speaking={speaking} />)}
        </View>
      ))}
    </View>
  )
}
