import '@/i18n/page-messages'
import { useEffect, useState } from 'react'
import { observer } from 'mobx-react'
import { chooseServer } from '@core/domain/server'
import { Text, View } from '@tarojs/components'
import PageHeader from '@/components/page-header'
import SettingsChoice from '@/components/settings-choice'
import StateView from '@/components/state-view'
import { t, type MessageKey } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { currentParams, navigate, pageLocation } from '@/router'
import { useHomeShare } from '@/services/share/use-share'
import { useStores, usePageStore } from '@/stores/context'
import { ServerSettingsStore } from '@/stores/settings/server-settings-store'
import { availableSections, canCheckVoice, canSeeAuditLog, type SettingsSection } from '@/stores/settings/settings-access'
import ChannelsSection from './channels-section'
import InvitesSection from './invites-section'
import ProfileSection from './profile-section'
import RolesSection from './roles-section'
import { logFailure } from './section-state'
import WordsSection from './words-section'
import { LINK } from '@/constants/a11y'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/server-settings/index'

/** The tab name of each section. */
const SECTION_LABEL: Readonly<Record<SettingsSection, MessageKey>> = {
  profile: 'settingsSectionProfile',
  roles: 'settingsSectionRoles',
  channels: 'settingsSectionChannels',
  invites: 'settingsSectionInvites',
  words: 'settingsSectionWords',
}

/**
 * The owner's server settings (`?sid=`): Profile, Roles, Channels, Invites and
 * Words, each shown only to who may use it (the server checks every write again), and
 * links to the audit log and (ManageServer) the voice check. A member who may manage nothing is told so in words.
 */
function ServerSettingsPage () {
  usePageLifecycle(PAGE_PATH)
  const root = useStores()
  const { permissions, session } = root
  // SPEC §2: sid is read as server_id
  const [params] = useState(() => currentParams())
  const [choice] = useState(() => pageLocation(params))
  const settings = usePageStore(stores => new ServerSettingsStore(chooseServer(stores.server.servers, choice).server.server_id, { api: stores.api, trust: stores.trust, logger: stores.logger }))
  // the shared stores (and so the permissions) follow the chosen server
  useEffect(() => { root.server.select(choice) }, [root, choice])
  // The share card of the owner's own page leads to the server's Home, not to its settings.
  useHomeShare(root.server, settings.serverId)

  const checkAccess = () => settings.checkAccess(async () => {
    await session.ensureSignedIn()
    await permissions.reload()
    return permissions.mine
  })
  // Another moderator's role and channel edits reach the open sections
  useEffect(() => settings.follow(root.gateway), [settings, root])
  useEffect(() => { checkAccess().catch(logFailure('checking permissions')) }, [settings]) // eslint-disable-line react-hooks/exhaustive-deps

  const known = settings.accessStatus === 'ready' && permissions.mine?.server_id === settings.serverId
  const sections = known ? availableSections(permissions) : []
  const shown = sections.includes(settings.section) ? settings.section : sections[0]

  useEffect(() => {
    if (shown) settings.open(shown).catch(logFailure(`opening ${shown}`))
  }, [settings, shown])

  const title = t('pageTitleServerSettings')
  if (!known || !shown) {
    const pending = settings.accessStatus === 'idle' || settings.accessStatus === 'loading'
    return (
      <View className='server-settings server-settings--state'>
        <PageHeader title={title} homeQuery={{ sid: settings.serverId }} />
        {pending
          ? <StateView status='loading' />
          : <StateView status='error' message={settings.accessError ?? t('settingsNoAccess')} retryable={settings.accessRetryable} onRetry={() => { checkAccess().catch(logFailure('checking permissions')) }} />}
      </View>
    )
  }
  return (
    <View className='server-settings'>
      <PageHeader title={title} homeQuery={{ sid: settings.serverId }} />
      <View className='server-settings__top'>
        <Text className='server-settings__server'>{settings.server?.name ?? root.server.name}</Text>
        {canSeeAuditLog(permissions) && (
          <View className='server-settings__link' {...pressable(() => { navigate('audit-log', { sid: settings.serverId }).catch(logFailure('opening the audit log')) })} {...LINK}>{t('settingsAuditLog')}</View>
        )}
        {canCheckVoice(permissions) && (
          <View className='server-settings__link' data-testid='settings-voice-check' {...pressable(() => { navigate('voice-check', { sid: settings.serverId }).catch(logFailure('opening the voice check')) })} {...LINK}>{t('settingsVoiceCheck')}</View>
        )}
      </View>
      <View className='server-settings__tabs'>
        <SettingsChoice
          label={title}
          options={sections.map(section => ({ value: section, label: t(SECTION_LABEL[section]) }))}
          value={shown}
          onChange={section => { settings.open(section).catch(logFailure(`opening ${section}`)) }}
        />
      </View>
      {shown === 'profile' && <ProfileSection settings={settings} />}
      {shown === 'roles' && <RolesSection roles={settings.roles} />}
      {shown === 'channels' && <ChannelsSection channels={settings.channels} />}
      {shown === 'invites' && <InvitesSection invites={settings.invites} />}
      {shown === 'words' && <WordsSection settings={settings} />}
    </View>
  )
}

export default observer(ServerSettingsPage)
