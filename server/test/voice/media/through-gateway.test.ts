/**
 * The media worker behind the voice hub, as the product runs it: members join a voice room
 * over real gateway sockets, their werift browsers answer the worker's `voice_offer` with
 * `voice_answer` and trickle `voice_ice`, and what one says reaches the other through the
 * forked worker — until a moderator server-mutes them (PATCH voice-states).
 */
import type { ServerFrame } from '@core/wire/gateway'
import { createWorkerVoiceMedia } from '../../../src/voice/media/worker-media'
import { signInAsMember } from '../../helper'
import type { GatewayTestClient } from '../../gateway/client'
import { listeningApp } from '../../gateway/listening-app'
import { SERVER, VOICE } from '../voice-helpers'
import { BrowserEvents, WeriftBrowser, pause, until, type BrowserSignalling } from './werift-browser'

jest.setTimeout(30_000)

const app = listeningApp({}, {
  voiceMedia: events => createWorkerVoiceMedia({ events, network: { publicIp: null, udpPortMin: 46_000, udpPortMax: 46_999 } }),
})

let owner: { headers: Record<string, string> }
beforeAll(async () => { owner = await signInAsMember(app.test) })

const browsers: WeriftBrowser[] = []
afterAll(async () => { await Promise.all(browsers.map(async browser => { await browser.close() })) })

/** A browser whose signalling is a gateway session: voice_join, voice_answer and voice_ice out, voice_offer and voice_ice in. */
function overGateway (client: GatewayTestClient, uid: string): WeriftBrowser {
  const signalling: BrowserSignalling = {
    join: async options => { client.send({ op: 'voice_join', d: { channel_id: options.roomId, self_mute: options.silenced, self_deaf: options.deafened } }) },
    answer: async (_peerId, sdp) => { client.send({ op: 'voice_answer', d: { sdp } }) },
    addCandidate: async (_peerId, candidate) => { client.send({ op: 'voice_ice', d: { candidate } }) },
  }
  const browser = new WeriftBrowser(signalling, uid, uid)
  const events = new BrowserEvents()
  events.add(browser)
  client.socket.on('message', data => {
    const frame = JSON.parse(String(data)) as ServerFrame
    if (frame.op === 'voice_offer') events.offer(uid, frame.d.sdp, frame.d.tracks)
    if (frame.op === 'voice_ice') events.candidate(uid, frame.d.candidate)
  })
  browsers.push(browser)
  return browser
}

/** Speaks until `listener` heard `speaker` (the hub applies each answer a moment after the browser sent it). */
async function heard (speaker: WeriftBrowser, listener: WeriftBrowser): Promise<void> {
  const deadline = Date.now() + 5000
  while (listener.from(speaker.uid) === 0 && Date.now() < deadline) await speaker.speak(5, 20)
  expect(listener.from(speaker.uid)).toBeGreaterThan(0)
}

it('carries two members\' voices through the worker, and drops a server-muted member\'s', async () => {
  const guests = [await app.guestMember(SERVER), await app.guestMember(SERVER)]
  const [a, b] = await Promise.all(guests.map(async guest => overGateway(await app.session(guest.token), guest.uid)))
  await a.join(VOICE)
  await until(() => a.connected, 'a connected')
  await b.join(VOICE)
  await until(() => a.settledWith([b.uid]) && b.settledWith([a.uid]), 'the room to settle', 10_000)

  await heard(a, b)
  await heard(b, a)

  const muted = await app.test.inject({ method: 'PATCH', url: `/servers/${SERVER}/voice-states/${a.uid}`, headers: owner.headers, payload: { mute: true } })
  expect(muted.statusCode).toBe(200)
  await pause(200)
  const before = b.from(a.uid)
  await a.speak(10, 5)
  await pause(300)
  expect(b.from(a.uid)).toBe(before)
  await heard(b, a)
})
