import { Button, Image, Text, View } from '@tarojs/components'
import { Video } from '@/components/page-elements/video'
import type { InteractionEvent } from '@core/wire/api'
import { t } from '@/i18n'
import { formatPrice } from '@/utils/format-price'
import { mediaUrl } from '@/utils/media-url'
import './index.scss'
import { DECORATIVE_IMAGE } from '@/constants/a11y'

/** The card layouts: one per interaction event type the API names. */
type CardKind = InteractionEvent['type']

const CARD_KINDS: readonly CardKind[] = ['welcome', 'product', 'video']

/** What the card shows. */
export interface InteractionCardProps {
  /** The showroom's interaction event (title, text, image, price, video are user-supplied text and media). */
  event: InteractionEvent
  /** The user closed the card. */
  onClose: () => void
  /** Start a video event's video as soon as the card opens (default true: an opened event plays). */
  autoplay?: boolean
  /**
   * Start it muted: browsers let a page start a video on its own only when muted, so the
   * event played as the page opens starts muted on H5 (the controls unmute it).
   */
  startMuted?: boolean
}

/**
 * The card of a showroom interaction event: a welcome card (image, title, text), a
 * product card (image, title, price in ¥, text) or a video card (the video, title, text).
 * An event of a type this client does not know is shown as a welcome card. Every text is
 * rendered as text, never as HTML.
 */
export default function InteractionCard ({ event, onClose, autoplay = true, startMuted = false }: InteractionCardProps) {
  const kind: CardKind = CARD_KINDS.includes(event.type) ? event.type : 'welcome'
  const image = mediaUrl(event.image)
  const video = mediaUrl(event.video_url)
  const price = kind === 'product' ? formatPrice(event.price) : ''
  return (
    <View className={`interaction-card interaction-card--${kind}`}>
      <Button className='interaction-card__close' ariaLabel={t('close')} onClick={onClose}>×</Button>
      {kind === 'video' && (video !== ''
        ? <Video className='interaction-card__video' src={video} poster={image} controls autoplay={autoplay} muted={startMuted} />
        : <Text className='interaction-card__missing'>{t('showroomVideoMissing')}</Text>)}
      {kind !== 'video' && image !== '' && <Image className='interaction-card__image' src={image} mode='aspectFill' nativeProps={DECORATIVE_IMAGE} />}
      <View className='interaction-card__body'>
        <Text className='interaction-card__title'>{event.title}</Text>
        {price !== '' && <Text className='interaction-card__price'>{price}</Text>}
        {event.text !== '' && <Text className='interaction-card__text'>{event.text}</Text>}
      </View>
    </View>
  )
}
