/**
 * The SFU in-process, with werift connections on loopback as the members' browsers: what
 * each browser receives on which transceiver, as the offers' `tracks` name them.
 */
import { advertised, offerForBrowser, Sfu } from '../../../src/voice/media/sfu'
import { BrowserEvents, WeriftBrowser, pause, until } from './werift-browser'

jest.setTimeout(15_000)

const network = { publicIp: null, udpPortMin: 40_000, udpPortMax: 40_999 }

let events: BrowserEvents
let sfu: Sfu
let browsers: WeriftBrowser[]

beforeEach(() => {
  events = new BrowserEvents()
  sfu = new Sfu(events, network)
  browsers = []
})

afterEach(async () => {
  await sfu.close()
  await Promise.all(browsers.map(async browser => { await browser.close() }))
})

function browser (name: string): WeriftBrowser {
  const made = events.add(new WeriftBrowser(sfu, `peer-${name}`, name))
  browsers.push(made)
  return made
}

/** Browsers named `names` joined room `room`, connected, every offer answered. */
async function room (names: readonly string[], roomId = 'room-1'): Promise<WeriftBrowser[]> {
  const joined: WeriftBrowser[] = []
  for (const name of names) {
    const member = browser(name)
    await member.join(roomId)
    joined.push(member)
  }
  await settled(joined)
  return joined
}

/** Every browser connected with its last offer answered and naming all the others. */
async function settled (members: readonly WeriftBrowser[]): Promise<void> {
  await until(() => members.every(member => member.settledWith(members.filter(other => other !== member).map(other => other.uid))), 'the room to settle')
  expect(members.flatMap(member => member.errors)).toEqual([])
}

it('forwards a speaker\'s packets to the other member on the transceiver the offer names for the speaker', async () => {
  const [a, b] = await room(['a', 'b'])
  expect(b.offers.at(-1)?.tracks).toEqual([{ mid: expect.any(String), uid: 'a' }])

  await a.speak(20, 5)

  await until(() => b.from('a') === 20, 'b to receive a\'s 20 packets')
  expect(b.payloads[0].payload.toString()).toMatch(/^a:0\./)
  expect(a.from('b')).toBe(0)
})

it('offers Opus with in-band FEC, DTX and the room\'s bitrate', async () => {
  const a = browser('a')
  await a.join('room-1', { bitrate: 32_000 })
  await until(() => a.offers.length === 1, 'the first offer')

  const sdp = a.offers[0].sdp
  expect(sdp).toMatch(/a=rtpmap:(\d+) opus\/48000\/2/)
  expect(sdp).toMatch(/a=fmtp:\d+ .*useinbandfec=1/)
  expect(sdp).toMatch(/a=fmtp:\d+ .*usedtx=1/)
  expect(sdp).toMatch(/a=fmtp:\d+ .*maxaveragebitrate=32000/)
  expect(sdp).toContain('b=AS:32')
  expect(sdp).toContain('a=recvonly')
  expect(sdp).toContain(' 127.0.0.1 ')
})

it('lists its candidates once, in the bundle\'s first section, however many members the room has', async () => {
  const [a] = await room(['a', 'b', 'c'])
  const sections = (a.offers.at(-1)?.sdp ?? '').split('\r\nm=')
  expect(sections).toHaveLength(4)
  expect(sections[1]).toContain('a=candidate:')
  for (const section of sections.slice(2)) expect(section).not.toContain('a=candidate:')
})

it('stops forwarding a silenced speaker and resumes with unbroken sequence numbers', async () => {
  const [a, b] = await room(['a', 'b'])
  await a.speak(10, 5)
  await until(() => b.from('a') === 10, 'the first 10 packets')

  await sfu.setSilenced(a.peerId, true)
  await a.speak(10, 5)
  await pause(200)
  expect(b.from('a')).toBe(10)

  await sfu.setSilenced(a.peerId, false)
  await a.speak(10, 5)
  await until(() => b.from('a') === 20, 'the packets after unsilencing')
  const numbers = b.payloads.map(packet => packet.sequenceNumber)
  for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe((numbers[i - 1] + 1) & 0xffff)
  expect(b.payloads[10].payload.toString()).toMatch(/^a:20\./)
})

