import { Button } from '@tarojs/components'
import { t } from '@/i18n'
import { copyShareLink, isWechatBrowser } from '@/services/share'
import { isH5 } from '@/utils/platform'
import './index.scss'

/** What the button shares. */
export interface ShareButtonProps {
  /** The H5 link to copy (src/services/share `shareLink`). */
  link: string
  /** navShareHide: no button at all. */
  hidden?: boolean
}

/**
 * The share button. H5 outside the messaging app: copies the link with a toast. In the
 * messaging app's browser: none (its menu shares, see useShare). Mini-program: the
 * platform's share button (open-type share, the page's share card).
 */
export default function ShareButton ({ link, hidden = false }: ShareButtonProps) {
  if (hidden || isWechatBrowser()) return null
  if (!isH5()) return <Button className='share-button' openType='share' size='mini'>{t('share')}</Button>
  return <Button className='share-button' size='mini' onClick={() => { void copyShareLink(link) }}>{t('share')}</Button>
}
