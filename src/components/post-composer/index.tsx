import { View, Text, Image, Button } from '@tarojs/components'
import { observer } from 'mobx-react'
import PostFields from '@/components/post-fields'
import { t } from '@/i18n'
import type { PostComposerStore } from '@/stores/posts/post-composer-store'
import type { DraftImage } from '@/stores/support/upload-queue'
import { disabledIf } from '@/utils/disabled-if'
import './index.scss'

/** The composer's store and what its buttons do outside it. */
export interface PostComposerProps {
  composer: PostComposerStore
  /** The add-image tap (the page picks with the platform's picker). */
  onAddImages: () => void
  /** The send tap. */
  onSend: () => void
}

function ImageTile ({ image, composer }: { image: DraftImage, composer: PostComposerStore }) {
  return (
    <View className={`post-composer__image post-composer__image--${image.status}`}>
      <Image className='post-composer__thumb' src={image.path} mode='aspectFill' />
      {image.status === 'uploading' && <Text className='post-composer__progress'>{`${image.progress}%`}</Text>}
      {image.status === 'failed' && (
        <View className='post-composer__failed'>
          <Text className='post-composer__failed-text'>{image.error}</Text>
          <Text className='post-composer__retry' onClick={() => composer.retryImage(image.id)}>{t('retry')}</Text>
        </View>
      )}
      <Text className='post-composer__remove' onClick={() => composer.removeImage(image.id)}>{t('postImageRemove')}</Text>
    </View>
  )
}

/** Writing a post: title, text, up to 9 pictures each with its own upload progress, retry and remove; field errors under their field. */
function PostComposer ({ composer, onAddImages, onSend }: PostComposerProps) {
  return (
    <View className='post-composer'>
      <PostFields text={composer.text} />
      <View className='post-composer__images'>
        {composer.images.map(image => <ImageTile key={image.id} image={image} composer={composer} />)}
        {composer.roomForImages > 0 && <View className='post-composer__add' onClick={onAddImages}><Text>{t('postAddImage')}</Text></View>}
      </View>
      {composer.text.fieldErrors.images && <Text className='post-composer__error'>{composer.text.fieldErrors.images}</Text>}
      {composer.error && <Text className='post-composer__error'>{composer.error}</Text>}
      {composer.blockedBy && composer.text.title.trim() !== '' && <Text className='post-composer__hint'>{composer.blockedBy}</Text>}
      <Button className='post-composer__send' type='primary' disabled={disabledIf(!composer.canSend)} loading={composer.sending} onClick={onSend}>
        {t('postSend')}
      </Button>
    </View>
  )
}

export default observer(PostComposer)
