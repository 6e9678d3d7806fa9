import { observer } from 'mobx-react'
import { Button } from '@tarojs/components'
import { t } from '@/i18n'
import type { InboxStore } from '@/stores/notifications/inbox-store'
import { useStores } from '@/stores/context'
import { actionSheet, toast } from '@/utils/feedback'

/** What the menu offers for a server and, on a channel's page, its channel. */
export interface NotificationMenuProps {
  serverId: string
  /** The channel on screen, when there is one: it can be muted on its own. */
  channelId?: string
  /** The button's look where it stands beside others (the server header's outline); Taro's small button otherwise. */
  className?: string
}

/** The menu's choices in order, each its words and what it does. */
function choicesOf (inbox: InboxStore, serverId: string, channelId?: string): Array<{ label: string, apply: () => Promise<boolean> }> {
  const serverMuted = inbox.isMuted('server', serverId)
  const suppressed = inbox.isEveryoneSuppressed(serverId)
  const choices = [
    { label: t(serverMuted ? 'unmuteServer' : 'muteServer'), apply: () => inbox.setServerMuted(serverId, !serverMuted) },
    { label: t(suppressed ? 'allowEveryone' : 'suppressEveryone'), apply: () => inbox.setEveryoneSuppressed(serverId, !suppressed) },
  ]
  if (channelId === undefined) return choices
  const channelMuted = inbox.isMuted('channel', channelId)
  return [{ label: t(channelMuted ? 'unmuteChannel' : 'muteChannel'), apply: () => inbox.setChannelMuted(channelId, !channelMuted) }, ...choices]
}

/**
 * The member's notification settings of a server (mute it, suppress its @全体成员) and of
 * the channel on screen (mute it), as an action sheet behind one small button. A muted
 * server or channel still tells of direct mentions (core/domain/notifications.ts).
 */
function NotificationMenu ({ serverId, channelId, className }: NotificationMenuProps) {
  const { inbox } = useStores()
  const open = async (): Promise<void> => {
    await inbox.loadSettings()
    const choices = choicesOf(inbox, serverId, channelId)
    const picked = await actionSheet(choices.map(choice => choice.label))
    if (picked === null) return
    await toast(t(await choices[picked].apply() ? 'muteSaved' : 'muteFailed'))
  }
  return (
    <Button className={className === undefined ? 'notification-menu' : `notification-menu ${className}`} size='mini' onClick={() => { void open() }}>{t('notificationSettings')}</Button>
  )
}

export default observer(NotificationMenu)
