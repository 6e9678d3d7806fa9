import { useEffect, useState } from 'react'
import { reaction } from 'mobx'
import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import { channelTypeHas } from '@core/domain/channel-types'
import { Switch } from '@/components/page-elements/switch'
import StateView from '@/components/state-view'
import VoiceTile, { NO_VOICE_MODERATION, type VoiceTileModeration } from '@/components/voice-tile'
import { t, type MessageKey } from '@/i18n'
import { useOnDemand } from '@/stores/on-demand'
import { useStores } from '@/stores/context'
import type { AudioProcessing } from '@/stores/voice/microphone'
import type { VoiceRoomStatus, VoiceRoomStore } from '@/stores/voice/voice-room-store'
import { actionSheet, toast } from '@/utils/feedback'
import { disabledIf } from '@/utils/disabled-if'
import { listenToWindowKeys, typingIn } from '@/utils/window-keys'
import type { VoiceRoomViewProps } from './room-view'

const STATUS_KEYS: Readonly<Partial<Record<VoiceRoomStatus, MessageKey>>> = {
  'asking-mic': 'voiceAskingMic',
  joining: 'voiceJoining',
  connected: 'voiceConnected',
  reconnecting: 'voiceReconnecting',
  left: 'voiceLeft',
}

const PROCESSING: ReadonlyArray<[keyof AudioProcessing, MessageKey]> = [
  ['echoCancellation', 'voiceEchoCancellation'],
  ['noiseSuppression', 'voiceNoiseSuppression'],
  ['autoGainControl', 'voiceAutoGainControl'],
]

/** A device with a keyboard and a fine pointer (push-to-talk by a key), rather than a phone (a hold-to-talk button). */
function hasKeyboard (): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches
}

/** Push-to-talk on a desktop: the held key opens the microphone unless the focus is in a text field; `capturing` takes the next key as the new one. */
function usePushToTalkKey (room: VoiceRoomStore | null, capturing: boolean, captured: () => void): void {
  useEffect(() => {
    if (room === null || typeof window === 'undefined') return undefined
    const down = (event: KeyboardEvent) => {
      if (capturing) {
        event.preventDefault()
        room.setPushToTalkKey(event.code)
        captured()
        return
      }
      if (room.mode !== 'push-to-talk' || event.code !== room.pushToTalkKey || typingIn(event.target)) return
      event.preventDefault()
      room.setTalking(true)
    }
    const up = (event: KeyboardEvent) => { if (event.code === room.pushToTalkKey) room.setTalking(false) }
    const release = () => room.setTalking(false)
    return listenToWindowKeys({ down, up, release })
  }, [room, capturing, captured])
}

/** The microphone's refusal in words, with this browser's way to allow it, and a retry. */
function MicrophoneHelpView ({ room, onRetry }: { room: VoiceRoomStore, onRetry: () => void }) {
  const help = room.microphone
  if (help === null) return null
  return (
    <View className='voice-page__help' role='alert' data-testid='voice-mic-help' data-problem={help.problem} data-platform={help.platform}>
      <Text className='voice-page__help-reason'>{t(help.reason)}</Text>
      <Text className='voice-page__help-steps'>{t(help.steps)}</Text>
      {help.problem !== 'wechat-ios-too-old' && help.problem !== 'insecure' && <Button size='mini' onClick={onRetry}>{t('voiceRetry')}</Button>}
    </View>
  )
}

/** The member's controls once in the room: mute, deafen, leave, the input mode and the audio processing. */
const Controls = observer(function Controls ({ room }: { room: VoiceRoomStore }) {
  const [capturing, setCapturing] = useState(false)
  const [keyboard] = useState(hasKeyboard)
  usePushToTalkKey(room, capturing, () => setCapturing(false))
  const pushToTalk = room.mode === 'push-to-talk'
  return (
    <View className='voice-page__controls'>
      <View className='voice-page__buttons'>
        <Button className='voice-page__button' data-testid='voice-mute' onClick={() => room.setSelfMute(!room.selfMute)}>{t(room.selfMute ? 'voiceUnmute' : 'voiceMute')}</Button>
        <Button className='voice-page__button' data-testid='voice-deafen' onClick={() => room.setSelfDeaf(!room.selfDeaf)}>{t(room.selfDeaf ? 'voiceUndeafen' : 'voiceDeafen')}</Button>
        <Button className='voice-page__button' type='warn' data-testid='voice-leave' onClick={() => room.leave()}>{t('voiceLeave')}</Button>
      </View>
      <View className='voice-page__modes'>
        <Button size='mini' className={`voice-page__mode${pushToTalk ? '' : ' voice-page__mode--on'}`} data-testid='voice-mode-vad' onClick={() => room.setMode('voice-activity')}>{t('voiceModeVoiceActivity')}</Button>
        <Button size='mini' className={`voice-page__mode${pushToTalk ? ' voice-page__mode--on' : ''}`} data-testid='voice-mode-ptt' onClick={() => room.setMode('push-to-talk')}>{t('voiceModePushToTalk')}</Button>
      </View>
      {pushToTalk && keyboard && (
        <Button size='mini' className='voice-page__key' onClick={() => setCapturing(true)}>
          {capturing ? t('voicePushToTalkKeyPrompt') : t('voicePushToTalkKey', { key: room.pushToTalkKey })}
        </Button>
      )}
      {pushToTalk && (
        <View
          className={`voice-page__hold${room.talking ? ' voice-page__hold--on' : ''}`}
          role='button'
          data-testid='voice-hold'
          onTouchStart={() => room.setTalking(true)}
          onTouchEnd={() => room.setTalking(false)}
          onTouchCancel={() => room.setTalking(false)}
        >
          <Text>{t('voiceHoldToTalk')}</Text>
        </View>
      )}
      <View className='voice-page__processing'>
        {PROCESSING.map(([key, label]) => (
          <View key={key} className='voice-page__switch'>
            <Text>{t(label)}</Text>
            <Switch checked={room.processing[key]} ariaLabel={t(label)} onChange={event => room.setProcessing(key, event.detail.value)} />
          </View>
        ))}
      </View>
    </View>
  )
})

