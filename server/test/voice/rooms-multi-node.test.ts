/**
 * Voice rooms across two processes: two apps on one database and one Redis (127.0.0.1:6379,
 * REDIS_TEST_URL overrides it), as the multi-node deployment runs, each with the fake media
 * worker at the transport seam. Members on both processes join one room, held by one of them:
 * the other's ops are relayed to it and its frames come back; the states are listed from
 * either process; a second device on the other process takes the voice; when the holder goes
 * away its relayed members are sent voice_left holder and a rejoin opens the room on the
 * surviving process. Skipped, saying so, when no Redis answers.
 */
import { mkdtempSync, rmSync } from 'fs'
import type { AddressInfo } from 'net'
import { tmpdir } from 'os'
import path from 'path'
import type { FastifyInstance } from 'fastify'
import { GatewayErrorCode, type ServerFrame } from '@core/wire/gateway'
import { VOICE_USER_LIMIT_DEFAULT, type VoiceState, type VoiceStatesAnswer } from '@core/wire/voice'
import { buildApp } from '../../src/app'
import { dropRedisKeys, freshRedisPrefix, REDIS_TEST_URL, redisAnswers, redisGatedIt } from '../bus/redis-probe'
import { connectGateway, identified, pause, type GatewayTestClient } from '../gateway/client'
import { dropSchema, envelope, signInAsGuest, signInAsMember, testConfig, type TestApp } from '../helper'
import { FAKE_OFFER, fakeVoiceMedia, type FakeVoiceMedia } from './fake-media'
import { errorsOf, SERVER, stateUpdatesOf, until, VOICE, type VoiceFrame } from './voice-helpers'

/** Each process's lease (GATEWAY_LEASE_MS, the least it may be): a dead holder's rooms are free within it. */
const LEASE_MS = 300
const GRACE_MS = 400

let available = false
let root = ''
let config: ReturnType<typeof testConfig>
const prefix = freshRedisPrefix()
/** Process a (seeds the database and holds the room first) and process b. */
const nodes: Array<{ app: FastifyInstance, media: FakeVoiceMedia, url: string, closed: boolean }> = []
const clients: GatewayTestClient[] = []

beforeAll(async () => {
  available = await redisAnswers()
  if (!available) {
    console.warn(`SKIPPED: no Redis answers at ${REDIS_TEST_URL}; the multi-node voice tests did not run (CI starts one)`)
    return
  }
  root = mkdtempSync(path.join(tmpdir(), 'openrealm-voice-nodes-'))
  config = testConfig(root, { REDIS_URL: REDIS_TEST_URL, REDIS_KEY_PREFIX: prefix, GATEWAY_LEASE_MS: String(LEASE_MS) })
  for (const seed of [true, false]) {
    const media = fakeVoiceMedia()
    const app = await buildApp(config, { seed, voiceMedia: media.open, voiceHub: { graceMs: GRACE_MS } })
    await app.listen({ port: 0, host: '127.0.0.1' })
    nodes.push({ app, media, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, closed: false })
  }
}, 30_000)

afterAll(async () => {
  if (!available) return
  for (const client of clients) client.close()
  for (const node of nodes) if (!node.closed) await node.app.close()
  if (config.databaseUrl && config.databaseSchema) await dropSchema(config.databaseUrl, config.databaseSchema)
  rmSync(root, { recursive: true, force: true })
  await dropRedisKeys(prefix)
})

/** Each test within 30 s: two apps, their sockets and a lease to run out. */
const withRedis = (name: string, test: () => Promise<void>): void => redisGatedIt(() => available)(name, test, 30_000)

/** A voice channel of another server (832828's seeded one). */
const OTHER_SERVER = '832828'
const OTHER_VOICE = `${OTHER_SERVER}03`

/** The test app as the helpers take it: requests go to process a. */
const onFirstNode = (): TestApp => ({ config, inject: request => nodes[0].app.inject(request) }) as Pick<TestApp, 'config' | 'inject'> as TestApp

/** A fresh guest who joined the voice tests' server (and the others named). */
async function guestMember (...serverIds: string[]): Promise<{ uid: string, token: string }> {
  const test = onFirstNode()
  const guest = await signInAsGuest(test)
  for (const serverId of [SERVER, ...serverIds]) expect((await test.inject({ method: 'POST', url: `/servers/${serverId}/members/me`, headers: guest.headers })).statusCode).toBe(200)
  return guest
}

