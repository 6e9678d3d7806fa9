import { Button, Text, View } from '@tarojs/components'
import type { VoiceState } from '@core/wire/voice'
import ChatAvatar from '@/components/chat-avatar'
import { t, type MessageKey } from '@/i18n'
import type { VoiceQuality } from '@/stores/voice/quality'
import './index.scss'

/** The moderator's actions a tile offers: each shown only when the member holds its bit (the same permission function as the server's). */
export interface VoiceTileModeration {
  /** MuteVoice: server mute and unmute. */
  mute: boolean
  /** DeafenMembers: server deafen and undeafen. */
  deafen: boolean
  /** MoveMembers: move to another voice channel. */
  move: boolean
  /** DisconnectMembers: take out of the room. */
  disconnect: boolean
}

/** No moderation (my own tile, or a member who holds none of the bits). */
export const NO_VOICE_MODERATION: Readonly<VoiceTileModeration> = { mute: false, deafen: false, move: false, disconnect: false }

/** What a tile shows and offers. */
export interface VoiceTileProps {
  member: VoiceState
  /** The tile is mine (named 我, with my connection's quality). */
  mine: boolean
  speaking: boolean
  /** My connection's quality (my tile only), or null. */
  quality?: VoiceQuality | null
  /** My volume of this member (0…1), or null for no slider (my own tile, or not joined). */
  volume?: number | null
  onVolume?: (volume: number) => void
  moderation?: VoiceTileModeration
  onServerMute?: (mute: boolean) => void
  onServerDeafen?: (deaf: boolean) => void
  onMove?: () => void
  onDisconnect?: () => void
}

const QUALITY_KEYS: Readonly<Record<VoiceQuality, MessageKey>> = { good: 'voiceQualityGood', fair: 'voiceQualityFair', poor: 'voiceQualityPoor' }

/** The marks a member's tile carries: their own mute and deafen, and a moderator's. */
export function voiceMarksOf (member: Pick<VoiceState, 'mute' | 'deaf' | 'self_mute' | 'self_deaf'>): MessageKey[] {
  const marks: MessageKey[] = []
  if (member.self_mute) marks.push('voiceSelfMuted')
  if (member.self_deaf) marks.push('voiceSelfDeafened')
  if (member.mute) marks.push('voiceServerMuted')
  if (member.deaf) marks.push('voiceServerDeafened')
  return marks
}

/**
 * One member in a voice room: their avatar with a ring while they speak, their name, their
 * mute and deafen marks (their own and a moderator's), my connection's quality on my tile,
 * my volume of them, and a moderator's actions (only those the member may take).
 */
export default function VoiceTile ({ member, mine, speaking, quality = null, volume = null, onVolume, moderation = NO_VOICE_MODERATION, onServerMute, onServerDeafen, onMove, onDisconnect }: VoiceTileProps) {
  const marks = voiceMarksOf(member)
  return (
    <View className={`voice-tile${speaking ? ' voice-tile--speaking' : ''}`} data-testid={`voice-tile-${member.uid}`} data-speaking={speaking ? 'true' : 'false'}>
      <View className='voice-tile__face'><ChatAvatar user={member} /></View>
      <Text className='voice-tile__name'>{mine ? `${member.nickname}（${t('voiceMe')}）` : member.nickname}</Text>
      {marks.length > 0 && (
        <View className='voice-tile__marks'>
          {marks.map(mark => <Text key={mark} className='voice-tile__mark'>{t(mark)}</Text>)}
        </View>
      )}
      {mine && quality !== null && <Text className={`voice-tile__quality voice-tile__quality--${quality}`} data-testid='voice-quality'>{t(QUALITY_KEYS[quality])}</Text>}
      {volume !== null && onVolume !== undefined && (
        <input
          className='voice-tile__volume'
          type='range'
          min={0}
          max={100}
          value={Math.round(volume * 100)}
          aria-label={t('voiceVolume', { name: member.nickname })}
          onChange={event => onVolume(Number(event.currentTarget.value) / 100)}
        />
      )}
      {!mine && (moderation.mute || moderation.deafen || moderation.move || moderation.disconnect) && (
        <View className='voice-tile__actions'>
          {moderation.mute && <Button size='mini' className='voice-tile__action' onClick={() => onServerMute?.(!member.mute)}>{t(member.mute ? 'voiceServerUnmute' : 'voiceServerMute')}</Button>}
          {moderation.deafen && <Button size='mini' className='voice-tile__action' onClick={() => onServerDeafen?.(!member.deaf)}>{t(member.deaf ? 'voiceServerUndeafen' : 'voiceServerDeafen')}</Button>}
          {moderation.move && <Button size='mini' className='voice-tile__action' onClick={() => onMove?.()}>{t('voiceMoveTo')}</Button>}
          {moderation.disconnect && <Button size='mini' className='voice-tile__action' type='warn' onClick={() => onDisconnect?.()}>{t('voiceDisconnect')}</Button>}
        </View>
      )}
    </View>
  )
}
