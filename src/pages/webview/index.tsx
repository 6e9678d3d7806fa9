import { useEffect } from 'react'
import Taro from '@tarojs/taro'
import { View, Text, WebView } from '@tarojs/components'
import { t } from '@/constants/messages'
import { currentParams, isAllowedUrl } from '@/router'

/**
 * Web view (SPEC §2: rule pages open the user agreement or privacy policy URL): shows
 * the `url` parameter when it is allow-listed, with `title` in the navigation bar.
 * Any other URL is not shown (no open redirect).
 */
export default function WebViewPage () {
  const { url, title } = currentParams()
  useEffect(() => {
    if (title) Taro.setNavigationBarTitle({ title }).catch(() => undefined)
  }, [title])
  if (!isAllowedUrl(url)) {
    return (
      <View className='webview'>
        <Text>{t('notFoundTitle')}</Text>
      </View>
    )
  }
  return <WebView src={url} />
}
