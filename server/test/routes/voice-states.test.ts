/**
 * The voice rooms' HTTP side and what takes a member out of a room, on a seeded app with
 * real sockets and a fake media worker at the transport seam: who is in the rooms as the
 * caller may see them, VOICE_STATE_UPDATE's audience, a moderator's server mute, deafen,
 * move and disconnect with their refusals and audit entries, and a ban, a timeout, a hidden
 * channel, a lost Connect and a deleted channel.
 */
import { Permission } from '@core/domain/permissions'
import { AuditStatus, ChannelKind, ChannelType } from '@core/wire/entities'
import { TRUST_CODES, type AuditLog } from '@core/wire/trust'
import { VOICE_BITRATE_DEFAULT, VOICE_USER_LIMIT_DEFAULT, type VoiceState, type VoiceStatesAnswer } from '@core/wire/voice'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { envelope, signInAsMember } from '../helper'
import { pause } from '../gateway/client'
import { listeningApp } from '../gateway/listening-app'
import { fakeVoiceMedia } from '../voice/fake-media'
import { joined, LOBBY, SERVER, stateUpdatesOf, until, VOICE, type VoiceFrame } from '../voice/voice-helpers'

/** Two more voice channels of the server, made for these tests (members may not create voice channels). */
const SECOND_VOICE = `${SERVER}90`
const THIRD_VOICE = `${SERVER}91`

const media = fakeVoiceMedia()
const app = listeningApp({}, { voiceMedia: media.open, voiceHub: { graceMs: 200 } })

type Headers = Record<string, string>
let owner: { headers: Headers, token: string, uid: string }
let admin: Headers
let member: Headers
let db: Db

beforeAll(async () => {
  db = (await openDatabase(app.test.config)).db
  for (const [channelId, sort] of [[SECOND_VOICE, 90], [THIRD_VOICE, 91]] as const) {
    await db.insertInto('channels').values({
      channel_id: channelId, server_id: SERVER, channel_type: ChannelType.Voice, kind: ChannelKind.Channel, name: `语音 ${sort}`, parent_id: null, sort,
      map_category: null, link_url: null, icon: '', audit_status: AuditStatus.Pass, created_by: null, created_at: 0, user_limit: VOICE_USER_LIMIT_DEFAULT, bitrate: VOICE_BITRATE_DEFAULT, slow_mode_seconds: 0,
    }).execute()
  }
  owner = await signInAsMember(app.test)
  admin = (await signInAsMember(app.test, '100002')).headers
  member = (await signInAsMember(app.test, '100004')).headers
})
afterAll(async () => { await db.destroy() })

const statesUrl = `/servers/${SERVER}/voice-states`
const stateUrl = (uid: string): string => `${statesUrl}/${uid}`

/** An override of `channelId` (a role's or a member's), undone after `body` ran. */
async function withOverride (channelId: string, target: string, bits: { allow?: number, deny?: number }, body: () => Promise<void>): Promise<void> {
  const url = `/channels/${channelId}/overrides/${target}`
  expect((await app.test.inject({ method: 'PUT', url, headers: owner.headers, payload: { allow: bits.allow ?? 0, deny: bits.deny ?? 0 } })).statusCode).toBe(200)
  try {
    await body()
  } finally {
    await app.test.inject({ method: 'DELETE', url, headers: owner.headers })
  }
}

async function statesSeenBy (headers: Headers = {}): Promise<VoiceState[]> {
  return envelope<VoiceStatesAnswer>(await app.test.inject({ url: statesUrl, headers })).data.items
}

async function auditOf (uid: string): Promise<AuditLog['items']> {
  return envelope<AuditLog>(await app.test.inject({ url: `/servers/${SERVER}/audit-log`, headers: owner.headers })).data.items.filter(entry => entry.target_id === uid)
}

