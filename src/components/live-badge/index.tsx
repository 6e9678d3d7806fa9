import { Text } from '@tarojs/components'
import { t, type MessageKey } from '@/i18n'
import type { LiveState } from '@core/domain/live-state'
import './index.scss'

/** The label of each live state (SPEC §4: live, playback when ended, reserved when 'order'). */
const LABEL_OF: Record<LiveState, MessageKey> = {
  live: 'liveStateLive',
  ended: 'liveStateEnded',
  order: 'liveStateOrder',
}

/** What the badge shows. */
export interface LiveBadgeProps {
  /** The item's derived state (core/domain/live-state `deriveLiveState`). */
  state: LiveState
}

/** A small coloured badge naming a live item's state: 直播中 (live), 回放 (ended), 预约 (reserved). */
export default function LiveBadge ({ state }: LiveBadgeProps) {
  return (
    <Text className={`live-badge live-badge--${state}`}>
      {state === 'live' && <Text className='live-badge__dot' />}
      {t(LABEL_OF[state])}
    </Text>
  )
}
