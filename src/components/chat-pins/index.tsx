import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react'
import type { Pin } from '@core/wire/pins'
import { DIALOG, FOCUSABLE } from '@/constants/a11y'
import { t } from '@/i18n'
import type { PinsStore } from '@/stores/chat/pins-store'
import { chatQuoteText } from '@/utils/chat-text'
import { chatClock } from '@/utils/format-chat-time'
import StateView, { stateViewStatusOf } from '@/components/state-view'
import './index.scss'

/** What the 精华消息 panel shows and does. */
export interface ChatPinsProps {
  pins: PinsStore
  /** A mentioned member's nickname, or null. */
  nameOf: (uid: string) => string | null
  /** Goes to the pinned message in the chat. */
  onOpen: (pin: Pin) => void
  onClose: () => void
}

/** One pinned message: who wrote it and when, its text (or that it holds pictures), who pinned it. */
function PinRow ({ pin, nameOf, onOpen }: { pin: Pin, nameOf: ChatPinsProps['nameOf'], onOpen: () => void }) {
  const { message } = pin
  const text = message.content === '' ? t('chatPinPictures') : chatQuoteText(message.content, nameOf)
  return (
    <View className='chat-pins__item' data-testid='pin' role='button' onClick={onOpen} {...FOCUSABLE}>
      <View className='chat-pins__head'>
        <Text className='chat-pins__author'>{message.author.nickname}</Text>
        <Text className='chat-pins__time'>{chatClock(message.created_at * 1000)}</Text>
      </View>
      <Text className='chat-pins__text'>{text}</Text>
      <Text className='chat-pins__by'>{t('chatPinnedBy', { name: pin.pinned_by.nickname })}</Text>
    </View>
  )
}

/** The channel's 精华消息 over the chat: loading, empty, error (with 重试), or the pins, newest pin first; a tap goes to the message. */
function ChatPins ({ pins, nameOf, onOpen, onClose }: ChatPinsProps) {
  return (
    <View className='chat-pins' {...DIALOG} aria-label={t('chatPinsTitle')}>
      <View className='chat-pins__bar'>
        <Text className='chat-pins__title'>{t('chatPinsTitle')}</Text>
        <View className='chat-pins__close' role='button' onClick={onClose} {...FOCUSABLE}>{t('chatPinsClose')}</View>
      </View>
      <View className='chat-pins__body'>
        {pins.status === 'ready'
          ? pins.pins.map(pin => <PinRow key={pin.message.message_id} pin={pin} nameOf={nameOf} onOpen={() => onOpen(pin)} />)
          : <StateView status={stateViewStatusOf(pins.status)} message={pins.status === 'empty' ? t('chatPinsEmpty') : pins.error} retryable={pins.retryable} onRetry={() => { void pins.load() }} compact />}
      </View>
    </View>
  )
}

export default observer(ChatPins)
