import '@/i18n/page-messages'
import { useEffect, useMemo } from 'react'
import { observer } from 'mobx-react'
import { View } from '@tarojs/components'
import PageHeader from '@/components/page-header'
import { t } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { currentParams, pageLocation } from '@/router'
import { useHomeShare } from '@/services/share/use-share'
import { useStores } from '@/stores/context'
import VoiceRoomView from './room-view'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/voice/index'

/**
 * A voice channel's room (`channel_id`, `server_id`): who is in it, live, and — on H5,
 * where the browser has WebRTC — joining it and talking (./room-view.h5.tsx). The
 * mini-program's build of this route is ./room-view.tsx (its runtime has no WebRTC).
 */
function VoicePage () {
  const root = useStores()
  const { channel: channelList, server, voiceStates } = root
  const params = useMemo(() => currentParams(), [])
  const channelId = params.channel_id ?? params.cid ?? ''
  const serverId = params.server_id ?? params.sid ?? server.serverId
  usePageLifecycle(PAGE_PATH, {
    show: () => channelList.markShown(channelId),
    hide: () => channelList.markShown(null, channelId),
  })
  useHomeShare(server, serverId)
  // what a moderator may do here: the server's permissions, asked for this page's server
  useEffect(() => root.permissions.focus(serverId), [root, serverId])
  // who is in the room now, before joining; a channel link opens here without Home's list: its server's list names the room and the rooms to move to
  useEffect(() => {
    void voiceStates.load(serverId)
    if (channelList.findChannel(channelId) === null) void root.openServer(pageLocation(params))
  }, [channelId, channelList, params, root, serverId, voiceStates])
  const name = channelList.findChannel(channelId)?.name ?? t('pageTitleVoice')
  return (
    <View className='voice-page' data-testid='voice-page'>
      <PageHeader title={name} homeQuery={{ server_id: serverId }} />
      <VoiceRoomView channelId={channelId} serverId={serverId} name={name} />
    </View>
  )
}

export default observer(VoicePage)
