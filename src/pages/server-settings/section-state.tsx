import { Text, View } from '@tarojs/components'
import StateView from '@/components/state-view'
import type { StoreStatus } from '@/stores/load-tracker'

/** What a section shows besides its content. */
export interface SectionStateProps {
  status: StoreStatus
  error: string | null
  /** What the empty state says (what is missing). */
  emptyText: string
  onRetry: () => void
}

/** A section's loading, empty or error state; null once there is content to show. */
export function SectionState ({ status, error, emptyText, onRetry }: SectionStateProps) {
  if (status === 'ready') return null
  if (status === 'empty') return <StateView compact status='empty' message={emptyText} />
  if (status === 'error') return <StateView compact status='error' message={error} onRetry={onRetry} />
  return <StateView compact status='loading' />
}

/** A section's last refusal, said in words; nothing when there is none. */
export function SectionRefusal ({ message }: { message: string | null }) {
  return message ? <View className='server-settings__refusal' ariaRole='alert'><Text>{message}</Text></View> : null
}

/** Logs a failed action of the page (the stores already turned it into words). */
export function logFailure (what: string) {
  return (error: unknown) => console.error(`[server-settings] ${what} failed:`, error)
}
