import { Text, View } from '@tarojs/components'
import { t } from '@/i18n'
import type { StoreStatus } from '@/stores/support/load-tracker'
import './index.scss'

/** Props of a paged list's footer: where its next page stands. */
export interface ListFooterProps {
  /** Status of the next page (PagedList.moreStatus). */
  status: StoreStatus
  /** The message of a failed next page. */
  error: string | null
  /** True when more items exist after the shown ones. */
  hasMore: boolean
  /** Asks for the failed next page again (a tap on the footer). */
  onRetry: () => void
}

/** The text under a paged list: loading more, a failure to retry, the end of the list, or nothing while more can load. */
function listFooterText ({ status, error, hasMore }: Pick<ListFooterProps, 'status' | 'error' | 'hasMore'>): string {
  if (status === 'loading') return t('loadingMore')
  if (status === 'error') return `${error ?? t('loadFailed')} · ${t('retry')}`
  return hasMore ? '' : t('noMore')
}

/** The line under a paged list (Home's live items, a channel's messages, posts and live items); a failed next page is retried by a tap. */
export default function ListFooter (props: ListFooterProps) {
  const failed = props.status === 'error'
  return (
    <View className={`list-footer${failed ? ' list-footer--retry' : ''}`} onClick={failed ? props.onRetry : undefined}>
      <Text>{listFooterText(props)}</Text>
    </View>
  )
}
