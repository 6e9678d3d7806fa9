import { useEffect } from 'react'
import { View, Text, Image } from '@tarojs/components'
import { DIALOG } from '@/constants/a11y'
import { t } from '@/i18n'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** The pictures the viewer shows, and which of them is open. */
export interface ImageViewerState {
  urls: readonly string[]
  index: number
}

/** What the viewer shows and what its buttons do. */
export interface ChatImageViewerProps extends ImageViewerState {
  /** Shows the picture at this place (the previous and next buttons, the arrow keys). */
  onShow: (index: number) => void
  onClose: () => void
}

/**
 * The full-screen viewer over a message's pictures (H5; the mini-program has its own):
 * the picture whole, a close button, the counter (3 / 5), previous and next; Escape
 * closes and the arrow keys move on a keyboard.
 */
export default function ChatImageViewer ({ urls, index, onShow, onClose }: ChatImageViewerProps) {
  const count = urls.length
  const previous = index > 0 ? () => onShow(index - 1) : null
  const next = index < count - 1 ? () => onShow(index + 1) : null
  useEffect(() => {
    if (typeof window === 'undefined') return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
      else if (event.key === 'ArrowLeft') previous?.()
      else if (event.key === 'ArrowRight') next?.()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })
  return (
    <View className='chat-image-viewer' {...DIALOG} aria-modal='true' onClick={onClose}>
      <View className='chat-image-viewer__bar' onClick={event => event.stopPropagation()}>
        <Text className='chat-image-viewer__counter'>{t('chatViewerCounter', { index: String(index + 1), total: String(count) })}</Text>
        <View className='chat-image-viewer__close' role='button' aria-label={t('chatViewerClose')} {...pressable(onClose)}><Text>✕</Text></View>
      </View>
      <Image className='chat-image-viewer__image' src={urls[index]} mode='aspectFit' nativeProps={{ alt: t('chatImageAlt') }} onClick={event => event.stopPropagation()} />
      {previous && <View className='chat-image-viewer__step chat-image-viewer__step--previous' role='button' aria-label={t('chatViewerPrevious')} onClick={event => { event.stopPropagation(); previous() }}><Text>‹</Text></View>}
      {next && <View className='chat-image-viewer__step chat-image-viewer__step--next' role='button' aria-label={t('chatViewerNext')} onClick={event => { event.stopPropagation(); next() }}><Text>›</Text></View>}
    </View>
  )
}
