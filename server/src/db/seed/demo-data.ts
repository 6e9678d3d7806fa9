/**
 * The demo data set, built relative to the seed time so every state stays visible:
 * for each configured server (SPEC §3: 723658, 832828, 275902) channels of every type
 * and kind, an owner, roles (`@everyone`, administrator, moderator, a bot role and a
 * training-channel role) held by the demo members, live items in every state,
 * posts and messages; users of every identity; a showroom for every metaverse channel.
 * Ids are fixed, so seeding again updates the same rows instead of adding new ones.
 */
import type { Insertable } from 'kysely'
import { CHANNEL_TYPES, channelTypeHas, KNOWN_CHANNEL_TYPES } from '@core/domain/channel-types'
import { timeIdAt } from '@core/domain/ids'
import { mentionedUids } from '@core/domain/messages'
import { DEFAULT_EVERYONE_PERMISSIONS, Permission } from '@core/domain/permissions'
import { CONFIGURED_SERVERS } from '@core/domain/servers'
import { voiceSettingsFor } from '@core/domain/voice-room'
import { PLAZA_TURN_SECONDS_DEFAULT } from '@core/wire/plaza-codes'
import {
  AuditStatus, ChannelKind, ChannelType, Gender, LiveCommentFlag, LiveFlag, MapCategory, MediaType,
} from '@core/wire/entities'
import type {
  ChannelsTable, LivesTable, MessagesTable, PostsTable, RolesTable, ServerMembersTable, ServersTable,
  ShowroomEventsTable, ShowroomHotspotsTable, ShowroomsTable, UsersTable,
} from '../schema'
import type { MemberRolesTable } from '../tables/trust'
import type { PlazaTablesTable } from '../tables/plaza'
import { SHOWROOM_SIZE } from '../../repositories/showrooms'
import { newTableRow } from '../../plaza/tables'
import { avatarImage, coverImage, iconImage, SEED_VIDEO_KEY, SEED_VIDEO_SECONDS, seedImagePath, showroomImage, type SeedImage } from './art'
import { demoSpaceMap } from './space-map'

/** Every row and image of the demo. */
export interface DemoData {
  images: SeedImage[]
  servers: ServersTable[]
  users: UsersTable[]
  members: ServerMembersTable[]
  roles: RolesTable[]
  memberRoles: MemberRolesTable[]
  channels: ChannelsTable[]
  lives: LivesTable[]
  posts: Array<Insertable<PostsTable>>
  messages: MessagesTable[]
  showrooms: ShowroomsTable[]
  events: ShowroomEventsTable[]
  hotspots: ShowroomHotspotsTable[]
  /** One waiting table in each server's game plaza, so the lobby is not empty. */
  plazaTables: PlazaTablesTable[]
}

/** The server with enough live items and posts to page through (25+). */
export const BUSY_SERVER_ID = '832828'

const DAY = 24 * 3600
const HOUR = 3600

/** Channel numbers inside a server: channel id = server id + two digits. */
export const CHANNEL_SLOTS = {
  announcements: '00',
  generalGroup: '01',
  lobby: '02',
  voice: '03',
  posts: '04',
  training: '05',
  liveGroup: '06',
  live: '07',
  liveBanner: '08',
  worldGroup: '09',
  showroom3d: '10',
  showroomLive: '11',
  gamePlaza: '12',
  website: '13',
  interaction: '14',
} as const

/** The id of a seeded channel. */
export function channelIdOf (serverId: string, slot: keyof typeof CHANNEL_SLOTS): string {
  return `${serverId}${CHANNEL_SLOTS[slot]}`
}

/** The metaverse channels of a seeded server (3D map, live map). */
export function metaverseChannelIds (serverId: string): string[] {
  return [channelIdOf(serverId, 'showroom3d'), channelIdOf(serverId, 'showroomLive')]
}

/** A public sample stream, so the demo's live players have something real to play (HLS; the product makes none itself). */
const SAMPLE_HLS = 'https://test-streams.mux.dev/x36xhzz/x36xhzz.m3u8'
/**
 * The replays' and recordings' video: a 4-second clip (320×180, H.264) stored with the seed's images
 * and served by the product itself (SEED_VIDEO), so a replay plays with no network
 * beyond this server — and the end-to-end pass never reaches past loopback.
 */