/** A gateway session of `token` on process `node`. */
async function sessionOn (node: number, token: string): Promise<GatewayTestClient> {
  const { client } = await identified(nodes[node].url, token)
  clients.push(client)
  return client
}

/** `client` joins the voice room; its voice_ready. */
async function join (client: GatewayTestClient, channelId = VOICE): Promise<VoiceFrame<'voice_ready'>['d']> {
  client.send({ op: 'voice_join', d: { channel_id: channelId, self_mute: false, self_deaf: false } })
  const ready = await client.next<VoiceFrame<'voice_ready'>>(frame => frame.op === 'voice_ready' || frame.op === 'error')
  if (ready.op !== 'voice_ready') throw new Error(`voice_join refused: ${JSON.stringify(ready)}`)
  return ready.d
}

/** The uids in the server's voice rooms as process `node` lists them. */
async function listedOn (node: number): Promise<string[]> {
  const response = await nodes[node].app.inject(`/servers/${SERVER}/voice-states`)
  return envelope<VoiceStatesAnswer>(response).data.items.map((state: VoiceState) => state.uid)
}

/** The voice_left frames a client received. */
const leftOf = (client: GatewayTestClient): Array<VoiceFrame<'voice_left'>['d']> =>
  client.frames.flatMap(frame => frame.op === 'voice_left' ? [frame.d] : [])

