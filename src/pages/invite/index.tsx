import '@/i18n/page-messages'
import { useEffect } from 'react'
import { observer } from 'mobx-react'
import { Button, Image, Text, View } from '@tarojs/components'
import PageHeader from '@/components/page-header'
import { DECORATIVE_IMAGE } from '@/constants/a11y'
import { t, type MessageKey } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { currentParams, relaunch } from '@/router'
import { isShareHidden, type ShareContent } from '@/services/share'
import { useShare } from '@/services/share/use-share'
import { usePageStore, useStores } from '@/stores/context'
import { InviteStore, type InviteProblem } from '@/stores/servers/invite-store'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/invite/index'

/** What the page says for each reason an invite cannot be used. */
const PROBLEM_TEXT: Readonly<Record<InviteProblem, MessageKey>> = {
  expired: 'inviteExpired',
  used_up: 'inviteUsedUp',
  banned: 'inviteBanned',
  unknown: 'inviteUnknown',
  failed: 'requestError',
}

/**
 * An invite link (`?code=`): the server it opens, who invited, and one tap to
 * join — then the server's Home, through the same `sid` the share flow carries (SPEC §2).
 * An expired, used-up or unknown invite, or a ban, is said plainly; a member of the server
 * is told so and offered the server instead.
 */
function InvitePage () {
  usePageLifecycle(PAGE_PATH)
  const invite = usePageStore(root => new InviteStore(root.session))
  const root = useStores()
  const params = currentParams()
  const { code } = params

  const load = () => { invite.load(code ?? '').catch(error => console.error('[invite] load failed:', error)) }
  useEffect(load, [invite, code])

  useEffect(() => {
    if (!invite.joinedServerId) return
    // a guest who joined is offered an account on Home (signing up keeps the membership)
    root.offerSignIn()
    // SPEC §2: Home reads the server from sid
    relaunch(undefined, { sid: invite.joinedServerId }).catch(error => console.error('[invite] opening Home failed:', error))
  }, [root, invite.joinedServerId])

  const server = invite.invite?.server
  // The share card of an invite is the invite itself (who invites, to which server)
  const share: ShareContent | null = invite.invite && server
    ? { title: t('inviteFrom', { name: invite.invite.inviter.nickname }), desc: server.name, imageUrl: server.icon, target: { serverId: server.server_id, inviteCode: code } }
    : null
  useShare(share, isShareHidden(params))
  return (
    <View className='invite'>
      <PageHeader title={t('pageTitleInvite')} homeQuery={server ? { server_id: server.server_id } : undefined} />
      {server && <Image className='invite__icon' src={server.icon} mode='aspectFill' nativeProps={DECORATIVE_IMAGE} />}
      {invite.invite && <Text className='invite__from'>{t('inviteFrom', { name: invite.invite.inviter.nickname })}</Text>}
      {server && <Text className='invite__name'>{server.name}</Text>}
      {server && <Text className='invite__members'>{t('homeMembers', { count: String(server.member_count) })}</Text>}
      {invite.status === 'loading' && <Text className='invite__from'>{t('inviteLoading')}</Text>}
      {invite.problem && <Text className='invite__problem'>{t(PROBLEM_TEXT[invite.problem])}</Text>}
      {invite.alreadyMember && <Text className='invite__member'>{t('inviteAlreadyMember')}</Text>}
      {invite.alreadyMember && (
        <Button className='invite__join' type='primary' onClick={() => invite.openServer()}>{t('inviteOpenServer')}</Button>
      )}
      {invite.canJoin && (
        <Button className='invite__join' type='primary' onClick={() => { invite.accept().catch(error => console.error('[invite] join failed:', error)) }}>
          {t('inviteJoin')}
        </Button>
      )}
      {invite.status === 'joining' && <Text className='invite__from'>{t('inviteJoining')}</Text>}
      {invite.problem === 'failed' && <Button className='invite__join' onClick={load}>{t('retry')}</Button>}
      {(invite.problem !== null && invite.problem !== 'failed') && (
        <Button className='invite__join' onClick={() => { relaunch().catch(error => console.error('[invite] home failed:', error)) }}>{t('backHome')}</Button>
      )}
    </View>
  )
}

export default observer(InvitePage)