/**
 * The voice room on H5: the tiles of who is in it (live before joining), Join in one tap,
 * then the member's controls; a moderator's actions on each tile as their bits allow, on a
 * member they outrank (the role order, as for kick and ban: never the owner). The
 * voice store and its WebRTC load with this view (root.voice, a chunk of its own).
 */
function VoiceRoomView ({ channelId, serverId, name }: VoiceRoomViewProps) {
  const root = useStores()
  const { voiceStates, permissions, session, channel: channelList } = root
  const room = useOnDemand(root.voice)

  // on its own page the room needs no bar
  useEffect(() => {
    if (room === null) return undefined
    room.markRoomShown(channelId)
    return () => room.markRoomShown(null, channelId)
  }, [room, channelId])

  useEffect(() => {
    if (room === null) return undefined
    return reaction(() => room.notice, notice => {
      if (notice === null) return
      room.clearNotice()
      void toast(notice)
    }, { fireImmediately: true })
  }, [room])

  const join = () => {
    if (room === null) return
    void (async () => {
      // joining needs a session on the gateway: a visitor is let in as a guest
      await session.ensureSignedIn()
      await room.join({ serverId, channelId, name })
    })().catch(error => console.error('[voice] join failed:', error))
  }

  const members = voiceStates.inRoom(channelId)
  const inHere = room?.isIn(channelId) === true
  const me = session.user?.uid ?? null
  const moderation: VoiceTileModeration = {
    mute: permissions.can('MuteVoice', channelId),
    deafen: permissions.can('DeafenMembers', channelId),
    move: permissions.can('MoveMembers', channelId),
    disconnect: permissions.can('DisconnectMembers', channelId),
  }
  const otherRooms = channelList.channels.filter(channel => channelTypeHas(channel.channel_type, 'carriesVoice') && channel.channel_id !== channelId)
  const move = async (uid: string) => {
    if (room === null || otherRooms.length === 0) return
    const picked = await actionSheet(otherRooms.map(channel => channel.name))
    if (picked !== null) await room.moveTo(uid, otherRooms[picked].channel_id)
  }
  const status = room?.room?.channelId === channelId ? room.status : undefined
  const statusKey = status === undefined ? undefined : STATUS_KEYS[status]

  return (
    <View className='voice-page__room'>
      {statusKey !== undefined && <View className={`voice-page__status voice-page__status--${status ?? ''}`} role='status' data-testid='voice-status'><Text>{t(statusKey)}</Text></View>}
      {room?.error != null && <View className='voice-page__error' role='alert' data-testid='voice-error'><Text>{room.error}</Text></View>}
      {room !== null && <MicrophoneHelpView room={room} onRetry={join} />}
      {!voiceStates.loaded && members.length === 0
        ? <StateView status={voiceStates.error === null ? 'loading' : 'error'} message={voiceStates.error} retryable={voiceStates.retryable} compact onRetry={() => { void voiceStates.load(serverId) }} />
        : members.length === 0
          ? <View className='voice-page__empty' role='button' data-testid='voice-empty' onClick={join}><Text>{t('voiceEmpty')}</Text></View>
          : (
            <View className='voice-page__tiles'>
              {members.map(member => {
                const mine = member.uid === me
                const moderated = !mine && permissions.outranks(member)
                return (
                  <VoiceTile
                    key={member.uid}
                    member={member}
                    mine={mine}
                    speaking={mine && inHere ? room?.speaking === true : voiceStates.isSpeaking(member.uid)}
                    quality={mine && inHere ? room?.quality ?? null : null}
                    volume={!mine && inHere ? room?.volumeOf(member.uid) ?? null : null}
                    onVolume={volume => room?.setVolume(member.uid, volume)}
                    moderation={!moderated ? NO_VOICE_MODERATION : { ...moderation, move: moderation.move && otherRooms.length > 0 }}
                    onServerMute={mute => { void room?.serverMute(member.uid, mute) }}
                    onServerDeafen={deaf => { void room?.serverDeafen(member.uid, deaf) }}
                    onMove={() => { move(member.uid).catch(error => console.error('[voice] move failed:', error)) }}
                    onDisconnect={() => { void room?.disconnect(serverId, member.uid) }}
                  />
                )
              })}
            </View>
            )}
      {room !== null && inHere && <Controls room={room} />}
      {!inHere && (
        <Button className='voice-page__join' type='primary' data-testid='voice-join' disabled={disabledIf(room === null || room.status === 'asking-mic')} onClick={join}>{t('voiceJoin')}</Button>
      )}
    </View>
  )
}

export default observer(VoiceRoomView)
