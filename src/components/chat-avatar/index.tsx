import { View, Text, Image } from '@tarojs/components'
import type { User } from '@core/wire/entities'
import { avatarTone } from '@core/domain/avatar-tone'
import { DECORATIVE_IMAGE } from '@/constants/a11y'
import { mediaUrl } from '@/utils/media-url'
import './index.scss'

/** What an avatar shows: the member, and its size (`chat-avatar--small` in the `@` picker; a list's own class sets another). */
export interface ChatAvatarProps {
  user: Pick<User, 'uid' | 'nickname' | 'avatar'>
  small?: boolean
  /** A class of the place it stands in, for its size there (the member list's larger avatar). */
  className?: string
}

/** A member's round avatar: their picture, or (a guest without one) their initial on a colour of their own; hidden from screen readers, as the name beside it says the same. */
export default function ChatAvatar ({ user, small = false, className }: ChatAvatarProps) {
  const picture = mediaUrl(user.avatar)
  const size = (small ? ' chat-avatar--small' : '') + (className === undefined ? '' : ` ${className}`)
  if (picture !== '') return <Image className={`chat-avatar${size}`} src={picture} mode='aspectFill' lazyLoad nativeProps={DECORATIVE_IMAGE} />
  return (
    <View className={`chat-avatar chat-avatar--initial chat-avatar--tone-${avatarTone(user.uid)}${size}`} aria-hidden='true'>
      <Text>{Array.from(user.nickname.trim())[0] ?? '?'}</Text>
    </View>
  )
}
