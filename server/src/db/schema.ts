/**
 * Table shapes of the server's database, as Kysely sees them. Both dialects store the
 * same columns: text ids, integer unix seconds, double-precision fractions. Wire shapes
 * (core/wire/entities.ts) are built from these rows by the repositories.
 */
import type { Kysely } from 'kysely'
import type {
  AuditLogTable, BansTable, BotTokensTable, ChannelOverridesTable, InvitesTable, MemberRolesTable, MemberTimeoutsTable, ReportsTable, ServerWordsTable,
} from './tables/trust'

/** A server (community). */
export interface ServersTable {
  server_id: string
  name: string
  sub_domain: string
  icon: string
  introduction: string
  sort: number
  /** Holds every permission (core/domain/permissions.ts); null only for servers made before owners existed. */
  owner_uid: string | null
}

/** A person, bot (C_), guest (B_) or map account (D_). */
export interface UsersTable {
  uid: string
  user_type: number
  addtime: number
  nickname: string
  avatar: string
  signature: string
  gender: number
}

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
}

/** A role of a server. */
export interface RolesTable {
  role_id: string
  server_id: string
  name: string
  type: number
  join_role: string | null
  /** Hierarchy and display order: 0 is the top; `@everyone` (role_id = server_id) is last. */
  sort: number
  /** Permission bits (core/domain/permissions.ts). */
  permissions: number
  /** SPEC §5: '#rrggbb', or '' for none. */
  color: string
}

/** A channel (or a group header, kind 1) of a server. */
export interface ChannelsTable {
  channel_id: string
  server_id: string
  channel_type: number
  kind: number
  name: string
  parent_id: string | null
  sort: number
  map_category: number | null
  link_url: string | null
  icon: string
  audit_status: number
  created_by: string | null
  created_at: number
}

/** A live broadcast or recording. */
export interface LivesTable {
  live_id: string
  server_id: string
  channel_id: string
  type: number
  is_live: number
  play_url: string
  started_at: number | null
  duration: number
  title: string
  cover: string
  can_comment: number
}

/** A post of a post channel. */
export interface PostsTable {
  post_id: string
  channel_id: string
  author_uid: string
  title: string
  content: string
  cover: string
  created_at: number
}

/** A message of a channel. */
export interface MessagesTable {
  message_id: string
  channel_id: string
  author_uid: string
  content: string
  created_at: number
}

/** The showroom map of a metaverse channel. */
export interface ShowroomsTable {
  channel_id: string
  server_id: string
  map_category: number
  background: string
  width: number
  height: number
}

/** A tappable point of a showroom map. */
export interface ShowroomHotspotsTable {
  hotspot_id: string
  channel_id: string
  sort: number
  x: number
  y: number
  title: string
  event_id: string
}

/** An interaction event of a showroom. */
export interface ShowroomEventsTable {
  event_id: string
  channel_id: string
  sort: number
  type: string
  title: string
  text: string
  image: string
  price: number | null
  video_url: string | null
}

/** A stored file (uploads, base64 images, seeded images), served under /files/<file_key>. */
export interface StoredFilesTable {
  file_key: string
  mime: string
  size: number
  /** Qiniu etag of the content. */
  hash: string
  created_at: number
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
  showrooms: ShowroomsTable
  showroom_hotspots: ShowroomHotspotsTable
  showroom_events: ShowroomEventsTable
  stored_files: StoredFilesTable
  member_roles: MemberRolesTable
  channel_overrides: ChannelOverridesTable
  bans: BansTable
  member_timeouts: MemberTimeoutsTable
  invites: InvitesTable
  audit_log: AuditLogTable
  reports: ReportsTable
  bot_tokens: BotTokensTable
  server_words: ServerWordsTable
}

/** The query layer every repository uses, whichever dialect is underneath. */
export type Db = Kysely<Database>
