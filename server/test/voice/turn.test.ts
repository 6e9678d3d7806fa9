import { createHmac } from 'crypto'
import { iceServersFor, turnCredentialOf } from '../../src/voice/turn'

const NOW = 1_800_000_000
const CONFIG = { stunUrls: ['stun:stun.example:3478'], turnUrls: ['turn:turn.example:3478?transport=udp'], turnSecret: 'coturn-secret', turnTtlSeconds: 600, relayOnly: false }

describe('TURN credentials (coturn REST API)', () => {
  it('names the expiry and the member in the username and signs it with HMAC-SHA1 of the shared secret', () => {
    const { username, credential } = turnCredentialOf('coturn-secret', '100004', NOW, 600)
    expect(username).toBe(`${NOW + 600}:100004`)
    expect(credential).toBe(createHmac('sha1', 'coturn-secret').update(`${NOW + 600}:100004`).digest('base64'))
  })

  it('gives STUN without credentials and TURN with credentials minted for this member', () => {
    expect(iceServersFor(CONFIG, '100004', NOW)).toEqual([
      { urls: ['stun:stun.example:3478'] },
      { urls: ['turn:turn.example:3478?transport=udp'], ...turnCredentialOf('coturn-secret', '100004', NOW, 600) },
    ])
    expect(iceServersFor(CONFIG, '100005', NOW)[1].username).toBe(`${NOW + 600}:100005`)
  })

  it('offers no ICE server when none is configured', () => {
    expect(iceServersFor({ ...CONFIG, stunUrls: [], turnUrls: [], turnSecret: null }, '100004', NOW)).toEqual([])
  })
})
