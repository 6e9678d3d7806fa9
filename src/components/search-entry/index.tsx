import { Button } from '@tarojs/components'
import { t } from '@/i18n'
import { navigate } from '@/router'
import './index.scss'

/** The 搜索 / Search button of a server's header: opens the search page of `serverId` (its code loads with that page only). */
export default function SearchEntry ({ serverId }: { serverId: string }) {
  return (
    <Button className='search-entry' size='mini' onClick={() => { navigate('search', { sid: serverId }).catch(error => console.error('[search-entry] opening the search failed:', error)) }}>
      {t('searchOpen')}
    </Button>
  )
}
