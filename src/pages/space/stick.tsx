import { useRef, useState } from 'react'
import { View } from '@tarojs/components'
import { t } from '@/i18n'
import { steerOfDrag } from './steer'

interface TouchPoint { clientX?: number, clientY?: number, pageX?: number, pageY?: number, x?: number, y?: number }

function pointOf (event: unknown): { x: number, y: number } | null {
  const touches = (event as { touches?: TouchPoint[], changedTouches?: TouchPoint[] })
  const touch = touches.touches?.[0] ?? touches.changedTouches?.[0]
  if (!touch) return null
  const x = touch.clientX ?? touch.pageX ?? touch.x
  const y = touch.clientY ?? touch.pageY ?? touch.y
  return typeof x === 'number' && typeof y === 'number' ? { x, y } : null
}

/** The on-screen stick (phones): drag from where the finger lands to walk that way; let go to stop. */
export default function Stick ({ onSteer }: { onSteer: (dx: number, dy: number) => void }) {
  const start = useRef<{ x: number, y: number } | null>(null)
  const [knob, setKnob] = useState({ x: 0, y: 0 })
  const move = (event: unknown) => {
    const point = pointOf(event)
    if (start.current === null || point === null) return
    const x = point.x - start.current.x
    const y = point.y - start.current.y
    const reach = Math.min(1, 28 / Math.max(1, Math.hypot(x, y)))
    setKnob({ x: x * reach, y: y * reach })
    const { dx, dy } = steerOfDrag(x, y)
    onSteer(dx, dy)
  }
  const end = () => {
    start.current = null
    setKnob({ x: 0, y: 0 })
    onSteer(0, 0)
  }
  return (
    <View
      className='space-page__stick'
      ariaLabel={t('spaceStick')}
      onTouchStart={event => { start.current = pointOf(event) }}
      onTouchMove={move}
      onTouchEnd={end}
      onTouchCancel={end}
    >
      <View className='space-page__knob' style={{ transform: `translate(${knob.x}px, ${knob.y}px)` }} />
    </View>
  )
}
