/**
 * A discussion channel as its page opens it: the channel's chat, its server's members
 * and what I may do there, built on the root store's transports.
 */
import type { User } from '@core/wire/entities'
import type { ReportBody } from '@core/wire/trust'
import type { ApiClient } from '@/services/api/api-client'
import type { MessagesApi } from '@/services/api/messages'
import type { TimerScheduler } from '../support/timer-scheduler'
import type { StoreLogger } from '../support/load-tracker'
import { storageUploader } from '../support/storage-uploader'
import type { KeyValueStorage } from '../account/session-store'
import { ChatAccess, type ChatPermissions } from './access'
import { ChannelChat, type ChatDeps } from './channel-chat'
import { ServerMembers, type ServerMembersDeps } from './members'
import type { ChatGateway } from './types'

/** What a discussion is built on: the root store's transports, session and clock. */
export interface DiscussionRoot {
  messages: MessagesApi
  members: { list: ServerMembersDeps['listMembers'], find: NonNullable<ServerMembersDeps['findMembers']> }
  gateway: ChatGateway
  session: { readonly user: User | null }
  clock: () => number
  logger: StoreLogger
  /** Upload tokens for the composer's pictures (SPEC §7). */
  api: Pick<ApiClient, 'getUploadToken'>
  /** Reports. */
  trust: { report: (body: ReportBody) => Promise<unknown> }
  /** What the signed-in member may do in the server on screen. */
  permissions: ChatPermissions
  /** The device's storage (the composer's unsent text waits there); without it the text lives as long as the page. */
  storage?: KeyValueStorage
  /** My membership of the current server. */
  server: { readonly isMember: boolean | null }
}

/** What every chat (a channel's, a direct conversation's) runs on: the root's transports, session, clock and storage. */
export type ChatRoot = Pick<DiscussionRoot, 'messages' | 'gateway' | 'session' | 'clock' | 'logger' | 'api' | 'trust' | 'storage'>

/** A chat's dependencies on the root: the same calls, gateway, uploads, reports and drafts for a channel and a direct conversation. */
export function chatDeps (root: ChatRoot, scheduler: TimerScheduler): ChatDeps {
  return {
    api: root.messages,
    gateway: root.gateway,
    logger: root.logger,
    me: () => root.session.user,
    clock: root.clock,
    scheduler,
    upload: storageUploader(root.api),
    report: body => root.trust.report(body),
    drafts: root.storage,
  }
}

/** A discussion channel's chat, its server's members and what I may do there, built on the root's transports; the page starts and disposes them. */
export function openDiscussion (
  root: DiscussionRoot,
  channel: { channel_id: string, server_id: string },
  options: { unreadCount?: number, lastReadId?: string | null, scheduler: TimerScheduler, aroundId?: string },
): { chat: ChannelChat, members: ServerMembers, access: ChatAccess } {
  return {
    chat: new ChannelChat(
      { channelId: channel.channel_id, serverId: channel.server_id, unreadCount: options.unreadCount, lastReadId: options.lastReadId, aroundId: options.aroundId },
      chatDeps(root, options.scheduler),
    ),
    members: new ServerMembers(channel.server_id, {
      listMembers: (serverId, page) => root.members.list(serverId, page), findMembers: (serverId, q) => root.members.find(serverId, q), logger: root.logger, myUid: () => root.session.user?.uid ?? null,
    }),
    access: new ChatAccess(channel.channel_id, { permissions: root.permissions, serverId: channel.server_id, isMember: () => root.server.isMember, clock: root.clock, scheduler: options.scheduler }),
  }
}
