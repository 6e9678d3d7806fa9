import '@/i18n/page-messages'
import { useCallback, useEffect, useMemo } from 'react'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react'
import VoiceHandoff from '@/components/voice-handoff'
import { t } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { usePageTitle } from '@/hooks/use-page-title'
import { currentParams } from '@/router'
import { usePageStore, useStores } from '@/stores/context'
import { openVoiceHandoff } from '@/stores/voice-handoff/voice-handoff-store'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/voice-web/index'

/**
 * A voice channel in the mini-program (`channel_id`, `server_id`): WeChat's runtime has no
 * WebRTC, so the H5 voice page is shown in a web-view, signed in as this member by a
 * single-use hand-off code (docs/voice.md); where the web-view cannot be used it says why.
 * A page of the weapp build only (config/routes.ts): the voice route's page shows this one there.
 */
function VoiceWebPage () {
  usePageLifecycle(PAGE_PATH)
  usePageTitle(t('pageTitleVoiceWeb'))
  const { server } = useStores()
  const params = useMemo(() => currentParams(), [])
  // `web-view` came with WeChat's base library 1.6.4: an older one has none to show
  const handoff = usePageStore(root => openVoiceHandoff(root, Taro.canIUse('web-view')))
  const open = useCallback(() => {
    const target = { channelId: params.channel_id ?? params.cid ?? '', serverId: params.server_id ?? params.sid ?? server.serverId, hl: params.hl }
    handoff.open(target).catch(error => console.error('[voice-web] open failed:', error))
  }, [handoff, params, server])
  useEffect(open, [open])
  return <VoiceHandoff view={handoff.view} onWebViewError={() => handoff.webViewFailed()} onRetry={open} />
}

export default observer(VoiceWebPage)
