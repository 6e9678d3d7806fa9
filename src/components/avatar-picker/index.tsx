import { Button, Image, Text, View } from '@tarojs/components'
import { t } from '@/i18n'
import { mediaUrl } from '@/utils/media-url'
import { disabledIf } from '@/utils/disabled-if'
import './index.scss'
import { DECORATIVE_IMAGE } from '@/constants/a11y'

/** What the picker shows and what it can do. */
export interface AvatarPickerProps {
  /** The current avatar URL ('' when the user has none). */
  src: string
  /** The nickname, whose first character stands in for a missing avatar. */
  nickname: string
  /** True while a new avatar is being uploaded or saved: the buttons wait. */
  busy?: boolean
  /** The audit message of a rejected avatar, shown under it. */
  error?: string | null
  /** The pick button's text; 更换头像 / Change avatar by default (the server settings say 图标 / icon). */
  chooseLabel?: string
  /** The generate button's text; 生成头像 / Generate by default. */
  generateLabel?: string
  /** The user wants to pick a photo. */
  onChoose: () => void
  /** The user wants a generated avatar. */
  onGenerate: () => void
}

/**
 * The avatar with its two ways of changing it: pick a photo, or generate one. Without an
 * avatar the nickname's first character is shown in a circle (as text).
 */
export default function AvatarPicker ({ src, nickname, busy = false, error = null, chooseLabel = t('avatarChange'), generateLabel = t('avatarGenerate'), onChoose, onGenerate }: AvatarPickerProps) {
  const image = mediaUrl(src)
  const initial = Array.from(nickname.trim())[0] ?? '?'
  return (
    <View className='avatar-picker'>
      {image !== ''
        ? <Image className='avatar-picker__image' src={image} mode='aspectFill' nativeProps={DECORATIVE_IMAGE} />
        : <Text className='avatar-picker__image avatar-picker__image--initial'>{initial}</Text>}
      <View className='avatar-picker__actions'>
        <Button className='avatar-picker__button' size='mini' disabled={disabledIf(busy)} loading={busy} onClick={onChoose}>{chooseLabel}</Button>
        <Button className='avatar-picker__button avatar-picker__button--generate' size='mini' disabled={disabledIf(busy)} onClick={onGenerate}>{generateLabel}</Button>
      </View>
      {error && <Text className='avatar-picker__error'>{error}</Text>}
    </View>
  )
}
