import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import { INVITE_MAX_AGES, INVITE_MAX_USES } from '@core/wire/trust-paths'
import type { Invite } from '@core/wire/trust'
import SettingsChoice from '@/components/settings-choice'
import { t, type MessageKey } from '@/i18n'
import { inviteLink, type InviteMaxAge, type InviteSettingsStore } from '@/stores/settings/invite-settings-store'
import { copyText } from '@/utils/clipboard'
import { modal, toast } from '@/utils/feedback'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'
import { isH5 } from '@/utils/platform'
import { logFailure, SectionRefusal, SectionState } from './section-state'
import { disabledIf } from '@/utils/disabled-if'

/** The name of each lifetime the creator may pick. */
const AGE_LABEL: Readonly<Record<InviteMaxAge, MessageKey>> = {
  1800: 'settingsInviteAge1800',
  3600: 'settingsInviteAge3600',
  21600: 'settingsInviteAge21600',
  43200: 'settingsInviteAge43200',
  86400: 'settingsInviteAge86400',
  604800: 'settingsInviteAge604800',
  0: 'settingsInviteAge0',
}

/** A use limit as the picker and the list say it (0: unlimited). */
function usesLabel (uses: number): string {
  return uses === 0 ? t('settingsInviteUsesUnlimited') : t('settingsInviteUsesCount', { count: String(uses) })
}

/** Where an invite stands, in words: expired, used up, or when it expires. */
function stateLabel (invite: Invite): string {
  if (invite.state === 'expired') return t('settingsInviteExpired')
  if (invite.state === 'used_up') return t('settingsInviteUsedUp')
  return invite.expires_at === null ? t('settingsInviteAge0') : t('settingsInviteExpires', { time: formatDate(fromUnixSeconds(invite.expires_at)) })
}

/** The link of an invite on this page's origin. */
function linkOf (code: string): string {
  return inviteLink(code, isH5() && typeof window !== 'undefined' ? window.location.origin : '')
}

/** One invite: its code, who made it, uses and expiry, copy and revoke. */
const InviteRow = observer(function InviteRow ({ invites, invite }: { invites: InviteSettingsStore, invite: Invite }) {
  const copy = async () => {
    await copyText(linkOf(invite.code))
    await toast(t('linkCopied'))
  }
  const confirmRevoke = async () => {
    if (await modal({ content: t('settingsInviteRevokeConfirm') })) await invites.revoke(invite.code)
  }
  return (
    <View className={`server-settings__row server-settings__invite server-settings__invite--${invite.state}`}>
      <View className='server-settings__row-head'>
        <Text className='server-settings__row-name server-settings__code'>{invite.code}</Text>
        <Text className='server-settings__tag'>{t('settingsInviteUses', { uses: String(invite.uses), max: invite.max_uses === 0 ? '∞' : String(invite.max_uses) })}</Text>
      </View>
      <Text className='server-settings__meta'>{t('settingsInviteBy', { name: invite.inviter.nickname })} · {stateLabel(invite)}</Text>
      <View className='server-settings__row-actions'>
        <Button size='mini' className='server-settings__small' onClick={() => { copy().catch(logFailure('copying an invite link')) }}>{t('settingsInviteCopy')}</Button>
        <Button size='mini' className='server-settings__small server-settings__danger' disabled={disabledIf(invites.action.busy)} onClick={() => { confirmRevoke().catch(logFailure('revoking an invite')) }}>{t('settingsInviteRevoke')}</Button>
      </View>
    </View>
  )
})

/** The Invites section: expiry and use limit of a new invite, then the invites. */
function InvitesSection ({ invites }: { invites: InviteSettingsStore }) {
  return (
    <View className='server-settings__section server-settings__invites'>
      <View className='server-settings__field'>
        <Text className='server-settings__label'>{t('settingsInviteExpiry')}</Text>
        <SettingsChoice label={t('settingsInviteExpiry')} options={INVITE_MAX_AGES.map(value => ({ value, label: t(AGE_LABEL[value]) }))} value={invites.maxAge} onChange={age => invites.pickMaxAge(age)} />
      </View>
      <View className='server-settings__field'>
        <Text className='server-settings__label'>{t('settingsInviteMaxUses')}</Text>
        <SettingsChoice label={t('settingsInviteMaxUses')} options={INVITE_MAX_USES.map(value => ({ value, label: usesLabel(value) }))} value={invites.maxUses} onChange={uses => invites.pickMaxUses(uses)} />
      </View>
      <Button size='mini' className='server-settings__primary server-settings__wide' disabled={disabledIf(invites.action.busy)} onClick={() => { invites.create().catch(logFailure('creating an invite')) }}>{t('settingsInviteCreate')}</Button>
      <SectionRefusal message={invites.action.error} />
      <SectionState status={invites.status} error={invites.error} retryable={invites.retryable} emptyText={t('settingsInvitesEmpty')} onRetry={() => { invites.load().catch(logFailure('loading the invites')) }} />
      {invites.status === 'ready' && invites.invites.map(invite => <InviteRow key={invite.code} invites={invites} invite={invite} />)}
    </View>
  )
}

export default observer(InvitesSection)
