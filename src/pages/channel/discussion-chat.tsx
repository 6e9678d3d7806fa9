import { useEffect, useState } from 'react'
import { reaction, when } from 'mobx'
import { observer } from 'mobx-react'
import { useUnload } from '@tarojs/taro'
import type { Channel } from '@core/wire/entities'
import ChatView from '@/components/chat-view'
import { currentParams, pageLocation } from '@/router'
import { openDiscussion } from '@/stores/chat/open-discussion'
import { openPins } from '@/stores/chat/pins-store'
import { useStores } from '@/stores/context'
import type { ServerStore } from '@/stores/servers/server-store'
import { timeoutScheduler } from '@/stores/support/timer-scheduler'
import { takeEarlyJoin } from '@/services/early-taps'
import { joinChannelServer } from './join'

/**
 * Makes the channel's server the current one with its detail (my membership) loaded,
 * unless it already is: a channel opened by a link shows a member's composer, and a
 * visitor the join prompt, only once the membership is known.
 */
export function showServerOf (server: Pick<ServerStore, 'serverId' | 'detail' | 'select' | 'load'>, serverId: string): void {
  if (server.serverId === serverId && server.detail !== null) return
  server.select(pageLocation({ ...currentParams(), server_id: serverId }))
  void server.load()
}

/**
 * The chat of a discussion channel on the channel page: its conversation and its
 * server's members live and end with the page; membership and the online count are the
 * server store's (loaded here when the page was opened straight from a link); while it
 * is shown the channel list counts what its chat says is still unread below what was on
 * screen (once its unread count, which places the new-messages divider, is known). What I may do there (issue
 * 18: the composer or why not, moderation, pictures) follows the root's permissions; a
 * guest who sends is offered the sign-in sheet (the channel page shows it). Its pinned
 * messages (精华) follow the channel live through the root's gateway while the page is open.
 */
function DiscussionChat ({ channel }: { channel: Channel }) {
  const root = useStores()
  const [{ chat, members, access }] = useState(() => openDiscussion(root, channel, {
    unreadCount: root.unread.knows(channel.channel_id) ? root.unread.of(channel.channel_id).unread : undefined,
    lastReadId: root.unread.readPosition(channel.channel_id),
    scheduler: timeoutScheduler,
    // a search hit opens the channel at its message (?around=)
    aroundId: currentParams().around,
  }))
  const [pins] = useState(() => openPins(channel.channel_id, root.logger))
  useEffect(() => {
    pins.attach(root.gateway)
    return () => pins.dispose()
  }, [root, pins])
  useEffect(() => {
    void chat.start()
    access.start()
    showServerOf(root.server, channel.server_id)
    // opened by a link, the channel list (and so the unread count) arrives after the page: the divider waits for it
    if (!root.unread.knows(chat.channelId) && root.channel.status !== 'loading') void root.channel.load()
    const stopWaiting = when(() => root.unread.knows(chat.channelId), () => {
      chat.knowUnread(root.unread.of(chat.channelId).unread, root.unread.readPosition(chat.channelId) ?? null)
      root.unread.view(chat.channelId)
    })
    // the badge says what is left below what was shown (docs/product-tour.md, chat), never zero and then the old count again
    const stopCounting = reaction(() => root.unread.viewing === chat.channelId ? chat.unreadBelow : null, left => {
      if (left !== null) root.unread.readOnScreen(chat.channelId, chat.readPosition, left, chat.newestId)
    }, { fireImmediately: true, equals: (a, b) => a?.unread === b?.unread && a?.mentions === b?.mentions })
    // a guest sending a message is offered an account (signing up keeps it): the message shows as pending first
    const stopOffering = reaction(() => chat.entries.some(entry => entry.status === 'pending'), sending => { if (sending) root.offerSignIn() })
    // a tap on the server's first screen's 加入 before the app rendered (H5) joins once my membership of this server is known
    const stopEarlyJoin = when(() => root.server.serverId === channel.server_id && root.server.isMember !== null, () => {
      if (takeEarlyJoin() && root.server.isMember === false) void joinChannelServer(root)
    })
    return () => {
      stopEarlyJoin()
      stopOffering()
      stopCounting()
      stopWaiting()
      root.unread.view(null)
      chat.dispose()
      access.dispose()
    }
  }, [root, chat, access, channel])
  // the page's unload lets go of the channel at once: React's own clean-up above may come later (the
  // mini-program unmounts after the unload), and a message arriving meanwhile was read by the leaving chat
  useUnload(() => {
    root.unread.view(null)
    chat.dispose()
    pins.dispose()
  })
  return <ChatView chat={chat} members={members} membership={root.server} access={access} now={root.clock()} pins={pins} />
}

export default observer(DiscussionChat)
