/** Every repository on one database: what the routes read and write through. */
import type { Db } from '../db/schema'
import { createAccountDataRepository, type AccountDataRepository } from './account-data'
import { createAccountsRepository, type AccountsRepository } from './accounts'
import { createPasskeysRepository, type PasskeysRepository } from './passkeys'
import { createAuditLogRepository, type AuditLogRepository } from './audit-log'
import { createBotsRepository, type BotsRepository } from './bots'
import { createUsageRepository, type UsageRepository } from './abuse-limits'
import { createConversationsRepository, type ConversationsRepository } from './conversations'
import { createChannelsRepository, type ChannelsRepository } from './channels'
import { createFeedsRepository, type FeedsRepository } from './feeds'
import { createInvitesRepository, type InvitesRepository } from './invites'
import { createMembersRepository, type MembersRepository } from './members'
import { createModerationRepository, type ModerationRepository } from './moderation'
import { createNotificationsRepository, type NotificationsRepository } from './notifications'
import { createPlazaRepository, type PlazaRepository } from './plaza'
import { createRolesRepository, type RolesRepository } from './roles'
import { createMessagesRepository, type MessagesRepository } from './messages'
import { createPinsRepository, type PinsRepository } from './pins'
import { createPostsRepository, type PostsRepository } from './posts'
import { createServersRepository, type ServersRepository } from './servers'
import { createShowroomsRepository, type ShowroomsRepository } from './showrooms'
import { createUsersRepository, type UsersRepository } from './users'

/** The repositories of one database. */
export interface Repositories {
  users: UsersRepository
  servers: ServersRepository
  channels: ChannelsRepository
  feeds: FeedsRepository
  members: MembersRepository
  messages: MessagesRepository
  /** A channel's pinned messages (精华). */
  pins: PinsRepository
  conversations: ConversationsRepository
  showrooms: ShowroomsRepository
  posts: PostsRepository
  roles: RolesRepository
  moderation: ModerationRepository
  auditLog: AuditLogRepository
  invites: InvitesRepository
  bots: BotsRepository
  usage: UsageRepository
  accounts: AccountsRepository
  passkeys: PasskeysRepository
  accountData: AccountDataRepository
  notifications: NotificationsRepository
  /** The game plaza: tables, moves, watchers, records. */
  plaza: PlazaRepository
}

/** All repositories on `db`. */
export function createRepositories (db: Db): Repositories {
  const showrooms = createShowroomsRepository(db)
  const servers = createServersRepository(db)
  return {
    users: createUsersRepository(db),
    servers,
    channels: createChannelsRepository(db, showrooms),
    feeds: createFeedsRepository(db),
    members: createMembersRepository(db),
    messages: createMessagesRepository(db),
    pins: createPinsRepository(db),
    conversations: createConversationsRepository(db),
    showrooms,
    posts: createPostsRepository(db),
    roles: createRolesRepository(db),
    moderation: createModerationRepository(db),
    auditLog: createAuditLogRepository(db),
    invites: createInvitesRepository(db, servers),
    bots: createBotsRepository(db),
    usage: createUsageRepository(db),
    accounts: createAccountsRepository(db),
    passkeys: createPasskeysRepository(db),
    accountData: createAccountDataRepository(db),
    notifications: createNotificationsRepository(db),
    plaza: createPlazaRepository(db),
  }
}
