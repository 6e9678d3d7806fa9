import { GATEWAY_PROTOCOL_VERSION, GatewayErrorCode } from '@core/wire/gateway-codes'
import type { ServerFrame } from '@core/wire/gateway'
import type { SpaceAvatar, SpaceInfo, SpaceServerFrame, TiledMap } from '@core/wire/space'
import { SPACE_SAY_MAX_LENGTH } from '@core/wire/space-codes'
import { SPACE_BUBBLE_MS, SPACE_EMOTE_MS, SPACE_LOG_MAX } from '@/constants/space'
import { drawnPosition, INTERPOLATION_DELAY_MS } from '@/stores/space/motion'
import type { SpaceApi } from '@/services/api/space'
import type { Paged } from '@core/wire/api'
import type { Channel, LiveItem } from '@core/wire/entities'
import { GatewayStore } from '@/stores/gateway-store'
import { SPACE_MUTE_SECONDS } from '@/stores/space/moderation'
import { SpaceCountStore } from '@/stores/space/space-count-store'
import { SpaceStore } from '@/stores/space/space-store'
import { t } from '@/i18n'
import { fakeConnector } from '../support/fake-socket'
import { deferred, failedRequest, fakeLogger, manualScheduler, user } from '../support/fakes'

const map: TiledMap = {
  orientation: 'orthogonal',
  width: 20,
  height: 10,
  tilewidth: 32,
  tileheight: 32,
  layers: [{ name: 'objects', type: 'objectgroup', objects: [{ id: 1, x: 320, y: 160, width: 64, height: 64, properties: [{ name: 'hotspot_id', value: 'h1' }] }] }],
  tilesets: [],
}
const info: SpaceInfo = { channel_id: 'c8', server_id: '723658', map, count: 3 }

function avatar (id: number, x: number, y: number, overrides: Partial<SpaceAvatar> = {}): SpaceAvatar {
  return { id, uid: `U_${id}`, nickname: `member ${id}`, avatar: '', kind: 'member', x, y, dir: 0, ...overrides }
}

/** A real gateway store over a fake socket, signed in, and a space store on it; the clock is the test's. */
function setup (space: SpaceApi['space'] = jest.fn(async () => info), lives = jest.fn(async (): Promise<Paged<LiveItem>> => ({ list: [], page: 1, size: 20, total: 0, has_more: false } as unknown as Paged<LiveItem>))) {
  const connect = fakeConnector()
  const scheduler = manualScheduler()
  const logger = fakeLogger()
  const gateway = new GatewayStore({ connect, url: 'ws://realm.test/gateway', token: () => 'tok', scheduler, random: () => 0.5, logger })
  const clock = { now: 10_000 }
  const channel = jest.fn(async (channelId: string) => ({ channel_id: channelId, name: '像素乐园' } as unknown as Channel))
  const remove = jest.fn<Promise<null>, [string, string]>(async () => null)
  const move = jest.fn<Promise<null>, [string, string, { x: number, y: number }]>(async () => null)
  const timeout = jest.fn<Promise<unknown>, [string, string, number]>(async () => null)
  const counts = new SpaceCountStore({ counts: jest.fn(async () => ({ counts: [] })) }, gateway, logger)
  const store = new SpaceStore({ api: { space, move, remove }, gateway, clock: () => clock.now, scheduler, logger, lives, channel, timeout, counts })
  const online = () => {
    connect.last().open()
    connect.last().deliver({ op: 'ready', d: { user: user(), protocol_version: GATEWAY_PROTOCOL_VERSION, session_id: 's1', seq: 0, heartbeat_interval_ms: 30_000, server_ids: ['723658'] } })
  }
  gateway.start()
  online()
  const deliver = (frame: SpaceServerFrame | ServerFrame) => connect.last().deliver(frame as ServerFrame)
  const sent = () => connect.last().sent.filter(frame => frame.op.startsWith('space_'))
  const ready = (overrides: Partial<{ self: number, can_act: boolean, avatars: SpaceAvatar[], count: number }> = {}) => deliver({
    op: 'space_ready',
    d: { channel_id: 'c8', self: 1, tick_hz: 10, speed: 160, can_act: true, avatars: [avatar(1, 100, 100), avatar(2, 200, 100)], count: 2, ...overrides },
  })
  return { connect, scheduler, gateway, store, clock, deliver, sent, ready, online, space, lives, logger, remove, move, timeout, counts }
}

