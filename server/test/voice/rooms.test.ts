/**
 * Voice rooms over real WebSockets on a seeded app, with a fake media worker at the
 * transport seam: joining and leaving, the signalling passed to and from the worker, who may
 * join (a voice channel, seen, Connect, room not full), one room per account (a second
 * device, another room), self mute and deafen, coalesced speaking, the resume grace, a
 * failed media connection, and hostile frames.
 */
import { Permission } from '@core/domain/permissions'
import { GatewayErrorCode, type ServerFrame } from '@core/wire/gateway'
import { VOICE_BITRATE_DEFAULT, VOICE_SPEAKING_PER_SECOND, VOICE_USER_LIMIT_DEFAULT, type VoiceSpeaking } from '@core/wire/voice'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { VOICE_OPS_BURST } from '../../src/gateway/session'
import { rowCounter, signInAsGuest, signInAsMember } from '../helper'
import { connectGateway, identified, pause } from '../gateway/client'
import { listeningApp } from '../gateway/listening-app'
import { FAKE_OFFER, fakeVoiceMedia } from './fake-media'
import { dispatchesOf, errorsOf, joined, LOBBY, SERVER, stateUpdatesOf, until, VOICE, type VoiceFrame } from './voice-helpers'

/** The resume grace of these tests (the product's is VOICE_RESUME_GRACE_MS). */
const GRACE_MS = 400
/** A voice channel of another server (832828's seeded one). */
const OTHER_SERVER = '832828'
const OTHER_VOICE = `${OTHER_SERVER}03`

const media = fakeVoiceMedia()
const app = listeningApp({}, { voiceMedia: media.open, voiceHub: { graceMs: GRACE_MS } })

let owner: { headers: Record<string, string>, token: string, uid: string }
let db: Db
beforeAll(async () => {
  owner = await signInAsMember(app.test)
  db = (await openDatabase(app.test.config)).db
})
afterAll(async () => { await db.destroy() })

/** An override of `channelId` for @everyone, undone after `body` ran. */
async function withEveryoneOverride (channelId: string, deny: number, body: () => Promise<void>): Promise<void> {
  const override = `/channels/${channelId}/overrides/role/${SERVER}`
  expect((await app.test.inject({ method: 'PUT', url: override, headers: owner.headers, payload: { allow: 0, deny } })).statusCode).toBe(200)
  try {
    await body()
  } finally {
    await app.test.inject({ method: 'DELETE', url: override, headers: owner.headers })
  }
}

/** The error frame answering the voice op `frame` sent on a fresh session of `token`. */
async function refusalOf (token: string, frame: object): Promise<{ code: number, msg: string }> {
  const client = await app.session(token)
  client.send(frame)
  return (await client.next<Extract<ServerFrame, { op: 'error' }>>(received => received.op === 'error')).d
}

const join = (channelId: string): object => ({ op: 'voice_join', d: { channel_id: channelId, self_mute: false, self_deaf: false } })

