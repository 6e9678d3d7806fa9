import '@/i18n/page-messages'
import { useEffect, useState } from 'react'
import { useReachBottom } from '@tarojs/taro'
import { Button, Text, View } from '@tarojs/components'
import { Input } from '@/components/page-elements/input'
import { observer } from 'mobx-react'
import { chooseServer } from '@core/domain/server'
import type { Member } from '@core/wire/members'
import type { Ban } from '@core/wire/trust'
import { MEMBER_QUERY_MAX_LENGTH } from '@core/wire/search-paths'
import ListFooter from '@/components/list-footer'
import MemberRow from '@/components/member-row'
import MemberSheet, { TIMEOUT_WORDS, type DirectActions, type SheetSpace } from '@/components/member-sheet'
import { reportReasonLabel } from '@/constants/report-reasons'
import PageHeader from '@/components/page-header'
import StateView from '@/components/state-view'
import { t } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { usePullRefresh } from '@/hooks/use-pull-refresh'
import { currentParams, navigate, pageLocation, startConversation } from '@/router'
import { isShareHidden, type ShareContent } from '@/services/share'
import { useShare } from '@/services/share/use-share'
import { usePageStore, useStores } from '@/stores/context'
import { useOnDemand } from '@/stores/on-demand'
import { MemberListStore } from '@/stores/members/member-list-store'
import { GameRecordsStore } from '@/stores/plaza/records-store'
import { ModerationStore, TIMEOUT_SECONDS } from '@/stores/trust/moderation-store'
import { modal, toast } from '@/utils/feedback'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'
import { LINK, TAB, TABLIST } from '@/constants/a11y'
import { pressable } from '@/utils/pressable'
import { disabledIf } from '@/utils/disabled-if'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/members/index'

/** Asks `content`; on yes runs the action and toasts its sentence (done, or the refusal in words). */
async function confirmThen (content: string, run: () => Promise<string>): Promise<void> {
  if (await modal({ content })) await toast(await run())
}

/** The sheet of the selected member, its taps confirmed and toasted. */
const SelectedSheet = observer(function SelectedSheet ({ store, moderation }: { store: MemberListStore, moderation: ModerationStore }) {
  const stores = useStores()
  const { session } = stores
  const conversations = useOnDemand(stores.conversations)
  const records = usePageStore(root => new GameRecordsStore(root.plaza, root.logger))
  const member = moderation.selected
  const selectedUid = member?.user.uid ?? null
  // their records in the server's plaza games, asked for each member whose sheet opens
  useEffect(() => { if (selectedUid !== null) void records.load(store.serverId, selectedUid) }, [records, selectedUid, store.serverId])
  if (!member) return null
  // the list's copy is the live one (roles change while the sheet is open)
  const live: Member = store.list.items.find(known => known.user.uid === member.user.uid) ?? member
  const name = live.user.nickname
  const fail = (error: unknown) => console.error('[members] action failed:', error)
  const uid = live.user.uid
  const blocked = conversations?.blockedUids.has(uid) ?? false
  const place = store.placeOf(uid)
  // 去找 TA opens their space, standing next to them (not on my own sheet)
  const space: SheetSpace | undefined = place === null
    ? undefined
    : {
        name: place.name,
        onJoin: uid === session.user?.uid
          ? undefined
          : () => {
              moderation.select(null)
              navigate('space', { channel_id: place.channelId, server_id: store.serverId, near_uid: uid }).catch(fail)
            },
      }
  // a direct message and a block are offered for anyone but me (a visitor signs in first)
  const direct: DirectActions | undefined = uid === session.user?.uid
    ? undefined
    : {
        blocked,
        onMessage: () => { session.ensureSignedIn().then(() => stores.conversations.load()).then(loaded => startConversation(loaded, uid)).catch(fail) },
        onBlock: () => { confirmThen(t(blocked ? 'dmUnblockConfirm' : 'dmBlockConfirm', { name }), async () => (await stores.conversations.load()).toggleBlock(live.user)).catch(fail) },
      }
  return (
    <MemberSheet
      member={live}
      actions={moderation.actionsFor(live)}
      timedOutUntil={store.timeoutOf(live.user.uid)}
      busy={moderation.busy}
      onClose={() => moderation.select(null)}
      direct={direct}
      space={space}
      records={records.items}
      onReport={reason => { confirmThen(t('confirmReport', { name, reason: reportReasonLabel(reason) }), () => moderation.report(live, reason)).catch(fail) }}
      onRole={(role, held) => {
        confirmThen(t(held ? 'confirmRoleGive' : 'confirmRoleTake', { name, role: role.name }), () => moderation.setRole(live, role, held)).catch(fail)
      }}
      onTimeout={seconds => {
        const content = seconds === null ? t('confirmLift', { name }) : t('confirmTimeout', { name, duration: t(TIMEOUT_WORDS[seconds as typeof TIMEOUT_SECONDS[number]]) })
        confirmThen(content, () => moderation.timeout(live, seconds)).catch(fail)
      }}
      onKick={() => { confirmThen(t('confirmKick', { name }), () => moderation.kick(live, '')).catch(fail) }}
      onBan={reason => { confirmThen(t('confirmBan', { name }), () => moderation.ban(live, reason)).catch(fail) }}
    />
  )
})