it('sends a deafened member nothing while it still forwards their voice', async () => {
  const [a, b] = await room(['a', 'b'])
  await sfu.setDeafened(b.peerId, true)

  await a.speak(10, 5)
  await b.speak(10, 5)
  await until(() => a.from('b') === 10, 'a to hear the deafened b')
  await pause(200)
  expect(b.from('a')).toBe(0)

  await sfu.setDeafened(b.peerId, false)
  await a.speak(5, 5)
  await until(() => b.from('a') === 5, 'b to hear again')
})

it('re-offers everyone when a third member joins, and each hears the other two', async () => {
  const [a, b] = await room(['a', 'b'])
  const offersBefore = [a.offers.length, b.offers.length]
  const c = browser('c')
  await c.join('room-1')
  await settled([a, b, c])
  expect(a.offers.length).toBe(offersBefore[0] + 1)
  expect(b.offers.length).toBe(offersBefore[1] + 1)

  await a.speak(5, 5)
  await c.speak(5, 5)
  await until(() => b.from('a') === 5 && b.from('c') === 5 && c.from('a') === 5 && a.from('c') === 5, 'everyone to hear everyone')
})

it('stops forwarding a member who left and re-offers the others without their track, reusing it for the next', async () => {
  const [a, b, c] = await room(['a', 'b', 'c'])
  const midOfB = a.offers.at(-1)?.tracks.find(track => track.uid === 'b')?.mid

  await sfu.leave(b.peerId)
  await settled([a, c])
  expect(a.offers.at(-1)?.tracks.map(track => track.uid)).toEqual(['c'])
  await b.speak(5, 5)
  await pause(200)
  expect(a.from('b')).toBe(0)
  expect(c.from('b')).toBe(0)

  const d = browser('d')
  await d.join('room-1')
  await settled([a, c, d])
  expect(a.offers.at(-1)?.tracks).toContainEqual({ mid: midOfB, uid: 'd' })
  await d.speak(5, 5)
  await until(() => a.from('d') === 5 && c.from('d') === 5, 'the newcomer to be heard on the reused transceiver')
})

it('connects a room whose members all join at once, and each hears a speaker', async () => {
  const members = ['a', 'b', 'c', 'd', 'e', 'f'].map(browser)
  await Promise.all(members.map(async member => { await member.join('room-1') }))
  await settled(members)

  await members[0].speak(5, 5)
  await until(() => members.slice(1).every(member => member.from('a') === 5), 'everyone to hear a')
})

it('keeps one offer out at a time: a change while an offer is unanswered is offered after the answer', async () => {
  const a = browser('a')
  a.autoAnswer = false
  await a.join('room-1')
  await until(() => a.offers.length === 1, 'a\'s first offer')

  const b = browser('b')
  await b.join('room-1')
  const c = browser('c')
  await c.join('room-1')
  await pause(300)
  expect(a.offers.length).toBe(1)

  a.answerHeld()
  await settled([a, b, c])
  expect(a.offers.length).toBe(2)
  expect(a.offers[1].tracks.map(track => track.uid).sort()).toEqual(['b', 'c'])
})

it('offers a connection that is still connecting again only once it is connected', async () => {
  await room(['a'])
  const b = browser('b')
  await b.join('room-1')
  const c = browser('c')
  await c.join('room-1')
  await until(() => b.settledWith(['a', 'c']), 'b to settle with a and c')

  const ofB = events.signals.filter(signal => signal.peerId === b.peerId).map(signal => signal.kind).filter(kind => kind === 'offer' || kind === 'state:connected')
  expect(ofB.slice(0, 3)).toEqual(['offer', 'state:connected', 'offer'])
})

