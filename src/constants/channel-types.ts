/**
 * SPEC §4: each channel type's name as members read it — for the server settings'
 * channel list and picker and the audit log's channel entries. The key comes from the type
 * (core/domain/channel-types.ts); the texts are the message tables'.
 */
import { channelTypeLabelKey, isKnownChannelType } from '@core/domain/channel-types'
import { t } from '@/i18n'

/** The name of a channel type in the page's language ('' for a type this version does not know); `t` takes only keys the tables hold, so a row naming a missing key does not compile. */
export function channelTypeLabel (type: number): string {
  return isKnownChannelType(type) ? t(channelTypeLabelKey(type)) : ''
}
