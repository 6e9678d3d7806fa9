import Taro from '@tarojs/taro'
import { api, createApiClient, firstInteractionEvent } from '@/services/api'
import { fillPath } from '@core/wire/paths'
import { configureRequest } from '@/services/request/request'
import { RequestError } from '@/services/request/errors'
import type { InteractionEvent, MapCfgData } from '@core/wire/api'
import { recordingRequester } from '../support/recording-requester'

const welcome: InteractionEvent = { event_id: 'e1', type: 'welcome', title: 'Hi', text: '', image: '', price: null, video_url: null }
const product: InteractionEvent = { ...welcome, event_id: 'e2', type: 'product', price: 100 }

function showroom (events: unknown): MapCfgData {
  return {
    channel_id: 'c1',
    server_id: '723658',
    map: { map_category: 1, background: '', width: 100, height: 50 },
    hotspots: [],
    interaction_events: events as InteractionEvent[],
  }
}

afterEach(() => jest.restoreAllMocks())

describe('the four SPEC calls (SPEC §7)', () => {
  it('POSTs the base64 image as {data} to /resource/base64 and resolves with data.url (SPEC §7)', async () => {
    const { send, sent } = recordingRequester({ url: 'https://cdn/a.png' })
    await expect(createApiClient(send).uploadBase64('data:image/png;base64,AAA')).resolves.toBe('https://cdn/a.png')
    expect(sent[0]).toEqual({ path: '/resource/base64', method: 'POST', data: { data: 'data:image/png;base64,AAA' } })
  })

  it('rejects a base64 answer without a url as no data (SPEC §7, §8)', async () => {
    const { send } = recordingRequester({})
    await expect(createApiClient(send).uploadBase64('AAA')).rejects.toMatchObject({ kind: 'no-data', code: 999997 })
  })

  it('GETs /login_third/wxconf with the page url and resolves with the sharing config (SPEC §7)', async () => {
    const config = { appId: 'wx1', nonceStr: 'n', signature: 's', timestamp: 1 }
    const { send, sent } = recordingRequester(config)
    await expect(createApiClient(send).getWxConfig('https://h5/index.html')).resolves.toEqual(config)
    expect(sent[0]).toEqual({ path: '/login_third/wxconf', query: { url: 'https://h5/index.html' } })
  })

  it('POSTs /v2/qn/upfiles and resolves with the domain and token (SPEC §7)', async () => {
    const { send, sent } = recordingRequester({ domain: 'https://files', token: 'ak:sign:policy', extra: 1 })
    await expect(createApiClient(send).getUploadToken({ mime: 'image/png' })).resolves.toEqual({ domain: 'https://files', token: 'ak:sign:policy' })
    expect(sent[0]).toEqual({ path: '/v2/qn/upfiles', method: 'POST', data: { mime: 'image/png' } })
  })

  it('logs a failed upload-token call and resolves with an empty result instead of throwing (SPEC §8)', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const { send } = recordingRequester(null, new RequestError({ kind: 'failed', code: 999996, message: '请求异常' }))
    await expect(createApiClient(send).getUploadToken()).resolves.toBeNull()
    expect(log).toHaveBeenCalledWith('[api] upload token:', expect.any(RequestError))
  })

  it('logs an upload-token answer without a token and resolves with an empty result (SPEC §8)', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    const { send } = recordingRequester({ domain: 'https://files', token: '' })
    await expect(createApiClient(send).getUploadToken()).resolves.toBeNull()
    expect(log).toHaveBeenCalled()
  })

  it('GETs the showroom with the channel and server ids and takes the first interaction event (SPEC §7)', async () => {
    const data = showroom([welcome, product])
    const { send, sent } = recordingRequester(data)
    await expect(createApiClient(send).getShowroom({ server_id: '723658', channel_id: 'c1' })).resolves.toEqual({ data, firstEvent: welcome })
    expect(sent[0]).toEqual({ path: '/channel/room/game/mapcfg', query: { server_id: '723658', channel_id: 'c1' } })
  })

  it('gives no first event when the showroom has none (SPEC §7)', () => {
    expect(firstInteractionEvent(showroom([]))).toBeNull()
    expect(firstInteractionEvent(showroom(undefined))).toBeNull()
  })
})

describe('community calls', () => {
  const user = { uid: 'B_1', user_type: 1, addtime: 0, nickname: 'n', avatar: '', signature: '' }

  it.each([
    ['guestLogin', [], { path: '/auth/guest', method: 'POST', data: {} }],
    ['getMe', [], { path: '/user/me' }],
    ['updateProfile', [{ nickname: 'x' }], { path: '/user/me', method: 'POST', data: { nickname: 'x' } }],
    ['getUser', ['B_1'], { path: '/users/B_1' }],
    ['getServer', ['723658'], { path: '/servers/723658' }],
    ['createChannel', ['723658', { title: 't', channel_type: 1 }], { path: '/servers/723658/channels', method: 'POST', data: { title: 't', channel_type: 1 } }],
    ['getChannel', ['c 1'], { path: '/channels/c%201' }],
    ['listServerLives', ['723658', { page: 2 }], { path: '/servers/723658/lives', query: { page: 2, page_size: undefined } }],
    ['listChannelLives', ['c1'], { path: '/channels/c1/lives', query: { page: undefined, page_size: undefined } }],
  ] as const)('%s sends the documented call and resolves with its data', async (name, args, expected) => {
    const { send, sent } = recordingRequester(user)
    const client = createApiClient(send) as unknown as Record<string, (...values: unknown[]) => Promise<unknown>>
    await expect(client[name](...args)).resolves.toBe(user)
    expect(sent[0]).toEqual(expected)
  })

  it.each([
    ['listServers', [], { list: [1, 2] }, '/servers'],
    ['listChannels', ['723658'], { groups: [1, 2] }, '/servers/723658/channels'],
    ['listRoles', ['723658'], { list: [1, 2] }, '/servers/723658/roles'],
  ] as const)('%s resolves with the list of its answer', async (name, args, answer, path) => {
    const { send, sent } = recordingRequester(answer)
    const client = createApiClient(send) as unknown as Record<string, (...values: unknown[]) => Promise<unknown>>
    await expect(client[name](...args)).resolves.toEqual([1, 2])
    expect(sent[0].path).toBe(path)
  })

  it('rejects a list answer without its list as no data (SPEC §8)', async () => {
    const { send } = recordingRequester({})
    await expect(createApiClient(send).listServers()).rejects.toMatchObject({ kind: 'no-data', code: 999997 })
  })

  it('refuses to build a path with an empty id instead of calling the wrong URL', () => {
    expect(() => fillPath('/servers/:server_id', { server_id: '' })).toThrow(TypeError)
    // @ts-expect-error the compiler refuses a missing parameter; at run time it is a TypeError too
    expect(() => fillPath('/servers/:server_id', {})).toThrow(TypeError)
  })

  it('encodes ids so one can never reach into another path', () => {
    expect(fillPath('/users/:uid', { uid: '../admin?x=1' })).toBe('/users/..%2Fadmin%3Fx%3D1')
  })

  it('sends the real client through the request chain', async () => {
    configureRequest({ baseUrl: () => 'https://api.test', getToken: () => null })
    const spy = jest.spyOn(Taro, 'request').mockImplementation((() => Promise.resolve({ statusCode: 200, data: JSON.stringify({ code: 0, msg: '', data: user }) })) as never)
    await expect(api.getMe()).resolves.toEqual(user)
    expect((spy.mock.calls[0][0] as { url: string }).url).toBe('https://api.test/user/me')
  })
})
