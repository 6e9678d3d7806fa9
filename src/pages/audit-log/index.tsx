import '@/i18n/page-messages'
import { useEffect, useState } from 'react'
import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import type { PermissionName } from '@core/domain/permissions'
import { chooseServer } from '@core/domain/server'
import type { Report, ReportTarget } from '@core/wire/trust'
import MemberAuditEntry from '@/components/member-audit-entry'
import { reportReasonLabel } from '@/constants/report-reasons'
import PageHeader from '@/components/page-header'
import StateView from '@/components/state-view'
import { t, type MessageKey } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { usePullRefresh } from '@/hooks/use-pull-refresh'
import { currentParams, pageLocation } from '@/router'
import { useHomeShare } from '@/services/share/use-share'
import { AuditLogStore, type ReportAction } from '@/stores/trust/audit-log-store'
import { usePageStore, useStores } from '@/stores/context'
import { toast } from '@/utils/feedback'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'
import { disabledIf } from '@/utils/disabled-if'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/audit-log/index'

/** What a report is about, as a word. */
const TARGET_WORDS: Readonly<Record<ReportTarget, MessageKey>> = {
  message: 'reportKindMessage',
  post: 'reportKindPost',
  member: 'reportKindMember',
}

/** Each way of closing a report: its button's words and, for acting, the permission it needs (the server checks again). */
const REPORT_ACTIONS: ReadonlyArray<{ action: ReportAction, label: MessageKey, needs: PermissionName | null, fits: (target: ReportTarget) => boolean }> = [
  { action: 'delete', label: 'reportActionDelete', needs: 'ManageMessages', fits: target => target !== 'member' },
  { action: 'timeout', label: 'reportActionTimeout', needs: 'MuteMembers', fits: target => target === 'member' },
  { action: 'kick', label: 'reportActionKick', needs: 'KickMembers', fits: target => target === 'member' },
  { action: 'dismiss', label: 'reportActionDismiss', needs: null, fits: () => true },
]

/** One open report: who reported what, why, when, what it says, and the ways to close it the moderator has. */
const ReportRow = observer(function ReportRow ({ report, store }: { report: Report, store: AuditLogStore }) {
  const { permissions } = useStores()
  const kind = TARGET_WORDS[report.target_type] as MessageKey | undefined
  const busy = store.resolving !== null
  const actions = REPORT_ACTIONS.filter(item => item.fits(report.target_type) &&
    (item.needs === null || permissions.can(item.needs, item.needs === 'ManageMessages' ? report.channel_id ?? undefined : undefined)))
  // a message or post reads by its text below, never by its id
  const contentGone = report.target_type !== 'member' && report.channel_id === null
  return (
    <View className='member-audit-entry' data-testid='report-row'>
      <View className='member-audit-entry__line'>
        <Text className='member-audit-entry__sentence'>{t('reportsLine', { reporter: report.reporter.nickname, kind: kind ? t(kind) : report.target_type, target: report.target_type === 'member' ? store.targetName(report.target_id) : '' }).trim()}</Text>
        <Text className='member-audit-entry__time'>{formatDate(fromUnixSeconds(report.created_at), 'MM-DD HH:mm')}</Text>
      </View>
      <Text className='member-audit-entry__detail'>{t('modLogReason', { reason: reportReasonLabel(report.reason) })}{report.note !== '' ? ` · ${report.note}` : ''}</Text>
      {report.excerpt !== '' && <Text className='member-audit-entry__detail audit-log-page__excerpt'>{t('reportExcerpt', { excerpt: report.excerpt })}</Text>}
      {contentGone && <Text className='member-audit-entry__detail'>{t('reportTargetGone')}</Text>}
      <View className='audit-log-page__actions'>
        {actions.map(({ action, label }) => (
          <Button
            key={action}
            className={`audit-log-page__action audit-log-page__action--${action}`}
            size='mini'
            data-testid={`report-${action}`}
            disabled={disabledIf(busy)}
            loading={store.resolving === report.report_id || undefined}
            onClick={() => { void store.resolve(report, action).then(sentence => toast(sentence)) }}
          >
            {t(label)}
          </Button>
        ))}
      </View>
    </View>
  )
})

