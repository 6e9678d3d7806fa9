import type { ChannelListData, MapCfgData, Paged, RoleListData, ServerListData } from '@core/wire/api'
import { ChannelKind, ChannelType, type Channel, type LiveItem, type Server } from '@core/wire/entities'
import { groupChannels } from '@core/domain/channel'
import { envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

let test: TestApp
// the per-minute limit of channel creation has its own tests below; here one account creates many
beforeAll(async () => { test = await startTestApp({ CHANNEL_CREATE_PER_MINUTE: '1000' }) })
afterAll(async () => { await test.close() })

/** Ids of every channel of a channel-list answer, group headers included, in display order. */
const channelIds = (response: { json: () => unknown }): string[] =>
  (response.json() as { data: ChannelListData }).data.groups.flatMap(group => [...(group.group ? [group.group] : []), ...group.channels]).map(channel => channel.channel_id)

const channelsOfApp = async (app: TestApp, serverId: string, headers: Record<string, string> = {}): Promise<Channel[]> =>
  envelope<ChannelListData>(await app.inject({ url: `/servers/${serverId}/channels`, headers })).data.groups.flatMap(group => [...(group.group ? [group.group] : []), ...group.channels])

const channelsOf = (serverId: string): Promise<Channel[]> => channelsOfApp(test, serverId)

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

  it('answers the very same bytes again for the same origin, and each origin its own URLs', async () => {
    const ask = (host: string) => test.inject({ url: '/servers/832828/channels', headers: { host } })
    const first = await ask('realm.test:8080')
    const again = await ask('realm.test:8080')
    const other = await ask('other.test')
    expect(again.payload).toBe(first.payload)
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(again.headers['content-type']).toBe(first.headers['content-type'])
    expect(again.headers['content-length']).toBe(first.headers['content-length'])
    const icons = (response: typeof first) => envelope<ChannelListData>(response).data.groups.flatMap(group => group.channels).map(channel => channel.icon)
    expect(icons(first).every(icon => icon.startsWith('http://realm.test:8080/files/'))).toBe(true)
    expect(icons(other).every(icon => icon.startsWith('http://other.test/files/'))).toBe(true)
  })

  it('answers 404 for an unknown server every time', async () => {
    for (let round = 0; round < 2; round++) {
      const response = await test.inject('/servers/999999/channels')
      expect(response.statusCode).toBe(404)
      expect(envelope(response)).toEqual({ code: 404000, msg: 'path.server_id: no server 999999', data: null })
    }
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
    const member = await signInAsMember(test)
    const response = await create(member.headers, { title: `新频道 ${channelType}`, channel_type: channelType, icon: 'https://cdn.example/i.png' })
    expect(response.statusCode).toBe(200)
    const channel = envelope<Channel>(response).data
    expect(channel).toMatchObject({ server_id: '723658', channel_type: channelType, name: `新频道 ${channelType}`, kind: 0, parent_id: null, audit_status: 0, icon: 'https://cdn.example/i.png' })
    expect(await channelsOf('723658')).toContainEqual(channel)
  })

  it('shows a created channel in the very next list of every origin, while the other servers\' lists stay as they were', async () => {
    const list = (serverId: string, host: string) => test.inject({ url: `/servers/${serverId}/channels`, headers: { host } })
    const otherBefore = (await list('275902', 'a.test')).payload
    const before = await Promise.all(['a.test', 'b.test'].map(async host => channelIds(await list('832828', host))))
    const member = await signInAsMember(test)
    const created = envelope<Channel>(await create(member.headers, { title: '刚建的频道', channel_type: ChannelType.Discussion }, '832828')).data
    for (const [index, host] of ['a.test', 'b.test'].entries()) {
      const after = channelIds(await list('832828', host))
      expect(after).toContain(created.channel_id)
      expect(after.filter(id => id !== created.channel_id)).toEqual(before[index])
    }
    expect((await list('275902', 'a.test')).payload).toBe(otherBefore)
  })

  it('creates a metaverse channel with a showroom the client can open', async () => {
    const member = await signInAsMember(test)
    const response = await create(member.headers, { title: '我的展厅', channel_type: ChannelType.Metaverse, parent_id: '72365809' })
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
      const member = await signInAsMember(test)
      const response = await create(member.headers, { title: 'x', channel_type: channelType })
      expect(response.statusCode).toBe(403)
      expect(envelope(response)).toMatchObject({ code: 403000, data: null })
      expect(envelope(response).msg).toMatch(/^body\.channel_type /)
    })

  it('refuses a title that fails the audit with 422 / 104001 and creates nothing', async () => {
    const member = await signInAsMember(test)
    const before = await channelsOf('723658')
    const response = await create(member.headers, { title: '违禁频道', channel_type: 1 })
    expect(response.statusCode).toBe(422)
    expect(envelope(response)).toEqual({ code: 104001, msg: 'title did not pass the content audit', data: null })
    expect(await channelsOf('723658')).toEqual(before)
  })

  it('refuses an icon that fails the audit with 422 / 104004 and creates nothing', async () => {
    const member = await signInAsMember(test)
    const before = await channelsOf('723658')
    const response = await create(member.headers, { title: 'fine title', channel_type: 3, icon: 'https://cdn.example/forbidden.png' })
    expect(response.statusCode).toBe(422)
    expect(envelope(response)).toEqual({ code: 104004, msg: 'icon did not pass the content audit', data: null })
    expect(await channelsOf('723658')).toEqual(before)
  })

  it('refuses an icon that is not an http(s) URL with 400', async () => {
    const member = await signInAsMember(test)
    const response = await create(member.headers, { title: 'x', channel_type: 1, icon: 'data:image/png;base64,AAAA' })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toBe('body.icon must be an http(s) URL')
  })

  it('refuses a parent that is not a group of this server with 400', async () => {
    const member = await signInAsMember(test)
    for (const parentId of ['72365802', '83282801', '123']) {
      const response = await create(member.headers, { title: 'x', channel_type: 1, parent_id: parentId })
      expect(response.statusCode).toBe(400)
      expect(envelope(response).msg).toMatch(/^body\.parent_id: /)
    }
  })

  it('refuses a missing title, a blank title and unknown fields with 400 naming them', async () => {
    const member = await signInAsMember(test)
    expect(envelope(await create(member.headers, { channel_type: 1 })).msg).toBe('body.title 必须填写')
    expect(envelope(await create(member.headers, { title: '  ', channel_type: 1 })).msg).toMatch(/^body\.title /)
    expect(envelope(await create(member.headers, { title: 'x', channel_type: 1, kind: 2 })).msg).toBe('body.kind 不能出现在请求中')
  })

  it('refuses a guest, in a server it never joined as in one it joined, with 403 naming ManageChannels, and creates nothing', async () => {
    const guest = await signInAsGuest(test)
    const before = await channelsOf('723658')
    const response = await create(guest.headers, { title: 'guest channel', channel_type: 1 })
    expect(response.statusCode).toBe(403)
    expect(envelope(response)).toEqual({ code: 403000, msg: 'missing permission: ManageChannels (not a member of server 723658)', data: null })
    const seededGuest = await signInAsMember(test, 'B_300001')
    expect(envelope(await create(seededGuest.headers, { title: 'guest channel', channel_type: 1 })).msg).toBe('missing permission: ManageChannels')
    expect(await channelsOf('723658')).toEqual(before)
  })

  it('refuses a member without ManageChannels and lets a role that has it create', async () => {
    const member = await signInAsMember(test, '100004')
    expect((await create(member.headers, { title: 'x', channel_type: 1 })).statusCode).toBe(403)
    const admin = await signInAsMember(test, '100002')
    expect((await create(admin.headers, { title: 'admin channel', channel_type: 1 })).statusCode).toBe(200)
  })

  it('creates many channels in the same millisecond without a failure, each with its own id', async () => {
    const member = await signInAsMember(test, '100002')
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now()) // the moment ids used to collide in
    let answers
    try {
      answers = await Promise.all(Array.from({ length: 150 }, (_, n) => create(member.headers, { title: `并发 ${n}`, channel_type: 1 }, '275902')))
    } finally {
      clock.mockRestore()
    }
    expect(answers.map(answer => answer.statusCode)).toEqual(answers.map(() => 200))
    const ids = answers.map(answer => envelope<Channel>(answer).data.channel_id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(channelIds(await test.inject('/servers/275902/channels'))).toEqual(expect.arrayContaining(ids))
  })

  it('answers 401 without a session and 404 for an unknown server', async () => {
    expect((await create({}, { title: 'x', channel_type: 1 })).statusCode).toBe(401)
    const member = await signInAsMember(test)
    expect((await create(member.headers, { title: 'x', channel_type: 1 }, '999999')).statusCode).toBe(404)
  })
})

