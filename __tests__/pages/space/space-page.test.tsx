import { t } from '@/i18n'
import type { ServerFrame } from '@core/wire/gateway'
import { GATEWAY_PROTOCOL_VERSION, GatewayErrorCode } from '@core/wire/gateway-codes'
import type { InteractionEvent, MapCfgData } from '@core/wire/api'
import { ChannelKind, ChannelType, MapCategory } from '@core/wire/entities'
import type { SpaceAvatar, SpaceInfo, SpaceServerFrame, TiledMap } from '@core/wire/space'
import { reaction } from 'mobx'
import SpacePage from '@/pages/space/index'
import { firstInteractionEvent } from '@/services/api'
import { fakeConnector } from '../../stores/support/fake-socket'
import { failedRequest, fakeApi, user } from '../../stores/support/fakes'
import { mountPage, spyToasts, toastTitles, unmountPages, type MountedPage } from '../../support/page-harness'
import { forgetHooks } from '../home-taro-hooks'

jest.mock('@tarojs/taro', () => jest.requireActual('../home-taro-hooks').recordingTaro())

const MEMBER = user({ uid: '100001', nickname: '林晓' })
const map: TiledMap = {
  orientation: 'orthogonal',
  width: 30,
  height: 20,
  tilewidth: 32,
  tileheight: 32,
  layers: [{ name: 'objects', type: 'objectgroup', objects: [{ id: 1, name: '欢迎台', x: 320, y: 160, width: 96, height: 32, properties: [{ name: 'hotspot_id', value: 'hs-product' }] }] }],
  tilesets: [],
}
const info: SpaceInfo = { channel_id: '83282810', server_id: '832828', map, count: 1 }

function event (eventId: string, overrides: Partial<InteractionEvent> = {}): InteractionEvent {
  return { event_id: eventId, type: 'welcome', title: `标题 ${eventId}`, text: '', image: '', price: null, video_url: null, ...overrides }
}
const WELCOME = event('welcome', { title: '欢迎光临' })
const PRODUCT = event('product', { type: 'product', title: '星空灯', price: 129900 })
const showroom: MapCfgData = {
  channel_id: '83282810',
  server_id: '832828',
  map: { map_category: MapCategory.ThreeD, background: '/files/map.png', width: 960, height: 640 },
  hotspots: [{ hotspot_id: 'hs-product', x: 0.3, y: 0.3, title: '星空灯展台', event_id: 'product' }],
  interaction_events: [WELCOME, PRODUCT],
}

function avatar (id: number, x: number, y: number, nickname: string): SpaceAvatar {
  return { id, uid: `U_${id}`, nickname, avatar: '', kind: 'member', x, y, dir: 0 }
}

let toasts: jest.SpyInstance
beforeEach(() => {
  toasts = spyToasts()
  // jsdom draws nothing: the canvas has no 2d context here (the renderer has its own tests)
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null)
})
afterEach(() => {
  unmountPages()
  forgetHooks()
  jest.restoreAllMocks()
})

/** Opens the space page of the 3D showroom as a signed-in member, the gateway up on a fake socket. */
async function openSpace (space: jest.Mock = jest.fn(async () => info)) {
  const connect = fakeConnector()
  const api = fakeApi()
  api.getShowroom.mockResolvedValue({ data: showroom, firstEvent: firstInteractionEvent(showroom) })
  api.listChannels.mockResolvedValue([])
  api.getChannel.mockResolvedValue({ channel_id: '83282810', server_id: '832828', channel_type: ChannelType.Metaverse, kind: ChannelKind.Channel, name: '像素乐园' } as never)
  const page = await mountPage(SpacePage, {
    api,
    params: { channel_id: '83282810', server_id: '832828' },
    signedIn: MEMBER,
    space: { space, counts: jest.fn(async () => ({ counts: [] })), people: jest.fn(async () => ({ spaces: [] })), move: jest.fn(async () => null), remove: jest.fn(async () => null) },
    gateway: connect,
    beforeMount: root => {
      // as the app does: the gateway connects once the page's sign-in has restored the member
      reaction(() => root.session.token, token => { if (token) root.gateway.start() })
    },
  })
  await page.settle()
  await page.testUtils.act(async () => {
    connect.last().open()
    connect.last().deliver({ op: 'ready', d: { user: MEMBER, protocol_version: GATEWAY_PROTOCOL_VERSION, session_id: 's1', seq: 0, heartbeat_interval_ms: 30_000, server_ids: ['832828'] } })
  })
  await page.settle()
  const deliver = async (frame: SpaceServerFrame | ServerFrame) => {
    await page.testUtils.act(async () => { connect.last().deliver(frame as ServerFrame) })
    await page.settle()
  }
  const sent = () => connect.last().sent.filter(frame => frame.op.startsWith('space_'))
  return { page, deliver, sent, space }
}