describe('joining and leaving a room', () => {
  it('answers voice_ready with the room, then the worker\'s offer, and passes the answer, candidates and a restart to the worker', async () => {
    const guest = await app.guestMember(SERVER)
    const { client, ready } = await joined(app, guest.token)
    expect(ready).toMatchObject({ channel_id: VOICE, server_id: SERVER, bitrate: VOICE_BITRATE_DEFAULT, ice_servers: [], relay_only: false })
    expect(ready.members.find(state => state.uid === guest.uid)).toMatchObject({ mute: false, deaf: false, self_mute: false, self_deaf: false, channel_id: VOICE })
    const offer = await client.next<VoiceFrame<'voice_offer'>>(frame => frame.op === 'voice_offer')
    expect(offer.d).toEqual({ sdp: FAKE_OFFER, tracks: [{ mid: '0', uid: guest.uid }] })
    const peer = media.peerOf(guest.uid)
    expect(peer).toMatchObject({ roomId: VOICE, bitrate: VOICE_BITRATE_DEFAULT, silenced: false, deafened: false })
    client.send({ op: 'voice_answer', d: { sdp: 'v=0 answer' } })
    client.send({ op: 'voice_ice', d: { candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 } } })
    client.send({ op: 'voice_ice', d: { candidate: null } })
    client.send({ op: 'voice_restart', d: null })
    await until(() => media.callsOf(guest.uid, 'restartIce').length === 1, 'the restart reaches the worker')
    expect(media.callsOf(guest.uid, 'answer').map(call => call.value)).toEqual(['v=0 answer'])
    expect(media.callsOf(guest.uid, 'addCandidate').map(call => call.value)).toEqual([{ candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMid: '0', sdpMLineIndex: 0 }, null])
    media.events().candidate(peer?.peerId ?? '', { candidate: 'candidate:2 1 udp 1 127.0.0.1 40000 typ host', sdpMid: '0', sdpMLineIndex: 0 })
    const ice = await client.next<VoiceFrame<'voice_ice'>>(frame => frame.op === 'voice_ice')
    expect(ice.d.candidate?.candidate).toContain('40000')
    expect(errorsOf(client)).toEqual([])
  })

  it('tells the channel\'s readers who joined and left (VOICE_STATE_UPDATE) and closes the peer on voice_leave', async () => {
    const watcher = await app.session(owner.token)
    const guest = await app.guestMember(SERVER)
    const { client } = await joined(app, guest.token)
    await until(() => stateUpdatesOf(watcher, guest.uid).length === 1, 'the join is heard')
    expect(stateUpdatesOf(watcher, guest.uid)[0]).toMatchObject({ server_id: SERVER, channel_id: VOICE, uid: guest.uid, left: false })
    const peerId = media.peerOf(guest.uid)?.peerId
    client.send({ op: 'voice_leave', d: null })
    await until(() => stateUpdatesOf(watcher, guest.uid).length === 2, 'the leave is heard')
    expect(stateUpdatesOf(watcher, guest.uid)[1]).toMatchObject({ channel_id: VOICE, left: true })
    expect(media.peers.has(peerId ?? '')).toBe(false)
    client.send({ op: 'voice_answer', d: { sdp: 'v=0 late' } })
    await until(() => errorsOf(client).length === 1, 'the answer out of a room is refused')
    expect(errorsOf(client)[0]).toEqual({ code: GatewayErrorCode.VoiceRefused, msg: 'voice_answer: not in a voice room (voice_join first)' })
  })

  it('tells the worker a member joining muted and deafened, and their own mute and deafen after', async () => {
    const guest = await app.guestMember(SERVER)
    const { client } = await joined(app, guest.token, VOICE, { self_mute: true })
    expect(media.peerOf(guest.uid)).toMatchObject({ silenced: true, deafened: false })
    client.send({ op: 'voice_state', d: { self_mute: false, self_deaf: true } })
    await until(() => media.callsOf(guest.uid, 'setDeafened').length === 1, 'the deafen reaches the worker')
    expect(media.callsOf(guest.uid, 'setSilenced').map(call => call.value)).toEqual([false])
    expect(media.callsOf(guest.uid, 'setDeafened').map(call => call.value)).toEqual([true])
  })
})

describe('who may join', () => {
  it('refuses a channel that is no voice channel, one that does not exist and one the member may not see, with VoiceRefused', async () => {
    const guest = await app.guestMember(SERVER)
    expect(await refusalOf(guest.token, join(LOBBY))).toEqual({ code: GatewayErrorCode.VoiceRefused, msg: `voice_join: channel ${LOBBY} is not a voice channel` })
    expect(await refusalOf(guest.token, join('999999'))).toEqual({ code: GatewayErrorCode.VoiceRefused, msg: 'voice_join: no channel 999999' })
    await withEveryoneOverride(VOICE, Permission.ViewChannel, async () => {
      expect(await refusalOf(guest.token, join(VOICE))).toEqual({ code: GatewayErrorCode.VoiceRefused, msg: `voice_join: no channel ${VOICE}` })
    })
    expect(media.peerOf(guest.uid)).toBeUndefined()
  })

  it('refuses a member without Connect there, and someone who is no member of the server', async () => {
    const guest = await app.guestMember(SERVER)
    await withEveryoneOverride(VOICE, Permission.Connect, async () => {
      expect(await refusalOf(guest.token, join(VOICE))).toEqual({ code: GatewayErrorCode.VoiceRefused, msg: `voice_join: missing permission: Connect in channel ${VOICE}` })
    })
    const visitor = await signInAsGuest(app.test)
    expect(await refusalOf(visitor.token, join(VOICE))).toEqual({ code: GatewayErrorCode.VoiceRefused, msg: `voice_join: missing permission: Connect in channel ${VOICE}` })
  })

  it('refuses a join into a full room, not counting the member\'s own other device', async () => {
    const limit = async (userLimit: number): Promise<void> => {
      expect((await app.test.inject({ method: 'PATCH', url: `/channels/${VOICE}`, headers: owner.headers, payload: { user_limit: userLimit } })).statusCode).toBe(200)
    }
    const first = await app.guestMember(SERVER)
    await joined(app, first.token)
    await limit(1)
    try {
      const second = await app.guestMember(SERVER)
      expect(await refusalOf(second.token, join(VOICE))).toEqual({ code: GatewayErrorCode.VoiceRefused, msg: `voice_join: the room of channel ${VOICE} is full (1 members)` })
      await joined(app, first.token) // the same member from another device: the room still holds one
    } finally {
      await limit(VOICE_USER_LIMIT_DEFAULT)
    }
  })
})

