import { Text, View } from '@tarojs/components'
import type { VoiceState } from '@core/wire/voice'
import ChatAvatar from '@/components/chat-avatar'
import { t } from '@/i18n'
import { formatCount } from '@/utils/format-number'
import './index.scss'

/** Faces a channel row shows before the rest are counted (+N). */
export const VOICE_FACES_SHOWN = 5

/** What the faces show: who is in a voice room now, and who of them speaks. */
export interface VoiceFacesProps {
  members: readonly VoiceState[]
  speaking: ReadonlySet<string>
}

/**
 * Who is in a voice room, as a voice channel's row shows it before joining: the first
 * {@link VOICE_FACES_SHOWN} avatars in join order, a ring around whoever speaks, the rest
 * as +N; read aloud as the count (the faces are decorative).
 */
export default function VoiceFaces ({ members, speaking }: VoiceFacesProps) {
  if (members.length === 0) return null
  const shown = members.slice(0, VOICE_FACES_SHOWN)
  const more = members.length - shown.length
  return (
    <View className='voice-faces' ariaLabel={t('voiceRowCount', { count: formatCount(members.length) })} data-testid='voice-faces'>
      {shown.map(member => (
        <View key={member.uid} className={`voice-faces__face${speaking.has(member.uid) ? ' voice-faces__face--speaking' : ''}`} data-testid={`voice-face-${member.uid}`} data-speaking={speaking.has(member.uid) ? 'true' : 'false'}>
          <ChatAvatar user={member} small />
        </View>
      ))}
      {more > 0 && <Text className='voice-faces__more'>{`+${formatCount(more)}`}</Text>}
    </View>
  )
}