const SAMPLE_MP4 = `/files/${SEED_VIDEO_KEY}`

interface SeedUser { uid: string, user_type: number, nickname: string, signature: string, gender: Gender, ageDays: number }

/** SPEC §3: ordinary users, bots (C_, user_type 2), a guest (B_) and map accounts (D_); Mia registers "today". */
const USERS: SeedUser[] = [
  { uid: '100001', user_type: 1, nickname: '林晓', signature: '热爱像素与星空', gender: Gender.Female, ageDays: 420 },
  { uid: '100002', user_type: 1, nickname: 'Alex', signature: 'Building worlds.', gender: Gender.Male, ageDays: 130 },
  { uid: '100003', user_type: 1, nickname: '周末', signature: '', gender: Gender.Secret, ageDays: 31 },
  { uid: '100004', user_type: 1, nickname: 'Mia', signature: '今天刚来，多多关照', gender: Gender.Female, ageDays: 0 },
  { uid: 'C_200001', user_type: 2, nickname: '小助手', signature: '我是机器人，有问题随时问我', gender: Gender.Secret, ageDays: 300 },
  { uid: 'C_200002', user_type: 2, nickname: 'LiveBot', signature: 'Announces live streams', gender: Gender.Secret, ageDays: 200 },
  { uid: 'B_300001', user_type: 1, nickname: '游客0001', signature: '', gender: Gender.Secret, ageDays: 2 },
  { uid: 'D_400001', user_type: 1, nickname: '展厅向导', signature: '元宇宙地图账号', gender: Gender.Secret, ageDays: 90 },
  { uid: 'D_400002', user_type: 1, nickname: 'Map Keeper', signature: 'Keeps the live map', gender: Gender.Secret, ageDays: 60 },
]

const POSTERS = ['100001', '100002', '100003', '100004', 'C_200001', 'D_400001']

/** Path of a channel type's seeded icon. */
function channelIcon (type: ChannelType): string {
  return seedImagePath(`icon-type-${type}`)
}

function buildImages (): SeedImage[] {
  const images: SeedImage[] = USERS.map((user, index) => avatarImage(index, user.nickname.slice(0, 1).toUpperCase()))
  CONFIGURED_SERVERS.forEach((server, index) => images.push(iconImage(`server-${server.server_id}`, server.name.slice(0, 2), index + 4)))
  KNOWN_CHANNEL_TYPES.forEach((type, index) => images.push(iconImage(`icon-type-${type}`, CHANNEL_TYPES[type].iconLetter, index)))
  // Covers carry no words: the badge states live, replay or reserved, never the picture.
  for (let index = 0; index < 4; index += 1) images.push(coverImage(index))
  images.push(showroomImage('showroom-default', 'Showroom', SHOWROOM_SIZE.width, SHOWROOM_SIZE.height, [{ x: 0.5, y: 0.5 }]))
  images.push(iconImage('event-welcome', '欢迎', 1), iconImage('event-product', '商品', 2), iconImage('event-video', '视频', 3))
  return images
}

/** A voice channel's room settings, the defaults (core/domain/voice-room.ts); null on other types. */
function voiceColumnsFor (channelType: ChannelType): Pick<ChannelsTable, 'user_limit' | 'bitrate'> {
  return voiceSettingsFor(channelType) ?? { user_limit: null, bitrate: null }
}

function channelRow (serverId: string, slot: keyof typeof CHANNEL_SLOTS, fields: Partial<ChannelsTable> & Pick<ChannelsTable, 'channel_type' | 'name'>, now: number): ChannelsTable {
  return {
    channel_id: channelIdOf(serverId, slot),
    server_id: serverId,
    kind: ChannelKind.Channel,
    parent_id: null,
    sort: Number(CHANNEL_SLOTS[slot]),
    map_category: null,
    link_url: null,
    icon: channelIcon(fields.channel_type as ChannelType),
    audit_status: AuditStatus.Pass,
    created_by: '100001',
    created_at: now - 200 * DAY,
    slow_mode_seconds: 0,
    ...voiceColumnsFor(fields.channel_type as ChannelType),
    ...fields,
  }
}

