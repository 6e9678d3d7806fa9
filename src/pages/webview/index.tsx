import '@/i18n/page-messages'
import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import PageHeader from '@/components/page-header'
import { WebView } from '@/components/page-elements/web-view'
import { t } from '@/i18n'
import { useFrameTitle } from '@/hooks/use-frame-title'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { currentParams, isAllowedUrl, relaunch } from '@/router'
import { useHomeShare } from '@/services/share/use-share'
import { useStores } from '@/stores/context'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/webview/index'

/**
 * Web view (SPEC §2: rule pages open the user agreement or privacy policy URL): shows
 * the `url` parameter when it is allow-listed, with `title` in the navigation bar. Any
 * other URL is refused with a message and a way home, and never loaded (no open redirect).
 * Its share menu sends the server's Home, not the outside page.
 */
function WebViewPage () {
  usePageLifecycle(PAGE_PATH)
  useHomeShare(useStores().server)
  const { url, title } = currentParams()
  const shownTitle = title || t('pageTitleWebview')
  useFrameTitle('.webview__frame', shownTitle)
  if (!isAllowedUrl(url)) {
    return (
      <View className='webview webview--refused'>
        <PageHeader title={t('pageTitleWebview')} />
        <Text className='webview__title'>{t('notFoundTitle')}</Text>
        <Text className='webview__hint'>{t('webviewRefused')}</Text>
        <Button className='webview__home' onClick={() => { relaunch().catch(error => console.error('[webview] home failed:', error)) }}>
          {t('backHome')}
        </Button>
      </View>
    )
  }
  return (
    <View className='webview__page'>
      <PageHeader title={shownTitle} />
      <WebView className='webview__frame' src={url} />
    </View>
  )
}

export default observer(WebViewPage)
