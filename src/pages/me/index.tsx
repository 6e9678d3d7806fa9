import '@/i18n/page-messages'
import { useCallback, useEffect, useState } from 'react'
import { observer } from 'mobx-react'
import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import AvatarPicker from '@/components/avatar-picker'
import DebugPanel, { isDebugOn } from '@/components/debug-panel'
import { identiconDataUrl } from '@/components/avatar-picker/identicon'
import IdentityBadge from '@/components/identity-badge'
import PageHeader from '@/components/page-header'
import ProfileField from '@/components/profile-field'
import StateView from '@/components/state-view'
import { auditFieldName, t } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { useSignedIn } from '@/hooks/use-signed-in'
import { usePageStore, useStores } from '@/stores/context'
import { useOnDemand } from '@/stores/on-demand'
import { MySessionsStore } from '@/stores/account/my-sessions-store'
import { ProfileStore, type AvatarSource, type ProfileField as ProfileFieldName } from '@/stores/account/profile-store'
import { showLoadError, toast } from '@/utils/feedback'
import { currentParams, navigate } from '@/router'
import { pressable } from '@/utils/pressable'
import { isShareHidden, type ShareContent } from '@/services/share'
import { useShare } from '@/services/share/use-share'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'
import { formatBadgeCount } from '@/utils/format-number'
import AccountSection from './account-section'
import SessionsSection from './sessions-section'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/me/index'

/** A picked photo: its local path and, on H5, its mime type (blob: paths have no extension). */
async function pickPhoto (): Promise<{ path: string, mime?: string } | null> {
  try {
    const picked = await Taro.chooseImage({ count: 1, sizeType: ['compressed'], sourceType: ['album', 'camera'] })
    const file = picked.tempFiles?.[0]
    const path = file?.path ?? picked.tempFilePaths?.[0]
    return path ? { path, mime: file?.type ?? file?.originalFileObj?.type } : null
  } catch {
    return null // the user closed the picker: nothing to do
  }
}

/** A row leading to a list of mine (通知, 私信) with its unread count, capped as badges are (SPEC §9), and the chevron every row that opens a page carries. */
function EntryRow ({ name, label, count, onOpen }: { name: 'inbox' | 'dm', label: string, count: number, onOpen: () => void }) {
  return (
    <View className={`me__entry me__${name}`} {...pressable(onOpen)} role='link'>
      <Text className={`me__entry-label me__${name}-label`}>{label}</Text>
      {count > 0 && <Text className={`me__entry-badge me__${name}-badge`}>{formatBadgeCount(count)}</Text>}
      <Text className='me__entry-chevron' aria-hidden='true'>›</Text>
    </View>
  )
}

/**
 * Me: the signed-in identity — avatar, nickname, identity badge (user, bot, guest, map
 * account), new or old member (SPEC §4), signature — and editing nickname, signature and
 * avatar through the server's audit (SPEC §5). A refused value stays the old one on
 * screen and on the server, with the field's message under it. Below, the devices signed
 * in to the account, each of which can be signed out, and signing out here; and
 * 账号与安全: signing up or in (a guest), the account's ways in and its own data.
 */
