/**
 * The owner's voice check call (GET /servers/:server_id/voice-check): the ICE servers a member
 * would be handed, with TURN credentials minted for the caller as a join mints them, whether
 * browsers relay only, and where the media worker listens; ManageServer only, never the secret.
 */
import { VOICE_PATHS, type VoiceCheckAnswer } from '@core/wire/voice'
import { fillPath } from '@core/wire/paths'
import { turnCredentialOf } from '../../src/voice/turn'
import { DEMO_OWNER, envelope, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER = '723658'
const SECRET = 'coturn-secret-of-the-test'
const url = fillPath(VOICE_PATHS.check, { server_id: SERVER })

let test: TestApp
beforeAll(async () => {
  test = await startTestApp({
    STUN_URLS: 'stun:stun.example:3478',
    TURN_URLS: 'turn:turn.example:3478?transport=udp,turns:turn.example:5349',
    TURN_SECRET: SECRET,
    TURN_TTL_SECONDS: '600',
    VOICE_RELAY_ONLY: '1',
    VOICE_PUBLIC_IP: '203.0.113.7',
    VOICE_UDP_PORT_MIN: '41000',
    VOICE_UDP_PORT_MAX: '41099',
  })
})
afterAll(async () => { await test.close() })

describe('GET /servers/:server_id/voice-check', () => {
  it('hands the owner the ICE servers a member would get (TURN credentials minted for the caller), relay-only and the worker\'s address and ports', async () => {
    const { headers } = await signInAsMember(test, DEMO_OWNER)
    const before = Math.floor(Date.now() / 1000)
    const response = await test.inject({ method: 'GET', url, headers })
    expect(response.statusCode).toBe(200)
    const answer = envelope<VoiceCheckAnswer>(response).data
    expect(answer.relay_only).toBe(true)
    expect(answer.media).toEqual({ public_ip: '203.0.113.7', udp_port_min: 41000, udp_port_max: 41099 })
    expect(answer.ice_servers[0]).toEqual({ urls: ['stun:stun.example:3478'] })
    const turn = answer.ice_servers[1]
    expect(turn.urls).toEqual(['turn:turn.example:3478?transport=udp', 'turns:turn.example:5349'])
    const [expiry, uid] = (turn.username ?? '').split(':')
    expect(uid).toBe(DEMO_OWNER)
    expect(Number(expiry)).toBeGreaterThanOrEqual(before + 600)
    expect(turn.credential).toBe(turnCredentialOf(SECRET, DEMO_OWNER, Number(expiry) - 600, 600).credential)
    expect(response.body).not.toContain(SECRET)
  })

  it('refuses a member without ManageServer with the 403 envelope', async () => {
    const { headers } = await signInAsMember(test, '100004')
    const response = await test.inject({ method: 'GET', url, headers })
    expect(response.statusCode).toBe(403)
    expect(envelope(response)).toMatchObject({ code: 403000, data: null })
  })

  it('refuses a caller who is not signed in', async () => {
    const response = await test.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(401)
    expect(envelope(response).data).toBeNull()
  })

  it('answers 404 for a server that does not exist', async () => {
    const { headers } = await signInAsMember(test, DEMO_OWNER)
    const response = await test.inject({ method: 'GET', url: fillPath(VOICE_PATHS.check, { server_id: '999999' }), headers })
    expect(response.statusCode).toBe(404)
  })
})
