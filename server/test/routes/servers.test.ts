import type { ChannelListData, MapCfgData, Paged, RoleListData, ServerListData } from '@contract/api'
import { ChannelKind, ChannelType, type Channel, type LiveItem, type Server } from '@contract/entities'
import { groupChannels } from '@/domain/channel'
import { envelope, signInAsGuest, startTestApp, type TestApp } from '../helper'

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

const channelsOf = async (serverId: string): Promise<Channel[]> =>
  envelope<ChannelListData>(await test.inject(`/servers/${serverId}/channels`)).data.groups.flatMap(group => [...(group.group ? [group.group] : []), ...group.channels])

describe('GET /servers', () => {
  it('lists the three configured servers in order with member counts', async () => {
    const response = await test.inject('/servers')
    expect(response.statusCode).toBe(200)
    const { list } = envelope<ServerListData>(response).data
    expect(list.map(server => server.server_id)).toEqual(['723658', '832828', '275902'])
    expect(list.every(server => server.member_count > 0)).toBe(true)
    expect(list[0].icon).toMatch(/^http:\/\/localhost:80\/files\/seed\/server-723658\.svg$/)
  })
})

describe('GET /servers/:server_id', () => {
  it('answers one server with its member count', async () => {
    const { data } = envelope<Server>(await test.inject('/servers/832828'))
    expect(data).toMatchObject({ server_id: '832828', sub_domain: expect.any(String), member_count: expect.any(Number) })
  })

  it('answers 404 for an unknown server', async () => {
    const response = await test.inject('/servers/999999')
    expect(response.statusCode).toBe(404)
    expect(envelope(response)).toEqual({ code: 404000, msg: 'path.server_id: no server 999999', data: null })
  })
})

