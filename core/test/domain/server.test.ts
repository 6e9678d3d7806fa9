import { CONFIGURED_SERVERS } from '@core/domain/servers'
import { chooseServer, showroomQueryOf, subDomainOf } from '@core/domain/server'

const [starsea, cloudmart, pixel] = CONFIGURED_SERVERS

describe('the configured servers (SPEC §3)', () => {
  it('are 723658, 832828 and 275902, each with a name and a distinct sub-domain', () => {
    expect(CONFIGURED_SERVERS.map(server => server.server_id)).toEqual(['723658', '832828', '275902'])
    expect(CONFIGURED_SERVERS.every(server => server.name !== '' && server.sub_domain !== '')).toBe(true)
    expect(new Set(CONFIGURED_SERVERS.map(server => server.sub_domain)).size).toBe(3)
  })
})

describe('chooseServer', () => {
  it('chooses the server named by server_id', () => {
    expect(chooseServer(CONFIGURED_SERVERS, { params: { server_id: '832828' } })).toEqual({ server: cloudmart, source: 'param', requestedId: '832828' })
  })

  it('reads sid as server_id', () => {
    expect(chooseServer(CONFIGURED_SERVERS, { params: { sid: '275902' } }).server).toBe(pixel)
  })

  it('prefers server_id over sid', () => {
    expect(chooseServer(CONFIGURED_SERVERS, { params: { server_id: '832828', sid: '275902' } }).server).toBe(cloudmart)
  })

  it('reads sid when server_id is empty', () => {
    expect(chooseServer(CONFIGURED_SERVERS, { params: { server_id: ' ', sid: '275902' } }).server).toBe(pixel)
  })

  it('falls back to the first server for an unknown id, whatever the host says', () => {
    expect(chooseServer(CONFIGURED_SERVERS, { params: { server_id: '999' }, host: 'pixel.openrealm.example' }))
      .toEqual({ server: starsea, source: 'fallback', requestedId: '999' })
  })

  it('chooses by the host sub-domain when no id is given', () => {
    expect(chooseServer(CONFIGURED_SERVERS, { params: {}, host: 'CloudMart.openrealm.example:8080' })).toEqual({ server: cloudmart, source: 'host', requestedId: null })
  })

  it('chooses the first server when the host names none', () => {
    expect(chooseServer(CONFIGURED_SERVERS, { host: 'localhost:3000' })).toEqual({ server: starsea, source: 'default', requestedId: null })
  })

  it('chooses the first server when there is neither id nor host', () => {
    expect(chooseServer(CONFIGURED_SERVERS, {}).source).toBe('default')
  })

  it('chooses the first server for an IPv6 host', () => {
    expect(chooseServer(CONFIGURED_SERVERS, { host: '[::1]:3000' }).server).toBe(starsea)
  })

  it('throws a RangeError when no server is configured', () => {
    expect(() => chooseServer([], {})).toThrow(RangeError)
  })
})

describe('subDomainOf', () => {
  it.each([
    ['pixel.openrealm.example', 'pixel'],
    ['PIXEL.example:80', 'pixel'],
    ['pixel', 'pixel'],
    ['', null],
    ['   ', null],
    ['.example.com', null],
    ['[::1]', null],
  ])('reads %j as %j', (host, expected) => {
    expect(subDomainOf(host)).toBe(expected)
  })
})

describe('showroomQueryOf', () => {
  it('asks the named server as given, even one this build does not list, and the named channel, trimmed', () => {
    expect(showroomQueryOf(CONFIGURED_SERVERS, { params: { server_id: ' 999 ', channel_id: ' 83282810 ' }, host: 'pixel.example.com' }))
      .toEqual({ server_id: '999', channel_id: '83282810' })
  })

  it('asks the host\'s server, else the first, when no server is named', () => {
    expect(showroomQueryOf(CONFIGURED_SERVERS, { params: { channel_id: '1' }, host: 'pixel.example.com' }).server_id).toBe(pixel.server_id)
    expect(showroomQueryOf(CONFIGURED_SERVERS, { params: { server_id: '  ', channel_id: '1' } }).server_id).toBe(starsea.server_id)
  })

  it('asks the host\'s server with an empty channel when the page has no parameters at all', () => {
    expect(showroomQueryOf(CONFIGURED_SERVERS, { host: 'pixel.example.com' })).toEqual({ server_id: pixel.server_id, channel_id: '' })
  })

  it('leaves the channel empty when none is named', () => {
    expect(showroomQueryOf(CONFIGURED_SERVERS, { params: { server_id: cloudmart.server_id } })).toEqual({ server_id: cloudmart.server_id, channel_id: '' })
  })
})
