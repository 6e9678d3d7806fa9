/**
 * Table shapes of the server's database, as Kysely sees them. Both dialects store the
 * same columns: text ids, integer unix seconds, double-precision fractions. A table that
 * stores a wire shape (core/wire) is typed from it — only its storage columns (order,
 * author uid, creator) are written here — so a change to a wire shape reaches the table
 * type, and the type checker points at the seed and repositories that must follow (the
 * migration's DDL is the one place written by hand).
 */
import type { Kysely } from 'kysely'
import type { Hotspot, InteractionEvent, MapCfgData } from '@core/wire/api'
import type { Channel, LiveItem, Post, Role, Server, User } from '@core/wire/entities'
import type { LiveCommentsTable, LiveRemindersTable, LiveViewersTable, PostColumns, PostCommentsTable, PostLikesTable, WechatAccountsTable } from './tables/posts'
import type { AccountUsageTable, PoolUsageTable } from './tables/abuse-limits'
import type { AccountEmailsTable, EmailCodesTable, PasskeysTable, SignInChallengesTable, UidAliasesTable, WechatIdentitiesTable } from './tables/accounts'
import type { NotificationSettingsTable, NotificationsTable, PushSubscriptionsTable } from './tables/notifications'
import type {
  ConversationBlocksTable, ConversationParticipantsTable, ConversationsTable, DirectMessagesTable, DirectReactionsTable, DmSettingsTable, UserBlocksTable,
} from './tables/direct-messages'
import type { MentionNoticesTable, MessagesTable, PinsTable, ReactionsTable, ReadStatesTable } from './tables/messages'
import type { GameRecordsTable, PlazaMovesTable, PlazaTablesTable, PlazaWatchersTable } from './tables/plaza'
import type {
  AuditLogTable, BansTable, BotTokensTable, ChannelOverridesTable, InvitesTable, MemberRolesTable, MemberTimeoutsTable, ReportsTable, ServerWordsTable,
} from './tables/trust'

export type { MessagesTable } from './tables/messages'

/**
 * A server (community): the wire Server less its counted fields, plus its display order
 * and its owner, who holds every permission (core/domain/permissions.ts; null only for
 * servers made before owners existed).
 */
export type ServersTable = Omit<Server, 'member_count'> & { sort: number, owner_uid: string | null }

/** A person, bot (C_), guest (B_) or map account (D_): the wire User, gender always stored. */
export type UsersTable = Required<User>

/** Who belongs to which server (member_count). */
export interface ServerMembersTable {
  server_id: string
  uid: string
  joined_at: number
}

/** A signed-in session: only the SHA-256 of the bearer token is kept. */
export interface SessionsTable {
  token_hash: string
  uid: string
  created_at: number
  expires_at: number
  /** What the session list and DELETE /auth/sessions/:id name it by (never the token). */
  session_id: string
  /** Last request made with it, unix seconds: idle sessions expire (repositories/users.ts). */
  last_used_at: number
  /** The User-Agent it signed in with ('' when unknown), so the session list names the device. */
  user_agent: string
}

/**
 * A role of a server: its hierarchy and display order (`sort`, 0 the top; `@everyone`,
 * role_id = server_id, is last), permission bits (core/domain/permissions.ts) and
 * SPEC §5 colour ('#rrggbb' or '').
 */
export type RolesTable = Role & { sort: number, permissions: number, color: string }

/** A channel (or a group header, kind 1) of a server, with who created it and when (null: seeded), and a voice channel's room settings (migration 0022-voice-channels; null on other types) and its slow mode (migration 0025-slow-mode; 0: off). */
export type ChannelsTable = Omit<Channel, 'unread_count' | 'mention_count' | 'user_limit' | 'bitrate' | 'slow_mode_seconds'> & { created_by: string | null, created_at: number, user_limit: number | null, bitrate: number | null, slow_mode_seconds: number }

/** A live broadcast or recording: exactly the wire LiveItem. */
export type LivesTable = LiveItem

/** A post of a post channel: the wire Post with its author as a uid (the repository joins the user), and the columns of migration 0004-posts. */
export type PostsTable = Omit<Post, 'author'> & { author_uid: string } & PostColumns


/**
 * The showroom map of a metaverse channel: the wire map with the channel it belongs to, and
 * its gather space's Tiled map as JSON text (migration 0016-space-maps; null: made from the showroom when read).
 */
export type ShowroomsTable = Pick<MapCfgData, 'channel_id' | 'server_id'> & MapCfgData['map'] & { space_map: string | null }

/** Where a hotspot or event sits: its showroom and its order there. */
interface ShowroomPart {
  channel_id: string
  sort: number
}

/** A tappable point of a showroom map. */
export type ShowroomHotspotsTable = Hotspot & ShowroomPart

/** An interaction event of a showroom. */
export type ShowroomEventsTable = InteractionEvent & ShowroomPart

/** A stored file (uploads, base64 images, seeded images), served under /files/<file_key>. */
export interface StoredFilesTable {
  file_key: string
  mime: string
  size: number
  /** Qiniu etag of the content. */
  hash: string
  created_at: number
  /** The account that stored it (uploads, base64 images); null for seeded files and those stored before this was kept. */
  uploaded_by: string | null
}

/** When a member last sent a message in a channel while its slow mode was on (unix seconds; migration 0025). */
export interface SlowModeSendsTable {
  channel_id: string
  uid: string
  sent_at: number
}

/** Every table. */
export interface Database {
  servers: ServersTable
  users: UsersTable
  server_members: ServerMembersTable
  sessions: SessionsTable
  roles: RolesTable
  channels: ChannelsTable
  lives: LivesTable
  posts: PostsTable
  messages: MessagesTable
  reactions: ReactionsTable
  read_states: ReadStatesTable
  mention_notices: MentionNoticesTable
  pins: PinsTable
  conversations: ConversationsTable
  conversation_participants: ConversationParticipantsTable
  direct_messages: DirectMessagesTable
  direct_reactions: DirectReactionsTable
  dm_settings: DmSettingsTable
  user_blocks: UserBlocksTable
  conversation_blocks: ConversationBlocksTable
  showrooms: ShowroomsTable
  showroom_hotspots: ShowroomHotspotsTable
  showroom_events: ShowroomEventsTable
  stored_files: StoredFilesTable
  post_likes: PostLikesTable
  post_comments: PostCommentsTable
  live_comments: LiveCommentsTable
  live_reminders: LiveRemindersTable
  live_viewers: LiveViewersTable
  wechat_accounts: WechatAccountsTable
  account_usage: AccountUsageTable
  pool_usage: PoolUsageTable
  member_roles: MemberRolesTable
  channel_overrides: ChannelOverridesTable
  bans: BansTable
  member_timeouts: MemberTimeoutsTable
  invites: InvitesTable
  audit_log: AuditLogTable
  reports: ReportsTable
  bot_tokens: BotTokensTable
  server_words: ServerWordsTable
  account_emails: AccountEmailsTable
  email_codes: EmailCodesTable
  passkeys: PasskeysTable
  sign_in_challenges: SignInChallengesTable
  wechat_identities: WechatIdentitiesTable
  uid_aliases: UidAliasesTable
  notifications: NotificationsTable
  notification_settings: NotificationSettingsTable
  push_subscriptions: PushSubscriptionsTable
  plaza_tables: PlazaTablesTable
  plaza_moves: PlazaMovesTable
  plaza_watchers: PlazaWatchersTable
  game_records: GameRecordsTable
  slow_mode_sends: SlowModeSendsTable
}

/** The query layer every repository uses, whichever dialect is underneath. */
export type Db = Kysely<Database>