describe('GET /servers/:server_id/channels', () => {
  it('answers the channels grouped exactly as the client groups them', async () => {
    const { groups } = envelope<ChannelListData>(await test.inject('/servers/723658/channels')).data
    const all = groups.flatMap(group => [...(group.group ? [group.group] : []), ...group.channels])
    expect(groups).toEqual(groupChannels(all))
    expect(groups[0].group).toBeNull()
    expect(groups.slice(1).every(group => group.group?.kind === ChannelKind.Group)).toBe(true)
  })

  it('includes an external link with its https URL and metaverse channels with their map category', async () => {
    const channels = await channelsOf('275902')
    expect(channels.find(channel => channel.channel_type === ChannelType.ExternalLink)?.link_url).toMatch(/^https:\/\//)
    expect(channels.filter(channel => channel.channel_type === ChannelType.Metaverse).map(channel => channel.map_category)).toEqual([1, 2])
  })
})

describe('POST /servers/:server_id/channels', () => {
  const create = (headers: Record<string, string>, payload: object, serverId = '723658') =>
    test.inject({ method: 'POST', url: `/servers/${serverId}/channels`, headers, payload })

  it.each([ChannelType.Discussion, ChannelType.Post])('creates a channel of type %i that the channel list then shows', async channelType => {
    const guest = await signInAsGuest(test)
    const response = await create(guest.headers, { title: `新频道 ${channelType}`, channel_type: channelType, icon: 'https://cdn.example/i.png' })
    expect(response.statusCode).toBe(200)
    const channel = envelope<Channel>(response).data
    expect(channel).toMatchObject({ server_id: '723658', channel_type: channelType, name: `新频道 ${channelType}`, kind: 0, parent_id: null, audit_status: 0, icon: 'https://cdn.example/i.png' })
    expect(await channelsOf('723658')).toContainEqual(channel)
  })

  it('creates a metaverse channel with a showroom the client can open', async () => {
    const guest = await signInAsGuest(test)
    const response = await create(guest.headers, { title: '我的展厅', channel_type: ChannelType.Metaverse, parent_id: '72365809' })
    const channel = envelope<Channel>(response).data
    expect(channel).toMatchObject({ parent_id: '72365809', map_category: 1 })
    expect(channel.icon).toMatch(/\/files\/seed\/icon-type-8\.svg$/)
    const showroom = envelope<MapCfgData>(await test.inject({ url: '/channel/room/game/mapcfg', query: { server_id: '723658', channel_id: channel.channel_id } })).data
    expect(showroom.interaction_events[0].type).toBe('welcome')
    expect((await test.inject(new URL(showroom.map.background).pathname)).statusCode).toBe(200)
    expect((await test.inject(new URL(channel.icon).pathname)).statusCode).toBe(200)
  })

  it.each([ChannelType.Voice, ChannelType.GamePlaza, ChannelType.ExternalLink, ChannelType.Live, ChannelType.LiveBanner])(
    'refuses to create a channel of type %i with 403 (SPEC §4)', async channelType => {
      const guest = await signInAsGuest(test)
      const response = await create(guest.headers, { title: 'x', channel_type: channelType })
      expect(response.statusCode).toBe(403)
      expect(envelope(response)).toMatchObject({ code: 403000, data: null })
      expect(envelope(response).msg).toMatch(/^body\.channel_type /)
    })

  it('refuses a title that fails the audit with 422 / 104001 and creates nothing', async () => {
    const guest = await signInAsGuest(test)
    const before = await channelsOf('723658')
    const response = await create(guest.headers, { title: '违禁频道', channel_type: 1 })
    expect(response.statusCode).toBe(422)
    expect(envelope(response)).toEqual({ code: 104001, msg: 'title did not pass the content audit', data: null })
    expect(await channelsOf('723658')).toEqual(before)
  })

  it('refuses an icon that fails the audit with 422 / 104004 and creates nothing', async () => {
    const guest = await signInAsGuest(test)
    const before = await channelsOf('723658')
    const response = await create(guest.headers, { title: 'fine title', channel_type: 3, icon: 'https://cdn.example/forbidden.png' })
    expect(response.statusCode).toBe(422)
    expect(envelope(response)).toEqual({ code: 104004, msg: 'icon did not pass the content audit', data: null })
    expect(await channelsOf('723658')).toEqual(before)
  })

  it('refuses an icon that is not an http(s) URL with 400', async () => {
    const guest = await signInAsGuest(test)
    const response = await create(guest.headers, { title: 'x', channel_type: 1, icon: 'data:image/png;base64,AAAA' })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toBe('body.icon must be an http(s) URL')
  })

  it('refuses a parent that is not a group of this server with 400', async () => {
    const guest = await signInAsGuest(test)
    for (const parentId of ['72365802', '83282801', '123']) {
      const response = await create(guest.headers, { title: 'x', channel_type: 1, parent_id: parentId })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toMatch(/^body\.parent_id: /)
    }
  })

  it('refuses a missing title, a blank title and unknown fields with 400 naming them', async () => {
    const guest = await signInAsGuest(test)
    expect(envelope(await create(guest.headers, { channel_type: 1 })).msg).toBe('body.title is required')
    expect(envelope(await create(guest.headers, { title: '  ', channel_type: 1 })).msg).toMatch(/^body\.title /)
    expect(envelope(await create(guest.headers, { title: 'x', channel_type: 1, kind: 2 })).msg).toBe('body.kind is not allowed')
  })

  it('answers 401 without a session and 404 for an unknown server', async () => {
    expect((await create({}, { title: 'x', channel_type: 1 })).statusCode).toBe(401)
    const guest = await signInAsGuest(test)
    expect((await create(guest.headers, { title: 'x', channel_type: 1 }, '999999')).statusCode).toBe(404)
  })
})

describe('GET /servers/:server_id/roles', () => {
  it('lists the roles with a bot role and a training-channel role', async () => {
    const { list } = envelope<RoleListData>(await test.inject('/servers/832828/roles')).data
    expect(list.find(role => role.type === 1)).toBeDefined()
    expect(list.find(role => role.join_role !== null)?.join_role).toBe('83282805')
  })
})

describe('GET /servers/:server_id/lives', () => {
  it('pages through the live items of the busy server without repeating one', async () => {
    const first = envelope<Paged<LiveItem>>(await test.inject({ url: '/servers/832828/lives', query: { page: '1', page_size: '20' } })).data
    const second = envelope<Paged<LiveItem>>(await test.inject({ url: '/servers/832828/lives', query: { page: '2', page_size: '20' } })).data
    expect(first).toMatchObject({ page: 1, page_size: 20, has_more: true })
    expect(first.total).toBeGreaterThanOrEqual(25)
    expect(first.list).toHaveLength(20)
    expect(second.has_more).toBe(false)
    expect(second.list).toHaveLength(first.total - 20)
    const ids = [...first.list, ...second.list].map(item => item.live_id)
    expect(new Set(ids).size).toBe(first.total)
  })

  it('uses page 1 of 20 by default', async () => {
    const { data } = envelope<Paged<LiveItem>>(await test.inject('/servers/723658/lives'))
    expect(data).toMatchObject({ page: 1, page_size: 20 })
  })

  it('refuses a page size over 50 or a page below 1 with 400 naming it', async () => {
    expect(envelope(await test.inject('/servers/832828/lives?page_size=51')).msg).toMatch(/^query\.page_size /)
    expect(envelope(await test.inject('/servers/832828/lives?page=0')).msg).toMatch(/^query\.page /)
    expect(envelope(await test.inject('/servers/832828/lives?page=abc')).msg).toMatch(/^query\.page /)
  })
})
