import { View, Text, Button } from '@tarojs/components'
import { t } from '@/i18n'
import './index.scss'

/** The states a list or page can be in besides showing its content. */
export type StateViewStatus = 'loading' | 'empty' | 'error'

/** What the state view shows. */
export interface StateViewProps {
  status: StateViewStatus
  /** The text to show; defaults to 加载中… / 加载失败 (empty states should name what is missing). */
  message?: string | null
  /** Error state: called by the retry button (shown only when given). */
  onRetry?: () => void
  /** Error state: false when retrying cannot help (a refusal the same request gets again; the store's `retryable`): no retry button then. */
  retryable?: boolean
  /** A smaller version for a section inside a page. */
  compact?: boolean
}

/** What a list that is not ready shows, by its store's status: empty, error, or loading (idle included). */
export function stateViewStatusOf (status: 'idle' | 'loading' | 'ready' | 'empty' | 'error'): StateViewStatus {
  return status === 'error' || status === 'empty' ? status : 'loading'
}

const DEFAULT_TEXT: Record<StateViewStatus, () => string> = {
  loading: () => t('loading'),
  empty: () => t('homeEmpty'),
  error: () => t('loadFailed'),
}

/** Loading (a spinner), empty (a blank page drawn in a tinted circle) or error (a warning mark), with its words and a retry button on error. */
export default function StateView ({ status, message, onRetry, retryable = true, compact = false }: StateViewProps) {
  return (
    <View className={`state-view state-view--${status}${compact ? ' state-view--compact' : ''}`}>
      <View className='state-view__art' aria-hidden='true'>
        {status !== 'loading' && <View className='state-view__icon' />}
      </View>
      <Text className='state-view__text'>{message || DEFAULT_TEXT[status]()}</Text>
      {status === 'error' && onRetry && retryable && (
        <Button className='state-view__retry' size='mini' onClick={onRetry}>{t('retry')}</Button>
      )}
    </View>
  )
}
