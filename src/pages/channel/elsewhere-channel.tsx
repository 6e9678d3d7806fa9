import { useEffect } from 'react'
import { Button, Text, View } from '@tarojs/components'
import { parseHttpUrl } from '@core/query/url'
import type { Channel } from '@core/wire/entities'
import { t } from '@/i18n'
import { channelActionOf, openExternalLink } from '@/components/channel-list/open-channel'
import { redirect } from '@/router'
import StateView from '@/components/state-view'

/**
 * A channel opened by its own link whose content is not a channel page's (a shared link
 * to it, or `cid` of a channel page), shown as a tap on it in the list would lead: a
 * metaverse channel becomes its gather space (in place of this page, so Back does
 * not come back to nothing); an external link names its host and leaves after the same
 * confirmation the list asks; voice and game plaza are not built yet (SPEC §8).
 */
export default function ElsewhereChannel ({ channel }: { channel: Channel }) {
  const action = channelActionOf(channel.channel_type)
  useEffect(() => {
    if (action !== 'space') return
    redirect('space', { channel_id: channel.channel_id, server_id: channel.server_id })
      .catch(error => console.error(`[channel] opening the space of ${channel.channel_id} failed:`, error))
  }, [action, channel])
  if (action === 'space') return <StateView status='loading' />
  if (action !== 'link') return <StateView status='empty' message={t('channelUnsupported')} />
  const host = typeof channel.link_url === 'string' ? parseHttpUrl(channel.link_url.trim())?.host ?? null : null
  if (host === null) return <StateView status='empty' message={t('linkRefused')} />
  return (
    <View className='channel-page__elsewhere'>
      <Text className='channel-page__elsewhere-text'>{t('linkChannelLeadsTo', { host })}</Text>
      <Button className='channel-page__elsewhere-open' onClick={() => { openExternalLink(channel.link_url).catch(error => console.error('[channel] opening the link failed:', error)) }}>
        {t('linkOpenTitle')}
      </Button>
    </View>
  )
}
