import { Button, Text, View } from '@tarojs/components'
import { WebView } from '@/components/page-elements/web-view'
import { t } from '@/i18n'
import type { MessageKey } from '@/i18n/messages-zh-cn'
import type { VoiceHandoffUnavailable, VoiceHandoffView } from '@/stores/voice-handoff/voice-handoff-store'
import './index.scss'

/** What each reason the web-view is not shown says, plainly. */
const UNAVAILABLE_SENTENCES: Record<VoiceHandoffUnavailable, MessageKey> = {
  'no-h5-origin': 'voiceHandoffNoOrigin',
  'old-wechat': 'voiceHandoffOldWechat',
  refused: 'voiceHandoffRefused',
  'web-view-failed': 'voiceHandoffWebViewFailed',
}

/** What the mini-program's voice view shows, and what a tap or a failed load asks for. */
export interface VoiceHandoffProps {
  view: VoiceHandoffView
  /** The web-view could not load its page. */
  onWebViewError: () => void
  /** Asks again after a refusal or a failed load. */
  onRetry: () => void
}

/**
 * A voice channel in the mini-program: the H5 voice page in a web-view (which fills the
 * page: WeChat draws nothing above it), or a sentence saying why it cannot be shown, with
 * a way to try again where trying again can help.
 */
export default function VoiceHandoff ({ view, onWebViewError, onRetry }: VoiceHandoffProps) {
  if (view.kind === 'web-view') return <WebView className='voice-handoff__frame' src={view.src} onError={onWebViewError} />
  const retryable = view.kind === 'unavailable' && (view.reason === 'refused' || view.reason === 'web-view-failed')
  return (
    <View className='voice-handoff'>
      <Text className='voice-handoff__hint'>{view.kind === 'loading' ? t('voiceHandoffLoading') : t(UNAVAILABLE_SENTENCES[view.reason])}</Text>
      {retryable && <Button className='voice-handoff__retry' onClick={onRetry}>{t('voiceHandoffRetry')}</Button>}
    </View>
  )
}