describe('one room per account', () => {
  it('moves the voice to a second device: the first gets voice_left elsewhere, its peer closes', async () => {
    const guest = await app.guestMember(SERVER)
    const { client: phone } = await joined(app, guest.token)
    const firstPeer = media.peerOf(guest.uid)?.peerId ?? ''
    const { client: laptop } = await joined(app, guest.token)
    const left = await phone.next<VoiceFrame<'voice_left'>>(frame => frame.op === 'voice_left')
    expect(left.d).toEqual({ channel_id: VOICE, reason: 'elsewhere' })
    expect(media.peers.has(firstPeer)).toBe(false)
    expect(media.peerOf(guest.uid)?.peerId).not.toBe(firstPeer)
    laptop.send({ op: 'voice_state', d: { self_mute: true, self_deaf: false } })
    phone.send({ op: 'voice_state', d: { self_mute: true, self_deaf: false } })
    await until(() => errorsOf(phone).length === 1, 'the old device is no longer in the room')
    expect(errorsOf(laptop)).toEqual([])
  })

  it('leaves the first room when the member joins another (a leave heard in the first, a join in the second)', async () => {
    const guest = await app.guestMember(SERVER)
    expect((await app.test.inject({ method: 'POST', url: `/servers/${OTHER_SERVER}/members/me`, headers: guest.headers })).statusCode).toBe(200)
    const watcher = await app.session(owner.token)
    const { client } = await joined(app, guest.token)
    client.send(join(OTHER_VOICE))
    await client.next(frame => frame.op === 'voice_ready' && frame.d.channel_id === OTHER_VOICE)
    await until(() => stateUpdatesOf(watcher, guest.uid).length === 3, 'the leave and the join are heard')
    expect(stateUpdatesOf(watcher, guest.uid).map(update => [update.channel_id, update.left])).toEqual([[VOICE, false], [VOICE, true], [OTHER_VOICE, false]])
    expect(media.peerOf(guest.uid)?.roomId).toBe(OTHER_VOICE)
  })
})

