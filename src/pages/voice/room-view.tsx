import { useCallback, useEffect } from 'react'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react'
import VoiceHandoff from '@/components/voice-handoff'
import { currentParams } from '@/router'
import { usePageStore } from '@/stores/context'
import { openVoiceHandoff } from '@/stores/voice-handoff/voice-handoff-store'

/** What the room view is given. */
export interface VoiceRoomViewProps {
  channelId: string
  serverId: string
  /** The channel's name. */
  name: string
}

/**
 * The voice room in the mini-program build: WeChat's runtime has no WebRTC, so the H5 room
 * (./room-view.h5.tsx) is shown in a web-view, signed in as this member by a single-use
 * hand-off code (docs/voice.md); where the web-view cannot be used it says why.
 */
function VoiceRoomView ({ channelId, serverId }: VoiceRoomViewProps) {
  // `web-view` came with WeChat's base library 1.6.4: an older one has none to show
  const handoff = usePageStore(root => openVoiceHandoff(root, Taro.canIUse('web-view')))
  const open = useCallback(() => {
    handoff.open({ channelId, serverId, hl: currentParams().hl }).catch(error => console.error('[voice] hand-off failed:', error))
  }, [handoff, channelId, serverId])
  useEffect(open, [open])
  return <VoiceHandoff view={handoff.view} onWebViewError={() => handoff.webViewFailed()} onRetry={open} />
}

export default observer(VoiceRoomView)
