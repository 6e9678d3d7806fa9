/** Every repository on one database: what the routes read and write through. */
import type { Db } from '../db/schema'
import { createUsageRepository, type UsageRepository } from './abuse-limits'
import { createChannelsRepository, type ChannelsRepository } from './channels'
import { createFeedsRepository, type FeedsRepository } from './feeds'
import { createMembersRepository, type MembersRepository } from './members'
import { createMessagesRepository, type MessagesRepository } from './messages'
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
  showrooms: ShowroomsRepository
  usage: UsageRepository
}

/** All repositories on `db`. */
export function createRepositories (db: Db): Repositories {
  const showrooms = createShowroomsRepository(db)
  return {
    users: createUsersRepository(db),
    servers: createServersRepository(db),
    channels: createChannelsRepository(db, showrooms),
    feeds: createFeedsRepository(db),
    members: createMembersRepository(db),
    messages: createMessagesRepository(db),
    showrooms,
    usage: createUsageRepository(db),
  }
}