async function ready ({ deliver }: { deliver: (frame: SpaceServerFrame) => Promise<void> }, overrides: Partial<{ can_act: boolean, avatars: SpaceAvatar[], count: number }> = {}) {
  await deliver({ op: 'space_ready', d: { channel_id: '83282810', self: 1, tick_hz: 10, speed: 160, can_act: true, avatars: [avatar(1, 480, 500, '林晓'), avatar(2, 520, 500, 'Alex')], count: 2, ...overrides } })
}

function text (page: MountedPage): string {
  return page.text()
}

describe('Space page', () => {
  it('loads the channel\'s space, stands in it and shows its name and how many are here', async () => {
    const opened = await openSpace()
    expect(opened.space).toHaveBeenCalledWith('83282810')
    expect(opened.sent()).toEqual([{ op: 'space_enter', d: { channel_id: '83282810' } }])
    expect(document.querySelector('[data-testid="space-canvas"]')).not.toBeNull()
    await ready(opened)
    expect(document.querySelector('.page-header__title')?.textContent).toBe('像素乐园 · 2 人在逛')
  })

  it('plays the showroom\'s first interaction event on entry (SPEC §7)', async () => {
    await openSpace()
    expect(document.querySelector('.interaction-card')?.textContent).toContain('欢迎光临')
  })

  it('opens a hotspot\'s card when my avatar walks up to it', async () => {
    const opened = await openSpace()
    await ready(opened)
    await opened.page.tap('.interaction-card__close')
    await opened.deliver({ op: 'space_tick', d: { m: [1, -120, -290], turn: [1, 3] } }) // from 480, 500 to 360, 210
    expect(document.querySelector('.interaction-card')?.textContent).toContain('星空灯')
  })

  it('says so when nobody else is here', async () => {
    const opened = await openSpace()
    await ready(opened, { avatars: [avatar(1, 480, 500, '林晓')], count: 1 })
    expect(text(opened.page)).toContain('这里只有你')
  })

  it('says what the member types near their avatar, plays emotes and shows what others said in the log', async () => {
    const opened = await openSpace()
    await ready(opened)
    const input = document.querySelector('.space-page__input input, input.space-page__input, .space-page__input') as HTMLInputElement
    await opened.page.testUtils.act(async () => {
      const field = input.tagName === 'INPUT' ? input : input.querySelector('input') as HTMLInputElement
      field.value = '大家好'
      field.dispatchEvent(new Event('input', { bubbles: true }))
    })
    await opened.page.settle()
    await opened.page.tap('.space-page__say')
    await opened.page.tap('.space-page__emote', '庆祝')
    expect(opened.sent().slice(1)).toEqual([{ op: 'space_say', d: { text: '大家好' } }, { op: 'space_emote', d: { emote: 'party' } }])
    await opened.deliver({ op: 'space_said', d: { id: 2, uid: 'U_2', nickname: 'Alex', text: '你好呀', at: 1 } })
    expect(document.querySelector('.space-page__log')?.textContent).toContain('Alex你好呀')
  })

  it('shows a guest the sign-in bar instead of the talk bar', async () => {
    const opened = await openSpace()
    await ready(opened, { can_act: false })
    expect(text(opened.page)).toContain('游客只能看看')
    expect(document.querySelector('.space-page__say')).toBeNull()
  })

  it('says a refused bubble in a toast with the server\'s reason', async () => {
    const opened = await openSpace()
    await ready(opened)
    await opened.deliver({ op: 'error', d: { code: GatewayErrorCode.SpaceRefused, msg: 'space_say: 说得太快了，歇一歇' } })
    expect(toastTitles(toasts)).toContain('说得太快了，歇一歇')
  })

  it('says a space it may not enter cannot be entered, in a toast and in place of 正在进入空间', async () => {
    const opened = await openSpace()
    await opened.deliver({ op: 'error', d: { code: GatewayErrorCode.SpaceRefused, msg: 'space_enter: no channel 83282810' } })
    expect(toastTitles(toasts)).toContain(t('spaceEnterRefused'))
    expect(document.querySelector('[data-testid=space-entering]')?.textContent).toBe(t('spaceEnterRefused'))
  })

  it('offers a retry when the space could not load, and enters after it', async () => {
    const space = jest.fn().mockRejectedValueOnce(failedRequest()).mockResolvedValue(info)
    const opened = await openSpace(space)
    expect(document.querySelector('.state-view')).not.toBeNull()
    expect(opened.sent()).toEqual([])
    await opened.page.tap('.state-view__retry')
    expect(opened.sent()).toEqual([{ op: 'space_enter', d: { channel_id: '83282810' } }])
  })
})