function Me () {
  const stores = useStores()
  const { session, server, inbox } = stores
  const account = useOnDemand(stores.account)
  const conversations = useOnDemand(stores.conversations)
  const profile = usePageStore(root => new ProfileStore(root.api, root.session, root.logger))
  const sessions = usePageStore(root => new MySessionsStore({ trust: root.trust, session: root.session, logger: root.logger }))
  const [saving, setSaving] = useState<ProfileFieldName | null>(null)
  // the account may have signed in on another device meanwhile: no event says so, so the list is read again on show
  usePageLifecycle(PAGE_PATH, { show: () => { void sessions.refresh() } })
  const [params] = useState(() => currentParams())
  // Opened for a server (`sid`/`server_id`): the member's share card leads to that server's
  // Home; opened without one, the server already shown stays.
  useEffect(() => { if (params.sid || params.server_id) server.select({ params }) }, [server, params])
  useSignedIn()
  // The devices signed in to this account, read again at each sign-in here
  useEffect(() => sessions.follow(), [sessions])

  /** Sends one field; toasts an accepted save, and a failure that is not an audit message on the field. */
  const save = useCallback(async (field: ProfileFieldName, value: string): Promise<boolean> => {
    setSaving(field)
    const accepted = await profile.update({ [field]: value })
    setSaving(null)
    if (accepted) await toast(t('saved'))
    else if (profile.errorOf(field) === null) await showLoadError(profile.error ?? '') // SPEC §8: the loader error handler's toast
    return accepted
  }, [profile])

  /** Uploads a new avatar, then saves it; an upload failure is a toast. */
  const replaceAvatar = useCallback(async (source: AvatarSource) => {
    setSaving('avatar')
    const url = await profile.uploadAvatar(source)
    if (url !== null) return save('avatar', url)
    setSaving(null)
    await toast(t('avatarUploadFailed'))
  }, [profile, save])

  const chooseAvatar = async () => {
    const photo = await pickPhoto()
    if (photo) await replaceAvatar({ photo: photo.path, mime: photo.mime })
  }
  const generateAvatar = () => replaceAvatar({ generated: identiconDataUrl(`${session.user?.uid ?? ''}:${Date.now()}`) })

  const user = session.user
  // The member's profile card: their name, signature and avatar, leading to the server's Home.
  const share: ShareContent | null = user
    ? { title: user.nickname, desc: user.signature, imageUrl: user.avatar, target: { serverId: server.serverId } }
    : null
  useShare(share, isShareHidden(params))
  if (user === null) {
    return (
      <View className='me me--state'>
        <PageHeader title={t('pageTitleMe')} />
        {session.status === 'error'
          ? <StateView status='error' message={session.error} retryable={session.retryable} onRetry={() => { session.ensureSignedIn().catch(() => undefined) }} />
          : <StateView status='loading' />}
      </View>
    )
  }
  const age = session.userAge()
  return (
    <View className='me'>
      <PageHeader title={t('pageTitleMe')} />
      <View className='me__header'>
        <AvatarPicker
          src={user.avatar}
          nickname={user.nickname}
          busy={saving === 'avatar'}
          error={profile.errorOf('avatar')}
          onChoose={() => { void chooseAvatar() }}
          onGenerate={() => { void generateAvatar() }}
        />
        <Text className='me__nickname'>{user.nickname}</Text>
        <View className='me__badges'>
          {session.identityKind && <IdentityBadge kind={session.identityKind} />}
          {age && <Text className={`me__age me__age--${age}`}>{t(age === 'new' ? 'userAgeNew' : 'userAgeOld')}</Text>}
        </View>
        <Text className='me__signature'>{user.signature !== '' ? user.signature : t('signatureEmpty')}</Text>
        <Text className='me__meta'>{t('userIdLabel', { uid: user.uid })} · {t('registeredOn', { date: formatDate(fromUnixSeconds(user.addtime), 'YYYY-MM-DD') })}</Text>
      </View>
      <View className='me__form'>
        <ProfileField
          label={auditFieldName('nickname')}
          value={user.nickname}
          placeholder={t('nicknamePlaceholder')}
          error={profile.errorOf('nickname')}
          saving={saving === 'nickname'}
          validate={value => value === '' ? t('nicknameRequired') : null}
          onEdit={() => profile.clearError('nickname')}
          onSave={value => save('nickname', value)}
        />
        <ProfileField
          label={auditFieldName('signature')}
          value={user.signature}
          placeholder={t('signaturePlaceholder')}
          multiline
          error={profile.errorOf('signature')}
          saving={saving === 'signature'}
          onEdit={() => profile.clearError('signature')}
          onSave={value => save('signature', value)}
        />
      </View>
      {account !== null && <AccountSection account={account} guest={session.identityKind === 'guest'} />}
      <EntryRow name='inbox' label={t('inboxEntry')} count={inbox.unread} onOpen={() => { navigate('inbox').catch(error => console.error('[me] opening the inbox failed:', error)) }} />
      <EntryRow name='dm' label={t('dmEntry')} count={conversations?.unreadTotal ?? 0} onOpen={() => { navigate('conversations').catch(error => console.error('[me] opening the direct messages failed:', error)) }} />
      <SessionsSection store={sessions} />
      {isDebugOn(currentParams()) && <DebugPanel />}
    </View>
  )
}

export default observer(Me)