describe('GET /servers/:server_id/voice-states', () => {
  it('lists who is in the rooms the caller may see; a room hidden from visitors shows them nothing', async () => {
    const guest = await app.guestMember(SERVER)
    await joined(app, guest.token)
    expect((await statesSeenBy()).filter(state => state.uid === guest.uid)).toEqual([expect.objectContaining({ channel_id: VOICE, uid: guest.uid, mute: false })])
    // the member in the room keeps seeing it (their own override); everyone else loses it
    await withOverride(VOICE, `member/${guest.uid}`, { allow: Permission.ViewChannel }, async () => {
      await withOverride(VOICE, `role/${SERVER}`, { deny: Permission.ViewChannel }, async () => {
        expect((await statesSeenBy()).some(state => state.uid === guest.uid)).toBe(false)
        expect((await statesSeenBy(member)).some(state => state.uid === guest.uid)).toBe(false)
        expect((await statesSeenBy(owner.headers)).some(state => state.uid === guest.uid)).toBe(true)
      })
    })
    const unknown = await app.test.inject({ url: '/servers/999999/voice-states' })
    expect([unknown.statusCode, envelope(unknown).msg]).toEqual([404, 'path.server_id: no server 999999'])
  })
})

describe('VOICE_STATE_UPDATE', () => {
  it('reaches a member who may see the channel, and not one who may not', async () => {
    const joiner = await app.guestMember(SERVER)
    const outsider = await app.guestMember(SERVER)
    await withOverride(SECOND_VOICE, `role/${SERVER}`, { deny: Permission.ViewChannel }, async () => {
      await withOverride(SECOND_VOICE, `member/${joiner.uid}`, { allow: Permission.ViewChannel }, async () => {
        const seer = await app.session(owner.token)
        const blind = await app.session(outsider.token)
        const { client } = await joined(app, joiner.token, SECOND_VOICE)
        client.send({ op: 'voice_state', d: { self_mute: true, self_deaf: false } })
        await until(() => stateUpdatesOf(seer, joiner.uid).length === 2, 'the owner hears the join and the change')
        expect(stateUpdatesOf(seer, joiner.uid).map(update => [update.channel_id, update.self_mute, update.left])).toEqual([[SECOND_VOICE, false, false], [SECOND_VOICE, true, false]])
        await pause(200)
        expect(stateUpdatesOf(blind, joiner.uid)).toEqual([])
        client.send({ op: 'voice_leave', d: null })
        await until(() => stateUpdatesOf(seer, joiner.uid).length === 3, 'the owner hears the leave')
      })
    })
  })
})

