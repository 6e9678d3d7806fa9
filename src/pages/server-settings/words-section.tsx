import { useEffect, useState } from 'react'
import { observer } from 'mobx-react'
import { Button, Text, View } from '@tarojs/components'
import { Textarea } from '@/components/page-elements/textarea'
import { t } from '@/i18n'
import type { ServerSettingsStore } from '@/stores/settings/server-settings-store'
import { toast } from '@/utils/feedback'
import { logFailure, SectionRefusal, SectionState } from './section-state'
import { disabledIf } from '@/utils/disabled-if'

/** The Words section (the owner's): the server's own audit words as one editable list (SPEC §5). */
function WordsSection ({ settings }: { settings: ServerSettingsStore }) {
  const stored = settings.words.join(' ')
  const [draft, setDraft] = useState(stored)
  useEffect(() => { setDraft(stored) }, [stored])
  const loaded = settings.wordsStatus === 'ready' || settings.wordsStatus === 'empty'
  const save = async () => {
    if (await settings.saveWords(draft)) await toast(t('saved'))
  }
  return (
    <View className='server-settings__section server-settings__words'>
      <Text className='server-settings__hint'>{t('settingsWordsHint')}</Text>
      {!loaded && <SectionState status={settings.wordsStatus} error={settings.wordsError} retryable={settings.wordsRetryable} emptyText='' onRetry={() => { settings.loadSection('words').catch(logFailure('loading the words')) }} />}
      {loaded && (
        <>
          <Textarea className='server-settings__textarea' value={draft} placeholder={t('settingsWordsPlaceholder')} maxlength={-1} nativeProps={{ 'aria-label': t('settingsSectionWords') }} onInput={event => { setDraft(event.detail.value); settings.action.clear() }} />
          <Text className='server-settings__meta'>{settings.words.length > 0 ? t('settingsWordsCount', { count: String(settings.words.length) }) : t('settingsWordsEmpty')}</Text>
          <Button size='mini' className='server-settings__primary server-settings__wide' disabled={disabledIf(settings.action.busy || draft === stored)} onClick={() => { save().catch(logFailure('saving the words')) }}>{t('save')}</Button>
        </>
      )}
      <SectionRefusal message={settings.action.error} />
    </View>
  )
}

export default observer(WordsSection)
