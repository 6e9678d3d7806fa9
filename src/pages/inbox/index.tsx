import '@/i18n/page-messages'
import { useEffect } from 'react'
import { Button, Image, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import type { Notification } from '@core/wire/notifications'
import PageHeader from '@/components/page-header'
import StateView from '@/components/state-view'
import { DECORATIVE_IMAGE } from '@/constants/a11y'
import { t, type MessageKey } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { usePullRefresh } from '@/hooks/use-pull-refresh'
import { useSignedIn } from '@/hooks/use-signed-in'
import { navigate } from '@/router'
import { useHomeShare } from '@/services/share/use-share'
import { createAwayChannel } from '@/services/away-channel'
import { AwayStore } from '@/stores/notifications/away-store'
import { usePageStore, useStores } from '@/stores/context'
import { notificationTarget } from '@core/domain/notifications'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'
import { mediaUrl } from '@/utils/media-url'
import { showLoadError, toast } from '@/utils/feedback'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/inbox/index'

/** The line each kind (and moderation act) shows, `{name}` the actor. */
function headlineOf (notification: Notification): string {
  const name = notification.actor?.nickname ?? t('inboxSomeone')
  const key: MessageKey = notification.kind === 'moderation'
    ? ({ timeout: 'inboxModerationTimeout', kick: 'inboxModerationKick', ban: 'inboxModerationBan', roles: 'inboxModerationRoles', '': 'inboxModerationRoles' } as const)[notification.act]
    : ({ mention: 'inboxMention', reply: 'inboxReply', reaction: 'inboxReaction', comment: 'inboxComment', direct_message: 'inboxDirectMessage' } as const)[notification.kind]
  return t(key, { name })
}

/** One notification: who, what, the words it is about, when; tapping marks it read and opens what it is about. */
const Row = observer(function Row ({ notification, onOpen }: { notification: Notification, onOpen: (notification: Notification) => void }) {
  const avatar = mediaUrl(notification.actor?.avatar)
  return (
    <View className={`inbox__row${notification.read ? '' : ' inbox__row--unread'}`} {...pressable(() => onOpen(notification))} role='link'>
      {avatar !== ''
        ? <Image className='inbox__avatar' src={avatar} mode='aspectFill' nativeProps={DECORATIVE_IMAGE} />
        : <Text className='inbox__avatar inbox__avatar--initial'>{Array.from(notification.actor?.nickname ?? '·')[0]}</Text>}
      <View className='inbox__text'>
        <Text className='inbox__headline'>{headlineOf(notification)}</Text>
        {notification.deleted
          ? <Text className='inbox__excerpt inbox__excerpt--deleted'>{t('inboxDeleted')}</Text>
          : notification.excerpt !== '' && <Text className='inbox__excerpt'>{notification.excerpt}</Text>}
        <Text className='inbox__time'>{formatDate(fromUnixSeconds(notification.created_at), 'MM-DD HH:mm')}</Text>
      </View>
      {!notification.read && <View className='inbox__dot' />}
    </View>
  )
})

/**
 * The notification inbox (通知): newest first, live as they arrive (the root store's
 * inbox follows the gateway), older pages on "load more", one tap opens what a
 * notification is about and marks it read, and all can be marked read at once. Where the
 * platform can, the member opts in to being told while away (Web Push on H5,
 * WeChat subscribe messages in the mini-program); a failure shows in a toast.
 */
function Inbox () {
  const { inbox, server, session } = useStores()
  usePageLifecycle(PAGE_PATH)
  // the inbox is one member's own: opened first by a newcomer, it waits for the launch's guest sign-in
  const signedIn = useSignedIn()
  useEffect(() => { if (signedIn) void inbox.load() }, [inbox, signedIn])
  const away = usePageStore(root => new AwayStore(createAwayChannel({
    bindWechat: code => root.api.bindWechat(code),
    pushKey: () => root.notificationsApi.pushKey(),
    savePush: body => root.notificationsApi.savePush(body),
    deletePush: endpoint => root.notificationsApi.deletePush(endpoint),
  }), error => { void showLoadError(error) }))
  useEffect(() => { if (signedIn) void away.load() }, [away, signedIn])
  // a pull-down loads the newest notifications again; the share menu sends the server's Home (an inbox is one member's own)
  usePullRefresh(() => inbox.load())
  useHomeShare(server)

  const open = (notification: Notification): void => {
    void inbox.markRead(notification.notification_id)
    const target = notificationTarget(notification)
    // a deleted message opens its channel or conversation around where it was (a time-ordered id still places it)
    if (target) navigate(target.page, target.query).catch(error => console.error('[inbox] opening failed:', error))
    else if (notification.deleted) void toast(t('inboxDeleted'))
  }

  return (
    <View className='inbox'>
      <PageHeader title={t('pageTitleInbox')} />
      <View className='inbox__bar'>
        <Button className='inbox__all-read' size='mini' disabled={inbox.unread === 0} onClick={() => { void inbox.markAllRead() }}>{t('inboxMarkAllRead')}</Button>
        {(away.status === 'on' || away.status === 'off') && (
          <Button className='inbox__away' size='mini' loading={away.busy || undefined} disabled={away.busy} onClick={() => { void away.toggle() }}>{t(away.status === 'on' ? 'inboxAwayOff' : 'inboxAwayOn')}</Button>
        )}
      </View>
      {away.status === 'denied' && <Text className='inbox__away-denied'>{t('inboxAwayDenied')}</Text>}
      {!signedIn && session.status === 'error' && <StateView status='error' message={session.error} retryable={session.retryable} onRetry={() => { session.ensureSignedIn().catch(() => undefined) }} />}
      {inbox.status === 'error' && <StateView status='error' retryable={inbox.retryable} onRetry={() => { void inbox.load() }} />}
      {(signedIn || session.status !== 'error') && (inbox.status === 'idle' || inbox.status === 'loading') && inbox.items.length === 0 && <StateView status='loading' />}
      {inbox.status === 'ready' && inbox.items.length === 0 && <StateView status='empty' message={t('inboxEmpty')} />}
      <View className='inbox__list'>
        {inbox.items.map(notification => <Row key={notification.notification_id} notification={notification} onOpen={open} />)}
      </View>
      {inbox.hasMore && <Button className='inbox__more' size='mini' loading={inbox.loadingMore || undefined} onClick={() => { void inbox.loadMore() }}>{t('inboxLoadMore')}</Button>}
    </View>
  )
}

export default observer(Inbox)
