import '@/i18n/page-messages'
import { useEffect, useMemo } from 'react'
import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import PageHeader from '@/components/page-header'
import { t, type MessageKey } from '@/i18n'
import { usePageLifecycle } from '@/hooks/use-page-lifecycle'
import { currentParams, pageLocation } from '@/router'
import { useHomeShare } from '@/services/share/use-share'
import { usePageStore, useStores } from '@/stores/context'
import { canCheckVoice } from '@/stores/settings/settings-access'
import { openVoiceCheck, STEP_TITLES, type VoiceCheckStatus, type VoiceCheckStep } from '@/stores/voice/voice-check-store'
import { disabledIf } from '@/utils/disabled-if'
import './index.scss'

/** This page's path, for the lifecycle log. */
const PAGE_PATH = 'pages/voice-check/index'

/** Each status in words. */
const STATUS_WORDS: Readonly<Record<VoiceCheckStatus, MessageKey>> = {
  waiting: 'voiceCheckWaiting',
  running: 'voiceCheckRunning',
  passed: 'voiceCheckPassed',
  failed: 'voiceCheckFailed',
  timeout: 'voiceCheckTimeout',
  skipped: 'voiceCheckSkipped',
}

/** One step of the checklist: its title and status, what happened, and what to check. */
function StepRow ({ step }: { step: VoiceCheckStep }) {
  return (
    <View className={`voice-check__step voice-check__step--${step.status}`} data-testid={`voice-check-${step.name}`}>
      <View className='voice-check__line'>
        <Text className='voice-check__title'>{t(STEP_TITLES[step.name])}</Text>
        <Text className='voice-check__status'>{t(STATUS_WORDS[step.status])}</Text>
      </View>
      {step.detail !== null && <Text className='voice-check__detail'>{step.detail}</Text>}
      {step.advice !== null && <Text className='voice-check__advice'>{step.advice}</Text>}
    </View>
  )
}

/**
 * The owner's voice check (`?sid=`, ManageServer): the microphone, STUN, TURN and the
 * connection to this server's media worker as a checklist with live status, each failure
 * saying what to check (docs/voice.md "Checking the path"). In the mini-program, which has
 * no WebRTC, it says to open the page in a browser.
 */
function VoiceCheckPage () {
  usePageLifecycle(PAGE_PATH)
  const root = useStores()
  const { permissions } = root
  const params = useMemo(() => currentParams(), [])
  // SPEC §2: sid is read as server_id
  const serverId = params.sid ?? params.server_id ?? root.server.serverId
  const check = usePageStore(stores => openVoiceCheck(serverId, stores))
  useHomeShare(root.server, serverId)
  useEffect(() => permissions.focus(serverId), [permissions, serverId])
  // the media step joins one of the server's voice channels: its channel list is needed
  useEffect(() => {
    if (!root.channel.channels.some(channel => channel.server_id === serverId)) void root.openServer(pageLocation(params))
  }, [root, params, serverId])
  useEffect(() => () => check.dispose(), [check])

  const refused = permissions.mine?.server_id === serverId && !canCheckVoice(permissions)
  return (
    <View className='voice-check' data-testid='voice-check-page'>
      <PageHeader title={t('pageTitleVoiceCheck')} homeQuery={{ sid: serverId }} />
      {!check.supported
        ? <Text className='voice-check__notice'>{t('voiceCheckOpenInBrowser')}</Text>
        : refused
          ? <Text className='voice-check__notice'>{t('voiceCheckNoAccess')}</Text>
          : (
            <View className='voice-check__body'>
              <Text className='voice-check__intro'>{t('voiceCheckIntro')}</Text>
              <Button className='voice-check__start' data-testid='voice-check-start' disabled={disabledIf(check.running)} loading={check.running || undefined} onClick={() => { void check.run() }}>
                {t(check.steps.some(step => step.status !== 'waiting') ? 'voiceCheckAgain' : 'voiceCheckStart')}
              </Button>
              {check.error !== null && <Text className='voice-check__error'>{check.error}</Text>}
              <View className='voice-check__steps'>
                {check.steps.map(step => <StepRow key={step.name} step={step} />)}
              </View>
            </View>
            )}
    </View>
  )
}

export default observer(VoiceCheckPage)
