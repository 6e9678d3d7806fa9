import '@/i18n/page-messages'
import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import PageHeader from '@/components/page-header'
import { t } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { currentParams, relaunch } from '@/router'
import { useHomeShare } from '@/services/share/use-share'
import { useStores } from '@/stores/context'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/not-found/index'

/**
 * Not found (SPEC §2: unknown paths invoke a not-found handler): says so kindly, names
 * the address that was asked for (as text), and leads home — a relaunch of the entry
 * page that keeps the carried query keys (server, language …). Its share menu sends the
 * server's Home, never the address that was not found.
 */
function NotFound () {
  usePageLifecycle(PAGE_PATH)
  useHomeShare(useStores().server)
  const { from } = currentParams()
  return (
    <View className='not-found'>
      <PageHeader title={t('pageTitleNotFound')} />
      <Text className='not-found__mark'>404</Text>
      <Text className='not-found__title'>{t('notFoundTitle')}</Text>
      <Text className='not-found__hint'>{t('notFoundHint')}</Text>
      {from && <Text className='not-found__from'>{t('notFoundFrom', { path: from })}</Text>}
      <Button className='not-found__home' onClick={() => { relaunch().catch(error => console.error('[not-found] home failed:', error)) }}>
        {t('backHome')}
      </Button>
    </View>
  )
}

export default observer(NotFound)
