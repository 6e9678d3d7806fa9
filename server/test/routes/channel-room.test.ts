import type { MapCfgData } from '@core/wire/api'
import { MapCategory } from '@core/wire/entities'
import { envelope, startTestApp, type TestApp } from '../helper'

let test: TestApp
beforeAll(async () => { test = await startTestApp() })
afterAll(async () => { await test.close() })

const mapcfg = (query: Record<string, string>) => test.inject({ url: '/channel/room/game/mapcfg', query })

describe('GET /channel/room/game/mapcfg', () => {
  it('answers the showroom of a metaverse channel with its welcome event first', async () => {
    const response = await mapcfg({ server_id: '832828', channel_id: '83282810' })
    expect(response.statusCode).toBe(200)
    const { code, data } = envelope<MapCfgData>(response)
    expect(code).toBe(0)
    expect(data).toMatchObject({ channel_id: '83282810', server_id: '832828', map: { map_category: MapCategory.ThreeD, width: 1600, height: 900 } })
    expect(data.interaction_events[0]).toMatchObject({ type: 'welcome', price: null, video_url: null })
    expect(data.interaction_events.map(event => event.type)).toEqual(['welcome', 'product', 'video'])
    expect(data.interaction_events[1].price).toBeGreaterThan(0)
    expect(data.interaction_events[2].video_url).toMatch(/^http:\/\/localhost:80\/files\/seed\/demo-video\.mp4$/) // the seed's own clip, absolute on the request's origin
  })

  it('answers hotspots inside the map that open events of the showroom', async () => {
    const { data } = envelope<MapCfgData>(await mapcfg({ server_id: '723658', channel_id: '72365811' }))
    expect(data.map.map_category).toBe(MapCategory.LiveMap)
    const eventIds = new Set(data.interaction_events.map(event => event.event_id))
    for (const hotspot of data.hotspots) {
      expect(hotspot.x).toBeGreaterThanOrEqual(0)
      expect(hotspot.x).toBeLessThanOrEqual(1)
      expect(hotspot.y).toBeGreaterThanOrEqual(0)
      expect(hotspot.y).toBeLessThanOrEqual(1)
      expect(eventIds).toContain(hotspot.event_id)
    }
  })

  it('answers a background image that this server serves', async () => {
    const { data } = envelope<MapCfgData>(await mapcfg({ server_id: '275902', channel_id: '27590210' }))
    const image = await test.inject(new URL(data.map.background).pathname)
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/svg+xml')
    expect(image.body).toContain('<svg')
  })

  it('answers 404 for a channel of another server', async () => {
    const response = await mapcfg({ server_id: '723658', channel_id: '83282810' })
    expect(response.statusCode).toBe(404)
    expect(envelope(response)).toMatchObject({ code: 404000, data: null })
    expect(envelope(response).msg).toMatch(/^query\.channel_id/)
  })

  it('answers 400 for a channel that is not a metaverse channel', async () => {
    const response = await mapcfg({ server_id: '832828', channel_id: '83282802' })
    expect(response.statusCode).toBe(400)
    expect(envelope(response).msg).toBe('query.channel_id: channel 83282802 is not a metaverse channel')
  })

  it('answers 400 naming a missing or malformed parameter', async () => {
    expect(envelope(await mapcfg({ server_id: '832828' })).msg).toBe('query.channel_id 必须填写')
    const malformed = await mapcfg({ server_id: '832828', channel_id: '../etc' })
    expect(malformed.statusCode).toBe(400)
    expect(envelope(malformed).msg).toMatch(/^query\.channel_id /)
  })
})
