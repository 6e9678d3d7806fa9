import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react'
import { POST_CONTENT_MAX_LENGTH, POST_TITLE_MAX_LENGTH } from '@core/wire/codes'
import { Input } from '@/components/page-elements/input'
import { Textarea } from '@/components/page-elements/textarea'
import { t } from '@/i18n'
import type { PostTextDraft } from '@/stores/posts/post-text'
import './index.scss'

/**
 * The title and text fields of a post, shared by writing a post and editing
 * one: each field's refusal (SPEC §8: 104001 "标题未通过审核") right under it.
 */
function PostFields ({ text }: { text: PostTextDraft }) {
  const errors = text.fieldErrors
  return (
    <View className='post-fields'>
      <Input
        className='post-fields__title'
        value={text.title}
        placeholder={t('postTitlePlaceholder')}
        maxlength={POST_TITLE_MAX_LENGTH}
        nativeProps={{ 'aria-label': t('postTitlePlaceholder') }}
        onInput={event => text.setTitle(event.detail.value)}
      />
      {errors.title && <Text className='post-fields__error'>{errors.title}</Text>}
      <Textarea
        className='post-fields__content'
        value={text.content}
        placeholder={t('postContentPlaceholder')}
        maxlength={POST_CONTENT_MAX_LENGTH}
        autoHeight
        nativeProps={{ 'aria-label': t('postContentPlaceholder') }}
        onInput={event => text.setContent(event.detail.value)}
      />
      {errors.content && <Text className='post-fields__error'>{errors.content}</Text>}
    </View>
  )
}

export default observer(PostFields)
