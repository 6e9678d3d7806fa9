import '@/i18n/page-messages'
import { useEffect, useState } from 'react'
import { observer } from 'mobx-react'
import { Image, Text, View } from '@tarojs/components'
import ChannelList from '@/components/channel-list'
import DesktopMembers from '@/components/desktop-members'
import { MEMBERS_COLUMN_MIN_WIDTH_PX, useWindowAtLeast } from '@/hooks/use-desktop-layout'
import StateView, { stateViewStatusOf } from '@/components/state-view'
import { CURRENT_PAGE, DECORATIVE_IMAGE, NAVIGATION } from '@/constants/a11y'
import { t } from '@/i18n'
import { openChannel } from '@/components/channel-list/open-channel'
import { navigate, pageLocation, relaunch } from '@/router'
import { useStores } from '@/stores/context'
import { useOnDemand } from '@/stores/on-demand'
import { formatBadgeCount } from '@/utils/format-number'
import { mediaUrl } from '@/utils/media-url'
import { pressable } from '@/utils/pressable'
import type { ConfiguredServer } from '@core/domain/servers'
import type { Channel } from '@core/wire/entities'
import './index.scss'

function logFailure (what: string) {
  return (error: unknown) => console.error(`[desktop] ${what} failed:`, error)
}

/** Opens another server's Home (the carried keys kept, `sid` replaced by the chosen server). */
function openServer (target: ConfiguredServer): void {
  relaunch('index', { server_id: target.server_id, sid: null, channel_id: null }).catch(logFailure('opening a server'))
}

/** A round entry above the servers (the inbox, the direct messages) with its unread count (SPEC §9: 99+). */
function RailEntry ({ label, icon, count, onOpen }: { label: string, icon: string, count: number, onOpen: () => void }) {
  return (
    <View className='desktop-columns__inbox' ariaLabel={label} {...pressable(onOpen)}>
      <Text className='desktop-columns__inbox-bell'>{icon}</Text>
      {count > 0 && <Text className='desktop-columns__inbox-badge'>{formatBadgeCount(count)}</Text>}
    </View>
  )
}

/**
 * One server on the rail: its icon, or its initial when it has none or the
 * picture fails; the current one marked, for the eye and for screen readers; a keyboard button.
 */
function ServerButton ({ server, icon, current }: { server: ConfiguredServer, icon: string, current: boolean }) {
  const [failed, setFailed] = useState(false)
  const src = failed ? '' : mediaUrl(icon)
  return (
    <View
      className={`desktop-columns__server${current ? ' desktop-columns__server--current' : ''}`}
      ariaLabel={server.name}
      {...pressable(() => openServer(server))}
      {...(current ? CURRENT_PAGE : {})}
    >
      {src !== ''
        ? <Image className='desktop-columns__server-icon' src={src} mode='aspectFill' nativeProps={DECORATIVE_IMAGE} onError={() => setFailed(true)} />
        : <Text className='desktop-columns__server-initial'>{Array.from(server.name)[0] ?? ''}</Text>}
    </View>
  )
}

/**
 * The desktop layout's two left columns (its own chunk, loaded only when the window is
 * wide enough or `viewpc` asks): a rail of the configured servers, and the current
 * server's channel list with unread badges; on a window of 1280 px or more the members
 * as a fourth column on the right (online first). The server icons load with the columns. The page the router shows is the third
 * column. The list is the one Home loads; a page opened straight from a link loads it here.
 */
function DesktopColumns () {
  const stores = useStores()
  const { server, channel, inbox, unread, spaceCounts, voiceStates } = stores
  const conversations = useOnDemand(stores.conversations)
  useEffect(() => {
    server.loadIcons().catch(logFailure('loading the server icons'))
    if (channel.status !== 'idle') return
    server.select(pageLocation())
    channel.load().catch(logFailure('loading the channel list'))
  }, [server, channel])

  const wide = useWindowAtLeast(MEMBERS_COLUMN_MIN_WIDTH_PX)
  const onChannelTap = (target: Channel) => { openChannel(target, server.serverId).catch(logFailure('opening a channel')) }
  return (
    <View className='desktop-columns'>
      <View className='desktop-columns__rail' {...NAVIGATION} ariaLabel={t('desktopServers')}>
        <RailEntry label={t('inboxEntry')} icon='🔔' count={inbox.unread} onOpen={() => { navigate('inbox').catch(logFailure('opening the inbox')) }} />
        <RailEntry label={t('dmEntry')} icon='💬' count={conversations?.unreadTotal ?? 0} onOpen={() => { navigate('conversations').catch(logFailure('opening the direct messages')) }} />
        {server.servers.map(entry => (
          <ServerButton key={entry.server_id} server={entry} icon={server.icons.get(entry.server_id) ?? ''} current={entry.server_id === server.serverId} />
        ))}
      </View>
      <View className='desktop-columns__channels' {...NAVIGATION} ariaLabel={t('homeChannels')}>
        <Text className='desktop-columns__server-name'>{server.name}</Text>
        {channel.status === 'ready'
          ? <ChannelList groups={unread.overlay(channel.groups)} onTap={onChannelTap} currentId={channel.shownChannelId} spaceCounts={spaceCounts.byChannel} voiceRooms={voiceStates.byChannel} speaking={voiceStates.speakingNow} />
          : <StateView compact status={stateViewStatusOf(channel.status)} message={channel.status === 'empty' ? t('channelsEmpty') : channel.error} retryable={channel.retryable} onRetry={() => { channel.load().catch(logFailure('retrying the channel list')) }} />}
      </View>
      {wide && <DesktopMembers />}
    </View>
  )
}

export default observer(DesktopColumns)
