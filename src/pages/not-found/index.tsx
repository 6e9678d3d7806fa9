import { View, Text, Button } from '@tarojs/components'
import { t } from '@/constants/messages'
import { relaunch } from '@/router'

/** Not found (SPEC §2: unknown paths invoke a not-found handler): says so and leads home. */
export default function NotFound () {
  return (
    <View className='not-found'>
      <Text className='not-found__title'>{t('notFoundTitle')}</Text>
      <Text className='not-found__hint'>{t('notFoundHint')}</Text>
      <Button className='not-found__home' onClick={() => { relaunch().catch(error => console.error('[not-found] home failed:', error)) }}>
        {t('backHome')}
      </Button>
    </View>
  )
}
