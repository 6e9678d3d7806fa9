import type { ReactNode } from 'react'
import { View, Text, Image } from '@tarojs/components'
import { t } from '@/i18n'
import { formatCount } from '@/utils/format-number'
import { mediaUrl } from '@/utils/media-url'
import { DECORATIVE_IMAGE } from '@/constants/a11y'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** The signed-in person shown in the header's chip. */
export interface HeaderUser {
  nickname: string
  avatar: string
}

/** What the header shows. */
export interface ServerHeaderProps {
  name: string
  icon?: string
  introduction?: string
  /** SPEC §9: shown with 万/亿 units; null while unknown. */
  memberCount: number | null
  /** Members online now (same units); null while unknown. */
  onlineCount?: number | null
  /** The signed-in user, or null before sign-in; the chip opens the Me page either way. */
  user: HeaderUser | null
  onMeTap: () => void
  /** Unread notifications, shown as a badge on the chip (nothing at 0). */
  unread?: number
  /** Extra actions next to the member count (join, share). */
  actions?: ReactNode
}

/** The current server as a card: icon, name, introduction, member and online counts; the signed-in user's chip leads to the Me page. */
export default function ServerHeader ({ name, icon, introduction, memberCount, onlineCount = null, user, onMeTap, unread = 0, actions }: ServerHeaderProps) {
  const iconUrl = mediaUrl(icon)
  const avatarUrl = mediaUrl(user?.avatar)
  return (
    <View className='server-header'>
      <View className='server-header__top'>
        <View className='server-header__icon'>
          {iconUrl !== '' ? <Image className='server-header__icon-image' src={iconUrl} mode='aspectFill' nativeProps={DECORATIVE_IMAGE} /> : <Text>{name.slice(0, 1)}</Text>}
        </View>
        <View className='server-header__titles'>
          <Text className='server-header__name'>{name}</Text>
          {memberCount !== null && <Text className='server-header__members'>{t('homeMembers', { count: formatCount(memberCount) })}</Text>}
          {onlineCount !== null && <Text className='server-header__online'>{t('homeOnline', { count: formatCount(onlineCount) })}</Text>}
        </View>
        <View className='server-header__me' {...pressable(onMeTap)}>
          {avatarUrl !== ''
            ? <Image className='server-header__avatar' src={avatarUrl} mode='aspectFill' nativeProps={DECORATIVE_IMAGE} />
            : <Text className='server-header__avatar server-header__avatar--initial'>{Array.from(user?.nickname.trim() ?? '')[0] ?? ''}</Text>}
          <Text className='server-header__nickname'>{user?.nickname || t('homeMe')}</Text>
          {unread > 0 && <Text className='server-header__badge'>{unread > 99 ? '99+' : unread}</Text>}
        </View>
      </View>
      {introduction && <Text className='server-header__intro'>{introduction}</Text>}
      {actions && <View className='server-header__actions'>{actions}</View>}
    </View>
  )
}
