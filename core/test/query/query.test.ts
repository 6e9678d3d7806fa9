import { carryQuery, readParams } from '@core/query/query'
import { encodeNwp } from '@core/query/nwp'
import { randomString, seeded } from './random'

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined))
afterEach(() => jest.restoreAllMocks())

describe('reading page parameters (SPEC §2)', () => {
  it('decodes the still-encoded values the platform hands over', () => {
    expect(readParams({ q: 'a%20b%26c', n: 3, flag: true })).toEqual({ q: 'a b&c', n: '3', flag: 'true' })
  })

  it('keeps a value that is not valid percent-encoding as it is', () => {
    expect(readParams({ q: '100%' })).toEqual({ q: '100%' })
  })

  it('reads sid as server_id (SPEC §2)', () => {
    expect(readParams({ sid: '723658' })).toMatchObject({ sid: '723658', server_id: '723658' })
  })

  it('reads cid as channel_id (SPEC §2)', () => {
    expect(readParams({ cid: 'c1' })).toMatchObject({ channel_id: 'c1' })
  })

  it('lets an explicit server_id win over sid', () => {
    expect(readParams({ sid: '1', server_id: '2' }).server_id).toBe('2')
  })

  it('reads sid as server_id when server_id is there but blank, as the choice of the server does', () => {
    expect(readParams({ sid: '275902', server_id: ' ' }).server_id).toBe('275902')
  })

  it('merges the keys packed in nwp into the parameters (SPEC §2)', () => {
    const nwp = encodeNwp({ server_id: '832828', scene: 'share' })
    expect(readParams({ nwp, ch: 'wx' })).toEqual({ server_id: '832828', scene: 'share', ch: 'wx' })
  })

  it('lets explicit keys win over packed ones (SPEC §2)', () => {
    const nwp = encodeNwp({ server_id: '832828' })
    expect(readParams({ nwp, server_id: '275902' }).server_id).toBe('275902')
  })

  it('reads sid packed in nwp as server_id', () => {
    expect(readParams({ nwp: encodeNwp({ sid: '275902' }) }).server_id).toBe('275902')
  })

  it('reads a URI-encoded nwp', () => {
    expect(readParams({ nwp: encodeURIComponent(encodeNwp({ a: 'b' })) })).toEqual({ a: 'b' })
  })

  it('ignores a broken nwp and keeps the other parameters (SPEC §2)', () => {
    expect(readParams({ nwp: '%%%garbage', ch: 'wx' })).toEqual({ ch: 'wx' })
    expect(console.warn).toHaveBeenCalled()
  })

  it('reads nothing from a missing or non-object query', () => {
    expect(readParams(undefined)).toEqual({})
    expect(readParams('a=1')).toEqual({})
    expect(readParams(null)).toEqual({})
  })

  it('drops __proto__, constructor and prototype keys and values that are not scalars', () => {
    const raw: unknown = JSON.parse('{"__proto__":{"polluted":"yes"},"constructor":"x","prototype":"y","o":{"a":1},"ok":"1"}')
    const params = readParams(raw)
    expect(params).toEqual({ ok: '1' })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('survives 10,000 random queries: never throws, never pollutes a prototype (property)', () => {
    const random = seeded(424242)
    for (let i = 0; i < 10000; i++) {
      const pairs: string[] = []
      const count = Math.floor(random() * 6)
      for (let k = 0; k < count; k++) {
        const key = random() < 0.2 ? ['__proto__', 'constructor', 'prototype', 'nwp', 'sid', 'cid'][Math.floor(random() * 6)] : randomString(random, 8)
        const value = random() < 0.3 ? { polluted: i } : randomString(random, 40)
        pairs.push(`${JSON.stringify(key)}:${JSON.stringify(value)}`)
      }
      const raw: unknown = JSON.parse(`{${pairs.join(',')}}`)
      const params = readParams(raw)
      expect(Object.getPrototypeOf(params)).toBe(Object.prototype)
      for (const value of Object.values(params)) expect(typeof value).toBe('string')
      const next = carryQuery(params, raw as Record<string, string>)
      expect(Object.getPrototypeOf(next)).toBe(Object.prototype)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.keys(Object.prototype)).toEqual([])
  })
})

describe('carrying query keys to the next page (SPEC §2)', () => {
  const current = {
    ch: 'wx', debug: '1', viewpc: '1', aesieap_code: 'a', is_overseas: '0', redirect: '/market/index.html', server_id: '723658',
    scene: 's', hl: 'en', sid: '723658', navShareHide: '1', quality: 'hd', appid: 'wx1', msgSignature: 'm', timeStamp: '1',
    nonce: 'n', ncode: 'c', encrypt: 'e', channel_id: 'c9', other: 'x',
  }

  it('carries exactly the SPEC keys and nothing else', () => {
    const next = carryQuery(current)
    expect(Object.keys(next)).toEqual([
      'ch', 'debug', 'viewpc', 'aesieap_code', 'is_overseas', 'redirect', 'server_id', 'scene', 'hl',
      'sid', 'navShareHide', 'quality', 'appid', 'msgSignature', 'timeStamp', 'nonce', 'ncode', 'encrypt',
    ])
    expect(next).not.toHaveProperty('other')
    expect(next).not.toHaveProperty('channel_id')
  })

  it("lets the caller's own value win over a carried one", () => {
    expect(carryQuery(current, { server_id: '832828' }).server_id).toBe('832828')
  })

  it('drops a carried key the caller sets to null', () => {
    expect(carryQuery(current, { redirect: null }).redirect).toBeNull()
  })

  it('adds the caller keys', () => {
    expect(carryQuery({}, { channel_id: 'c1' })).toEqual({ channel_id: 'c1' })
  })
})