/** SPEC §4: channels of every type (1, 2, 3, 8, 10, 11, 12, 13) and kind (0, 1, 2, 14). */
function buildChannels (serverId: string, now: number): ChannelsTable[] {
  const general = channelIdOf(serverId, 'generalGroup')
  const live = channelIdOf(serverId, 'liveGroup')
  const world = channelIdOf(serverId, 'worldGroup')
  return [
    channelRow(serverId, 'announcements', { channel_type: ChannelType.Discussion, name: '公告' }, now),
    channelRow(serverId, 'generalGroup', { channel_type: ChannelType.Discussion, kind: ChannelKind.Group, name: '综合' }, now),
    channelRow(serverId, 'lobby', { channel_type: ChannelType.Discussion, name: '大厅', parent_id: general }, now),
    channelRow(serverId, 'voice', { channel_type: ChannelType.Voice, name: '语音茶室', parent_id: general }, now),
    channelRow(serverId, 'posts', { channel_type: ChannelType.Post, name: '作品分享', parent_id: general }, now),
    channelRow(serverId, 'training', { channel_type: ChannelType.Discussion, name: '新手训练营', parent_id: general }, now),
    channelRow(serverId, 'liveGroup', { channel_type: ChannelType.Discussion, kind: ChannelKind.Group, name: '直播' }, now),
    channelRow(serverId, 'live', { channel_type: ChannelType.Live, kind: ChannelKind.LiveTab, name: '直播间', parent_id: live }, now),
    channelRow(serverId, 'liveBanner', { channel_type: ChannelType.LiveBanner, name: '直播推荐', parent_id: live }, now),
    channelRow(serverId, 'worldGroup', { channel_type: ChannelType.Discussion, kind: ChannelKind.Group, name: '元宇宙' }, now),
    channelRow(serverId, 'showroom3d', { channel_type: ChannelType.Metaverse, name: '3D 展厅', parent_id: world, map_category: MapCategory.ThreeD }, now),
    channelRow(serverId, 'showroomLive', { channel_type: ChannelType.Metaverse, name: '直播地图', parent_id: world, map_category: MapCategory.LiveMap }, now),
    channelRow(serverId, 'gamePlaza', { channel_type: ChannelType.GamePlaza, name: '游戏广场', parent_id: world }, now),
    channelRow(serverId, 'website', { channel_type: ChannelType.ExternalLink, name: '官方网站', parent_id: world, link_url: 'https://example.com/' }, now),
    channelRow(serverId, 'interaction', { channel_type: ChannelType.Discussion, kind: ChannelKind.Interaction, name: '互动' }, now),
  ]
}

/** The owner of every demo server (林晓). */
export const DEMO_OWNER_UID = '100001'

/** The roles of a demo server and the demo members who hold each (when they are members of it). */
const DEMO_ROLES: ReadonlyArray<{ slot: string, name: string, type: number, training: boolean, permissions: number, color: string, holders: readonly string[] }> = [
  { slot: 'admin', name: '管理员', type: 0, training: false, permissions: Permission.ManageServer, color: '#e5484d', holders: ['100002'] },
  {
    slot: 'moderator', name: '版主', type: 0, training: false, color: '#3e9b4f', holders: ['100003'],
    permissions: Permission.ManageMessages | Permission.KickMembers | Permission.BanMembers | Permission.MuteMembers | Permission.MentionEveryone,
  },
  { slot: 'member', name: '成员', type: 0, training: false, permissions: 0, color: '', holders: ['100004', 'B_300001', 'D_400001', 'D_400002'] },
  { slot: 'bot', name: '机器人', type: 1, training: false, permissions: Permission.MentionEveryone, color: '#5b5bd6', holders: ['C_200001', 'C_200002'] },
  { slot: 'trainee', name: '新手学员', type: 0, training: true, permissions: 0, color: '', holders: ['100004'] },
]

/** Where `@everyone` sits: below every other role. */
const EVERYONE_SORT = 99

/**
 * SPEC §3, §6: `@everyone` (role_id = server id), an administrator, a moderator and a
 * member role, a bot role (type 1) and a training-channel role (join_role).
 */
