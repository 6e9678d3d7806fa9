import { View, Text, Button } from '@tarojs/components'
import { STATUS } from '@/constants/a11y'
import { t } from '@/i18n'
import type { LiveReminder } from '@/stores/live/live-reminder-store'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** The started reminders and what the taps do. */
export interface LiveRemindersProps {
  reminders: readonly LiveReminder[]
  /** Opens a started item (its reminder is seen). */
  onOpen: (reminder: LiveReminder) => void
  /** Dismisses the whole list. */
  onDismiss: () => void
}

/**
 * On Home, the lives the member asked to be reminded of that have started since,
 * each opening its live, and one "知道了" that dismisses them; nothing when none has.
 */
export default function LiveReminders ({ reminders, onOpen, onDismiss }: LiveRemindersProps) {
  if (reminders.length === 0) return null
  return (
    <View className='live-reminders' ariaLabel={t('liveRemindersStarted')} {...STATUS}>
      <Text className='live-reminders__title'>{t('liveRemindersStarted')}</Text>
      {reminders.map(reminder => (
        <View key={reminder.live_id} className='live-reminders__item' {...pressable(() => onOpen(reminder))}>
          <Text className='live-reminders__name'>{reminder.title}</Text>
          <Text className='live-reminders__chevron'>›</Text>
        </View>
      ))}
      <Button className='live-reminders__dismiss' size='mini' onClick={onDismiss}>{t('liveRemindersDismiss')}</Button>
    </View>
  )
}
