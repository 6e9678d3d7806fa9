import { useEffect, useState } from 'react'
import { observer } from 'mobx-react'
import type { Channel } from '@core/wire/entities'
import ChatView from '@/components/chat-view'
import { currentParams, pageLocation } from '@/router'
import { openDiscussion } from '@/stores/chat/open-discussion'
import { useStores } from '@/stores/context'
import { timeoutScheduler } from '@/stores/support/timer-scheduler'

/**
 * The chat of a discussion channel on the channel page: its conversation and its
 * server's members live and end with the page; membership and the online count are the
 * server store's (loaded here when the page was opened straight from a link); while it
 * is shown the channel counts as read on the channel list. What I may do there (issue
 * 18: the composer or why not, moderation, pictures) follows the root's permissions.
 */
function DiscussionChat ({ channel }: { channel: Channel }) {
  const root = useStores()
  const [{ chat, members, access }] = useState(() => openDiscussion(root, channel, {
    unreadCount: root.unread.of(channel.channel_id).unread,
    scheduler: timeoutScheduler,
    // a search hit opens the channel at its message (?around=)
    aroundId: currentParams().around,
  }))
  useEffect(() => {
    void chat.start()
    access.start()
    if (root.server.serverId !== channel.server_id || root.server.detail === null) {
      root.server.select(pageLocation({ ...currentParams(), server_id: channel.server_id }))
      void root.server.load()
    }
    root.unread.view(chat.channelId)
    return () => {
      root.unread.view(null)
      chat.dispose()
      access.dispose()
    }
  }, [root, chat, access, channel])
  return <ChatView chat={chat} members={members} membership={root.server} access={access} now={root.clock()} />
}

export default observer(DiscussionChat)
