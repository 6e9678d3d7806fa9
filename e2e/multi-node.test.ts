/**
 * Two server processes behind no proxy, each on its own port, sharing one PostgreSQL
 * schema, one Redis (bus, presence, resume log) and one DATA_DIR (stored files):
 * what is written through one is seen through the other at once, events (channels,
 * messages, typing in the channel a client looks at) reach gateway
 * clients wherever they are connected, a client whose process is killed resumes on
 * the other with nothing lost and nothing twice, the members of a killed process go
 * offline for everyone once its lease runs out, a signed-out session is closed on every
 * process (a revoked bot token too, every session of an account signed out everywhere or
 * deleted), one account's writes and its gateway sockets are
 * counted on both processes together, every dispatch narrower than its server reaches only its audience on whichever
 * process a client is connected to (the training channel and one an override hides), an
 * override set through one process stops delivery to a member on the other at once and
 * tells that session (and a resume on either process tells what it missed), a direct
 * message reaches its participants on either process and no one else, and a mention written
 * through one process lands in the inbox of a member connected to the other, live; a gather
 * space lives on one process, relays members of the other, and moves when its holder dies.
 * The game plaza on two processes is e2e/multi-node-plaza.test.ts.
 */
import { Client } from 'pg'
import { applyTickPoses, bookOf, type PoseBook } from '@core/domain/space/poses'
import type { ChannelListData } from '@core/wire/api'
import type { Channel } from '@core/wire/entities'
import { GatewayErrorCode, type DispatchFrame, type ServerFrame } from '@core/wire/gateway'
import type { PresenceUpdate } from '@core/wire/members'
import type { NotificationCreateEvent, NotificationPage } from '@core/wire/notifications'
import { newSession } from '../server/src/repositories/users'
import { DEMO_OWNER_UID } from '../server/src/db/seed/demo-data'
import { connectGateway, identified, type GatewayTestClient } from '../server/test/gateway/client'
import type { EventBus } from '../server/src/bus'
import { createRedisBus } from '../server/src/bus/redis'
import { CHANNEL_BOUND, dispatches, focus, mark, namesBetween, NARROW_BEFORE_DELETE, publishAbout } from '../server/test/gateway/audience-walk'
import { DATABASE_URL, newCluster, REDIS_URL, startNode, stopCluster, type ClusterNode } from './support/cluster'

const SERVER_ID = '723658'
/** SPEC §6: its training channel, seen only with its training role (a fresh guest has none; the owner sees everything). */
const TRAINING = '72365805'
/** Its 大厅 discussion channel, read by every member. */
const LOBBY = '72365802'
/** Each process's liveness lease here (GATEWAY_LEASE_MS): a killed one's members go offline within it and one reaper pass. */
const LEASE_MS = 1000
/** What the presence test allows beyond the lease: a reaper pass (a third of it), the database and the bus, on a busy machine. */
const PRESENCE_MARGIN_MS = 3000
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

/** API only (no bundle needed), with short beats and lease, and every limit counted as CI's loopback clients would hit it. */
const cluster = newCluster({
  serveH5: false,
  env: {
    GATEWAY_HEARTBEAT_MS: '2000',
    GATEWAY_LEASE_MS: String(LEASE_MS),
    RATE_LIMIT_ALLOW: 'none', // loopback is limited too: the write-limit test counts across both processes
    MEMBER_WRITE_LIMIT_MAX: '1000', // every test writes as the one owner
    GUEST_SIGNUPS_PER_MINUTE: '100', // every test signs its guests up from 127.0.0.1
    CHANNEL_CREATE_PER_MINUTE: '100', // every test creates its channels as the one owner
  },
})
const clients: GatewayTestClient[] = []

async function call<T> (node: ClusterNode, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${node.url}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = await response.json() as { code: number, msg: string, data: T }
  if (!response.ok) throw new Error(`${method} ${url} on ${node.name}: ${response.status} ${envelope.msg}`)
  return envelope.data
}

/**
 * A session of the demo servers' owner (only an account with ManageChannels creates
 * channels, and no API signs accounts in yet): written straight to the shared schema, as
 * the server tests do, lasting past every test.
 */
