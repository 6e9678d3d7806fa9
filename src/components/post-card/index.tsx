import { View, Text, Image } from '@tarojs/components'
import type { Post } from '@core/wire/posts'
import { DECORATIVE_IMAGE } from '@/constants/a11y'
import ChatAvatar from '@/components/chat-avatar'
import LikeButton from '@/components/like-button'
import { t } from '@/i18n'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'
import { formatCount } from '@/utils/format-number'
import { mediaUrl } from '@/utils/media-url'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** What the card shows and what its taps do. */
export interface PostCardProps {
  post: Post
  /** The card's tap: open the post's page. */
  onOpen: (post: Post) => void
  /** The like button's tap. */
  onLike: (post: Post) => void
}

/**
 * A post in a post channel's list: author, title, the first lines, the cover, like (mine
 * highlighted) and comment counts. The card's open target (author, title, text,
 * cover) and its like are keyboard buttons side by side — never one inside the other (axe
 * nested-interactive: a screen reader reads a button inside a button as one).
 */
export default function PostCard ({ post, onOpen, onLike }: PostCardProps) {
  const cover = mediaUrl(post.cover)
  return (
    <View className='post-card' data-testid='post'>
      <View className='post-card__open' {...pressable(() => onOpen(post))}>
        <View className='post-card__author'>
          <ChatAvatar user={post.author} className='post-card__avatar' />
          <Text className='post-card__nickname'>{post.author.nickname}</Text>
          <Text className='post-card__time'>{formatDate(fromUnixSeconds(post.created_at), 'MM-DD HH:mm')}</Text>
        </View>
        <Text className='post-card__title'>{post.title}</Text>
        {post.content !== '' && <Text className='post-card__text'>{post.content}</Text>}
        {cover !== '' && <Image className='post-card__cover' src={cover} mode='aspectFill' lazyLoad nativeProps={DECORATIVE_IMAGE} />}
      </View>
      <View className='post-card__actions'>
        <LikeButton className='post-card__like' liked={post.liked} count={post.like_count} onLike={() => onLike(post)} />
        <Text className='post-card__comments'>{t('postComments', { count: formatCount(post.comment_count) })}</Text>
      </View>
    </View>
  )
}
