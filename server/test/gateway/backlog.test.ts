/**
 * A client that stops reading: the gateway drops its socket once more than
 * GATEWAY_MAX_BACKLOG_BYTES wait unsent, instead of queueing for it without bound, while
 * the members who read keep receiving everything; the dropped client resumes and is
 * replayed what it missed, nothing lost and nothing twice.
 */
import type { DispatchFrame } from '@core/wire/gateway'
import type { PresenceUpdate } from '@core/wire/members'
import { createInProcessBus, type EventBus } from '../../src/bus'
import { isDispatch } from './audience-walk'
import { connectGateway, identified, pause } from './client'
import { listeningApp } from './listening-app'

const SERVER = '832828'
const MAX_BACKLOG_BYTES = 256 * 1024
/** Each frame's padding: far below the cap (a reading client never nears it), big enough that the loopback socket's buffers fill after some hundreds. */
const FRAME_BYTES = 16_000
/** At most this many frames are sent waiting for the drop (bounded; the kernel's buffers take about 10 MB here). */
const MAX_FRAMES = 4000

const bus: EventBus = createInProcessBus()
const gateway = listeningApp({ GATEWAY_HEARTBEAT_MS: '10000', GATEWAY_PRESENCE_INTERVAL_MS: '0', GATEWAY_MAX_BACKLOG_BYTES: String(MAX_BACKLOG_BYTES) }, { bus })

/** The server's open TCP connections (the gateway sockets: the test's requests go through inject). */
const connections = (): Promise<number> => new Promise((resolve, reject) => gateway.test.app.server.getConnections((error, count) => error ? reject(error) : resolve(count)))

/** Frame `index`'s presence label: its number padded to FRAME_BYTES. */
const labelOf = (index: number): string => `${index}:`.padEnd(FRAME_BYTES, 'x')
const numberOf = (frame: DispatchFrame): number => Number((frame.d as PresenceUpdate).uid.split(':')[0])
const bigFrames = (frames: DispatchFrame[]): DispatchFrame[] => frames.filter(frame => frame.t === 'PRESENCE_UPDATE' && (frame.d as PresenceUpdate).uid.length === FRAME_BYTES)

describe('a client that stops reading', () => {
  it('is dropped once its unsent backlog passes the cap, the reading member gets every frame, and a resume replays each missed frame once', async () => {
    const reader = await gateway.guestMember(SERVER)
    const staller = await gateway.guestMember(SERVER)
    const reading = await gateway.session(reader.token)
    const stalled = await identified(gateway.baseUrl, staller.token)
    const underlying = (stalled.client.socket as unknown as { _socket: { pause: () => void, resume: () => void } })._socket
    underlying.pause()

    // frames go out until the server holds one connection less (the stalled one, dropped), and a few after
    let frames = 0
    let after = -1
    while (frames < MAX_FRAMES && after < 10) {
      await bus.publish('PRESENCE_UPDATE', { server_id: SERVER }, { server_id: SERVER, uid: labelOf(frames), status: 'online', online_count: 0 })
      frames += 1
      await pause(1)
      if (after >= 0) after += 1
      else if (frames % 20 === 0 && await connections() === 1) after = 0
    }
    expect(after).toBe(10)
    await reading.next(isDispatch('PRESENCE_UPDATE', (d: { uid: string }) => d.uid === labelOf(frames - 1)))
    expect(bigFrames(reading.frames as DispatchFrame[]).map(numberOf)).toEqual(Array.from({ length: frames }, (_, index) => index))

    // the stalled socket was dropped (not closed politely: nothing more could reach it)
    underlying.resume()
    const closed = await stalled.client.closed()
    expect(closed.code).toBe(1006)
    const got = bigFrames(stalled.client.frames as DispatchFrame[])
    expect(got.length).toBeLessThan(frames)
    const lastSeen = got.length > 0 ? got[got.length - 1].s : stalled.ready.seq

    // it resumes from the last frame it read and is replayed the rest, each once
    const resumed = await connectGateway(gateway.baseUrl)
    resumed.send({ op: 'resume', d: { token: staller.token, session_id: stalled.ready.session_id, seq: lastSeen } })
    await resumed.next(frame => frame.op === 'resumed')
    const all = [...got, ...bigFrames(resumed.frames as DispatchFrame[])].map(numberOf)
    expect(all).toEqual(Array.from({ length: frames }, (_, index) => index))
    resumed.close()
  }, 60_000)
})
