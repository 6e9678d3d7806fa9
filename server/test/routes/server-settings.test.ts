/**
 * The owner's server settings: editing and deleting channels
 * (PATCH/POST/DELETE /channels/:channel_id) and the server's profile
 * (PATCH/POST /servers/:server_id), row by row of the permission table: the owner may,
 * a member is refused naming the permission, a guest is refused, an audit refusal
 * writes nothing, bad input is a 400; a voice channel's room settings, refused on other types.
 */
import type { ChannelListData } from '@core/wire/api'
import type { Channel, Server } from '@core/wire/entities'
import type { ChannelDeleted } from '@core/wire/server-settings'
import type { AuditEntry, AuditLog } from '@core/wire/trust'
import { VOICE_BITRATE_DEFAULT, VOICE_BITRATE_MAX, VOICE_BITRATE_MIN, VOICE_USER_LIMIT_DEFAULT, VOICE_USER_LIMIT_MAX } from '@core/wire/voice-codes'
import { createInProcessBus, type BusEvent } from '../../src/bus'
import { DEMO_OWNER, envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER = '832828'
let test: TestApp
let owner: Record<string, string>
let member: Record<string, string>
let guest: Record<string, string>
let events: BusEvent[] = []

beforeAll(async () => {
  const bus = createInProcessBus()
  bus.subscribe(event => { events.push(event) })
  test = await startTestApp({ CHANNEL_CREATE_PER_MINUTE: '1000' }, { bus })
  owner = (await signInAsMember(test, DEMO_OWNER)).headers
  member = (await signInAsMember(test, '100004')).headers
  guest = (await signInAsGuest(test)).headers
})
afterAll(async () => { await test.close() })

async function channelsOf (serverId: string, headers = owner): Promise<Channel[]> {
  const answer = envelope<ChannelListData>(await test.inject({ url: `/servers/${serverId}/channels`, headers })).data
  return answer.groups.flatMap(group => group.channels)
}

async function newChannel (title: string, channelType = 1): Promise<Channel> {
  const response = await test.inject({ method: 'POST', url: `/servers/${SERVER}/channels`, headers: owner, payload: { title, channel_type: channelType } })
  return envelope<Channel>(response).data
}

describe('PATCH /channels/:channel_id', () => {
  it('lets the owner rename a channel and change its icon, keeps its type, and tells the server live', async () => {
    const channel = await newChannel('旧名字', 3)
    events = []
    const response = await test.inject({ method: 'PATCH', url: `/channels/${channel.channel_id}`, headers: owner, payload: { title: '新名字', icon: 'https://cdn.example/new.png' } })
    const updated = envelope<Channel>(response).data
    expect(updated).toMatchObject({ channel_id: channel.channel_id, name: '新名字', icon: 'https://cdn.example/new.png', channel_type: 3 })
    expect(events).toEqual([{ t: 'CHANNEL_UPDATE', server_id: SERVER, channel_id: updated.channel_id, d: updated }])
    expect((await channelsOf(SERVER)).find(item => item.channel_id === channel.channel_id)?.name).toBe('新名字')
  })

  it('takes POST as well (the mini-program has no PATCH)', async () => {
    const channel = await newChannel('post alias')
    const response = await test.inject({ method: 'POST', url: `/channels/${channel.channel_id}`, headers: owner, payload: { title: 'renamed by POST' } })
    expect(envelope<Channel>(response).data.name).toBe('renamed by POST')
  })

  it('moves a channel to the top of its server\'s list', async () => {
    const channel = await newChannel('to the top')
    await test.inject({ method: 'PATCH', url: `/channels/${channel.channel_id}`, headers: owner, payload: { position: 0 } })
    expect(envelope<Channel>(await test.inject(`/channels/${channel.channel_id}`)).data.sort).toBe(1)
  })

  it('refuses a member with 403 naming ManageChannels and a guest with 403, changing nothing', async () => {
    const channel = await newChannel('kept')
    for (const headers of [member, guest]) {
      const response = await test.inject({ method: 'PATCH', url: `/channels/${channel.channel_id}`, headers, payload: { title: 'taken over' } })
      expect(response.statusCode).toBe(403)
      expect(envelope(response).msg).toMatch(/^missing permission: ManageChannels/)
    }
    expect(envelope<Channel>(await test.inject(`/channels/${channel.channel_id}`)).data.name).toBe('kept')
  })

  it('refuses a signed-out caller with 401', async () => {
    const channel = await newChannel('no session')
    expect((await test.inject({ method: 'PATCH', url: `/channels/${channel.channel_id}`, payload: { title: 'x' } })).statusCode).toBe(401)
  })

  it('refuses a title or icon that fails the audit with its 104xxx code and writes nothing', async () => {
    const channel = await newChannel('clean')
    events = []
    const title = await test.inject({ method: 'PATCH', url: `/channels/${channel.channel_id}`, headers: owner, payload: { title: '违禁频道' } })
    expect(title.statusCode).toBe(422)
    expect(envelope(title).code).toBe(104001)
    const icon = await test.inject({ method: 'PATCH', url: `/channels/${channel.channel_id}`, headers: owner, payload: { title: 'fine', icon: 'https://cdn.example/forbidden.png' } })
    expect(envelope(icon).code).toBe(104004)
    expect(envelope<Channel>(await test.inject(`/channels/${channel.channel_id}`)).data).toEqual(channel)
    expect(events).toEqual([])
  })

  it('refuses bad input with 400: a changed type, unknown fields, an empty title, a non-URL icon, a foreign parent, a wild place', async () => {
    const channel = await newChannel('bad input')
    const payloads = [
      { channel_type: 2 }, { title: '' }, { title: 'x'.repeat(41) }, { icon: 'data:image/png;base64,AAAA' }, { parent_id: '72365802' }, [], 'title',
    ].map(payload => JSON.stringify(payload)).concat(['{"position":-1}', '{"position":1e309}', '{"position":1.5}', `{"position":${'1'.repeat(40)}}`, '{"position":-0.5}'])
    for (const payload of payloads) {
      const response = await test.inject({ method: 'PATCH', url: `/channels/${channel.channel_id}`, headers: { ...owner, 'content-type': 'application/json' }, payload })
      expect([response.statusCode, payload]).toEqual([400, payload])
    }
    expect(envelope<Channel>(await test.inject(`/channels/${channel.channel_id}`)).data).toEqual(channel)
  })

  it('answers 404 for an unknown channel', async () => {
    expect((await test.inject({ method: 'PATCH', url: '/channels/999999999', headers: owner, payload: { title: 'x' } })).statusCode).toBe(404)
  })
})

describe('DELETE /channels/:channel_id', () => {
  it('lets the owner delete a channel: it leaves the list and the server hears it', async () => {
    const channel = await newChannel('short-lived', 8)
    events = []
    const response = await test.inject({ method: 'DELETE', url: `/channels/${channel.channel_id}`, headers: owner })
    const deleted: ChannelDeleted = { server_id: SERVER, channel_id: channel.channel_id }
    expect(envelope(response).data).toEqual(deleted)
    expect(events).toEqual([{ t: 'CHANNEL_DELETE', server_id: SERVER, channel_id: deleted.channel_id, d: deleted }])
    expect((await channelsOf(SERVER)).some(item => item.channel_id === channel.channel_id)).toBe(false)
    expect((await test.inject(`/channels/${channel.channel_id}`)).statusCode).toBe(404)
  })

  it('deletes a channel that has messages', async () => {
    const channel = await newChannel('with history')
    const sent = await test.inject({ method: 'POST', url: `/channels/${channel.channel_id}/messages`, headers: owner, payload: { content: 'hello', nonce: 'n-settings-1' } })
    expect(sent.statusCode).toBe(200)
    expect((await test.inject({ method: 'DELETE', url: `/channels/${channel.channel_id}`, headers: owner })).statusCode).toBe(200)
  })

  it('refuses a member with 403 naming ManageChannels and a guest with 403, deleting nothing', async () => {
    const channel = await newChannel('stays')
    for (const headers of [member, guest]) {
      const response = await test.inject({ method: 'DELETE', url: `/channels/${channel.channel_id}`, headers })
      expect(response.statusCode).toBe(403)
      expect(envelope(response).msg).toMatch(/^missing permission: ManageChannels/)
    }
    expect((await test.inject(`/channels/${channel.channel_id}`)).statusCode).toBe(200)
  })

  it('refuses a malformed id with 400 and an unknown one with 404', async () => {
    expect((await test.inject({ method: 'DELETE', url: '/channels/..%2F..', headers: owner })).statusCode).toBe(400)
    expect((await test.inject({ method: 'DELETE', url: '/channels/999999999', headers: owner })).statusCode).toBe(404)
  })
})

describe('the audit log of channel changes', () => {
  async function newestEntry (): Promise<AuditEntry> {
    return envelope<AuditLog>(await test.inject({ url: `/servers/${SERVER}/audit-log?limit=1`, headers: owner })).data.items[0]
  }

  it('records a creation with who, the name and the type', async () => {
    const channel = await newChannel('新建的频道', 3)
    expect(await newestEntry()).toMatchObject({
      action: 'channel_create', actor: { uid: DEMO_OWNER }, target_id: channel.channel_id,
      changes: [{ field: 'name', from: null, to: '新建的频道' }, { field: 'channel_type', from: null, to: '3' }],
    })
  })

  it('records an edit with each field that changed, from what to what, and nothing for an edit that changes nothing', async () => {
    const channel = await newChannel('改名前')
    await test.inject({ method: 'PATCH', url: `/channels/${channel.channel_id}`, headers: owner, payload: { title: '改名后', position: 0 } })
    const entry = await newestEntry()
    expect(entry).toMatchObject({ action: 'channel_update', target_id: channel.channel_id })
    expect(entry.changes[0]).toEqual({ field: 'name', from: '改名前', to: '改名后' })
    expect(entry.changes[1]).toMatchObject({ field: 'position', to: '0' })
    await test.inject({ method: 'PATCH', url: `/channels/${channel.channel_id}`, headers: owner, payload: { title: '改名后' } })
    expect((await newestEntry()).entry_id).toBe(entry.entry_id)
  })

  it('records a deletion keeping the name of the channel that is gone', async () => {
    const channel = await newChannel('要删的频道')
    await test.inject({ method: 'DELETE', url: `/channels/${channel.channel_id}`, headers: owner })
    expect(await newestEntry()).toMatchObject({ action: 'channel_delete', target_id: channel.channel_id, changes: [{ field: 'name', from: '要删的频道', to: null }] })
  })

  it('records nothing for a refused edit', async () => {
    const before = (await newestEntry()).entry_id
    const [channel] = await channelsOf(SERVER)
    await test.inject({ method: 'PATCH', url: `/channels/${channel.channel_id}`, headers: member, payload: { title: '不行' } })
    expect((await newestEntry()).entry_id).toBe(before)
  })
})

describe('PATCH /servers/:server_id (the profile section)', () => {
  it('refuses a member and a guest with 403 naming ManageServer', async () => {
    for (const headers of [member, guest]) {
      const response = await test.inject({ method: 'PATCH', url: `/servers/${SERVER}`, headers, payload: { name: 'mine now' } })
      expect(response.statusCode).toBe(403)
      expect(envelope(response).msg).toMatch(/^missing permission: ManageServer/)
    }
  })

  it('takes POST as well, and refuses bad input with 400 writing nothing', async () => {
    const before = envelope<Server>(await test.inject(`/servers/${SERVER}`)).data
    for (const payload of [{ name: '' }, { name: 'x'.repeat(41) }, { icon: 'not a url' }, { owner_uid: '100004' }, { introduction: 'x'.repeat(501) }]) {
      const response = await test.inject({ method: 'POST', url: `/servers/${SERVER}`, headers: owner, payload })
      expect([response.statusCode, payload]).toEqual([400, payload])
    }
    expect(envelope<Server>(await test.inject(`/servers/${SERVER}`)).data).toMatchObject({ name: before.name, icon: before.icon, introduction: before.introduction })
    const renamed = await test.inject({ method: 'POST', url: `/servers/${SERVER}`, headers: owner, payload: { introduction: '欢迎' } })
    expect(envelope<Server>(renamed).data.introduction).toBe('欢迎')
  })
})

describe('a voice channel\'s room settings (user_limit, bitrate)', () => {
  const VOICE = `${SERVER}03`

  it('shows them on a voice channel only, and lets the owner change them with an audit entry', async () => {
    expect(envelope<Channel>(await test.inject(`/channels/${VOICE}`)).data).toMatchObject({ user_limit: VOICE_USER_LIMIT_DEFAULT, bitrate: VOICE_BITRATE_DEFAULT })
    expect(envelope<Channel>(await test.inject(`/channels/${SERVER}02`)).data).not.toHaveProperty('user_limit')
    const response = await test.inject({ method: 'PATCH', url: `/channels/${VOICE}`, headers: owner, payload: { user_limit: 12, bitrate: VOICE_BITRATE_MIN } })
    expect(envelope<Channel>(response).data).toMatchObject({ user_limit: 12, bitrate: VOICE_BITRATE_MIN })
    const log = envelope<AuditLog>(await test.inject({ url: `/servers/${SERVER}/audit-log`, headers: owner })).data
    expect(log.items.find(entry => entry.action === 'channel_update' && entry.target_id === VOICE)?.changes).toEqual([
      { field: 'user_limit', from: String(VOICE_USER_LIMIT_DEFAULT), to: '12' }, { field: 'bitrate', from: String(VOICE_BITRATE_DEFAULT), to: String(VOICE_BITRATE_MIN) },
    ])
    await test.inject({ method: 'PATCH', url: `/channels/${VOICE}`, headers: owner, payload: { user_limit: VOICE_USER_LIMIT_DEFAULT, bitrate: VOICE_BITRATE_DEFAULT } })
  })

  it.each([
    ['a user limit of 0', { user_limit: 0 }], ['a user limit over the most', { user_limit: VOICE_USER_LIMIT_MAX + 1 }], ['a fractional user limit', { user_limit: 1.5 }],
    ['a bitrate below the least', { bitrate: VOICE_BITRATE_MIN - 1 }], ['a bitrate above the most', { bitrate: VOICE_BITRATE_MAX + 1 }], ['a bitrate of 1e309', { bitrate: '1e309' }],
    ['a user limit as text', { user_limit: 'many' }],
  ])('refuses %s with a 400 and changes nothing', async (_, payload) => {
    const response = await test.inject({ method: 'PATCH', url: `/channels/${VOICE}`, headers: owner, payload })
    expect(response.statusCode).toBe(400)
    expect(envelope<Channel>(await test.inject(`/channels/${VOICE}`)).data).toMatchObject({ user_limit: VOICE_USER_LIMIT_DEFAULT, bitrate: VOICE_BITRATE_DEFAULT })
  })

  it('refuses them on a channel of another type, in an edit and a creation, writing nothing', async () => {
    const edit = await test.inject({ method: 'PATCH', url: `/channels/${SERVER}02`, headers: owner, payload: { user_limit: 5 } })
    expect(edit.statusCode).toBe(400)
    expect(envelope(edit).msg).toBe('body.user_limit: only a voice channel has one (channel_type 1 carries no voice room)')
    const before = (await channelsOf(SERVER)).length
    const create = await test.inject({ method: 'POST', url: `/servers/${SERVER}/channels`, headers: owner, payload: { title: '带码率的讨论', channel_type: 1, bitrate: 32_000 } })
    expect(create.statusCode).toBe(400)
    expect(envelope(create).msg).toBe('body.bitrate: only a voice channel has one (channel_type 1 carries no voice room)')
    expect((await channelsOf(SERVER)).length).toBe(before)
  })

  it('lets a member without ManageChannels change nothing', async () => {
    expect((await test.inject({ method: 'PATCH', url: `/channels/${VOICE}`, headers: member, payload: { user_limit: 3 } })).statusCode).toBe(403)
  })
})