/** One member's row as the list and the search show it; a tap opens their sheet. */
const ShownMember = observer(function ShownMember ({ store, moderation, member, myUid }: { store: MemberListStore, moderation: ModerationStore, member: Member, myUid: string | null }) {
  return (
    <MemberRow
      member={member}
      roles={store.rolesOf(member)}
      timedOutUntil={store.timeoutOf(member.user.uid)}
      space={store.placeOf(member.user.uid)?.name ?? null}
      isYou={member.user.uid === myUid}
      onOpen={() => moderation.select(member)}
    />
  )
})

/** The members found by nickname (or pinyin initials) among all of the server's, best first. */
const FoundMembers = observer(function FoundMembers ({ store, moderation, myUid }: { store: MemberListStore, moderation: ModerationStore, myUid: string | null }) {
  const { finder } = store
  if (finder.status === 'idle' || finder.status === 'loading') return <StateView status='loading' />
  if (finder.status === 'error') return <StateView status='error' message={finder.error} onRetry={() => { void finder.find(finder.query) }} />
  if (finder.status === 'empty') return <StateView status='empty' message={t('membersNoMatch', { query: finder.query })} />
  return (
    <View className='members-page__list' data-testid='members-found'>
      {finder.found.map(member => <ShownMember key={member.user.uid} store={store} moderation={moderation} member={member} myUid={myUid} />)}
    </View>
  )
})

/** The member list: online first, a row per member, the next page at the bottom; a query shows the members found instead. */
const MemberListView = observer(function MemberListView ({ store, moderation, myUid }: { store: MemberListStore, moderation: ModerationStore, myUid: string | null }) {
  const { list } = store
  if (store.finder.query !== '') return <FoundMembers store={store} moderation={moderation} myUid={myUid} />
  if (list.status === 'idle' || list.status === 'loading') return <StateView status='loading' />
  if (list.status === 'error') return <StateView status='error' message={list.error} retryable={list.retryable} onRetry={() => { void store.load() }} />
  if (list.status === 'empty') return <StateView status='empty' message={t('membersEmpty')} />
  return (
    <View className='members-page__list'>
      <Text className='members-page__count'>{t('chatOnlineCount', { count: String(store.onlineCount) })}</Text>
      {store.shown.map(member => <ShownMember key={member.user.uid} store={store} moderation={moderation} member={member} myUid={myUid} />)}
      <ListFooter status={list.moreStatus} error={list.moreError} hasMore={list.hasMore} retryable={list.moreRetryable} onRetry={() => { void list.loadMore() }} />
    </View>
  )
})

/** The ban list (BanMembers), each ban with its reason, time and an unban. */
const BanListView = observer(function BanListView ({ moderation }: { moderation: ModerationStore }) {
  const status = moderation.bansStatus
  if (status === 'idle' || status === 'loading') return <StateView status='loading' />
  if (status === 'error') return <StateView status='error' message={moderation.bansError} onRetry={() => { void moderation.loadBans() }} />
  if (status === 'empty') return <StateView status='empty' message={t('bansEmpty')} />
  const unban = (ban: Ban) => { confirmThen(t('bansUnbanConfirm', { name: ban.user.nickname }), () => moderation.unban(ban)).catch(error => console.error('[members] unban failed:', error)) }
  return (
    <View className='members-page__list'>
      {moderation.bans.map(ban => (
        <View key={ban.user.uid} className='members-page__ban' data-testid='ban-row'>
          <View className='members-page__ban-main'>
            <Text className='members-page__ban-name'>{ban.user.nickname}</Text>
            <Text className='members-page__ban-detail'>
              {ban.reason !== '' ? t('bansReason', { reason: ban.reason }) : t('bansNoReason')} · {formatDate(fromUnixSeconds(ban.created_at), 'MM-DD HH:mm')}
            </Text>
          </View>
          <Button className='members-page__unban' size='mini' disabled={disabledIf(moderation.busy)} onClick={() => unban(ban)}>{t('bansUnban')}</Button>
        </View>
      ))}
    </View>
  )
})