describe('PATCH /servers/:server_id/voice-states/:uid', () => {
  it('server-mutes and unmutes a member (MuteVoice): the worker stops and starts forwarding them, readers hear it, the log keeps it', async () => {
    const watcher = await app.session(owner.token)
    const guest = await app.guestMember(SERVER)
    await joined(app, guest.token)
    const muted = await app.test.inject({ method: 'PATCH', url: stateUrl(guest.uid), headers: owner.headers, payload: { mute: true } })
    expect(envelope(muted)).toMatchObject({ code: 0, data: null })
    expect((await statesSeenBy()).find(state => state.uid === guest.uid)).toMatchObject({ mute: true, deaf: false })
    expect(media.callsOf(guest.uid, 'setSilenced').map(call => call.value)).toEqual([true])
    await until(() => stateUpdatesOf(watcher, guest.uid).some(update => update.mute), 'the mute is heard')
    expect((await auditOf(guest.uid)).find(entry => entry.action === 'member_voice_update')?.changes).toEqual(expect.arrayContaining([{ field: 'mute', from: 'false', to: 'true' }]))
    await app.test.inject({ method: 'PATCH', url: stateUrl(guest.uid), headers: owner.headers, payload: { mute: false } })
    expect(media.callsOf(guest.uid, 'setSilenced').map(call => call.value)).toEqual([true, false])
  })

  it('server-deafens a member (DeafenMembers), and a rejoin keeps the deafen', async () => {
    const guest = await app.guestMember(SERVER)
    const { client } = await joined(app, guest.token)
    expect((await app.test.inject({ method: 'PATCH', url: stateUrl(guest.uid), headers: admin, payload: { deaf: true } })).statusCode).toBe(200)
    expect((await statesSeenBy()).find(state => state.uid === guest.uid)?.deaf).toBe(true)
    expect(media.callsOf(guest.uid, 'setDeafened').map(call => call.value)).toEqual([true])
    client.send({ op: 'voice_join', d: { channel_id: VOICE, self_mute: false, self_deaf: false } })
    const again = await client.next<VoiceFrame<'voice_ready'>>(frame => frame.op === 'voice_ready' && frame.d.members.some(state => state.uid === guest.uid && state.deaf))
    expect(again.d.channel_id).toBe(VOICE)
    expect(media.peerOf(guest.uid)).toMatchObject({ deafened: true })
  })

  it('moves a member to another voice channel they may connect to (MoveMembers): they are told where to join', async () => {
    const guest = await app.guestMember(SERVER)
    const { client } = await joined(app, guest.token)
    const peerId = media.peerOf(guest.uid)?.peerId ?? ''
    expect((await app.test.inject({ method: 'PATCH', url: stateUrl(guest.uid), headers: owner.headers, payload: { channel_id: SECOND_VOICE } })).statusCode).toBe(200)
    const left = await client.next<VoiceFrame<'voice_left'>>(frame => frame.op === 'voice_left')
    expect(left.d).toEqual({ channel_id: VOICE, reason: 'moved', to: SECOND_VOICE })
    expect(media.peers.has(peerId)).toBe(false)
    expect((await auditOf(guest.uid)).find(entry => entry.action === 'member_voice_update')?.changes).toEqual(expect.arrayContaining([{ field: 'channel_id', from: VOICE, to: SECOND_VOICE }]))
  })

  it('refuses a move to a channel that is no voice channel, of another server, or the member may not connect to, and moves nobody', async () => {
    const guest = await app.guestMember(SERVER)
    const { client } = await joined(app, guest.token)
    const move = (channelId: string): ReturnType<typeof app.test.inject> => app.test.inject({ method: 'PATCH', url: stateUrl(guest.uid), headers: owner.headers, payload: { channel_id: channelId } })
    const notVoice = await move(LOBBY)
    expect([notVoice.statusCode, envelope(notVoice).msg]).toEqual([400, `body.channel_id: channel ${LOBBY} is not a voice channel`])
    expect((await move('83282803')).statusCode).toBe(404)
    await withOverride(SECOND_VOICE, `member/${guest.uid}`, { deny: Permission.Connect }, async () => {
      const refused = await move(SECOND_VOICE)
      expect([refused.statusCode, envelope(refused).msg]).toEqual([403, `body.channel_id: ${guest.uid} may not connect to channel ${SECOND_VOICE}`])
    })
    await pause(100)
    expect(client.frames.some(frame => frame.op === 'voice_left')).toBe(false)
    expect(media.peerOf(guest.uid)?.roomId).toBe(VOICE)
  })

  it('refuses a member without the bit, an empty change, someone in no room and a target at or above the moderator, applying nothing', async () => {
    const guest = await app.guestMember(SERVER)
    await joined(app, guest.token)
    const withoutBit = await app.test.inject({ method: 'PATCH', url: stateUrl(guest.uid), headers: member, payload: { mute: true } })
    expect([withoutBit.statusCode, envelope(withoutBit).msg]).toEqual([403, 'missing permission: MuteVoice'])
    const empty = await app.test.inject({ method: 'PATCH', url: stateUrl(guest.uid), headers: owner.headers, payload: {} })
    expect([empty.statusCode, envelope(empty).msg]).toEqual([400, 'body: give mute, deaf or channel_id'])
    const nobody = await app.test.inject({ method: 'PATCH', url: stateUrl('100003'), headers: owner.headers, payload: { mute: true } })
    expect([nobody.statusCode, envelope(nobody).msg]).toEqual([404, `path.uid: 100003 is in no voice room of server ${SERVER}`])
    await joined(app, owner.token)
    const above = await app.test.inject({ method: 'PATCH', url: stateUrl(owner.uid), headers: admin, payload: { mute: true } })
    expect([above.statusCode, envelope(above).code]).toEqual([403, TRUST_CODES.OUTRANKED])
    expect(media.callsOf(guest.uid, 'setSilenced')).toEqual([])
    expect(media.callsOf(owner.uid, 'setSilenced')).toEqual([])
    expect((await app.test.inject({ method: 'PATCH', url: stateUrl(guest.uid), payload: { mute: true } })).statusCode).toBe(401)
  })
})