/** The log's entries, newest first, with "load more". */
const EntriesView = observer(function EntriesView ({ store }: { store: AuditLogStore }) {
  if (store.status === 'idle' || store.status === 'loading') return <StateView status='loading' compact />
  if (store.status === 'error') return <StateView status='error' compact message={store.error} retryable={store.retryable} onRetry={() => { void store.load() }} />
  if (store.status === 'empty') return <StateView status='empty' compact message={t('modLogEmpty')} />
  return (
    <View>
      {store.entries.map(entry => <MemberAuditEntry key={entry.entry_id} entry={entry} targetName={store.entryTargetName(entry)} reason={store.entryReason(entry)} nameOf={id => store.targetName(id)} />)}
      {store.moreStatus === 'error' && <Text className='audit-log-page__error'>{store.moreError}</Text>}
      {store.hasMore && (
        <Button className='audit-log-page__more' size='mini' disabled={disabledIf(store.moreStatus === 'loading')} onClick={() => { void store.loadMore() }}>
          {store.moreStatus === 'loading' ? t('loadingMore') : t('modLogLoadMore')}
        </Button>
      )}
    </View>
  )
})

/** The open reports queue. */
const ReportsView = observer(function ReportsView ({ store }: { store: AuditLogStore }) {
  if (store.reportsStatus === 'idle' || store.reportsStatus === 'loading') return <StateView status='loading' compact />
  if (store.reportsStatus === 'error') return <StateView status='error' compact message={store.reportsError} retryable={store.reportsRetryable} onRetry={() => { void store.load() }} />
  if (store.reportsStatus === 'empty') return <StateView status='empty' compact message={t('reportsEmpty')} />
  return (
    <View>
      {store.reports.map(report => <ReportRow key={report.report_id} report={report} store={store} />)}
      {store.reportsHaveMore && <Button className='audit-log-page__more' size='mini' onClick={() => { void store.loadMoreReports() }}>{t('modLogLoadMore')}</Button>}
    </View>
  )
})

/**
 * A server's audit log (`?sid=`) for the owner and moderators: who did what to
 * what, what changed, why and when, newest first, and the open reports with the ways to
 * close them (kept live for every moderator looking). The server decides who may read
 * and act; its refusal is said in words.
 */
function AuditLogPage () {
  const [params] = useState(() => currentParams())
  // SPEC §2: sid names the server (an unknown one falls back as Home does)
  const store = usePageStore(root => {
    const created = new AuditLogStore(chooseServer(root.server.servers, pageLocation(params)).server.server_id, {
      trust: root.trust, members: root.members, channels: root.api, messages: root.messages, posts: root.posts, clock: root.clock, logger: root.logger,
    })
    created.attach(root.gateway) // The queue follows the other moderators live
    return created
  })
  usePageLifecycle(PAGE_PATH)
  const { server } = useStores()
  // the shared stores (and so the permissions the report buttons ask) follow the page's server
  useEffect(() => { server.select(pageLocation(params)) }, [server, params])
  // The share card of a moderator's page leads to the server's Home, not to its audit log.
  useHomeShare(server, store.serverId)
  useEffect(() => { void store.load() }, [store])
  // a pull-down loads the newest entries and reports again (the mini-program's gesture)
  usePullRefresh(() => store.load())
  useEffect(() => () => store.dispose(), [store])
  return (
    <View className='audit-log-page'>
      <PageHeader title={t('pageTitleAuditLog')} homeQuery={{ server_id: store.serverId }} />
      <View className='audit-log-page__body'>
        <View className='audit-log-page__section' data-testid='audit-log'>
          <Text className='audit-log-page__heading'>{t('modLogSection')}</Text>
          <EntriesView store={store} />
        </View>
        <View className='audit-log-page__section' data-testid='reports'>
          <Text className='audit-log-page__heading'>{t('reportsSection')}</Text>
          <ReportsView store={store} />
        </View>
      </View>
    </View>
  )
}

export default observer(AuditLogPage)
