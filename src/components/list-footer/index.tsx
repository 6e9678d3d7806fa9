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
  /** False when retrying cannot help (PagedList.moreRetryable): the failure is said without 重试 and the footer takes no tap. */
  retryable?: boolean
}

/** The text under a paged list: loading more, a failure to retry, the end of the list, or nothing while more can load. */
function listFooterText ({ status, error, hasMore, retryable = true }: Pick<ListFooterProps, 'status' | 'error' | 'hasMore' | 'retryable'>): string {
  if (status === 'loading') return t('loadingMore')
  if (status === 'error') return retryable ? `${error ?? t('loadFailed')} · ${t('retry')}` : error ?? t('loadFailed')
  return hasMore ? '' : t('noMore')
}

/** The line under a paged list (Home's live items, a channel's messages, posts and live items); a failed next page is retried by a tap. */
export default function ListFooter (props: ListFooterProps) {
  const failed = props.status === 'error' && props.retryable !== false
  return (
    <View className={`list-footer${failed ? ' list-footer--retry' : ''}`} onClick={failed ? props.onRetry : undefined}>
      <Text>{listFooterText(props)}</Text>
    </View>
  )
}