describe('DELETE /servers/:server_id/voice-states/:uid', () => {
  it('disconnects a member (DisconnectMembers): voice_left disconnected, the peer closed, logged; again is a 404', async () => {
    const guest = await app.guestMember(SERVER)
    const { client } = await joined(app, guest.token)
    expect((await app.test.inject({ method: 'DELETE', url: stateUrl(guest.uid), headers: member })).statusCode).toBe(403)
    expect((await app.test.inject({ method: 'DELETE', url: stateUrl(guest.uid), headers: owner.headers })).statusCode).toBe(200)
    const left = await client.next<VoiceFrame<'voice_left'>>(frame => frame.op === 'voice_left')
    expect(left.d).toEqual({ channel_id: VOICE, reason: 'disconnected' })
    expect(media.peerOf(guest.uid)).toBeUndefined()
    expect((await auditOf(guest.uid)).map(entry => entry.action)).toContain('member_voice_disconnect')
    expect((await app.test.inject({ method: 'DELETE', url: stateUrl(guest.uid), headers: owner.headers })).statusCode).toBe(404)
  })
})

describe('out of a room by the server\'s rules', () => {
  it('takes a banned member out at once', async () => {
    const watcher = await app.session(owner.token)
    const guest = await app.guestMember(SERVER)
    await joined(app, guest.token)
    expect((await app.test.inject({ method: 'PUT', url: `/servers/${SERVER}/bans/${guest.uid}`, headers: owner.headers, payload: {} })).statusCode).toBe(200)
    await until(() => stateUpdatesOf(watcher, guest.uid).some(update => update.left), 'the leave is heard')
    expect(media.peerOf(guest.uid)).toBeUndefined()
  })

  it('silences a member in a timeout and keeps them in the room; lifting it lets them be heard again', async () => {
    const guest = await app.guestMember(SERVER)
    await joined(app, guest.token)
    const timeout = `/servers/${SERVER}/members/${guest.uid}/timeout`
    expect((await app.test.inject({ method: 'PUT', url: timeout, headers: owner.headers, payload: { until: Math.floor(Date.now() / 1000) + 600 } })).statusCode).toBe(200)
    await until(() => media.callsOf(guest.uid, 'setSilenced').length === 1, 'the timeout silences them')
    expect(media.callsOf(guest.uid, 'setSilenced')[0].value).toBe(true)
    expect(media.peerOf(guest.uid)?.roomId).toBe(VOICE)
    expect((await app.test.inject({ method: 'PUT', url: timeout, headers: owner.headers, payload: { until: null } })).statusCode).toBe(200)
    await until(() => media.callsOf(guest.uid, 'setSilenced').length === 2, 'the lifted timeout lets them speak')
    expect(media.callsOf(guest.uid, 'setSilenced')[1].value).toBe(false)
  })

  it('takes a member out (hidden) when the channel becomes hidden to them or they lose Connect there', async () => {
    const hiddenFrom = await app.guestMember(SERVER)
    const { client: first } = await joined(app, hiddenFrom.token, SECOND_VOICE)
    await withOverride(SECOND_VOICE, `member/${hiddenFrom.uid}`, { deny: Permission.ViewChannel }, async () => {
      const left = await first.next<VoiceFrame<'voice_left'>>(frame => frame.op === 'voice_left')
      expect(left.d).toEqual({ channel_id: SECOND_VOICE, reason: 'hidden' })
    })
    const disconnected = await app.guestMember(SERVER)
    const { client: second } = await joined(app, disconnected.token, SECOND_VOICE)
    await withOverride(SECOND_VOICE, `member/${disconnected.uid}`, { deny: Permission.Connect }, async () => {
      const left = await second.next<VoiceFrame<'voice_left'>>(frame => frame.op === 'voice_left')
      expect(left.d).toEqual({ channel_id: SECOND_VOICE, reason: 'hidden' })
    })
  })

  it('empties the room of a deleted channel (voice_left gone)', async () => {
    const guest = await app.guestMember(SERVER)
    const { client } = await joined(app, guest.token, THIRD_VOICE)
    expect((await app.test.inject({ method: 'DELETE', url: `/channels/${THIRD_VOICE}`, headers: owner.headers })).statusCode).toBe(200)
    const left = await client.next<VoiceFrame<'voice_left'>>(frame => frame.op === 'voice_left')
    expect(left.d).toEqual({ channel_id: THIRD_VOICE, reason: 'gone' })
    expect((await statesSeenBy(owner.headers)).some(state => state.channel_id === THIRD_VOICE)).toBe(false)
  })
})