describe('speaking', () => {
  it('coalesces a member\'s speaking to VOICE_SPEAKING_PER_SECOND a second, ending on what they said last', async () => {
    const watcher = await app.session(owner.token)
    const guest = await app.guestMember(SERVER)
    const { client } = await joined(app, guest.token)
    const heard = (): VoiceSpeaking[] => dispatchesOf<VoiceSpeaking>(watcher, 'VOICE_SPEAKING').filter(speaking => speaking.uid === guest.uid)
    // a flip every 40 ms for a second: 25 changes, of which at most VOICE_SPEAKING_PER_SECOND (and the first at once) are told
    for (let flip = 0; flip < 25; flip++) {
      client.send({ op: 'voice_speaking', d: { speaking: flip % 2 === 0 } })
      await pause(40)
    }
    expect(heard().length).toBeLessThanOrEqual(VOICE_SPEAKING_PER_SECOND + 1)
    await until(() => heard()[heard().length - 1]?.speaking === true, 'the last word is that they speak')
    expect(heard()[0]).toEqual({ server_id: SERVER, channel_id: VOICE, uid: guest.uid, speaking: true })
  })

  it('tells a change within a quarter second of the last one when the quarter ends, not at once', async () => {
    const watcher = await app.session(owner.token)
    const guest = await app.guestMember(SERVER)
    const { client } = await joined(app, guest.token)
    const heard = (): boolean[] => dispatchesOf<VoiceSpeaking>(watcher, 'VOICE_SPEAKING').filter(speaking => speaking.uid === guest.uid).map(speaking => speaking.speaking)
    client.send({ op: 'voice_speaking', d: { speaking: true } })
    await pause(20)
    client.send({ op: 'voice_speaking', d: { speaking: false } })
    await until(() => heard().length === 1, 'the first change is told at once')
    await pause(100)
    expect(heard()).toEqual([true])
    await until(() => heard().length === 2, 'the second is told once the quarter second ends')
    expect(heard()).toEqual([true, false])
  })

  it('never shows a self-muted member speaking, and shows them silent once they mute while speaking', async () => {
    const watcher = await app.session(owner.token)
    const guest = await app.guestMember(SERVER)
    const { client } = await joined(app, guest.token)
    const heard = (): VoiceSpeaking[] => dispatchesOf<VoiceSpeaking>(watcher, 'VOICE_SPEAKING').filter(speaking => speaking.uid === guest.uid)
    client.send({ op: 'voice_speaking', d: { speaking: true } })
    await until(() => heard().length === 1, 'speaking is shown')
    client.send({ op: 'voice_state', d: { self_mute: true, self_deaf: false } })
    await until(() => heard().length === 2, 'the muted member is shown silent')
    expect(heard()[1].speaking).toBe(false)
    client.send({ op: 'voice_speaking', d: { speaking: true } })
    await pause(600)
    expect(heard().map(speaking => speaking.speaking)).toEqual([true, false])
  })
})

describe('a dropped socket', () => {
  it('keeps the member in the room when their session resumes within the grace, on the same peer', async () => {
    const guest = await app.guestMember(SERVER)
    const first = await identified(app.baseUrl, guest.token)
    first.client.send(join(VOICE))
    await first.client.next(frame => frame.op === 'voice_ready')
    const peerId = media.peerOf(guest.uid)?.peerId ?? ''
    first.client.close()
    await pause(50)
    const again = await connectGateway(app.baseUrl)
    try {
      again.send({ op: 'resume', d: { token: guest.token, session_id: first.ready.session_id, seq: first.ready.seq } })
      await again.next(frame => frame.op === 'resumed')
      await pause(GRACE_MS + 200)
      expect(media.peers.has(peerId)).toBe(true)
      again.send({ op: 'voice_state', d: { self_mute: true, self_deaf: false } })
      await until(() => media.callsOf(guest.uid, 'setSilenced').length === 1, 'the resumed session acts in the room')
      expect(errorsOf(again)).toEqual([])
    } finally {
      again.close()
    }
  })

  it('takes the member out once the grace ends without a resume', async () => {
    const watcher = await app.session(owner.token)
    const guest = await app.guestMember(SERVER)
    const { client } = await joined(app, guest.token)
    const peerId = media.peerOf(guest.uid)?.peerId ?? ''
    client.close()
    await pause(GRACE_MS / 2)
    expect(media.peers.has(peerId)).toBe(true)
    await until(() => !media.peers.has(peerId), 'the peer closes after the grace')
    await until(() => stateUpdatesOf(watcher, guest.uid).some(update => update.left), 'the leave is heard')
  })

  it('tells a member whose media connection failed to join again (voice_left holder)', async () => {
    const guest = await app.guestMember(SERVER)
    const { client } = await joined(app, guest.token)
    const peerId = media.peerOf(guest.uid)?.peerId ?? ''
    media.events().state(peerId, 'disconnected')
    media.events().state(peerId, 'failed')
    const left = await client.next<VoiceFrame<'voice_left'>>(frame => frame.op === 'voice_left')
    expect(left.d).toEqual({ channel_id: VOICE, reason: 'holder' })
    expect(media.peers.has(peerId)).toBe(false)
  })
})