describe('POST /servers/:server_id/channels: limits', () => {
  it('lets an account create a few channels a minute, then answers 429 in words and creates nothing until the next minute', async () => {
    let now = 1_900_000_020
    const limited = await startTestApp({ CHANNEL_CREATE_PER_MINUTE: '2' }, { now: () => now })
    try {
      const member = await signInAsMember(limited)
      const create = (title: string) => limited.inject({ method: 'POST', url: '/servers/723658/channels', headers: member.headers, payload: { title, channel_type: 1 } })
      // a refusal for another reason costs nothing
      expect((await create('违禁')).statusCode).toBe(422)
      expect((await create('一')).statusCode).toBe(200)
      expect((await create('二')).statusCode).toBe(200)
      const before = (await limited.inject('/servers/723658/channels')).payload
      const refused = await create('三')
      expect(refused.statusCode).toBe(429)
      // told in the member's language: zh-CN by default (SPEC §8), English when the client asks for it
      expect(envelope(refused)).toMatchObject({ code: 429000, msg: '创建频道太频繁：每个账号每分钟最多 2 次，请一分钟后再试', data: null })
      const inEnglish = await limited.inject({ method: 'POST', url: '/servers/723658/channels', headers: { ...member.headers, 'accept-language': 'en' }, payload: { title: '三', channel_type: 1 } })
      expect(envelope(inEnglish)).toMatchObject({ code: 429000, msg: 'too many new channels: each account may create 2 a minute; try again in a minute', data: null })
      expect((await limited.inject('/servers/723658/channels')).payload).toBe(before)
      // another account has its own count
      expect((await limited.inject({ method: 'POST', url: '/servers/723658/channels', headers: (await signInAsMember(limited, '100002')).headers, payload: { title: '别人', channel_type: 1 } })).statusCode).toBe(200)
      now += 60
      expect((await create('三')).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })

  it('refuses a channel past the server\'s cap with 403 in words', async () => {
    const capped = await startTestApp({ CHANNELS_PER_SERVER_MAX: '16' })
    try {
      const member = await signInAsMember(capped) // the owner sees every channel, the training channel too
      const count = (await channelsOfApp(capped, '723658', member.headers)).length
      expect(count).toBeLessThan(16)
      const create = () => capped.inject({ method: 'POST', url: '/servers/723658/channels', headers: member.headers, payload: { title: '满了吗', channel_type: 1 } })
      for (let n = count; n < 16; n++) expect((await create()).statusCode).toBe(200)
      const refused = await create()
      expect(refused.statusCode).toBe(403)
      expect(envelope(refused).msg).toBe('server 723658 already holds its limit of 16 channels: no more can be created there')
      expect(await channelsOfApp(capped, '723658', member.headers)).toHaveLength(16)
    } finally {
      await capped.close()
    }
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

  it('answers the very same bytes again for the same page, and other pages and sizes on their own', async () => {
    const first = await test.inject('/servers/832828/lives?page=1&page_size=10')
    const again = await test.inject('/servers/832828/lives?page=1&page_size=10')
    expect(again.payload).toBe(first.payload)
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8')
    const small = envelope<Paged<LiveItem>>(await test.inject('/servers/832828/lives?page=1&page_size=5')).data
    const next = envelope<Paged<LiveItem>>(await test.inject('/servers/832828/lives?page=2&page_size=10')).data
    const ten = envelope<Paged<LiveItem>>(first).data
    expect(small.list).toEqual(ten.list.slice(0, 5))
    expect(next.list[0]).not.toEqual(ten.list[0])
    expect(next).toMatchObject({ page: 2, page_size: 10 })
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

describe('GET /servers/:server_id/channels and training channels (SPEC §6)', () => {
  const ids = async (headers: Record<string, string> = {}): Promise<string[]> => (await channelsOfApp(test, '832828', headers)).map(channel => channel.channel_id)

  it('hides the training channel from everyone but its role and those above the rules', async () => {
    expect(await ids()).not.toContain('83282805')
    expect(await ids((await signInAsMember(test, '100003')).headers)).not.toContain('83282805')
    expect(await ids((await signInAsMember(test, '100004')).headers)).toContain('83282805')
    expect(await ids((await signInAsMember(test)).headers)).toContain('83282805')
  })
})
