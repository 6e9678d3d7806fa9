import '@/i18n/page-messages'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import { t } from '@/i18n'
import { navigate, openConversation } from '@/router'
import type { DmNotice as Notice, DmNoticeStore } from '@/stores/direct-messages/dm-notice-store'
import { chatQuoteText } from '@/utils/chat-text'
import { formatBadgeCount } from '@/utils/format-number'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** The notice's first line: who wrote, or how many messages a burst brought and from whom. */
function headlineOf (notice: Notice): string {
  const name = notice.latest.author.nickname
  if (notice.count === 1) return name
  const count = formatBadgeCount(notice.count)
  return notice.conversationId === null ? t('dmNoticeSeveral', { count, name }) : t('dmNoticeMore', { count, name })
}

/**
 * The small banner over every page that tells of a direct message which arrived while the
 * member was elsewhere (DmNoticeStore): who wrote and the first words of the newest; a tap
 * opens its conversation (the list, when a burst came from several), × closes it. The app
 * shell renders it, a chunk of its own loaded with the first notice.
 */
function DmNotice ({ store }: { store: DmNoticeStore }) {
  const notice = store.shown
  if (notice === null) return null
  const open = () => {
    const { conversationId } = notice
    store.dismiss()
    const opening = conversationId === null ? navigate('conversations') : openConversation(conversationId)
    opening.catch(error => console.error('[dm-notice] opening the conversation failed:', error))
  }
  const author = notice.latest.author
  const words = chatQuoteText(notice.latest.content, uid => uid === author.uid ? author.nickname : null)
  return (
    <View className='dm-notice' role='status' ariaLabel={t('dmNoticeLabel')} data-testid='dm-notice'>
      <View className='dm-notice__body' {...pressable(open)} role='link'>
        <Text className='dm-notice__eyebrow'>{t('dmNoticeLabel')}</Text>
        <Text className='dm-notice__who'>{headlineOf(notice)}</Text>
        <Text className='dm-notice__words'>{words}</Text>
      </View>
      <View className='dm-notice__close' {...pressable(() => store.dismiss())} role='button' ariaLabel={t('dmNoticeClose')}>×</View>
    </View>
  )
}

export default observer(DmNotice)
