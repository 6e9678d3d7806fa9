import { Text, View } from '@tarojs/components'
import { t } from '@/i18n'

/** What the room view is given. */
export interface VoiceRoomViewProps {
  channelId: string
  serverId: string
  /** The channel's name. */
  name: string
}

/**
 * The voice room in the mini-program build: its runtime has no WebRTC, so the room is the
 * H5 page's (./room-view.h5.tsx), hosted in a web-view there; this is the seam that view takes.
 */
export default function VoiceRoomView (_props: VoiceRoomViewProps) {
  return (
    <View className='voice-page__state'>
      <Text>{t('voiceUnsupported')}</Text>
    </View>
  )
}