it('offers again with new ICE credentials on an ICE restart and keeps forwarding', async () => {
  const [a, b] = await room(['a', 'b'])
  const ufrag = (sdp: string): string | undefined => /a=ice-ufrag:(\S+)/.exec(sdp)?.[1]
  const before = b.offers.length
  const signalsBefore = events.signals.length

  await sfu.restartIce(b.peerId)
  await until(() => b.offers.length === before + 1 && b.answered === b.offers.length, 'the restart offer answered')
  expect(ufrag(b.offers[before].sdp)).not.toBe(ufrag(b.offers[before - 1].sdp))
  // its candidates ride in the offer: none reaches the browser ahead of it, with a ufrag it does not know yet
  expect(events.signals.slice(signalsBefore).find(signal => signal.peerId === b.peerId)).toEqual({ peerId: b.peerId, kind: 'offer' })

  // A browser keeps sending through the restart: packets before the new pair is chosen are lost, later ones arrive.
  await until(() => b.pc.iceTransports.every(transport => transport.state === 'connected'), 'the checks after the restart')
  const deadline = Date.now() + 3000
  while (b.from('a') === 0 && Date.now() < deadline) await a.speak(5, 20)
  const heard = b.from('a')
  expect(heard).toBeGreaterThan(0)
  await a.speak(5, 5)
  await until(() => b.from('a') === heard + 5, 'packets after the restart')
})

it('counts packets in, forwarded and out in its stats', async () => {
  const [a, b] = await room(['a', 'b'])
  await a.speak(12, 5)
  await until(() => b.from('a') === 12, 'the packets')

  const stats = await sfu.stats()
  expect(stats).toContainEqual(expect.objectContaining({ peerId: a.peerId, state: 'connected', packetsIn: 12, packetsForwarded: 12, packetsOut: 0 }))
  expect(stats).toContainEqual(expect.objectContaining({ peerId: b.peerId, state: 'connected', packetsIn: 0, packetsForwarded: 0, packetsOut: 12 }))
})

it('keeps rooms apart', async () => {
  const [a] = await room(['a'], 'room-1')
  const [x] = await room(['x'], 'room-2')
  await a.speak(5, 5)
  await pause(200)
  expect(x.offers.at(-1)?.tracks).toEqual([])
  expect(x.payloads).toEqual([])
})

it('refuses calls for a peer it does not hold', async () => {
  await expect(sfu.answer('nobody', 'v=0')).rejects.toThrow('unknown voice peer nobody')
  await expect(sfu.setSilenced('nobody', true)).rejects.toThrow('unknown voice peer nobody')
})

describe('with a public IP (VOICE_PUBLIC_IP)', () => {
  const host = 'candidate:1 1 udp 2116026367 10.0.0.5 40003 typ host generation 0'

  it('advertises host candidates at the public address', () => {
    expect(advertised(host, '203.0.113.7')).toBe('candidate:1 1 udp 2116026367 203.0.113.7 40003 typ host generation 0')
    expect(offerForBrowser(`m=audio 9 UDP/TLS/RTP/SAVPF 96\r\nc=IN IP4 0.0.0.0\r\na=${host}\r\n`, 64_000, '203.0.113.7'))
      .toBe('m=audio 9 UDP/TLS/RTP/SAVPF 96\r\nc=IN IP4 0.0.0.0\r\nb=AS:64\r\na=candidate:1 1 udp 2116026367 203.0.113.7 40003 typ host generation 0\r\n')
  })

  it('leaves loopback and relayed candidates as they are', () => {
    const loopback = 'candidate:2 1 udp 2116026367 127.0.0.1 40004 typ host'
    const relay = 'candidate:3 1 udp 16777215 198.51.100.1 50000 typ relay raddr 0.0.0.0 rport 0'
    expect(advertised(loopback, '203.0.113.7')).toBe(loopback)
    expect(advertised(relay, '203.0.113.7')).toBe(relay)
    expect(advertised(host, null)).toBe(host)
  })
})
