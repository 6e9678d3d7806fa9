/**
 * SPEC §4: each channel type as members read it — one table for the server settings'
 * channel list and picker and the audit log's channel entries.
 */
import { ChannelType } from '@core/wire/codes'
import { t, type MessageKey } from '@/i18n'

/** Each channel type's message key (the type checks that every type is named). */
const CHANNEL_TYPE_KEYS: Readonly<Record<ChannelType, MessageKey>> = {
  [ChannelType.Discussion]: 'settingsChannelType1',
  [ChannelType.Voice]: 'settingsChannelType2',
  [ChannelType.Post]: 'settingsChannelType3',
  [ChannelType.Metaverse]: 'settingsChannelType8',
  [ChannelType.GamePlaza]: 'settingsChannelType10',
  [ChannelType.ExternalLink]: 'settingsChannelType11',
  [ChannelType.Live]: 'settingsChannelType12',
  [ChannelType.LiveBanner]: 'settingsChannelType13',
}

/** The name of a channel type in the page's language; '' for a type this version does not know. */
export function channelTypeLabel (type: ChannelType): string {
  const key = CHANNEL_TYPE_KEYS[type] as MessageKey | undefined
  return key ? t(key) : ''
}
