import { Text, View } from '@tarojs/components'
import { t } from '@/i18n'
import { formatCount } from '@/utils/format-number'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** What the like shows and does. */
export interface LikeButtonProps {
  /** I like it: the heart is filled and red, and the button reads as pressed. */
  liked: boolean
  count: number
  onLike: () => void
  /** The class of the place it stands in (the post card's, the post page's), first. */
  className: string
}

/**
 * A post's like, wherever the post shows (its card in the list, its own page): a heart and
 * the count in an outlined pill — a toggle button that says its state (aria-pressed), named
 * by the count it shows (the heart is hidden from screen readers), never bare text.
 */
export default function LikeButton ({ liked, count, onLike, className }: LikeButtonProps) {
  return (
    <View
      className={`${className} like-button${liked ? ' like-button--mine' : ''}`}
      {...pressable(onLike)}
      aria-pressed={liked ? 'true' : 'false'}
      data-testid='like'
    >
      <Text className='like-button__icon' aria-hidden='true'>{liked ? '♥' : '♡'}</Text>
      <Text className='like-button__count'>{t('postLikes', { count: formatCount(count) })}</Text>
    </View>
  )
}