async function accountSession (uid: string): Promise<string> {
  const { token, row } = newSession(uid, 0)
  const session: Record<string, unknown> = { ...row, expires_at: 2_100_000_000, last_used_at: 2_100_000_000 }
  const columns = Object.keys(session)
  const pg = new Client({ connectionString: DATABASE_URL })
  await pg.connect()
  try {
    await pg.query(`insert into "${cluster.schema}".sessions (${columns.join(', ')}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')})`, Object.values(session))
  } finally {
    await pg.end()
  }
  return token
}

async function guestMember (node: ClusterNode): Promise<string> {
  const { token } = await call<{ token: string }>(node, 'POST', '/auth/guest', undefined, {})
  await call(node, 'POST', `/servers/${SERVER_ID}/members/me`, token)
  return token
}

/** One account signed in on two devices: a member's session on A and a second session of the same uid on B, each with its socket. */
async function oneAccountOnBoth (): Promise<{ onA: Awaited<ReturnType<typeof identified>>, onB: Awaited<ReturnType<typeof identified>>, token: string }> {
  const token = await guestMember(a)
  const onA = await identified(a.url, token)
  const onB = await identified(b.url, await accountSession(onA.ready.user.uid))
  clients.push(onA.client, onB.client)
  expect(onB.ready.user.uid).toBe(onA.ready.user.uid)
  return { onA, onB, token }
}

/** Hides `channelId` from @全体成员 (deny ViewChannel), or shows it again, as the owner through `node`. */
async function hideFromEveryone (node: ClusterNode, channelId: string, hidden: boolean): Promise<void> {
  const url = `/channels/${channelId}/overrides/role/${SERVER_ID}`
  await (hidden ? call(node, 'PUT', url, creator, { allow: 0, deny: 1 }) : call(node, 'DELETE', url, creator))
}

const createChannel = (node: ClusterNode, token: string, title: string) => call<Channel>(node, 'POST', `/servers/${SERVER_ID}/channels`, token, { title, channel_type: 1 })
const channelIds = async (node: ClusterNode) => (await call<ChannelListData>(node, 'GET', `/servers/${SERVER_ID}/channels`)).groups.flatMap(group => group.channels).map(channel => channel.channel_id)
const isChannelCreate = (frame: ServerFrame): boolean => frame.op === 'dispatch' && frame.t === 'CHANNEL_CREATE'
const isPresence = (uid: string, status: PresenceUpdate['status']) => (frame: ServerFrame): boolean =>
  frame.op === 'dispatch' && frame.t === 'PRESENCE_UPDATE' && (frame.d as PresenceUpdate).uid === uid && (frame.d as PresenceUpdate).status === status

