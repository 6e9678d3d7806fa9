/**
 * One gateway connection: it waits for `identify` or `resume`, then receives the bus
 * events its user may see (audience.ts) as dispatch frames, answers heartbeats and
 * follows focus. Every frame it cannot use gets an error frame; only a bad token, a
 * missing identify, too many frames or silence close it (core/wire/gateway-codes.ts).
 */
import { randomBytes } from 'crypto'
import type { WebSocket, RawData } from 'ws'
import type { ClientFrame, GatewayErrorData, ServerFrame } from '@core/wire/gateway'
import { GatewayErrorCode } from '@core/wire/gateway-codes'
import type { User } from '@core/wire/entities'
import type { BusEvent } from '../bus'
import { absolutizeFileUrls } from '../plugins/public-url'
import { FOCUS_ONLY_EVENTS, membershipBefore, membershipChangeOf, offerTo, type SessionView } from './audience'
import type { SessionRecord } from './directory'
import { parseClientFrame, serverFrameText } from './frames'
import type { GatewayHub } from './hub'

/** Client frames allowed per connection per {@link FRAME_WINDOW_MS}; one more closes it (RateLimited). */
export const FRAMES_PER_WINDOW = 120
/** The rate limit's window. */
export const FRAME_WINDOW_MS = 60_000

/** waiting: no identify yet; starting: identify/resume in progress (events are held); open; closed. */
type SessionState = 'waiting' | 'starting' | 'open' | 'closed'

interface HeldEvent {
  event: BusEvent
  id: number
  frame: (base: string) => string
}

/** One connection's session. */
export class GatewaySession implements SessionView {
  uid = ''
  sessionId = ''
  serverIds = new Set<string>()
  focusedChannelId: string | null = null
  state: SessionState = 'waiting'
  /** When the connection opened, ms. */
  readonly connectedAt: number
  /** When the client last sent a heartbeat (or connected), ms. */
  lastBeatAt: number
  /** The id of the last bus event this session has dealt with (sent or not its business). */
  private lastId = 0
  private held: HeldEvent[] = []
  private windowStart: number
  private framesInWindow = 0

  constructor (private readonly socket: WebSocket, private readonly hub: GatewayHub, private readonly base: string) {
    this.connectedAt = this.lastBeatAt = this.windowStart = hub.clock()
    socket.on('message', data => this.receive(data))
    socket.on('close', () => { void this.closed() })
    socket.on('error', () => socket.terminate())
  }

  /** The directory's record of this session. */
  get record (): SessionRecord {
    return { session_id: this.sessionId, uid: this.uid, server_ids: this.serverIds }
  }

  /** Sends a frame (nothing once the socket is closing). */
  send (frame: ServerFrame): void {
    this.sendText(serverFrameText(frame))
  }

  /** Sends an error frame and, for the closing errors, closes with its code. */
  fail (error: GatewayErrorData, close = false): void {
    this.send({ op: 'error', d: error })
    if (close) this.close(error.code, error.msg)
  }

