import { useEffect, useLayoutEffect, useState } from 'react'
import { observer } from 'mobx-react'
import { Text, View } from '@tarojs/components'
import MemberRow from '@/components/member-row'
import StateView, { stateViewStatusOf } from '@/components/state-view'
import { NAVIGATION } from '@/constants/a11y'
import { MEMBERS_COLUMN_CLASS } from '@/hooks/use-desktop-layout'
import { t } from '@/i18n'
import { navigate } from '@/router'
import { useStores } from '@/stores/context'
import { MemberListStore } from '@/stores/members/member-list-store'
import './index.scss'

function logFailure (what: string) {
  return (error: unknown) => console.error(`[desktop-members] ${what} failed:`, error)
}

/** The list itself: online members first (the member list store's order), each row opening the members page. */
const MemberColumnList = observer(function MemberColumnList ({ store, serverId, myUid }: { store: MemberListStore, serverId: string, myUid: string | null }) {
  const status = store.list.status
  if (status !== 'ready') {
    return (
      <StateView
        compact
        status={stateViewStatusOf(status)}
        message={status === 'empty' ? t('membersEmpty') : store.list.error}
        retryable={store.list.retryable}
        onRetry={() => { store.load().catch(logFailure('retrying the members')) }}
      />
    )
  }
  const open = () => { navigate('members', { sid: serverId }).catch(logFailure('opening the members page')) }
  return (
    <View>
      <Text className='desktop-members__count'>{t('desktopMembersOnline', { count: String(store.onlineCount) })}</Text>
      {store.shown.map(member => (
        <MemberRow key={member.user.uid} member={member} roles={store.rolesOf(member)} timedOutUntil={store.timeoutOf(member.user.uid)} space={store.placeOf(member.user.uid)?.name ?? null} isYou={member.user.uid === myUid} onOpen={open} />
      ))}
    </View>
  )
})

/**
 * The desktop layout's fourth column on wide windows (≥ 1280 px, app.scss shows it): the
 * current server's members, online first, live with the gateway — the members page's
 * store and rows, one list per server (a new one when the rail switches servers).
 */
function DesktopMembers () {
  const root = useStores()
  const serverId = root.server.serverId
  const [store, setStore] = useState<MemberListStore | null>(null)
  useEffect(() => {
    const created = new MemberListStore(serverId, { members: root.members, trust: root.trust, spaces: root.spaceApi, clock: root.clock, logger: root.logger })
    created.attach(root.gateway)
    setStore(created)
    created.load().catch(logFailure('loading the members'))
    return () => created.dispose()
  }, [root, serverId])
  useLayoutEffect(() => {
    document.documentElement.classList.add(MEMBERS_COLUMN_CLASS)
    return () => document.documentElement.classList.remove(MEMBERS_COLUMN_CLASS)
  }, [])
  return (
    <View className='desktop-members' {...NAVIGATION} ariaLabel={t('pageTitleMembers')}>
      <Text className='desktop-members__title'>{t('pageTitleMembers')}</Text>
      {store && <MemberColumnList store={store} serverId={serverId} myUid={root.session.user?.uid ?? null} />}
    </View>
  )
}

export default observer(DesktopMembers)
