import { View, Text, Image } from '@tarojs/components'
import type { LiveItem } from '@core/wire/entities'
import { t } from '@/i18n'
import type { LiveState } from '@core/domain/live-state'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'
import { mediaUrl } from '@/utils/media-url'
import LiveBadge from '../live-badge'
import { DECORATIVE_IMAGE } from '@/constants/a11y'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** SPEC §9: a live item's start as shown on cards, in UTC+8 (`04-01 20:00`); '' when not scheduled. */
export function liveStartText (startedAt: number | null, pattern = 'MM-DD HH:mm'): string {
  return typeof startedAt === 'number' && Number.isFinite(startedAt) ? formatDate(fromUnixSeconds(startedAt), pattern) : ''
}

/** A length in seconds as `1:05:09` or `05:09`; '' when unknown (0, negative, not a number). */
export function durationText (seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return ''
  const whole = Math.floor(seconds)
  const two = (value: number) => String(value).padStart(2, '0')
  const hours = Math.floor(whole / 3600)
  const rest = `${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`
  return hours > 0 ? `${hours}:${rest}` : rest
}

/** What the card shows. */
export interface LiveCardProps {
  item: LiveItem
  /** The item's derived state now (SPEC §4). */
  state: LiveState
  /** `banner`: the large featured card on top of Home; `card` (default): a row of the list. */
  variant?: 'card' | 'banner'
  /** Banner only: a small line above the title (the banner channel's name). */
  eyebrow?: string
  onTap?: (item: LiveItem) => void
}

/** A live item: cover with its state badge, title, start time (UTC+8) and duration. */
export default function LiveCard ({ item, state, variant = 'card', eyebrow, onTap }: LiveCardProps) {
  const start = liveStartText(item.started_at)
  const duration = durationText(item.duration)
  const cover = mediaUrl(item.cover)
  return (
    <View className={`live-card live-card--${variant}`} {...pressable(() => onTap?.(item))}>
      <View className='live-card__cover'>
        {/* The banner is on the first screen (Home's largest paint, preloaded with the page), so it is not lazy */}
        {cover !== '' && <Image className='live-card__image' src={cover} mode='aspectFill' lazyLoad={variant !== 'banner'} nativeProps={DECORATIVE_IMAGE} />}
        <View className='live-card__badge'><LiveBadge state={state} /></View>
        {duration !== '' && variant === 'card' && <Text className='live-card__length'>{duration}</Text>}
      </View>
      <View className='live-card__body'>
        {eyebrow && <Text className='live-card__eyebrow'>{eyebrow}</Text>}
        <Text className='live-card__title'>{item.title}</Text>
        <View className='live-card__meta'>
          {start !== '' && <Text className='live-card__start'>{t('liveStartsAt', { time: start })}</Text>}
          {duration !== '' && <Text className='live-card__duration'>{t('liveDuration', { duration })}</Text>}
        </View>
      </View>
    </View>
  )
}