  /** Closes the connection with a close code and reason. */
  close (code: number, reason: string): void {
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING) this.socket.close(code, reason.slice(0, 120))
  }

  /** A bus event: held while the session starts, sent when the session receives it, skipped when already dealt with. */
  offer (event: BusEvent, id: number, frame: (base: string) => string): void {
    if (this.state === 'starting') {
      this.held.push({ event, id, frame })
      return
    }
    if (this.state !== 'open' || id <= this.lastId) return
    this.lastId = id
    const change = offerTo(this, event, () => this.sendText(frame(this.base)))
    if (change) this.hub.membershipChanged(this, change.serverId, change.joined)
  }

  private sendText (text: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(text)
  }

  private receive (data: RawData): void {
    if (this.state === 'closed') return
    const now = this.hub.clock()
    if (now - this.windowStart >= FRAME_WINDOW_MS) {
      this.windowStart = now
      this.framesInWindow = 0
    }
    if (++this.framesInWindow > FRAMES_PER_WINDOW) {
      this.fail({ code: GatewayErrorCode.RateLimited, msg: `more than ${FRAMES_PER_WINDOW} frames in ${FRAME_WINDOW_MS / 1000} s` }, true)
      return
    }
    const parsed = parseClientFrame(data)
    if ('error' in parsed) {
      this.fail(parsed.error)
      return
    }
    this.handle(parsed.frame).catch(error => {
      this.hub.log.error({ err: error }, 'gateway frame failed')
      this.fail({ code: GatewayErrorCode.DecodeError, msg: 'the frame could not be handled; try again' })
    })
  }

  private async handle (frame: ClientFrame): Promise<void> {
    if (frame.op === 'identify' || frame.op === 'resume') {
      if (this.state !== 'waiting') {
        this.fail({ code: GatewayErrorCode.AlreadyAuthenticated, msg: `${frame.op}: this connection already has a session` })
        return
      }
      await (frame.op === 'identify' ? this.identify(frame.d.token) : this.resume(frame.d.token, frame.d.session_id, frame.d.seq))
      return
    }
    if (this.state === 'waiting') {
      this.fail({ code: GatewayErrorCode.NotAuthenticated, msg: `${frame.op}: identify first` }, true)
      return
    }
    if (frame.op === 'heartbeat') {
      this.lastBeatAt = this.hub.clock()
      this.send({ op: 'heartbeat_ack', d: null })
      if (this.state === 'open') await this.hub.directory.refresh(this.record)
      return
    }
    this.focusedChannelId = frame.d.channel_id
  }

  /** The user of `token`, or null after failing the connection. */
  private async authenticate (token: string): Promise<User | null> {
    this.state = 'starting'
    this.hub.starting(this)
    const user = await this.hub.userOf(token)
    if (!user) this.fail({ code: GatewayErrorCode.AuthenticationFailed, msg: 'token: unknown or expired (POST /auth/guest issues one)' }, true)
    return user
  }

  private async identify (token: string): Promise<void> {
    const user = await this.authenticate(token)
    if (!user) return
    this.uid = user.uid
    this.sessionId = randomBytes(16).toString('hex')
    this.serverIds = new Set(await this.hub.serverIdsOf(user.uid))
    this.lastId = await this.hub.bus.lastId()
    if (this.state !== 'starting') return // closed meanwhile
    this.send({
      op: 'ready',
      d: { user, session_id: this.sessionId, seq: this.lastId, heartbeat_interval_ms: this.hub.heartbeatMs, server_ids: [...this.serverIds] },
    })
    await this.open()
  }

  private async resume (token: string, sessionId: string, seq: number): Promise<void> {
    const user = await this.authenticate(token)
    if (!user) return
    const [owner, log] = await Promise.all([this.hub.directory.ownerOf(sessionId), this.hub.bus.eventsAfter(seq)])
    if (owner !== user.uid || log === null) {
      // too old, unknown or someone else's: the client identifies afresh and reloads
      this.state = 'waiting'
      this.hub.forget(this)
      this.held = []
      this.send({ op: 'invalid_session', d: null })
      return
    }
    this.uid = user.uid
    this.sessionId = sessionId
    this.serverIds = membershipBefore(user.uid, await this.hub.serverIdsOf(user.uid), log)
    if (this.state !== 'starting') return
    // replay the log as an open session would have received it (synchronously: nothing interleaves)
    this.state = 'open'
    this.lastId = seq
    let replayed = 0
    for (const { event, id } of log) {
      if (FOCUS_ONLY_EVENTS.has(event.t)) continue // typing is of the moment: never replayed
      this.offer(event, id, base => { replayed++; return dispatchText(event, id, base) })
    }
    this.state = 'starting'
    await this.open()
    this.send({ op: 'resumed', d: { replayed } })
  }

  /** Sends what was held while starting, then receives events live. */
  private async open (): Promise<void> {
    const held = this.held
    this.held = []
    this.state = 'open'
    for (const { event, id, frame } of held) {
      if (id > this.lastId) {
        this.offer(event, id, frame)
        continue
      }
      // before the session's start: its membership change may be newer than what was read
      const change = membershipChangeOf(event)
      if (change?.uid === this.uid) {
        if (change.joined) this.serverIds.add(event.server_id)
        else this.serverIds.delete(event.server_id)
      }
    }
    this.hub.opened(this)
    if (await this.hub.directory.open(this.record)) await this.hub.announcePresence(this.uid, this.serverIds, 'online')
  }

  private async closed (): Promise<void> {
    const wasOpen = this.state === 'open'
    this.state = 'closed'
    this.held = []
    this.hub.forget(this)
    if (!wasOpen) return
    // a snapshot: the session may be resumed meanwhile
    const record = { ...this.record, server_ids: [...this.serverIds] }
    try {
      if (await this.hub.directory.close(record)) await this.hub.announcePresence(record.uid, record.server_ids, 'offline')
    } catch (error) {
      this.hub.log.warn({ err: error }, 'gateway: presence not updated on close')
    }
  }
}

/** The text of the dispatch frame of `event` on the public origin `base` (the same for every session there: `s` is the bus id). */
export function dispatchText (event: BusEvent, id: number, base: string): string {
  return serverFrameText({ op: 'dispatch', t: event.t, s: id, d: absolutizeFileUrls(event.d, base) })
}