describe('hostile voice frames', () => {
  const HOSTILE: readonly string[] = [
    '{"op":"voice_join","d":{"channel_id":42,"self_mute":false,"self_deaf":false}}',
    '{"op":"voice_join","d":{"channel_id":"","self_mute":false,"self_deaf":false}}',
    JSON.stringify({ op: 'voice_join', d: { channel_id: 'c'.repeat(65), self_mute: false, self_deaf: false } }),
    JSON.stringify({ op: 'voice_join', d: { channel_id: VOICE, self_mute: 'yes', self_deaf: false } }),
    '{"op":"voice_join","d":{"channel_id":"__proto__","self_mute":false,"self_deaf":false}}',
    JSON.stringify({ op: 'voice_join', d: { channel_id: LOBBY, self_mute: false, self_deaf: false, pad: 'p'.repeat(300) } }),
    JSON.stringify({ op: 'voice_answer', d: { sdp: 'x'.repeat(60_001) } }),
    JSON.stringify({ op: 'voice_answer', d: { sdp: 'x'.repeat(70_000) } }),
    '{"op":"voice_answer","d":{"sdp":""}}',
    JSON.stringify({ op: 'voice_ice', d: { candidate: { candidate: 'c'.repeat(1025) } } }),
    '{"op":"voice_ice","d":{"candidate":{"candidate":"x","sdpMLineIndex":1e309}}}',
    '{"op":"voice_ice","d":{"candidate":{"candidate":"x","sdpMLineIndex":-1}}}',
    '{"op":"voice_speaking","d":{"speaking":1}}',
    '{"op":"voice_state","d":{}}',
    '{"op":"voice_restart","d":{}}',
    '{"op":"voice_leave"}',
    '{"op":"voice_mute_everyone","d":null}',
    '{"op":"voice_answer"',
  ]
  const DOCUMENTED_ERRORS: readonly number[] = [GatewayErrorCode.UnknownOp, GatewayErrorCode.DecodeError, GatewayErrorCode.FrameTooLarge, GatewayErrorCode.VoiceRefused]

  it(`answers ${HOSTILE.length} hostile voice frames with error frames, never a crash, and writes nothing`, async () => {
    const counts = await rowCounter(db)
    const guest = await app.guestMember(SERVER)
    const before = await counts()
    const client = await app.session(guest.token)
    for (const frame of HOSTILE) client.send(frame)
    await until(() => errorsOf(client).length === HOSTILE.length, 'every hostile frame is answered')
    expect(errorsOf(client).filter(error => !DOCUMENTED_ERRORS.includes(error.code))).toEqual([])
    expect(errorsOf(client).some(error => error.msg.includes('could not be handled'))).toBe(false)
    expect(errorsOf(client).find(error => error.msg.endsWith('(65536 for voice_answer)'))?.code).toBe(GatewayErrorCode.FrameTooLarge)
    expect(await counts()).toEqual(before)
    expect(media.peerOf(guest.uid)).toBeUndefined()
  })

  it('lets an answer of up to 64 KB through the gateway\'s frame limit, and no other op that large', async () => {
    const guest = await app.guestMember(SERVER)
    const { client } = await joined(app, guest.token)
    const sdp = `v=0 ${'a'.repeat(59_996)}`
    client.send({ op: 'voice_answer', d: { sdp } })
    await until(() => media.callsOf(guest.uid, 'answer').length === 1, 'the large answer reaches the worker')
    expect(media.callsOf(guest.uid, 'answer')[0].value).toBe(sdp)
    client.send({ op: 'focus', d: { channel_id: 'x'.repeat(20_000) } })
    await until(() => errorsOf(client).length === 1, 'a large focus is refused')
    expect(errorsOf(client)[0].code).toBe(GatewayErrorCode.FrameTooLarge)
  })

  it('refuses voice ops over the budget with VoiceRefused, and closes a connection that floods them (RateLimited)', async () => {
    const guest = await app.guestMember(SERVER)
    const { client } = await joined(app, guest.token)
    for (let index = 0; index < VOICE_OPS_BURST + 5; index++) client.send({ op: 'voice_speaking', d: { speaking: index % 2 === 0 } })
    await until(() => errorsOf(client).length >= 1, 'one over the budget is refused')
    expect(errorsOf(client)[0]).toMatchObject({ code: GatewayErrorCode.VoiceRefused, msg: expect.stringContaining('voice ops a second') })
    for (let index = 0; index < 200; index++) client.send({ op: 'voice_speaking', d: { speaking: false } })
    expect((await client.closed()).code).toBe(GatewayErrorCode.RateLimited)
  })
})