function buildRoles (serverId: string): RolesTable[] {
  const everyone: RolesTable = { role_id: serverId, server_id: serverId, name: '@全体成员', type: 0, join_role: null, sort: EVERYONE_SORT, permissions: DEFAULT_EVERYONE_PERMISSIONS, color: '' }
  return [...DEMO_ROLES.map((role, index) => ({
    role_id: `${serverId}-${role.slot}`, server_id: serverId, name: role.name, type: role.type,
    join_role: role.training ? channelIdOf(serverId, 'training') : null, sort: index + 1, permissions: role.permissions, color: role.color,
  })), everyone]
}

/** The demo roles held by those of `members` who belong to `serverId`. */
function buildMemberRoles (serverId: string, members: readonly ServerMembersTable[]): MemberRolesTable[] {
  const memberUids = new Set(members.filter(member => member.server_id === serverId).map(member => member.uid))
  return DEMO_ROLES.flatMap(role => role.holders.filter(uid => memberUids.has(uid)).map(uid => ({ server_id: serverId, uid, role_id: `${serverId}-${role.slot}` })))
}

/**
 * SPEC §4: live items in every state, cycling through: reserved (is_live 0), on air,
 * ended broadcast (is_live 2), ended mp4 (start + duration past), a recording that started
 * ten minutes ago (a playback by SPEC §4, so its title says recording, never premiere or
 * live), and a recording scheduled in the future. No title contradicts its state's badge.
 * What plays once over — an ended broadcast's replay and every recording — is the seed's
 * clip, and each says the clip's own length (SEED_VIDEO_SECONDS): a replay that said
 * 时长 1:00:00 played four seconds. Only a broadcast on air streams the public sample.
 */
function buildLives (serverId: string, count: number, now: number): LivesTable[] {
  const channels = [channelIdOf(serverId, 'live'), channelIdOf(serverId, 'liveBanner'), channelIdOf(serverId, 'showroomLive')]
  const lives: LivesTable[] = []
  for (let index = 0; index < count; index += 1) {
    const base = {
      live_id: `${serverId}-live-${String(index + 1).padStart(2, '0')}`,
      server_id: serverId,
      channel_id: channels[index % channels.length],
      cover: seedImagePath(`cover-${index % 4}`),
      can_comment: index % 4 === 3 ? LiveCommentFlag.CannotComment : LiveCommentFlag.CanComment,
    }
    const step = Math.floor(index / 6)
    switch (index % 6) {
      case 0:
        lives.push({ ...base, type: MediaType.Live, is_live: LiveFlag.Reserved, play_url: SAMPLE_HLS, started_at: now + (step + 1) * DAY, duration: 0, title: `预约直播 #${index + 1}` })
        break
      case 1:
        lives.push({ ...base, type: MediaType.Live, is_live: LiveFlag.OnAir, play_url: SAMPLE_HLS, started_at: now - (step + 1) * 600, duration: 0, title: `正在直播 #${index + 1}` })
        break
      case 2:
        lives.push({ ...base, type: MediaType.Live, is_live: LiveFlag.Ended, play_url: SAMPLE_MP4, started_at: now - (step + 2) * DAY, duration: SEED_VIDEO_SECONDS, title: `已结束直播 #${index + 1}` })
        break
      case 3:
        lives.push({ ...base, type: MediaType.Record, is_live: LiveFlag.OnAir, play_url: SAMPLE_MP4, started_at: now - (step + 3) * DAY, duration: SEED_VIDEO_SECONDS, title: `精彩回放 #${index + 1}` })
        break
      case 4:
        lives.push({ ...base, type: MediaType.Record, is_live: LiveFlag.OnAir, play_url: SAMPLE_MP4, started_at: now - 600, duration: SEED_VIDEO_SECONDS, title: `新上线录播 #${index + 1}` })
        break
      default:
        lives.push({ ...base, type: MediaType.Record, is_live: LiveFlag.OnAir, play_url: SAMPLE_MP4, started_at: now + (step + 2) * DAY, duration: SEED_VIDEO_SECONDS, title: `录播预告 #${index + 1}` })
    }
  }
  return lives
}

function buildPosts (serverId: string, count: number, now: number): Array<Insertable<PostsTable>> {
  return Array.from({ length: count }, (_unused, index) => ({
    post_id: `${serverId}-post-${String(index + 1).padStart(2, '0')}`,
    channel_id: channelIdOf(serverId, 'posts'),
    author_uid: POSTERS[index % POSTERS.length],
    title: `作品分享 #${index + 1}`,
    content: `第 ${index + 1} 篇分享：今天在元宇宙展厅搭了一个新角落。Post number ${index + 1}.`,
    cover: seedImagePath(`cover-${index % 4}`),
    created_at: now - index * 3 * HOUR - 60,
  }))
}

