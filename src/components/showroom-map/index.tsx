import { Image, Text, View } from '@tarojs/components'
import type { Hotspot } from '@core/wire/api'
import type { ShowroomMap as ShowroomMapData } from '@/stores/space/showroom-store'
import { mediaUrl } from '@/utils/media-url'
import { DECORATIVE_IMAGE } from '@/constants/a11y'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** What the map shows. */
export interface ShowroomMapProps {
  /** The background and its natural size (the box keeps that aspect ratio at any width). */
  map: ShowroomMapData
  /** Hotspots to place, x and y being fractions (0..1) of the map's width and height. */
  hotspots: Hotspot[]
  /** The event whose card is open: its hotspot is highlighted. */
  activeEventId?: string | null
  /** A hotspot was tapped. */
  onHotspot: (hotspot: Hotspot) => void
}

/** A fraction as a CSS percentage, e.g. 0.5625 → `56.25%`. */
function percent (fraction: number): string {
  return `${Number((fraction * 100).toFixed(4))}%`
}

/**
 * The showroom map: the background at its natural aspect ratio (a padding-top box, so
 * the height follows the width on any screen before the image has loaded) with the
 * hotspots placed on it at their x/y fractions. Hotspot titles are rendered as text.
 */
export default function ShowroomMap ({ map, hotspots, activeEventId = null, onHotspot }: ShowroomMapProps) {
  const background = mediaUrl(map.background)
  return (
    <View className='showroom-map' style={{ paddingTop: percent(map.height / map.width) }}>
      {background !== '' && <Image className='showroom-map__background' src={background} mode='scaleToFill' nativeProps={DECORATIVE_IMAGE} />}
      {hotspots.map(spot => (
        <View
          key={spot.hotspot_id}
          className={`showroom-map__hotspot${spot.event_id === activeEventId ? ' showroom-map__hotspot--active' : ''}`}
          style={{ left: percent(spot.x), top: percent(spot.y) }}
          ariaLabel={spot.title}
          {...pressable(() => onHotspot(spot))}
        >
          <View className='showroom-map__dot' />
          {spot.title !== '' && <Text className='showroom-map__label'>{spot.title}</Text>}
        </View>
      ))}
    </View>
  )
}