describe('a voice room with members on two processes', () => {
  let first: { uid: string, token: string }
  let second: { uid: string, token: string }
  let onA: GatewayTestClient
  let onB: GatewayTestClient
  let watcher: GatewayTestClient

  withRedis('holds the room on the first joiner\'s process and relays the other process\'s member to it: voice_ready, offers, answers and candidates', async () => {
    [first, second] = [await guestMember(), await guestMember()]
    watcher = await sessionOn(1, (await guestMember()).token)
    onA = await sessionOn(0, first.token)
    expect((await join(onA)).members.map(state => state.uid)).toEqual([first.uid])
    onB = await sessionOn(1, second.token)
    const ready = await join(onB)
    expect(ready.members.map(state => state.uid)).toEqual([first.uid, second.uid])
    const offer = await onB.next<VoiceFrame<'voice_offer'>>(frame => frame.op === 'voice_offer')
    expect(offer.d).toEqual({ sdp: FAKE_OFFER, tracks: [{ mid: '0', uid: second.uid }] })
    // the peer is opened by the holder's media worker: the browser's media goes there
    const [holder, other] = [nodes[0].media, nodes[1].media]
    expect(holder.peerOf(second.uid)).toMatchObject({ roomId: VOICE })
    expect(other.peerOf(second.uid)).toBeUndefined()
    await onA.next(frame => frame.op === 'voice_offer')
    onB.send({ op: 'voice_answer', d: { sdp: 'v=0 answer from b' } })
    onB.send({ op: 'voice_ice', d: { candidate: null } })
    await until(() => holder.callsOf(second.uid, 'addCandidate').length === 1, 'the relayed candidate reaches the holder\'s worker')
    expect(holder.callsOf(second.uid, 'answer').map(call => call.value)).toEqual(['v=0 answer from b'])
    holder.events().candidate(holder.peerOf(second.uid)?.peerId ?? '', { candidate: 'candidate:2 1 udp 1 127.0.0.1 40000 typ host', sdpMid: '0', sdpMLineIndex: 0 })
    const ice = await onB.next<VoiceFrame<'voice_ice'>>(frame => frame.op === 'voice_ice')
    expect(ice.d.candidate?.candidate).toContain('40000')
    expect([...errorsOf(onA), ...errorsOf(onB)]).toEqual([])
  })

  withRedis('lists the room\'s members from either process, and publishes each join once', async () => {
    expect(await listedOn(0)).toEqual([first.uid, second.uid])
    expect(await listedOn(1)).toEqual([first.uid, second.uid])
    await until(() => stateUpdatesOf(watcher, second.uid).length > 0, 'the watcher hears the relayed join')
    await pause(200)
    expect(stateUpdatesOf(watcher, second.uid).map(update => update.left)).toEqual([false])
    expect(stateUpdatesOf(watcher, first.uid).map(update => update.left)).toEqual([false])
  })

  withRedis('lets a second device on the holder take the voice from the first on the other process (voice_left elsewhere), and back', async () => {
    const secondDevice = await sessionOn(0, second.token)
    await join(secondDevice)
    await until(() => leftOf(onB).length === 1, 'the first device hears it lost the voice')
    expect(leftOf(onB)).toEqual([{ channel_id: VOICE, reason: 'elsewhere' }])
    expect(await listedOn(1)).toEqual([first.uid, second.uid])
    const offers = onB.frames.filter(frame => frame.op === 'voice_offer').length
    await join(onB)
    await until(() => leftOf(secondDevice).length === 1, 'the second device hears it lost the voice')
    expect(leftOf(secondDevice)).toEqual([{ channel_id: VOICE, reason: 'elsewhere' }])
    await until(() => onB.frames.filter(frame => frame.op === 'voice_offer').length > offers, 'the first device is offered again')
    expect(nodes[0].media.peerOf(second.uid)).toBeDefined()
  })

  withRedis('lets a join of a room held by one process take the voice from the same account\'s room held by the other (voice_left elsewhere)', async () => {
    const roaming = await guestMember(OTHER_SERVER)
    const inRoomOfA = await sessionOn(0, roaming.token)
    await join(inRoomOfA)
    // nobody holds the other server's room: the joiner's process b takes it
    const inRoomOfB = await sessionOn(1, roaming.token)
    await join(inRoomOfB, OTHER_VOICE)
    await until(() => leftOf(inRoomOfA).length === 1, 'the first device hears it lost the voice')
    expect(leftOf(inRoomOfA)).toEqual([{ channel_id: VOICE, reason: 'elsewhere' }])
    expect(nodes[1].media.peerOf(roaming.uid)).toMatchObject({ roomId: OTHER_VOICE })
    await until(() => nodes[0].media.peerOf(roaming.uid) === undefined, 'the holder of the first room closes its peer')
    expect(await listedOn(1)).toEqual([first.uid, second.uid])
    inRoomOfB.send({ op: 'voice_leave', d: null })
    await until(() => nodes[1].media.peerOf(roaming.uid) === undefined, 'the leave closes the peer')
  })

  withRedis('asks a moderator\'s mute and disconnect of the process holding the member\'s room (its worker silences them; voice_left disconnected)', async () => {
    const moderated = await guestMember()
    const client = await sessionOn(0, moderated.token)
    await join(client)
    await client.next(frame => frame.op === 'voice_offer')
    const owner = await signInAsMember(onFirstNode())
    const muted = await nodes[1].app.inject({ method: 'PATCH', url: `/servers/${SERVER}/voice-states/${moderated.uid}`, headers: owner.headers, payload: { mute: true } })
    expect(muted.statusCode).toBe(200)
    expect(nodes[0].media.callsOf(moderated.uid, 'setSilenced').map(call => call.value)).toEqual([true])
    await until(() => stateUpdatesOf(watcher, moderated.uid).some(update => update.mute), 'the readers hear the member was muted')
    const response = await nodes[1].app.inject({ method: 'DELETE', url: `/servers/${SERVER}/voice-states/${moderated.uid}`, headers: owner.headers })
    expect(response.statusCode).toBe(200)
    await until(() => leftOf(client).length === 1, 'the member hears they were disconnected')
    expect(leftOf(client)).toEqual([{ channel_id: VOICE, reason: 'disconnected' }])
    expect(await listedOn(1)).toEqual([first.uid, second.uid])
  })

  withRedis('answers a relayed join the holder refuses with the same VoiceRefused error frame, and leaves the member in no room (a full room)', async () => {
    const owner = await signInAsMember(onFirstNode())
    const limit = async (userLimit: number): Promise<void> => {
      expect((await nodes[0].app.inject({ method: 'PATCH', url: `/channels/${VOICE}`, headers: owner.headers, payload: { user_limit: userLimit } })).statusCode).toBe(200)
    }
    await limit(2)
    try {
      const late = await sessionOn(1, (await guestMember()).token)
      late.send({ op: 'voice_join', d: { channel_id: VOICE, self_mute: false, self_deaf: false } })
      const refused = await late.next<Extract<ServerFrame, { op: 'error' }>>(frame => frame.op === 'error')
      expect(refused.d).toEqual({ code: GatewayErrorCode.VoiceRefused, msg: `voice_join: the room of channel ${VOICE} is full (2 members)` })
      late.send({ op: 'voice_leave', d: null })
      const notIn = await late.next<Extract<ServerFrame, { op: 'error' }>>(frame => frame.op === 'error' && frame !== refused)
      expect(notIn.d.msg).toBe('voice_leave: not in a voice room (voice_join first)')
    } finally {
      await limit(VOICE_USER_LIMIT_DEFAULT)
    }
    expect(await listedOn(1)).toEqual([first.uid, second.uid])
  })

  withRedis('keeps a member whose session resumes on the other process in the room held by the first (the holder relays them from then on)', async () => {
    const roaming = await guestMember()
    const { client: before, ready: session } = await identified(nodes[0].url, roaming.token)
    clients.push(before)
    await join(before)
    await before.next(frame => frame.op === 'voice_offer')
    const peerId = nodes[0].media.peerOf(roaming.uid)?.peerId ?? ''
    before.close()
    await pause(50)
    const after = await connectGateway(nodes[1].url)
    clients.push(after)
    after.send({ op: 'resume', d: { token: roaming.token, session_id: session.session_id, seq: session.seq } })
    await after.next(frame => frame.op === 'resumed')
    // the client sends voice_restart after resuming: the holder's worker takes it and its offer comes back over the new socket
    after.send({ op: 'voice_restart', d: null })
    await until(() => nodes[0].media.callsOf(roaming.uid, 'restartIce').length === 1, 'the resumed session\'s restart reaches the holder\'s worker')
    nodes[0].media.events().offer(peerId, FAKE_OFFER, [])
    await after.next(frame => frame.op === 'voice_offer')
    await pause(GRACE_MS + LEASE_MS)
    expect(nodes[0].media.peers.has(peerId)).toBe(true)
    expect(await listedOn(1)).toContain(roaming.uid)
    after.send({ op: 'voice_state', d: { self_mute: true, self_deaf: false } })
    await until(() => nodes[0].media.callsOf(roaming.uid, 'setSilenced').length === 1, 'the resumed session acts in the room')
    expect(errorsOf(after)).toEqual([])
    after.send({ op: 'voice_leave', d: null })
    await until(() => !nodes[0].media.peers.has(peerId), 'the leave closes the peer')
  })

  withRedis('holds a server mute for the rejoin whichever process holds the room next (mute set now, checked after the holder is gone)', async () => {
    const owner = await signInAsMember(onFirstNode())
    const response = await nodes[1].app.inject({ method: 'PATCH', url: `/servers/${SERVER}/voice-states/${second.uid}`, headers: owner.headers, payload: { mute: true } })
    expect(response.statusCode).toBe(200)
    expect(nodes[0].media.callsOf(second.uid, 'setSilenced').map(call => call.value).slice(-1)).toEqual([true])
  })

  withRedis('sends the relayed member voice_left holder when the holder goes away, and reopens the room on the surviving process at the rejoin', async () => {
    const before = leftOf(onB).length
    nodes[0].closed = true
    await nodes[0].app.close()
    await until(() => leftOf(onB).length > before, 'the relayed member hears its room\'s holder is gone', 6000)
    expect(leftOf(onB).slice(before)).toEqual([{ channel_id: VOICE, reason: 'holder' }])
    // nobody holds the room now: none of its members is listed
    expect(await listedOn(1)).toEqual([])
    const ready = await join(onB)
    expect(ready.members.map(state => state.uid)).toEqual([second.uid])
    await until(() => nodes[1].media.peerOf(second.uid) !== undefined, 'the surviving process\'s worker opens the peer')
    expect(nodes[1].media.peerOf(second.uid)).toMatchObject({ roomId: VOICE })
    expect(await listedOn(1)).toEqual([second.uid])
    // the new holder tells the readers that the dead holder's members left with it
    await until(() => stateUpdatesOf(watcher, first.uid).some(update => update.left), 'the watcher hears the dead holder\'s member left')
    expect(errorsOf(onB)).toEqual([])
  })
  withRedis('keeps the dead holder\'s server mute at the rejoin on the surviving process, and lifts it there', async () => {
    // the rejoin of the test before reopened the room on process b: the mute set through process a's room stands
    expect((await join(onB)).members.find(state => state.uid === second.uid)?.mute).toBe(true)
    await until(() => nodes[1].media.peerOf(second.uid)?.silenced === true, 'the surviving process\'s worker silences the muted member')
    const owner = await signInAsMember({ config, inject: request => nodes[1].app.inject(request) } as Pick<TestApp, 'config' | 'inject'> as TestApp)
    const lifted = await nodes[1].app.inject({ method: 'PATCH', url: `/servers/${SERVER}/voice-states/${second.uid}`, headers: owner.headers, payload: { mute: false } })
    expect(lifted.statusCode).toBe(200)
    onB.send({ op: 'voice_leave', d: null })
    await until(() => nodes[1].media.peerOf(second.uid) === undefined, 'the leave closes the peer')
    expect((await join(onB)).members.find(state => state.uid === second.uid)?.mute).toBe(false)
  })
})
