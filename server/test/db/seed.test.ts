import { readFileSync } from 'fs'
import { timeOfId } from '@core/domain/ids'
import { deriveLiveState, type LiveState } from '@core/domain/live-state'
import { DEFAULT_EVERYONE_PERMISSIONS } from '@core/domain/permissions'
import { CONFIGURED_SERVERS } from '@core/domain/servers'
import { ChannelKind, ChannelType, LiveFlag, MapCategory, MediaType } from '@core/wire/entities'
import { VOICE_BITRATE_DEFAULT, VOICE_USER_LIMIT_DEFAULT } from '@core/wire/voice-codes'
import { openDatabase } from '../../src/db/dialects'
import { migrateToLatest } from '../../src/db/migrate'
import type { Db } from '../../src/db/schema'
import { seedDemo } from '../../src/db/seed'
import { SEED_VIDEO_FILE, SEED_VIDEO_KEY, SEED_VIDEO_SECONDS } from '../../src/db/seed/art'
import { BUSY_SERVER_ID, DEMO_OWNER_UID, metaverseChannelIds } from '../../src/db/seed/demo-data'
import { createFileStore } from '../../src/services/storage'
import { startTestApp, type TestApp } from '../helper'

const SEED_TIME = 1_800_000_000

let test: TestApp
let db: Db

beforeAll(async () => {
  test = await startTestApp({}, { now: () => SEED_TIME })
  db = (await openDatabase(test.config)).db
})

afterAll(async () => {
  await db.destroy()
  await test.close()
})

/** An MP4's length in seconds, read from its movie header (`mvhd`: version, then its timescale and duration). */
function mp4Seconds (file: Buffer): number {
  const at = file.indexOf('mvhd')
  if (at < 0) throw new Error('no movie header')
  const version = file[at + 4]
  return version === 1
    ? Number(file.readBigUInt64BE(at + 28)) / file.readUInt32BE(at + 24)
    : file.readUInt32BE(at + 20) / file.readUInt32BE(at + 16)
}

