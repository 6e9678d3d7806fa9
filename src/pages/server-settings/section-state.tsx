import { Button, Text, View } from '@tarojs/components'
import { Input } from '@/components/page-elements/input'
import StateView from '@/components/state-view'
import type { StoreStatus } from '@/stores/support/load-tracker'
import { ALERT } from '@/constants/a11y'
import { disabledIf } from '@/utils/disabled-if'

/** What a section shows besides its content. */
export interface SectionStateProps {
  status: StoreStatus
  error: string | null
  /** What the empty state says (what is missing). */
  emptyText: string
  /** False when retrying cannot help (the store's `retryable`): no 重试 then. */
  retryable?: boolean
  onRetry: () => void
}

/** A section's loading, empty or error state; null once there is content to show. */
export function SectionState ({ status, error, emptyText, retryable, onRetry }: SectionStateProps) {
  if (status === 'ready') return null
  if (status === 'empty') return <StateView compact status='empty' message={emptyText} />
  if (status === 'error') return <StateView compact status='error' message={error} retryable={retryable} onRetry={onRetry} />
  return <StateView compact status='loading' />
}

/** A section's last refusal, said in words; nothing when there is none. */
export function SectionRefusal ({ message }: { message: string | null }) {
  return message ? <View className='server-settings__refusal' {...ALERT}><Text>{message}</Text></View> : null
}

/** Logs a failed action of the page (the stores already turned it into words). */
export function logFailure (what: string) {
  return (error: unknown) => console.error(`[server-settings] ${what} failed:`, error)
}

/** The name typed for a new role or channel, and its create button. */
export interface CreateRowProps {
  value: string
  placeholder: string
  maxlength: number
  /** The create button's words. */
  label: string
  /** True while the section's write is under way (the button waits). */
  busy: boolean
  onInput: (value: string) => void
  onCreate: () => void
}

/** A section's create row: a name field (named by its placeholder) and a button that waits while busy or while the name is blank. */
export function CreateRow ({ value, placeholder, maxlength, label, busy, onInput, onCreate }: CreateRowProps) {
  return (
    <View className='server-settings__create'>
      <Input className='server-settings__input' value={value} placeholder={placeholder} maxlength={maxlength} nativeProps={{ 'aria-label': placeholder }} onInput={event => { onInput(event.detail.value) }} />
      <Button size='mini' className='server-settings__primary' disabled={disabledIf(busy || value.trim() === '')} onClick={onCreate}>{label}</Button>
    </View>
  )
}