/**
 * A server's members (`?sid=`): online first with presence, roles, timeouts and the space
 * each stands in (去找 TA opens it next to them), live; a member's sheet offers what the viewer may do to them, and ban holders see the
 * ban list. Moderators find the audit log from here.
 */
function MembersPage () {
  const stores = useStores()
  const { session, permissions, server } = stores
  const conversations = useOnDemand(stores.conversations)
  const [params] = useState(() => currentParams())
  const [tab, setTab] = useState<'members' | 'bans'>('members')
  const memberList = usePageStore(root => {
    // SPEC §2: sid names the server (an unknown one falls back as Home does)
    const created = new MemberListStore(chooseServer(root.server.servers, pageLocation(params)).server.server_id, { members: root.members, trust: root.trust, spaces: root.spaceApi, clock: root.clock, logger: root.logger })
    created.attach(root.gateway)
    return created
  })
  const moderation = usePageStore(root => new ModerationStore({
    trust: root.trust,
    list: memberList,
    viewer: { user: () => root.session.user, permissions: root.permissions },
    clock: root.clock,
    logger: root.logger,
  }))

  usePageLifecycle(PAGE_PATH)
  const signedIn = session.isSignedIn
  // The mini-program's share card (and the messaging app's share) of every page: this one leads to the server.
  const share: ShareContent = { title: t('pageTitleMembers'), desc: server.name, imageUrl: server.detail?.icon ?? '', target: { serverId: memberList.serverId } }
  useShare(share, isShareHidden(params))
  useEffect(() => {
    // the permissions store follows the current server: this page's
    server.select(pageLocation(params))
    void memberList.load()
    return () => memberList.dispose()
  }, [memberList, server, params])
  // whom I block, for the sheet's 屏蔽/取消屏蔽: its own effect, so a sign-in settling later
  // never disposes the list (and its live events) to load it again
  useEffect(() => { if (signedIn && conversations !== null) void conversations.loadPrivacy() }, [signedIn, conversations])
  useReachBottom(() => { if (tab === 'members') void memberList.list.loadMore() })
  usePullRefresh(() => memberList.load())

  const showTab = (next: 'members' | 'bans') => {
    setTab(next)
    if (next === 'bans' && moderation.bansStatus === 'idle') void moderation.loadBans()
  }
  const readsAuditLog = permissions.isOwner || permissions.can('ManageServer') || permissions.can('KickMembers') || permissions.can('BanMembers')
  return (
    <View className='members-page'>
      <PageHeader title={t('pageTitleMembers')} homeQuery={{ server_id: memberList.serverId }} />
      <View className='members-page__body'>
        {(moderation.canSeeBans || readsAuditLog) && (
          <View className='members-page__tabs'>
            <View className='members-page__tablist' {...TABLIST}>
              <View className={`members-page__tab${tab === 'members' ? ' members-page__tab--on' : ''}`} {...pressable(() => showTab('members'))} {...TAB}>{t('membersTabMembers')}</View>
              {moderation.canSeeBans && (
                <View className={`members-page__tab${tab === 'bans' ? ' members-page__tab--on' : ''}`} {...pressable(() => showTab('bans'))} {...TAB}>{t('membersTabBans')}</View>
              )}
            </View>
            {readsAuditLog && (
              <View
                className='members-page__link'
                {...pressable(() => { navigate('audit-log', { sid: memberList.serverId }).catch(error => console.error('[members] audit log failed:', error)) })} {...LINK}
              >{t('membersOpenAuditLog')} ›</View>
            )}
          </View>
        )}
        {tab === 'bans' && moderation.canSeeBans
          ? <BanListView moderation={moderation} />
          : (
            <>
              <View className='members-page__search'>
                <Input
                  className='members-page__search-input'
                  confirmType='search'
                  maxlength={MEMBER_QUERY_MAX_LENGTH}
                  placeholder={t('membersSearchPlaceholder')}
                  ariaLabel={t('membersSearchPlaceholder')}
                  onInput={event => { void memberList.finder.find(event.detail.value) }}
                />
              </View>
              <MemberListView store={memberList} moderation={moderation} myUid={session.user?.uid ?? null} />
            </>
          )}
      </View>
      <SelectedSheet store={memberList} moderation={moderation} />
    </View>
  )
}

export default observer(MembersPage)