async function counts (): Promise<Record<string, number>> {
  const tables = ['servers', 'users', 'server_members', 'roles', 'member_roles', 'channels', 'lives', 'posts', 'messages', 'showrooms', 'showroom_events', 'showroom_hotspots', 'stored_files'] as const
  const result: Record<string, number> = {}
  for (const table of tables) {
    const row = await db.selectFrom(table).select(eb => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    result[table] = Number(row.n)
  }
  return result
}

describe('the demo seed', () => {
  it('seeds the three configured servers with their names and sub-domains', async () => {
    const servers = await db.selectFrom('servers').select(['server_id', 'name', 'sub_domain']).orderBy('sort').execute()
    expect(servers).toEqual(CONFIGURED_SERVERS)
    expect(servers.map(server => server.server_id)).toEqual(['723658', '832828', '275902'])
  })

  it('gives every server channels of every type and kind', async () => {
    for (const { server_id: serverId } of CONFIGURED_SERVERS) {
      const channels = await db.selectFrom('channels').selectAll().where('server_id', '=', serverId).execute()
      const types = new Set(channels.map(channel => channel.channel_type))
      const kinds = new Set(channels.map(channel => channel.kind))
      for (const type of [1, 2, 3, 8, 10, 11, 12, 13]) expect(types).toContain(type)
      for (const kind of [ChannelKind.Channel, ChannelKind.Group, ChannelKind.LiveTab, ChannelKind.Interaction]) expect(kinds).toContain(kind)
      expect(channels.find(channel => channel.channel_type === ChannelType.ExternalLink)?.link_url).toMatch(/^https:\/\//)
      const metaverse = channels.filter(channel => channel.channel_type === ChannelType.Metaverse)
      expect(metaverse.map(channel => channel.channel_id).sort()).toEqual(metaverseChannelIds(serverId))
      expect(metaverse.map(channel => channel.map_category).sort()).toEqual([MapCategory.ThreeD, MapCategory.LiveMap])
    }
  })

  it('gives every server a voice channel with the default room settings, and no other channel any', async () => {
    for (const { server_id: serverId } of CONFIGURED_SERVERS) {
      const channels = await db.selectFrom('channels').selectAll().where('server_id', '=', serverId).execute()
      const voice = channels.filter(channel => channel.channel_type === ChannelType.Voice)
      expect(voice.length).toBeGreaterThan(0)
      for (const channel of voice) expect([channel.user_limit, channel.bitrate]).toEqual([VOICE_USER_LIMIT_DEFAULT, VOICE_BITRATE_DEFAULT])
      for (const channel of channels.filter(channel => channel.channel_type !== ChannelType.Voice)) expect([channel.user_limit, channel.bitrate]).toEqual([null, null])
    }
  })

  it('seeds users of every identity, one of them registered at the seed time', async () => {
    const users = await db.selectFrom('users').selectAll().execute()
    expect(users.some(user => /^\d+$/.test(user.uid) && user.user_type === 1)).toBe(true)
    expect(users.filter(user => user.uid.startsWith('C_')).every(user => user.user_type === 2)).toBe(true)
    expect(users.some(user => user.uid.startsWith('C_'))).toBe(true)
    expect(users.some(user => user.uid.startsWith('B_'))).toBe(true)
    expect(users.some(user => user.uid.startsWith('D_'))).toBe(true)
    expect(users.filter(user => user.addtime === SEED_TIME)).toHaveLength(1)
  })

  it('gives every server a bot role and a training-channel role', async () => {
    for (const { server_id: serverId } of CONFIGURED_SERVERS) {
      const roles = await db.selectFrom('roles').selectAll().where('server_id', '=', serverId).execute()
      expect(roles.some(role => role.type === 1)).toBe(true)
      const training = roles.find(role => role.join_role)
      const channel = await db.selectFrom('channels').selectAll().where('channel_id', '=', training?.join_role ?? '').executeTakeFirst()
      expect(channel?.server_id).toBe(serverId)
    }
  })

  it('gives every server an owner, an @everyone role (role_id = server id) and roles its members hold', async () => {
    for (const { server_id: serverId } of CONFIGURED_SERVERS) {
      const server = await db.selectFrom('servers').select('owner_uid').where('server_id', '=', serverId).executeTakeFirstOrThrow()
      expect(server.owner_uid).toBe(DEMO_OWNER_UID)
      const everyone = await db.selectFrom('roles').selectAll().where('role_id', '=', serverId).executeTakeFirstOrThrow()
      expect(everyone).toMatchObject({ name: '@全体成员', permissions: DEFAULT_EVERYONE_PERMISSIONS })
      const held = await db.selectFrom('member_roles').innerJoin('server_members', join => join.onRef('server_members.uid', '=', 'member_roles.uid').onRef('server_members.server_id', '=', 'member_roles.server_id'))
        .select('member_roles.role_id').where('member_roles.server_id', '=', serverId).execute()
      expect(held.map(row => row.role_id)).toEqual(expect.arrayContaining([`${serverId}-bot`, `${serverId}-trainee`]))
    }
  })

  it('leaves the roles an owner edited as they are when seeding again', async () => {
    await db.updateTable('roles').set({ name: '改过的名字', permissions: 0 }).where('role_id', '=', '723658-member').execute()
    await seedDemo(db, createFileStore(db, test.config.dataDir), SEED_TIME)
    expect(await db.selectFrom('roles').select(['name', 'permissions']).where('role_id', '=', '723658-member').executeTakeFirstOrThrow()).toEqual({ name: '改过的名字', permissions: 0 })
  })

  it('seeds live items in every state on every server', async () => {
    for (const { server_id: serverId } of CONFIGURED_SERVERS) {
      const lives = await db.selectFrom('lives').selectAll().where('server_id', '=', serverId).execute()
      expect(lives.some(live => live.is_live === LiveFlag.Reserved)).toBe(true)
      expect(lives.some(live => live.is_live === LiveFlag.Ended)).toBe(true)
      expect(lives.some(live => live.type === MediaType.Live && live.is_live === LiveFlag.OnAir && (live.started_at ?? 0) < SEED_TIME)).toBe(true)
      expect(lives.some(live => live.play_url.endsWith('.mp4') && (live.started_at ?? 0) + live.duration < SEED_TIME)).toBe(true)
      expect(lives.some(live => live.type === MediaType.Record && (live.started_at ?? 0) > SEED_TIME)).toBe(true)
    }
  })

  it('gives every item that plays the seed\'s clip the clip\'s own length, and plays it for every replay', async () => {
    expect(SEED_VIDEO_SECONDS).toBe(Math.round(mp4Seconds(readFileSync(SEED_VIDEO_FILE))))
    const lives = await db.selectFrom('lives').selectAll().execute()
    const clip = lives.filter(live => live.play_url === `/files/${SEED_VIDEO_KEY}`)
    expect(clip.length).toBeGreaterThan(0)
    expect(clip.filter(live => live.duration !== SEED_VIDEO_SECONDS)).toEqual([])
    // what plays once over (a recording, an ended broadcast's replay) is the clip: a replay never says another length
    const replays = lives.filter(live => live.type === MediaType.Record || live.is_live === LiveFlag.Ended)
    expect(replays.filter(live => live.play_url !== `/files/${SEED_VIDEO_KEY}`)).toEqual([])
  })

  it('gives the busy server enough live items and posts to page through', async () => {
    const lives = await db.selectFrom('lives').select(eb => eb.fn.countAll<number>().as('n')).where('server_id', '=', BUSY_SERVER_ID).executeTakeFirstOrThrow()
    const posts = await db.selectFrom('posts').innerJoin('channels', 'channels.channel_id', 'posts.channel_id')
      .select(eb => eb.fn.countAll<number>().as('n')).where('channels.server_id', '=', BUSY_SERVER_ID).executeTakeFirstOrThrow()
    expect(Number(lives.n)).toBeGreaterThanOrEqual(25)
    expect(Number(posts.n)).toBeGreaterThanOrEqual(25)
  })

  it('gives every metaverse channel a showroom with a stored background and at least two events', async () => {
    const files = createFileStore(db, test.config.dataDir)
    for (const { server_id: serverId } of CONFIGURED_SERVERS) {
      for (const channelId of metaverseChannelIds(serverId)) {
        const showroom = await db.selectFrom('showrooms').selectAll().where('channel_id', '=', channelId).executeTakeFirstOrThrow()
        expect(await files.get(showroom.background.replace('/files/', ''))).toMatchObject({ mime: 'image/svg+xml' })
        const events = await db.selectFrom('showroom_events').select('type').where('channel_id', '=', channelId).orderBy('sort').execute()
        expect(events.map(event => event.type)).toEqual(['welcome', 'product', 'video'])
      }
    }
  })

  it('draws live covers without words: the badge states live, replay or reserved, never the picture', async () => {
    const covers = (await db.selectFrom('lives').select('cover').distinct().execute()).map(row => row.cover)
    expect(covers.length).toBeGreaterThan(0)
    for (const cover of covers) {
      const response = await test.inject(cover)
      expect(response.statusCode).toBe(200)
      expect(response.body).not.toContain('<text')
    }
  })

  it('names no live item after a state its badge contradicts (no premiere or live title on a playback)', async () => {
    const contradicting: Record<LiveState, RegExp> = { live: /回放|录播|结束|预约|预告/, ended: /正在|进行中|首映|预约|预告/, order: /正在|进行中|回放|结束/ }
    const lives = await db.selectFrom('lives').selectAll().execute()
    const wrong = lives.filter(live => contradicting[deriveLiveState(live, SEED_TIME)].test(live.title)).map(live => live.title)
    expect(wrong).toEqual([])
  })

  it('gives demo messages time-ordered ids that follow their times, written by members of their server', async () => {
    const messages = await db.selectFrom('messages').selectAll().execute()
    expect(messages.length).toBeGreaterThan(30)
    for (const message of messages) {
      expect(timeOfId(message.message_id)).toBe(message.created_at * 1000)
      const membership = await db.selectFrom('server_members').select('uid').where('server_id', '=', message.server_id).where('uid', '=', message.author_uid).executeTakeFirst()
      expect(membership).toBeDefined()
    }
  })

  it('keeps the demo conversation where it was first seeded when seeding later', async () => {
    const before = await db.selectFrom('messages').select(['message_id', 'created_at']).orderBy('message_id').execute()
    await seedDemo(db, createFileStore(db, test.config.dataDir), SEED_TIME + 3600)
    expect(await db.selectFrom('messages').select(['message_id', 'created_at']).orderBy('message_id').execute()).toEqual(before)
  })

  it('is idempotent: seeding and migrating again changes no counts', async () => {
    const before = await counts()
    await migrateToLatest(db)
    await seedDemo(db, createFileStore(db, test.config.dataDir), SEED_TIME)
    expect(await counts()).toEqual(before)
  })

  it('moves the time-relative rows to a later seed time instead of adding rows', async () => {
    const before = await counts()
    const later = SEED_TIME + 10 * 24 * 3600
    await seedDemo(db, createFileStore(db, test.config.dataDir), later)
    expect(await counts()).toEqual(before)
    const today = await db.selectFrom('users').select('uid').where('addtime', '=', later).execute()
    expect(today).toHaveLength(1)
  })
})