/** What each chatter says in a lobby (the bots say what bots say); Alex greets Mia with a mention. */
const LOBBY_SCRIPT: ReadonlyArray<{ uid: string, content: string }> = [
  { uid: '100001', content: '大家好！' },
  { uid: '100002', content: 'Welcome to the lobby, <@100004>!' },
  { uid: 'C_200001', content: '我是小助手，输入 /help 查看指令' },
  { uid: '100003', content: '今晚八点有直播，记得预约' },
  { uid: 'B_300001', content: '第一次来，这里好热闹' },
  { uid: '100004', content: '展厅新上了商品' },
  { uid: 'D_400002', content: 'See you on the live map!' },
  { uid: 'C_200002', content: '直播提醒：今晚八点准时开播' },
]

/**
 * A demo message. Its id is the time-ordered id of its time (core/domain/ids.ts), so it
 * sorts with messages sent later; `sequence` keeps messages of the same second apart.
 * Its nonce is the seed's own: the seed inserts a message only when that nonce is new,
 * so the first seed's messages stay where they are (a conversation does not move).
 */
function demoMessage (serverId: string, channelId: string, author: string, content: string, createdAt: number, sequence: number, members: ReadonlySet<string>, replyTo: string | null = null): MessagesTable {
  return {
    message_id: timeIdAt(createdAt * 1000, sequence),
    channel_id: channelId,
    server_id: serverId,
    author_uid: author,
    content,
    nonce: `seed-${channelId}-${sequence}`,
    reply_to: replyTo,
    mentions: JSON.stringify(mentionedUids(content).filter(uid => members.has(uid))),
    attachments: '[]',
    created_at: createdAt,
    edited_at: null,
  }
}

/** The lobby's conversation (members of the server only) and a question with its answer in the interaction channel. */
function buildMessages (serverId: string, serverIndex: number, count: number, now: number, members: ReadonlySet<string>): MessagesTable[] {
  const script = LOBBY_SCRIPT.filter(line => members.has(line.uid))
  const lobbyId = channelIdOf(serverId, 'lobby')
  const lobby = Array.from({ length: count }, (_unused, index) => {
    const line = script[index % script.length]
    return demoMessage(serverId, lobbyId, line.uid, line.content, now - index * 7 * 60 - 30, serverIndex * 1000 + index, members)
  })
  const interactionId = channelIdOf(serverId, 'interaction')
  const question = demoMessage(serverId, interactionId, 'C_200001', '投票：下次活动去哪个展厅？', now - HOUR, serverIndex * 1000 + 900, members)
  const answer = demoMessage(serverId, interactionId, '100002', '3D 展厅！', now - HOUR + 120, serverIndex * 1000 + 901, members, question.message_id)
  return [...lobby, question, answer]
}

/** The map account hosting each kind of showroom's space: the guide the 3D showroom, the keeper the live map. */
export const SHOWROOM_HOSTS: Readonly<Record<MapCategory, string>> = { [MapCategory.ThreeD]: 'D_400001', [MapCategory.LiveMap]: 'D_400002' }

