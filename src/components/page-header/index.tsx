import { useState } from 'react'
import { Text, View } from '@tarojs/components'
import { t } from '@/i18n'
import { usePageTitle } from '@/hooks/use-page-title'
import { back, hasPageBehind } from '@/router'
import type { QueryInput } from '@core/query/url'
import { isH5 } from '@/utils/platform'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** What the header shows. */
export interface PageHeaderProps {
  /** The page's title (plain text: a channel's or post's name may be it). */
  title: string
  /** Query of the Home a member lands on when no page lies behind (e.g. the channel's server). */
  homeQuery?: QueryInput
}

/**
 * The bar on top of every page but Home: the page's title and a way back — back when a
 * page lies behind this one, otherwise to the server's Home (the carried query keys
 * kept, through the router's one navigation core). It also shows the title as the
 * page's title in the current language (SPEC §2). The mini-program has its own bar
 * (title and back/home buttons): there only the title is set.
 */
export default function PageHeader ({ title, homeQuery }: PageHeaderProps) {
  usePageTitle(title)
  const [behind] = useState(hasPageBehind)
  if (!isH5()) return null
  const label = behind ? t('navBack') : t('navHome')
  const leave = () => { back(1, homeQuery).catch(error => console.error('[page-header] back failed:', error)) }
  return (
    <View className='page-header'>
      <View className='page-header__back' ariaLabel={label} {...pressable(leave)}>
        <Text className='page-header__arrow'>‹</Text>
        <Text className='page-header__back-text'>{label}</Text>
      </View>
      <Text className='page-header__title'>{title}</Text>
    </View>
  )
}
