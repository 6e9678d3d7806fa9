import { observer } from 'mobx-react'
import { View } from '@tarojs/components'
import AvatarPicker from '@/components/avatar-picker'
import { identiconDataUrl } from '@/components/avatar-picker/identicon'
import ProfileField from '@/components/profile-field'
import { t } from '@/i18n'
import type { ServerSettingsStore } from '@/stores/settings/server-settings-store'
import { toast } from '@/utils/feedback'
import { pickImages } from '@/utils/pick-images'
import { logFailure, SectionRefusal, SectionState } from './section-state'

/** Longest server name and introduction (core/wire/trust.ts, which the server checks). */
const NAME_MAX = 40
const INTRODUCTION_MAX = 500

/** The Profile section: the server's icon (picked or generated), name and introduction, each audited (SPEC §5). */
function ProfileSection ({ settings }: { settings: ServerSettingsStore }) {
  const server = settings.server
  if (!server) {
    return <SectionState status={settings.profileStatus} error={settings.profileError} retryable={settings.profileRetryable} emptyText={t('loadFailed')} onRetry={() => { settings.loadSection('profile').catch(logFailure('loading the profile')) }} />
  }
  const busy = settings.action.busy
  const save = async (patch: Parameters<ServerSettingsStore['saveProfile']>[0]): Promise<boolean> => {
    const saved = await settings.saveProfile(patch)
    if (saved) await toast(t('saved'))
    return saved
  }
  const chooseIcon = async () => {
    const [photo] = await pickImages(1)
    if (photo && await settings.replaceIcon({ photo: photo.path, mime: photo.mime })) await toast(t('saved'))
  }
  const generateIcon = async () => {
    if (await settings.replaceIcon({ generated: identiconDataUrl(`${server.server_id}:${Date.now()}`) })) await toast(t('saved'))
  }
  return (
    <View className='server-settings__section server-settings__profile'>
      <View className='server-settings__icon'>
        <AvatarPicker
          src={server.icon}
          nickname={server.name}
          busy={busy}
          error={settings.errorOf('icon')}
          chooseLabel={t('settingsIconChange')}
          generateLabel={t('settingsIconGenerate')}
          onChoose={() => { chooseIcon().catch(logFailure('changing the icon')) }}
          onGenerate={() => { generateIcon().catch(logFailure('generating an icon')) }}
        />
      </View>
      <ProfileField
        label={t('settingsServerName')}
        value={server.name}
        maxlength={NAME_MAX}
        error={settings.errorOf('name')}
        saving={busy}
        validate={value => value === '' ? t('settingsServerNameEmpty') : null}
        onSave={value => save({ name: value })}
      />
      <ProfileField
        label={t('settingsServerIntroduction')}
        value={server.introduction}
        multiline
        maxlength={INTRODUCTION_MAX}
        error={settings.errorOf('introduction')}
        saving={busy}
        onSave={value => save({ introduction: value })}
      />
      <SectionRefusal message={settings.action.error} />
    </View>
  )
}

export default observer(ProfileSection)
