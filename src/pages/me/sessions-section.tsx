import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import StateView from '@/components/state-view'
import { t } from '@/i18n'
import { relaunch } from '@/router'
import type { MySessionsStore } from '@/stores/account/my-sessions-store'
import { deviceName } from '@/utils/device-name'
import { modal, toast } from '@/utils/feedback'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'
import { disabledIf } from '@/utils/disabled-if'

/** When a session was used or began, as the list says it. */
function when (seconds: number): string {
  return formatDate(fromUnixSeconds(seconds), 'YYYY-MM-DD HH:mm')
}

/**
 * The Me page's signed-in devices — each session's device, when it was last used
 * and signed in, "this device" marked — with ending another device's session (after a
 * confirmation) and signing out here, which goes back to Home.
 */
function SessionsSection ({ store }: { store: MySessionsStore }) {
  const signOut = async () => {
    if (!await modal({ content: t('signOutConfirm') })) return
    await toast(await store.signOut())
    if (store.signedOut) await relaunch()
  }
  const revoke = async (session: MySessionsStore['sessions'][number]) => {
    if (!await modal({ content: t('sessionRevokeConfirm') })) return
    await toast(await store.revoke(session))
  }
  return (
    <View className='me__sessions' data-testid='sessions'>
      <Text className='me__section-heading'>{t('sessionsSection')}</Text>
      {store.status === 'ready'
        ? store.sessions.map(session => (
          <View key={session.session_id} className='me__session' data-testid='session-row'>
            <View className='me__session-text'>
              <Text className='me__session-device'>
                {deviceName(session.user_agent)}
                {session.current && <Text className='me__session-current'>{t('sessionThisDevice')}</Text>}
              </Text>
              <View className='me__session-meta'>
                <Text className='me__session-time'>{t('sessionLastSeen', { time: when(session.last_used_at) })}</Text>
                <Text className='me__session-time'>{t('sessionSignedIn', { time: when(session.created_at) })}</Text>
              </View>
            </View>
            {!session.current && (
              <Button className='me__session-revoke' size='mini' data-testid='session-revoke' loading={store.ending === session.session_id || undefined}
                disabled={disabledIf(store.ending !== null)} onClick={() => { void revoke(session) }}
              >
                {t('sessionRevoke')}
              </Button>
            )}
          </View>
        ))
        : <StateView status={store.status === 'idle' ? 'loading' : store.status} compact message={store.status === 'empty' ? t('sessionsEmpty') : store.error} retryable={store.retryable} onRetry={() => { void store.load() }} />}
      <Button className='me__sign-out' data-testid='sign-out' loading={store.ending === 'sign-out' || undefined} disabled={disabledIf(store.ending !== null)} onClick={() => { void signOut() }}>
        {t('signOut')}
      </Button>
    </View>
  )
}

export default observer(SessionsSection)