/** A showroom per metaverse channel: welcome, product and video events, a hotspot for each, and its space's map. */
function buildShowroom (serverId: string, channelId: string, name: string, category: MapCategory, data: DemoData): void {
  const spots = [
    { x: 0.22, y: 0.62, title: '欢迎台', type: 'welcome' as const },
    { x: 0.5, y: 0.45, title: '新品展台', type: 'product' as const },
    { x: 0.78, y: 0.62, title: '放映厅', type: 'video' as const },
  ]
  const image = showroomImage(`showroom-${channelId}`, name, SHOWROOM_SIZE.width, SHOWROOM_SIZE.height, spots)
  data.images.push(image)
  const map = { map_category: category, background: `/files/${image.key}`, ...SHOWROOM_SIZE }
  const hotspots = spots.map((spot, index) => ({ hotspot_id: `${channelId}-hs${index + 1}`, channel_id: channelId, sort: index + 1, x: spot.x, y: spot.y, title: spot.title, event_id: `${channelId}-${spot.type}` }))
  // the space's map, on the seed's tiles, with the map account of its kind as host (SPEC §3 D_ uid)
  const space = demoSpaceMap({ map, hotspots, hostUid: SHOWROOM_HOSTS[category] })
  data.showrooms.push({ channel_id: channelId, server_id: serverId, ...map, space_map: JSON.stringify(space) })
  data.hotspots.push(...hotspots)
  spots.forEach((spot, index) => {
    const eventId = `${channelId}-${spot.type}`
    data.events.push({
      event_id: eventId,
      channel_id: channelId,
      sort: index + 1,
      type: spot.type,
      title: spot.type === 'welcome' ? `欢迎来到${name}` : spot.type === 'product' ? '星光手办（限量）' : '展厅宣传片',
      text: spot.type === 'welcome' ? '点击展台查看商品，进入放映厅观看宣传片。' : spot.type === 'product' ? '现场下单享首发价。' : '几秒钟看完这个展厅。',
      image: seedImagePath(`event-${spot.type}`),
      price: spot.type === 'product' ? 19900 : null,
      video_url: spot.type === 'video' ? SAMPLE_MP4 : null,
    })
  })
}

/** The whole demo data set as of `now` (unix seconds). */
export function buildDemoData (now: number): DemoData {
  const data: DemoData = {
    images: buildImages(),
    servers: [], users: [], members: [], roles: [], memberRoles: [], channels: [], lives: [], posts: [], messages: [], showrooms: [], events: [], hotspots: [], plazaTables: [],
  }
  data.users = USERS.map((user, index) => ({
    uid: user.uid, user_type: user.user_type, nickname: user.nickname, signature: user.signature, gender: user.gender,
    // SPEC §4: a user registered today is 'new'; Mia's registration is the seed time itself
    addtime: user.ageDays === 0 ? now : now - user.ageDays * DAY,
    avatar: seedImagePath(`avatar-${index}`),
  }))
  CONFIGURED_SERVERS.forEach((server, index) => {
    const busy = server.server_id === BUSY_SERVER_ID
    data.servers.push({
      server_id: server.server_id, name: server.name, sub_domain: server.sub_domain, sort: index + 1,
      icon: seedImagePath(`server-${server.server_id}`),
      introduction: `${server.name}：OpenRealm 演示服务器，欢迎来逛展厅、看直播。`,
      owner_uid: DEMO_OWNER_UID,
    })
    // member counts differ per server: the first has everyone, the others fewer
    data.users.slice(0, data.users.length - index * 2).forEach(user => data.members.push({ server_id: server.server_id, uid: user.uid, joined_at: user.addtime }))
    data.roles.push(...buildRoles(server.server_id))
    data.memberRoles.push(...buildMemberRoles(server.server_id, data.members))
    const channels = buildChannels(server.server_id, now)
    data.channels.push(...channels)
    data.lives.push(...buildLives(server.server_id, busy ? 30 : 8, now))
    data.posts.push(...buildPosts(server.server_id, busy ? 30 : 6, now))
    const members = new Set(data.members.filter(member => member.server_id === server.server_id).map(member => member.uid))
    data.messages.push(...buildMessages(server.server_id, index, busy ? 30 : 8, now, members))
    for (const channel of channels.filter(item => channelTypeHas(item.channel_type, 'carriesSpace'))) {
      buildShowroom(server.server_id, channel.channel_id, channel.name, channel.map_category as MapCategory, data)
    }
    data.plazaTables.push(demoPlazaTable(server.server_id, now))
  })
  return data
}

/** The plaza's seeded table of a server: 五子棋, open, the owner waiting in seat 0 for a second player (core/wire/plaza.ts). */
function demoPlazaTable (serverId: string, now: number): PlazaTablesTable {
  return newTableRow({
    table_id: `plaza-${serverId}-gomoku`,
    channel: { server_id: serverId, channel_id: channelIdOf(serverId, 'gamePlaza') },
    game: 'gomoku',
    access: 'open',
    invite_code: null,
    turn_seconds: PLAZA_TURN_SECONDS_DEFAULT,
    seats: 2,
    created_by: DEMO_OWNER_UID,
    created_at: now * 1000,
    seed: Number(serverId),
  })
}