/** The first frame of `client` matching `match` within `ms` (the test client's own wait is shorter), with when it came. */
async function frameWithin (client: GatewayTestClient, match: (frame: ServerFrame) => boolean, ms: number): Promise<{ frame: ServerFrame, at: number }> {
  const deadline = Date.now() + ms
  for (;;) {
    const frame = client.frames.find(match)
    if (frame) return { frame, at: Date.now() }
    if (Date.now() > deadline) throw new Error(`no matching frame within ${ms} ms; received ${JSON.stringify(client.frames)}`)
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}

/** Waits until `client`'s space frames, decoded as a client decodes them (core's one decoder, from its space_ready on), have had avatar `id` stand at `target`. */
async function seenAt (client: GatewayTestClient, id: number, target: { x: number, y: number }, ms: number): Promise<void> {
  const deadline = Date.now() + ms
  for (;;) {
    let book: PoseBook = new Map()
    for (const frame of client.frames) {
      if (frame.op === 'space_ready') book = bookOf(frame.d.avatars)
      else if (frame.op === 'space_tick') applyTickPoses(book, frame.d)
      const at = book.get(id)
      if (at?.x === target.x && at.y === target.y) return
    }
    if (Date.now() > deadline) throw new Error(`avatar ${id} not seen at ${target.x}, ${target.y} within ${ms} ms; received ${JSON.stringify(client.frames)}`)
    await new Promise(resolve => setTimeout(resolve, 20))
  }
}

let a: ClusterNode
let b: ClusterNode
/** Accounts that create channels (guests may not), three channels a minute each. */
/** The owner's bearer token: every channel the tests create is the owner's. */
let creator: string

beforeAll(async () => {
  // one after the other: the first migrates and seeds the fresh schema
  a = await startNode(cluster, 'A')
  b = await startNode(cluster, 'B')
  creator = await accountSession(DEMO_OWNER_UID)
}, 90_000)

afterAll(async () => {
  for (const client of clients) client.close()
  await stopCluster(cluster)
}, 30_000)

describe('two server processes on one database and one Redis', () => {
  it('shows a channel created through A in B\'s channel list at once and dispatches it to a client on B', async () => {
    const token = await guestMember(a)
    const { client } = await identified(b.url, token)
    clients.push(client)
    await channelIds(b) // B answers (and caches) the list before the write
    const created = await createChannel(a, creator, '跨节点频道')
    expect(await channelIds(b)).toContain(created.channel_id)
    const frame = await client.next<DispatchFrame>(isChannelCreate)
    expect(frame.d).toMatchObject({ channel_id: created.channel_id, name: '跨节点频道' })
  })

  it('delivers a message sent through A, and typing in the channel a client on B looks at, to that client', async () => {
    const author = await guestMember(a)
    const reader = await guestMember(b)
    const channel = await createChannel(a, creator, '跨节点聊天')
    const { client } = await identified(b.url, reader)
    clients.push(client)
    client.send({ op: 'focus', d: { channel_id: channel.channel_id } })
    await call(a, 'POST', `/channels/${channel.channel_id}/typing`, author)
    const typing = await client.next<DispatchFrame>(frame => frame.op === 'dispatch' && frame.t === 'TYPING_START')
    expect(typing.d).toMatchObject({ channel_id: channel.channel_id })
    const sent = await call<{ message_id: string }>(a, 'POST', `/channels/${channel.channel_id}/messages`, author, { content: '你好，另一台进程', nonce: `multi-node-${Date.now()}` })
    const frame = await client.next<DispatchFrame>(candidate => candidate.op === 'dispatch' && candidate.t === 'MESSAGE_CREATE')
    expect(frame.d).toMatchObject({ message_id: sent.message_id, channel_id: channel.channel_id, content: '你好，另一台进程' })
  })

  it('serves a file uploaded through A from B (one shared DATA_DIR)', async () => {
    const token = await guestMember(a)
    const url = await call<{ url: string }>(a, 'POST', '/resource/base64', token, { data: PNG_1X1.toString('base64') })
    const filePath = new URL(url.url).pathname
    const served = await fetch(`${b.url}${filePath}`)
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_1X1)
  })

  it('lets a client whose process was killed resume on the other with nothing lost and nothing twice', async () => {
    const victim = await startNode(cluster, 'C')
    const token = await guestMember(victim)
    const first = await identified(victim.url, token)
    clients.push(first.client)
    const before = await createChannel(b, creator, '杀进程之前')
    const seen = await first.client.next<DispatchFrame>(isChannelCreate)
    expect(seen.d).toMatchObject({ channel_id: before.channel_id })
    victim.process.kill('SIGKILL')
    await first.client.closed()
    const missed = [await createChannel(b, creator, '断线一'), await createChannel(a, creator, '断线二')]
    const client = await connectGateway(b.url)
    clients.push(client)
    client.send({ op: 'resume', d: { token, session_id: first.ready.session_id, seq: seen.s } })
    const resumed = await client.next(frame => frame.op === 'resumed')
    const replayed = client.frames.filter(isChannelCreate) as DispatchFrame[]
    expect(replayed.map(frame => (frame.d as Channel).channel_id)).toEqual(missed.map(channel => channel.channel_id))
    expect(client.frames.indexOf(resumed)).toBeGreaterThan(client.frames.indexOf(replayed[replayed.length - 1]))
    const after = await createChannel(a, creator, '恢复之后')
    const live = await client.next<DispatchFrame>(frame => isChannelCreate(frame) && (frame as DispatchFrame).s > replayed[replayed.length - 1].s)
    expect(live.d).toMatchObject({ channel_id: after.channel_id })
    expect(client.frames.filter(isChannelCreate)).toHaveLength(3)
  })

  it('announces the members of a process killed without a word offline on the others once its lease runs out', async () => {
    const victim = await startNode(cluster, 'D')
    const watcher = await identified(a.url, await guestMember(a))
    clients.push(watcher.client)
    const token = await guestMember(victim)
    const doomed = await identified(victim.url, token)
    clients.push(doomed.client)
    const uid = doomed.ready.user.uid
    await frameWithin(watcher.client, isPresence(uid, 'online'), 3000)
    victim.process.kill('SIGKILL')
    const killedAt = Date.now()
    const { frame, at } = await frameWithin(watcher.client, isPresence(uid, 'offline'), LEASE_MS + PRESENCE_MARGIN_MS)
    expect(at - killedAt).toBeLessThanOrEqual(LEASE_MS + PRESENCE_MARGIN_MS)
    expect((frame as DispatchFrame).d).toMatchObject({ server_id: SERVER_ID, uid, status: 'offline' })
    // the recount is what every process now answers
    expect((await call<{ online_count: number }>(b, 'GET', `/servers/${SERVER_ID}`)).online_count).toBe(((frame as DispatchFrame).d as PresenceUpdate).online_count)
  })

  it('closes a signed-out session\'s sockets on every process at once, and only that session\'s', async () => {
    const token = await guestMember(a)
    const onA = await identified(a.url, token)
    const onB = await identified(b.url, token)
    clients.push(onA.client, onB.client)
    const other = await identified(a.url, await guestMember(b))
    clients.push(other.client)
    await call(b, 'POST', '/auth/logout', token)
    expect((await onA.client.closed()).code).toBe(GatewayErrorCode.SessionRevoked)
    expect((await onB.client.closed()).code).toBe(GatewayErrorCode.SessionRevoked)
    expect(other.client.socket.readyState).toBe(other.client.socket.OPEN)
  })

  it('closes a banned member\'s sockets on every process at once', async () => {
    const token = await guestMember(b)
    const onA = await identified(a.url, token)
    const onB = await identified(b.url, token)
    clients.push(onA.client, onB.client)
    await call(a, 'PUT', `/servers/${SERVER_ID}/bans/${onA.ready.user.uid}`, creator, { reason: '多节点封禁' })
    expect(await onA.client.closed()).toEqual({ code: GatewayErrorCode.SessionRevoked, reason: 'session revoked (banned)' })
    expect(await onB.client.closed()).toEqual({ code: GatewayErrorCode.SessionRevoked, reason: 'session revoked (banned)' })
  })

  it('closes every socket of an account that signs out everywhere, each session on its own process, and no one else\'s', async () => {
    const { onA, onB, token } = await oneAccountOnBoth()
    const other = await identified(b.url, await guestMember(a))
    clients.push(other.client)
    await call(a, 'POST', '/auth/sign-out-everywhere', token, {})
    expect(await onA.client.closed()).toEqual({ code: GatewayErrorCode.SessionRevoked, reason: 'session revoked (revoked)' })
    expect(await onB.client.closed()).toEqual({ code: GatewayErrorCode.SessionRevoked, reason: 'session revoked (revoked)' })
    expect(other.client.socket.readyState).toBe(other.client.socket.OPEN)
  })

  it('closes every socket of a deleted account on every process at once', async () => {
    const { onA, onB, token } = await oneAccountOnBoth()
    await call(b, 'POST', '/account/delete', token, { content: 'keep' })
    expect((await onA.client.closed()).code).toBe(GatewayErrorCode.SessionRevoked)
    expect((await onB.client.closed()).code).toBe(GatewayErrorCode.SessionRevoked)
  })

  it('counts one account\'s messages through both processes together', async () => {
    const token = await guestMember(b)
    const channel = await createChannel(a, creator, '限流')
    const send = (node: ClusterNode, index: number) => fetch(`${node.url}/channels/${channel.channel_id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: `第${index}条`, nonce: `multi-node-limit-${index}` }),
    })
    const statuses: number[] = []
    for (let index = 0; index < 21; index += 1) statuses.push((await send(index % 2 === 0 ? a : b, index)).status)
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200)) // MESSAGE_RATE_LIMIT_MAX (20 per 10 s) in all
    expect(statuses[20]).toBe(429)
  })

  it('hands the training channel\'s events written through A to the owner on B and none to a guest on B', async () => {
    const guest = await guestMember(a)
    const [owner, stranger] = await Promise.all([identified(b.url, creator), identified(b.url, guest)])
    clients.push(owner.client, stranger.client)
    await Promise.all([owner.client, stranger.client].map(client => focus(client, TRAINING)))
    await call(a, 'POST', `/channels/${TRAINING}/typing`, creator)
    const sent = await call<{ message_id: string }>(a, 'POST', `/channels/${TRAINING}/messages`, creator, { content: '学员专用', nonce: `multi-node-training-${Date.now()}` })
    await owner.client.next(frame => frame.op === 'dispatch' && frame.t === 'MESSAGE_CREATE' && (frame.d as { message_id: string }).message_id === sent.message_id)
    // a channel every member reads, created after: once the guest has it, everything before it was offered to them
    const after = await createChannel(a, creator, '训练营之后')
    await stranger.client.next(frame => isChannelCreate(frame) && (frame.d as Channel).channel_id === after.channel_id)
    expect(dispatches(stranger.client).filter(frame => (frame.d as { channel_id?: string }).channel_id === TRAINING)).toEqual([])
    expect(owner.client.frames.some(frame => frame.op === 'dispatch' && frame.t === 'TYPING_START')).toBe(true)
  })

  it('delivers a direct message written through A to its recipient on B, and nothing of it to a third member on B', async () => {
    const [author, recipient, third] = await Promise.all([guestMember(a), guestMember(b), guestMember(b)])
    const [onB, thirdOnB] = await Promise.all([identified(b.url, recipient), identified(b.url, third)])
    clients.push(onB.client, thirdOnB.client)
    const conversation = await call<{ conversation_id: string }>(a, 'POST', '/conversations/direct', author, { uid: onB.ready.user.uid })
    const sent = await call<{ message_id: string }>(a, 'POST', `/conversations/${conversation.conversation_id}/messages`, author, { content: '跨节点私信', nonce: `multi-node-dm-${Date.now()}` })
    const frame = await onB.client.next<DispatchFrame>(candidate => candidate.op === 'dispatch' && candidate.t === 'DM_MESSAGE_CREATE')
    expect(frame.d).toMatchObject({ message_id: sent.message_id, channel_id: conversation.conversation_id, content: '跨节点私信' })
    // a channel every member reads, created after: once the third member has it, everything before it was offered to them
    const after = await createChannel(a, creator, '私信之后')
    await thirdOnB.client.next(candidate => isChannelCreate(candidate) && (candidate.d as Channel).channel_id === after.channel_id)
    expect(dispatches(thirdOnB.client).filter(candidate => candidate.t.startsWith('DM_') || candidate.t === 'CONVERSATION_CREATE')).toEqual([])
  })

  it('puts a mention written through A in the inbox of a member connected to B: live on B\'s socket and in the inbox asked through B', async () => {
    const [author, mentioned] = await Promise.all([guestMember(a), guestMember(b)])
    const onB = await identified(b.url, mentioned)
    clients.push(onB.client)
    const sent = await call<{ message_id: string }>(a, 'POST', `/channels/${LOBBY}/messages`, author, { content: `<@${onB.ready.user.uid}> 跨节点提及`, nonce: `multi-node-mention-${Date.now()}` })
    const frame = await onB.client.next<DispatchFrame>(candidate => candidate.op === 'dispatch' && candidate.t === 'NOTIFICATION_CREATE')
    expect(frame.d as NotificationCreateEvent).toMatchObject({ notification: { kind: 'mention', channel_id: LOBBY, message_id: sent.message_id }, unread: 1 })
    const inbox = await call<NotificationPage>(b, 'GET', '/notifications', mentioned)
    expect([inbox.unread, inbox.items.map(item => item.message_id)]).toEqual([1, [sent.message_id]])
  })

  it('walks every declared dispatch narrower than the server, published by a third process, for the training channel and one an override hides: on A and on B only its audience gets it', async () => {
    const hidden = await createChannel(a, creator, '覆盖隐藏')
    await hideFromEveryone(a, hidden.channel_id, true)
    const publisher: EventBus = await createRedisBus(REDIS_URL, cluster.redisPrefix)
    try {
      const guestToken = await guestMember(b)
      const sockets = await Promise.all([identified(a.url, creator), identified(b.url, creator), identified(a.url, guestToken), identified(b.url, guestToken)])
      const [ownerOnA, ownerOnB, guestOnA, guestOnB] = sockets.map(socket => socket.client)
      clients.push(ownerOnA, ownerOnB, guestOnA, guestOnB)
      const everyone = [ownerOnA, ownerOnB, guestOnA, guestOnB]
      await mark(publisher, SERVER_ID, 'walk start', everyone)
      for (const channelId of [TRAINING, hidden.channel_id]) {
        await Promise.all(everyone.map(client => focus(client, channelId)))
        await mark(publisher, SERVER_ID, `focus ${channelId}`, everyone)
        for (const t of NARROW_BEFORE_DELETE) await publishAbout(publisher, t, SERVER_ID, channelId, sockets[0].ready.user.uid)
        await mark(publisher, SERVER_ID, `walked ${channelId}`, everyone)
      }
      expect(CHANNEL_BOUND.length).toBeGreaterThan(15)
      // presence goes to the whole server: real members coming and going (another test's socket closing, a reaper pass) may land between the marks
      const narrowBetween = (client: GatewayTestClient, from: string, to: string) => namesBetween(client, from, to).filter(t => t !== 'PRESENCE_UPDATE')
      for (const channelId of [TRAINING, hidden.channel_id]) {
        for (const owner of [ownerOnA, ownerOnB]) expect(narrowBetween(owner, `focus ${channelId}`, `walked ${channelId}`)).toEqual(NARROW_BEFORE_DELETE)
        for (const guest of [guestOnA, guestOnB]) expect(narrowBetween(guest, `focus ${channelId}`, `walked ${channelId}`)).toEqual([])
      }
    } finally {
      await publisher.close()
    }
  })

  it('stops delivering a channel an override set through A hides to a member on B at once, tells B\'s session, and tells it again on A after a resume that missed the override going', async () => {
    const channel = await createChannel(a, creator, '将被隐藏')
    const guest = await guestMember(a)
    const [member, owner] = await Promise.all([identified(b.url, guest), identified(b.url, creator)])
    clients.push(member.client, owner.client)
    await hideFromEveryone(a, channel.channel_id, true)
    const hiddenUpdate = await member.client.next<DispatchFrame>(frame => frame.op === 'dispatch' && frame.t === 'CHANNELS_VISIBLE_UPDATE')
    expect(hiddenUpdate.d).toEqual({ server_id: SERVER_ID, added: [], removed: [channel.channel_id] })
    const sent = await call<{ message_id: string }>(a, 'POST', `/channels/${channel.channel_id}/messages`, creator, { content: '看不见的消息', nonce: `multi-node-hidden-${Date.now()}` })
    await owner.client.next(frame => frame.op === 'dispatch' && frame.t === 'MESSAGE_CREATE' && (frame.d as { message_id: string }).message_id === sent.message_id)
    // a channel every member reads, created after: once the member has it, everything before it was offered to them
    const after = await createChannel(a, creator, '隐藏之后')
    const seen = await member.client.next<DispatchFrame>(frame => isChannelCreate(frame) && (frame.d as Channel).channel_id === after.channel_id)
    expect(dispatches(member.client).filter(frame => (frame.d as { channel_id?: string }).channel_id === channel.channel_id)).toEqual([])
    // away while the override goes (through B), back on A: told the channel is there again
    member.client.close()
    await member.client.closed()
    await hideFromEveryone(b, channel.channel_id, false)
    const back = await connectGateway(a.url)
    clients.push(back)
    back.send({ op: 'resume', d: { token: guest, session_id: member.ready.session_id, seq: seen.s } })
    await back.next(frame => frame.op === 'resumed')
    const shown = await back.next<DispatchFrame>(frame => frame.op === 'dispatch' && frame.t === 'CHANNELS_VISIBLE_UPDATE')
    expect(shown.d).toEqual({ server_id: SERVER_ID, added: [channel.channel_id], removed: [] })
  })

  it('caps one account\'s gateway sockets on both processes together: the eleventh, on B, closes the oldest, on A, with TooManySockets', async () => {
    const token = await guestMember(a)
    const sockets: GatewayTestClient[] = []
    // GATEWAY_SOCKETS_PER_ACCOUNT is 10: six on A and four on B fit, though each process holds fewer than ten
    for (let index = 0; index < 10; index += 1) sockets.push((await identified(index % 2 === 0 ? a.url : b.url, token)).client)
    clients.push(...sockets)
    const newest = await identified(b.url, token)
    clients.push(newest.client)
    expect(await sockets[0].closed()).toEqual({ code: GatewayErrorCode.TooManySockets, reason: 'more than 10 gateway sockets for this account: the oldest is closed' })
    await new Promise(resolve => setTimeout(resolve, 300))
    expect([...sockets.slice(1), newest.client].map(client => client.socket.readyState)).toEqual(Array(10).fill(newest.client.socket.OPEN))
  })

  it('closes a bot\'s socket on the other process at once when its token is revoked', async () => {
    const bot = await call<{ user: { uid: string }, token: string }>(a, 'POST', `/servers/${SERVER_ID}/bots`, creator, { nickname: `多节点机器人${Date.now() % 10000}` })
    const onB = await identified(b.url, bot.token)
    clients.push(onB.client)
    expect(onB.ready.user.uid).toBe(bot.user.uid)
    await call(a, 'DELETE', `/servers/${SERVER_ID}/bots/${bot.user.uid}`, creator)
    expect((await onB.client.closed()).code).toBe(GatewayErrorCode.SessionRevoked)
  })

  it('keeps a gather space on one process: a member on another sees and is seen moving; killing the holder moves the space, with positions restored', async () => {
    const holder = await startNode(cluster, 'E')
    const space = `${SERVER_ID}10` // the 3D showroom
    const onHolder = await identified(holder.url, await accountSession('100002'))
    const onB = await identified(b.url, await accountSession('100003'))
    clients.push(onHolder.client, onB.client)
    type Ready = Extract<ServerFrame, { op: 'space_ready' }>
    const ready = async (client: GatewayTestClient): Promise<Ready['d']> => ((await frameWithin(client, frame => frame.op === 'space_ready', 5000)).frame as Ready).d
    onHolder.client.send({ op: 'space_enter', d: { channel_id: space } })
    const first = await ready(onHolder.client) // E holds the space now
    onB.client.send({ op: 'space_enter', d: { channel_id: space } })
    const relayed = await ready(onB.client) // B's member is relayed to E
    expect(relayed.count).toBe(2)
    expect(relayed.avatars.map(avatar => avatar.uid)).toEqual(expect.arrayContaining(['100002', '100003']))
    const standing = relayed.avatars.find(avatar => avatar.id === relayed.self)
    if (!standing) throw new Error('space_ready without the member\'s own avatar')
    const target = { x: standing.x - 160, y: standing.y }
    onB.client.send({ op: 'space_walk', d: target })
    await seenAt(onHolder.client, relayed.self, target, 5000) // seen arriving on E
    await seenAt(onB.client, relayed.self, target, 5000) // and by itself on B (its moves relayed in order)
    expect(first.self).not.toBe(relayed.self)
    await new Promise(resolve => setTimeout(resolve, 1500)) // the holder keeps positions about once a second
    holder.process.kill('SIGKILL')
    const killedAt = Date.now()
    const left = (await frameWithin(onB.client, frame => frame.op === 'space_left', LEASE_MS + PRESENCE_MARGIN_MS)).frame
    expect(left).toEqual({ op: 'space_left', d: { channel_id: space, reason: 'moved' } })
    expect(Date.now() - killedAt).toBeLessThanOrEqual(LEASE_MS + PRESENCE_MARGIN_MS)
    onB.client.frames.length = 0
    onB.client.send({ op: 'space_enter', d: { channel_id: space } })
    const again = await ready(onB.client) // B holds it now, and puts the member back where they stood
    expect(again.avatars.find(avatar => avatar.id === again.self)).toMatchObject({ uid: '100003', ...target })
    expect(again.count).toBe(1)
  })
})
