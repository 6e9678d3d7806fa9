import { useState } from 'react'
import { observer } from 'mobx-react'
import { Button, Image, Text, View } from '@tarojs/components'
import { CREATABLE_CHANNEL_TYPES } from '@core/domain/channel'
import { channelTypeHas } from '@core/domain/channel-types'
import { isChatChannel } from '@core/domain/messages'
import { SLOW_MODE_SECONDS_CHOICES, type SlowModeSeconds } from '@core/wire/slow-mode-codes'
import { VOICE_BITRATE_DEFAULT, VOICE_USER_LIMIT_DEFAULT } from '@core/wire/voice-codes'
import { ChannelType } from '@core/wire/codes'
import type { Channel } from '@core/wire/entities'
import ProfileField from '@/components/profile-field'
import SettingsChoice from '@/components/settings-choice'
import { channelTypeLabel } from '@/constants/channel-types'
import { t } from '@/i18n'
import { CHANNEL_TITLE_MAX, type ChannelSettingsStore } from '@/stores/settings/channel-settings-store'
import { modal, toast } from '@/utils/feedback'
import { mediaUrl } from '@/utils/media-url'
import { pickImages } from '@/utils/pick-images'
import { CreateRow, logFailure, SectionRefusal, SectionState } from './section-state'
import { DECORATIVE_IMAGE } from '@/constants/a11y'
import { pressable } from '@/utils/pressable'
import { formatSlowModeSetting } from '@/utils/format-duration'
import { disabledIf } from '@/utils/disabled-if'

/** One channel: icon, title, type, the training mark; opened, its title and icon to edit (a voice channel's member limit and bitrate too, a chat channel's slow mode) and a delete button. */
const ChannelRow = observer(function ChannelRow ({ channels, channel }: { channels: ChannelSettingsStore, channel: Channel }) {
  const [open, setOpen] = useState(false)
  const busy = channels.action.busy
  const changeIcon = async () => {
    const [photo] = await pickImages(1)
    if (!photo) return
    if (await channels.replaceIcon(channel.channel_id, { photo: photo.path, mime: photo.mime })) await toast(t('saved'))
  }
  const confirmDelete = async () => {
    if (await modal({ content: t('settingsChannelDeleteConfirm', { name: channel.name }) })) await channels.remove(channel.channel_id)
  }
  const iconError = channels.errorOf(channel.channel_id, 'icon')
  return (
    <View className='server-settings__row server-settings__channel'>
      <View className='server-settings__row-head' aria-expanded={open} {...pressable(() => setOpen(!open))}>
        <Image className='server-settings__channel-icon' src={mediaUrl(channel.icon)} mode='aspectFill' nativeProps={DECORATIVE_IMAGE} />
        <Text className='server-settings__row-name'>{channel.name}</Text>
        {channelTypeLabel(channel.channel_type) !== '' && <Text className='server-settings__tag'>{channelTypeLabel(channel.channel_type)}</Text>}
        {channels.isTraining(channel.channel_id) && <Text className='server-settings__tag server-settings__tag--training'>{t('settingsChannelTraining')}</Text>}
      </View>
      {open && (
        <View className='server-settings__role-detail'>
          <ProfileField
            label={t('settingsRename')}
            value={channel.name}
            maxlength={CHANNEL_TITLE_MAX}
            error={channels.errorOf(channel.channel_id, 'title')}
            saving={busy}
            onSave={value => channels.update(channel.channel_id, { title: value })}
          />
          {channelTypeHas(channel.channel_type, 'carriesVoice') && (
            <>
              <ProfileField
                label={t('settingsVoiceUserLimit')}
                value={String(channel.user_limit ?? VOICE_USER_LIMIT_DEFAULT)}
                maxlength={3}
                saving={busy}
                onSave={value => channels.updateVoiceRoom(channel.channel_id, { user_limit: Number(value.trim()) })}
              />
              <ProfileField
                label={t('settingsVoiceBitrate')}
                value={String((channel.bitrate ?? VOICE_BITRATE_DEFAULT) / 1000)}
                maxlength={3}
                saving={busy}
                onSave={value => channels.updateVoiceRoom(channel.channel_id, { bitrate: Number(value.trim()) * 1000 })}
              />
            </>
          )}
          {isChatChannel(channel) && (
            <View className='server-settings__field'>
              <Text className='server-settings__label'>{t('settingsSlowMode')}</Text>
              <SettingsChoice
                label={t('settingsSlowMode')}
                options={SLOW_MODE_SECONDS_CHOICES.map(value => ({ value, label: formatSlowModeSetting(value) }))}
                value={(channel.slow_mode_seconds ?? 0) as SlowModeSeconds}
                disabled={busy}
                onChange={seconds => { channels.updateSlowMode(channel.channel_id, seconds).catch(logFailure('setting the slow mode')) }}
              />
              <Text className='server-settings__hint'>{t('settingsSlowModeHint')}</Text>
            </View>
          )}
          <View className='server-settings__row-actions'>
            <Button size='mini' className='server-settings__small' disabled={disabledIf(busy)} onClick={() => { changeIcon().catch(logFailure('changing a channel icon')) }}>{t('settingsChannelIcon')}</Button>
            <Button size='mini' className='server-settings__small server-settings__danger' disabled={disabledIf(busy)} onClick={() => { confirmDelete().catch(logFailure('deleting a channel')) }}>{t('settingsDelete')}</Button>
          </View>
          {iconError && <Text className='server-settings__refusal'>{iconError}</Text>}
        </View>
      )}
    </View>
  )
})

/** The Channels section: a new channel (title and a type of 1, 3 or 8, SPEC §4), then each channel. */
function ChannelsSection ({ channels }: { channels: ChannelSettingsStore }) {
  const [title, setTitle] = useState('')
  const [type, setType] = useState<ChannelType>(ChannelType.Discussion)
  const create = async () => {
    if (await channels.create(title, type)) setTitle('')
  }
  const titleError = channels.errorOf('new', 'title')
  return (
    <View className='server-settings__section server-settings__channels'>
      <CreateRow
        value={title}
        placeholder={t('settingsChannelNew')}
        maxlength={CHANNEL_TITLE_MAX}
        label={t('settingsChannelCreate')}
        busy={channels.action.busy}
        onInput={value => { setTitle(value); channels.action.clear() }}
        onCreate={() => { create().catch(logFailure('creating a channel')) }}
      />
      <View className='server-settings__field'>
        <SettingsChoice
          label={t('settingsChannelCreate')}
          options={CREATABLE_CHANNEL_TYPES.map(value => ({ value, label: channelTypeLabel(value) }))}
          value={type}
          onChange={setType}
        />
      </View>
      {titleError && <Text className='server-settings__refusal'>{titleError}</Text>}
      <SectionRefusal message={channels.action.error} />
      <SectionState status={channels.status} error={channels.error} retryable={channels.retryable} emptyText={t('channelsEmpty')} onRetry={() => { channels.load().catch(logFailure('loading the channels')) }} />
      {channels.status === 'ready' && channels.channels.map(channel => <ChannelRow key={channel.channel_id} channels={channels} channel={channel} />)}
    </View>
  )
}

export default observer(ChannelsSection)