describe('SpaceStore', () => {
  it('loads the map, then stands in the space over the gateway', async () => {
    const { store, sent, space } = setup()
    expect(await store.open('c8')).toBe(true)
    expect(space).toHaveBeenCalledWith('c8')
    expect(store.status).toBe('ready')
    expect(store.map?.width).toBe(640)
    expect(store.count).toBe(3)
    expect(sent()).toEqual([{ op: 'space_enter', d: { channel_id: 'c8' } }])
    expect(store.channel?.name).toBe('像素乐园')
  })

  it('stands next to a friend when jumping to them', async () => {
    const { store, sent } = setup()
    await store.open('c8', 'U_friend')
    expect(sent()).toEqual([{ op: 'space_enter', d: { channel_id: 'c8', near_uid: 'U_friend' } }])
  })

  it('says why the map could not come and enters after a retry', async () => {
    const answer = deferred<SpaceInfo>()
    const space = jest.fn<Promise<SpaceInfo>, [string]>().mockRejectedValueOnce(failedRequest()).mockReturnValueOnce(answer.promise)
    const { store, sent } = setup(space)
    expect(await store.open('c8')).toBe(false)
    expect(store.status).toBe('error')
    expect(store.error).toBeTruthy()
    expect(sent()).toEqual([])
    const retried = store.load()
    expect(store.status).toBe('loading')
    answer.resolve(info)
    expect(await retried).toBe(true)
    expect(sent()).toEqual([{ op: 'space_enter', d: { channel_id: 'c8' } }])
  })

  it('keeps the avatars in view from the ready frame and the ticks: in, moves, out and the count', async () => {
    const { store, ready, deliver } = setup()
    await store.open('c8')
    ready()
    expect(store.entered).toBe(true)
    expect(store.self?.nickname).toBe('member 1')
    expect([...store.avatars.keys()]).toEqual([1, 2])
    deliver({ op: 'space_tick', d: { m: [2, 10, 4], turn: [2, 2], in: [avatar(3, 50, 60, { kind: 'host', nickname: '导览员' })], count: 3 } })
    expect(store.avatars.get(2)).toMatchObject({ x: 210, y: 104, dir: 2 })
    expect(store.avatars.get(3)?.kind).toBe('host')
    expect(store.count).toBe(3)
    deliver({ op: 'space_tick', d: { m: [], out: [2] } })
    expect([...store.avatars.keys()]).toEqual([1, 3])
    expect(store.alone).toBe(false)
  })

  it('brings back an avatar sent whole earlier in the stay from its id and pose alone (`back`)', async () => {
    const { store, ready, deliver } = setup()
    await store.open('c8')
    ready()
    deliver({ op: 'space_tick', d: { m: [], in: [avatar(3, 50, 60, { nickname: '小鹿' })] } })
    deliver({ op: 'space_tick', d: { m: [], out: [2, 3] } })
    expect([...store.avatars.keys()]).toEqual([1])
    deliver({ op: 'space_tick', d: { m: [], back: [2, 220, 110, 1, 3, 70, 80, 3, 9, 1, 1, 0] } })
    expect(store.avatars.get(2)).toMatchObject({ uid: 'U_2', nickname: 'member 2', x: 220, y: 110, dir: 1 }) // from space_ready
    expect(store.avatars.get(3)).toMatchObject({ uid: 'U_3', nickname: '小鹿', x: 70, y: 80, dir: 3 }) // from its `in`
    expect(store.avatars.has(9)).toBe(false) // never sent whole: nobody to draw
  })

  it('moves an avatar by the change from the pose last told, a whole one from `back` included, and turns it apart', async () => {
    const { store, ready, deliver } = setup()
    await store.open('c8')
    ready()
    deliver({ op: 'space_tick', d: { m: [2, 16, -8] } })
    expect(store.avatars.get(2)).toMatchObject({ x: 216, y: 92, dir: 0 })
    deliver({ op: 'space_tick', d: { m: [], out: [2] } })
    deliver({ op: 'space_tick', d: { m: [], back: [2, 400, 300, 1] } })
    deliver({ op: 'space_tick', d: { m: [2, -8, 0] } })
    expect(store.avatars.get(2)).toMatchObject({ x: 392, y: 300, dir: 1 })
    deliver({ op: 'space_tick', d: { m: [], turn: [2, 3] } })
    expect(store.avatars.get(2)).toMatchObject({ x: 392, y: 300, dir: 3 })
  })

  it('forgets the avatars it was sent when it leaves the space: a `back` after entering again names nobody', async () => {
    const { store, ready, deliver } = setup()
    await store.open('c8')
    ready()
    deliver({ op: 'space_left', d: { channel_id: 'c8', reason: 'moved' } })
    ready({ avatars: [avatar(1, 100, 100)] })
    deliver({ op: 'space_tick', d: { m: [], back: [2, 220, 110, 1] } })
    expect([...store.avatars.keys()]).toEqual([1])
  })

  it('keeps where an avatar was seen so the canvas draws it moving smoothly between ticks', async () => {
    const { store, ready, deliver, clock } = setup()
    await store.open('c8')
    ready()
    clock.now += 100
    deliver({ op: 'space_tick', d: { m: [2, 20, 0], turn: [2, 2] } })
    clock.now += 100
    deliver({ op: 'space_tick', d: { m: [2, 20, 0] } })
    const track = store.avatars.get(2)?.track ?? []
    // drawn INTERPOLATION_DELAY_MS behind: half way between the last two ticks, 50 ms before the newest
    expect(drawnPosition(track, clock.now - 50 + INTERPOLATION_DELAY_MS)?.x).toBe(230)
  })

  it('knows when nobody else is here', async () => {
    const { store, ready } = setup()
    await store.open('c8')
    ready({ avatars: [avatar(1, 100, 100)], count: 1 })
    expect(store.alone).toBe(true)
  })

  it('is not alone beside the map\'s host, who is not counted', async () => {
    const { store, ready } = setup()
    await store.open('c8')
    ready({ avatars: [avatar(1, 100, 100, { kind: 'guest' }), avatar(7, 140, 100, { kind: 'host', uid: 'D_400001' })], count: 1 })
    expect(store.alone).toBe(false)
  })

  it('keeps its count in the one book the channel rows read: a guest, sent no SPACE_COUNT, sees the same number in both', async () => {
    const { store, ready, deliver, counts } = setup()
    await store.open('c8')
    expect(counts.byChannel).toEqual({ c8: 3 })
    ready({ count: 1 })
    deliver({ op: 'space_tick', d: { m: [], count: 2 } })
    expect([store.count, counts.byChannel.c8]).toEqual([2, 2])
    // a SPACE_COUNT dispatch lands in the same book: the page's header reads it too
    deliver({ op: 'dispatch', t: 'SPACE_COUNT', s: 1, d: { server_id: '723658', channel_id: 'c8', count: 4 } } as unknown as ServerFrame)
    expect([store.count, counts.byChannel.c8]).toEqual([4, 4])
  })

  it('walks to a tapped point in whole map pixels on the map, and only a member who may act', async () => {
    const { store, ready, sent } = setup()
    await store.open('c8')
    ready()
    expect(store.walkTo(120.6, 80.2)).toBe(true)
    expect(store.walkTo(-50, 9999)).toBe(true)
    expect(store.walkTo(Number.NaN, 1)).toBe(false)
    expect(sent().slice(1)).toEqual([{ op: 'space_walk', d: { x: 121, y: 80 } }, { op: 'space_walk', d: { x: 0, y: 319 } }])
  })

  it('steers only when the direction changes', async () => {
    const { store, ready, sent } = setup()
    await store.open('c8')
    ready()
    store.steer(1, 0)
    store.steer(1, 0)
    store.steer(0.7, 0)
    store.steer(1, -1)
    store.steer(0, 0)
    store.steer(0, 0)
    expect(sent().slice(1)).toEqual([
      { op: 'space_steer', d: { dx: 1, dy: 0 } },
      { op: 'space_steer', d: { dx: 1, dy: -1 } },
      { op: 'space_steer', d: { dx: 0, dy: 0 } },
    ])
  })

  it('lets a guest look but not walk, steer, talk or emote', async () => {
    const { store, ready, sent } = setup()
    await store.open('c8')
    ready({ can_act: false })
    expect(store.canAct).toBe(false)
    expect(store.walkTo(10, 10)).toBe(false)
    expect(store.steer(1, 0)).toBe(false)
    expect(store.say('hi')).toBe(false)
    expect(store.emote('wave')).toBe(false)
    expect(sent()).toHaveLength(1)
  })

  it('says trimmed text no longer than the limit, nothing when empty, and plays emotes', async () => {
    const { store, ready, sent } = setup()
    await store.open('c8')
    ready()
    expect(store.say('   ')).toBe(false)
    expect(store.say('  你好  ')).toBe(true)
    store.say('字'.repeat(SPACE_SAY_MAX_LENGTH + 10))
    store.emote('heart')
    const frames = sent().slice(1)
    expect(frames[0]).toEqual({ op: 'space_say', d: { text: '你好' } })
    expect((frames[1].d as { text: string }).text).toHaveLength(SPACE_SAY_MAX_LENGTH)
    expect(frames[2]).toEqual({ op: 'space_emote', d: { emote: 'heart' } })
  })

  it('shows what was said as a bubble over the speaker for a few seconds and keeps a short log', async () => {
    const { store, ready, deliver, clock } = setup()
    await store.open('c8')
    ready()
    deliver({ op: 'space_said', d: { id: 2, uid: 'U_2', nickname: 'member 2', text: '第一句', at: 1 } })
    deliver({ op: 'space_said', d: { id: 2, uid: 'U_2', nickname: 'member 2', text: '第二句', at: 2 } })
    expect(store.bubblesAt(clock.now).map(line => line.text)).toEqual(['第二句'])
    expect(store.bubblesAt(clock.now + SPACE_BUBBLE_MS)).toEqual([])
    expect(store.lines.map(line => line.text)).toEqual(['第一句', '第二句'])
    for (let index = 0; index < SPACE_LOG_MAX; index++) deliver({ op: 'space_said', d: { id: 2, uid: 'U_2', nickname: 'member 2', text: `${index}`, at: 3 } })
    expect(store.lines).toHaveLength(SPACE_LOG_MAX)
    expect(store.lines[0].text).toBe('0')
  })

  it('plays an emote for a short while', async () => {
    const { store, ready, deliver, scheduler } = setup()
    await store.open('c8')
    ready()
    deliver({ op: 'space_emoted', d: { id: 2, emote: 'party' } })
    expect(store.emotes.map(emote => emote.emote)).toEqual(['party'])
    // the gateway's heartbeat timer runs beside the emote's
    while (scheduler.pending().some(timer => timer.delayMs === SPACE_EMOTE_MS)) scheduler.fireNext()
    expect(store.emotes).toEqual([])
  })

  it('rings my conversation', async () => {
    const { store, ready, deliver } = setup()
    await store.open('c8')
    ready()
    deliver({ op: 'space_group', d: { ids: [1, 2] } })
    expect(store.group).toEqual([1, 2])
    deliver({ op: 'space_group', d: { ids: [] } })
    expect(store.group).toEqual([])
  })

  it('knows the hotspot my avatar walked up to', async () => {
    const { store, ready, deliver } = setup()
    await store.open('c8')
    ready()
    expect(store.standingOn).toBeNull()
    deliver({ op: 'space_tick', d: { m: [1, 250, 140], turn: [1, 3] } })
    expect(store.standingOn).toBe('h1')
    deliver({ op: 'space_tick', d: { m: [1, 0, 60], turn: [1, 0] } })
    expect(store.standingOn).toBeNull()
  })

  it('plays the channel\'s featured live item on a live map\'s screen', async () => {
    const screenMap: TiledMap = { ...map, layers: [...map.layers, { name: 'screen', type: 'objectgroup', objects: [{ id: 9, type: 'screen', x: 200, y: 32, width: 160, height: 90 }] }] }
    const onAir = { live_id: 'l1', title: '正在直播', type: 3, is_live: 1, play_url: 'https://media.test/live.m3u8', started_at: 9, duration: 0 } as unknown as LiveItem
    const lives = jest.fn(async () => ({ list: [onAir] } as unknown as Paged<LiveItem>))
    const { store } = setup(jest.fn(async () => ({ ...info, map: screenMap })), lives)
    await store.open('c8')
    await Promise.resolve()
    expect(lives).toHaveBeenCalledWith('c8')
    expect(store.broadcast?.live_id).toBe('l1')
  })

  it('asks for no broadcast on a map without a screen', async () => {
    const { store, lives } = setup()
    await store.open('c8')
    expect(lives).not.toHaveBeenCalled()
    expect(store.broadcast).toBeNull()
  })

  it('says a refused bubble with the server\'s reason (the message rules\' words), any other refusal plainly', async () => {
    const { store, ready, deliver } = setup()
    await store.open('c8')
    ready()
    deliver({ op: 'error', d: { code: GatewayErrorCode.SpaceRefused, msg: 'space_say: 发言太频繁：每 10 秒最多 5 条，请 3 秒后再试' } })
    expect(store.notice).toBe('发言太频繁：每 10 秒最多 5 条，请 3 秒后再试')
    store.clearNotice()
    expect(store.notice).toBeNull()
    deliver({ op: 'error', d: { code: GatewayErrorCode.SpaceRefused, msg: 'space_steer: more than 30 space ops in a second' } })
    expect(store.notice).toBe(t('spaceActionRefused'))
  })

  it('says a space it may not enter cannot be entered, and stops entering until asked again', async () => {
    const { store, deliver } = setup()
    await store.open('c8')
    deliver({ op: 'error', d: { code: GatewayErrorCode.SpaceRefused, msg: 'space_enter: no channel c8' } })
    expect([store.notice, store.entryRefused, store.entered]).toEqual([t('spaceEnterRefused'), true, false])
  })

  it('stands in the space again when it moved to another server process', async () => {
    const { store, ready, deliver, sent } = setup()
    await store.open('c8')
    ready()
    deliver({ op: 'space_left', d: { channel_id: 'c8', reason: 'moved' } })
    expect(store.entered).toBe(false)
    expect(store.exit).toBeNull()
    expect(sent().map(frame => frame.op)).toEqual(['space_enter', 'space_enter'])
  })

  it('goes back with a notice when a moderator removed the member', async () => {
    const { store, ready, deliver } = setup()
    await store.open('c8')
    ready()
    deliver({ op: 'space_left', d: { channel_id: 'c8', reason: 'removed' } })
    expect(store.exit).toBe('removed')
    expect(store.notice).toBeTruthy()
    expect(store.avatars.size).toBe(0)
  })

  it('stands in the space again after the gateway reconnected', async () => {
    const { store, ready, connect, scheduler, online, sent } = setup()
    await store.open('c8')
    ready()
    connect.last().drop()
    scheduler.fireNext()
    online()
    expect(sent()).toEqual([{ op: 'space_enter', d: { channel_id: 'c8' } }])
  })

  it('leaves the space and stops listening when the page closes', async () => {
    const { store, ready, deliver, sent } = setup()
    await store.open('c8')
    ready()
    store.close()
    expect(sent().slice(1)).toEqual([{ op: 'space_leave', d: null }])
    deliver({ op: 'space_said', d: { id: 2, uid: 'U_2', nickname: 'member 2', text: 'late', at: 1 } })
    expect(store.lines).toEqual([])
    expect(store.entered).toBe(false)
  })

  it('lets a moderator take a picked member out of the space, and says so', async () => {
    const { store, ready, remove } = setup()
    await store.open('c8')
    ready()
    store.pick(1)
    expect(store.picked).toBeNull() // not myself
    store.pick(2)
    expect(store.picked?.uid).toBe('U_2')
    expect(await store.removePicked()).toBe(true)
    expect(remove).toHaveBeenCalledWith('c8', 'U_2')
    expect(store.picked).toBeNull()
    expect(store.notice).toBe('已将 member 2 移出空间')
  })

  it('says why a removal was refused and keeps the pick', async () => {
    const { store, ready, remove } = setup()
    remove.mockRejectedValueOnce(failedRequest())
    await store.open('c8')
    ready()
    store.pick(2)
    expect(await store.removePicked()).toBe(false)
    expect(store.notice).toBeTruthy()
    expect(store.picked?.id).toBe(2)
  })

  it('lets a moderator move a picked member next to their own avatar, and says so', async () => {
    const { store, ready, move } = setup()
    await store.open('c8')
    ready()
    store.pick(2)
    expect(await store.movePickedToMe()).toBe(true)
    expect(move).toHaveBeenCalledWith('c8', 'U_2', { x: 132, y: 100 }) // a tile to the right of mine at (100, 100)
    expect(store.notice).toBe('已将 member 2 移到你身边')
    expect(store.picked?.id).toBe(2) // still picked: a removal or a mute may follow
  })

  it('moves a picked member no further than the map\'s edge', async () => {
    const { store, ready, move } = setup()
    await store.open('c8')
    ready({ avatars: [avatar(1, 630, 300), avatar(2, 200, 100)] })
    store.pick(2)
    await store.movePickedToMe()
    expect(move).toHaveBeenCalledWith('c8', 'U_2', { x: 639, y: 300 })
  })

  it('mutes a picked member with a ten-minute timeout of the space\'s server, and says why when refused', async () => {
    const { store, ready, timeout, clock } = setup()
    await store.open('c8')
    ready()
    store.pick(2)
    expect(await store.mutePicked()).toBe(true)
    expect(timeout).toHaveBeenCalledWith('723658', 'U_2', Math.floor(clock.now / 1000) + SPACE_MUTE_SECONDS)
    expect(store.notice).toBe('已禁言 member 2 10 分钟')
    timeout.mockRejectedValueOnce(failedRequest())
    expect(await store.mutePicked()).toBe(false)
    expect(store.notice).toBe('请求异常')
    expect(store.picked?.id).toBe(2)
  })

  it('forgets the pick when that avatar leaves the view', async () => {
    const { store, ready, deliver } = setup()
    await store.open('c8')
    ready()
    store.pick(2)
    deliver({ op: 'space_tick', d: { m: [], out: [2] } })
    expect(store.picked).toBeNull()
  })

  it('ignores the ready frame of another channel\'s space', async () => {
    const { store, deliver } = setup()
    await store.open('c8')
    deliver({ op: 'space_ready', d: { channel_id: 'other', self: 1, tick_hz: 10, speed: 160, can_act: true, avatars: [], count: 1 } })
    expect(store.entered).toBe(false)
  })
})
