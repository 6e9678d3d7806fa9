import '@/i18n/page-messages'
import { useEffect, useState } from 'react'
import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import { onPageShown } from '@/hooks/use-page-lifecycle'
import { t, type MessageKey } from '@/i18n'
import { navigate, pageStack } from '@/router'
import type { VoiceRoomStore } from '@/stores/voice/voice-room-store'
import { pressable } from '@/utils/pressable'
import './index.scss'

const STATE_KEYS: Readonly<Record<'joining' | 'connected' | 'reconnecting', MessageKey>> = {
  joining: 'voiceJoining',
  connected: 'voiceConnected',
  reconnecting: 'voiceReconnecting',
}

/** The pages with no header of their own (Home's header card starts below the bar): the bar stands at their top. */
const HEADERLESS_PAGES: ReadonlySet<string> = new Set(['pages/index/index'])

/** The path of the page shown (`pages/index/index`), followed from page to page. */
function useShownPage (): string | null {
  const [shown, setShown] = useState(() => {
    const stack = pageStack()
    return stack.length > 0 ? stack[stack.length - 1].route : null
  })
  useEffect(() => onPageShown(setShown), [])
  return shown
}

/**
 * The bar every page but the room's own shows while the member is in a voice room, under the page header (the app shell renders it,
 * a chunk of its own loaded only then; at the top of a page that has no header): the room's name and state,
 * mute, deafen and leave; a tap on the name opens the room.
 */
function VoiceBar ({ room }: { room: VoiceRoomStore }) {
  const shownPage = useShownPage()
  const target = room.room
  if (!room.barShown || target === null) return null
  const state = room.status === 'joining' || room.status === 'reconnecting' ? room.status : 'connected'
  return (
    <View className={`voice-bar${shownPage !== null && HEADERLESS_PAGES.has(shownPage) ? ' voice-bar--top' : ''}`} role='region' ariaLabel={t('voiceBarLabel', { name: target.name })} data-testid='voice-bar'>
      <View className='voice-bar__room' {...pressable(() => { void navigate('voice', { channel_id: target.channelId, server_id: target.serverId }) })}>
        <Text className='voice-bar__name'>{target.name}</Text>
        <Text className={`voice-bar__state voice-bar__state--${state}`}>{t(STATE_KEYS[state])}</Text>
      </View>
      <Button size='mini' className='voice-bar__button' onClick={() => room.setSelfMute(!room.selfMute)}>{t(room.selfMute ? 'voiceUnmute' : 'voiceMute')}</Button>
      <Button size='mini' className='voice-bar__button' onClick={() => room.setSelfDeaf(!room.selfDeaf)}>{t(room.selfDeaf ? 'voiceUndeafen' : 'voiceDeafen')}</Button>
      <Button size='mini' className='voice-bar__button' type='warn' onClick={() => room.leave()}>{t('voiceLeave')}</Button>
    </View>
  )
}

export default observer(VoiceBar)
