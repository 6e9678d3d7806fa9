import { observer } from 'mobx-react'
import { Button, View } from '@tarojs/components'
import { t } from '@/i18n'
import { navigate } from '@/router'
import { useStores } from '@/stores/context'
import { canOpenServerSettings } from '@/stores/settings/settings-access'
import NotificationMenu from '../notification-menu'
import './index.scss'

function logFailure (what: string) {
  return (error: unknown) => console.error(`[settings-entry] ${what} failed:`, error)
}

/**
 * The current server's 成员 / Members button (shown to its members) and 设置 /
 * Settings button (shown to the owner and to who may manage the server, its roles or its
 * channels), in the server header and the desktop channel column, and the member's
 * notification settings of the server (and of `channelId`, the channel on screen). Nothing
 * for a visitor who is not a member (the owner is always one).
 */
function SettingsEntry ({ channelId }: { channelId?: string }) {
  const { server, permissions } = useStores()
  // only a member can manage the server: a visitor's Home asks nothing about permissions
  if (server.isMember !== true) return null
  const mayManage = permissions.mine?.server_id === server.serverId && canOpenServerSettings(permissions)
  const query = { sid: server.serverId }
  return (
    <View className='settings-entry'>
      <Button className='settings-entry__button settings-entry__button--members' size='mini' onClick={() => { navigate('members', query).catch(logFailure('opening the members')) }}>
        {t('settingsMembers')}
      </Button>
      <NotificationMenu serverId={server.serverId} channelId={channelId} className='settings-entry__button' />
      {mayManage && (
        <Button className='settings-entry__button settings-entry__button--settings' size='mini' onClick={() => { navigate('server-settings', query).catch(logFailure('opening the settings')) }}>
          {t('settingsOpen')}
        </Button>
      )}
    </View>
  )
}

export default observer(SettingsEntry)
