/**
 * What tapping a channel does — in Home's list and the desktop column, and what
 * `cid`/`channel_id` in Home's query or a channel page's own link does:
 * discussion, post and live channels open their read-only channel page; a metaverse
 * channel opens its gather space (the Market page stays its showroom's own link); a voice
 * channel opens its voice room; a game plaza opens its lobby of tables; an external link
 * asks first, naming the host, then leaves for it (http/https only); a type this version
 * does not know is not supported (SPEC §8: 暂不支持该功能).
 */
import { channelOpens, opensOnChannelPage } from '@core/domain/channel-types'
import type { Channel } from '@core/wire/entities'
import { t } from '@/i18n'
import { navigate, webNavigator } from '@/router'
import { copyShareLink } from '@/services/share'
import { modal, showUnsupported, toast } from '@/utils/feedback'
import { isH5 } from '@/utils/platform'
import { parseHttpUrl } from '@core/query/url'

/** What a tap on a channel leads to. */
export type ChannelAction = 'channel' | 'space' | 'voice' | 'plaza' | 'link' | 'unsupported'

/** The action of a channel's type, as its row in core/domain/channel-types.ts says (unknown types count as not supported yet). */
export function channelActionOf (type: number): ChannelAction {
  const opens = channelOpens(type)
  return opensOnChannelPage(opens) ? 'channel' : opens
}

/**
 * An external link: http(s) only (anything else is refused with a toast), and only after
 * the person confirms the host. H5 leaves in the same tab; the mini-program cannot open
 * arbitrary sites, so the link is copied for a browser.
 */
export async function openExternalLink (url: string | null): Promise<void> {
  const parsed = typeof url === 'string' ? parseHttpUrl(url.trim()) : null
  if (url === null || parsed === null) {
    await toast(t('linkRefused'))
    return
  }
  const confirmed = await modal({ title: t('linkOpenTitle'), content: t('linkOpenConfirm', { host: parsed.host }) })
  if (!confirmed) return
  if (isH5()) webNavigator.assign(url.trim())
  else await copyShareLink(url.trim(), t('linkCopiedOpenInBrowser'))
}

/** Does what a tap on `channel` of server `serverId` does. */
export async function openChannel (channel: Channel, serverId: string): Promise<void> {
  switch (channelActionOf(channel.channel_type)) {
    case 'channel':
      await navigate('channel', { channel_id: channel.channel_id })
      return
    case 'space':
      await navigate('space', { channel_id: channel.channel_id, server_id: serverId })
      return
    case 'voice':
      await navigate('voice', { channel_id: channel.channel_id, server_id: serverId })
      return
    case 'plaza':
      await navigate('plaza', { channel_id: channel.channel_id, server_id: serverId })
      return
    case 'link':
      await openExternalLink(channel.link_url)
      return
    default:
      await showUnsupported() // SPEC §8: 暂不支持该功能
  }
}
