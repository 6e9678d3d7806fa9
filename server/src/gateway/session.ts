/**
 * One gateway connection: it waits for `identify` or `resume`, then receives the bus
 * events its user may see (audience.ts) as dispatch frames, answers heartbeats and
 * follows focus. A resume also tells the client which channels it gained or lost while away
 * (CHANNELS_VISIBLE_UPDATE after `resumed`, from the directory's snapshot of what it was
 * last told). Every frame it cannot use gets an error frame; only a bad token, a
 * missing identify, too many frames, a flood of space or voice ops or silence close it (core/wire/gateway-codes.ts).
 * Space ops go to the process's spaces, voice ops to its voice rooms, each lane with its own budgets.
 * What it needs of the process's gateway is {@link SessionHost} (the hub implements it),
 * so this file never imports the hub.
 */
import { randomBytes } from 'crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { WebSocket, RawData } from 'ws'
import type { ClientFrame, GatewayErrorData, ServerFrame } from '@core/wire/gateway'
import { GATEWAY_PROTOCOL_VERSION, GatewayErrorCode } from '@core/wire/gateway-codes'
import type { User } from '@core/wire/entities'
import type { PresenceUpdate } from '@core/wire/members'
import type { SpaceClientFrame } from '@core/wire/space'
import type { VoiceClientFrame } from '@core/wire/voice'
import type { BusEvent, EventBus } from '../bus'
import { ApiError } from '../errors'
import type { PlazaWatcher } from '../plaza/types'
import type { SignedIn } from '../repositories/users'
import { failureMessageOf, type SpaceMember, type SpaceService } from '../space/types'
import { voiceFailureMessageOf, type VoiceMember, type VoiceService } from '../voice/types'
import { OpLane, type OpLaneLimits, type RateBudget } from './budget'
import { isReplayed, membershipBefore, membershipChangeOf, offerTo, type SessionView } from './audience'
import type { GatewayDirectory, SessionRecord } from './directory'
import { dispatchText, isSpaceFrame, isVoiceFrame, ownFrameText, parseClientFrame } from './frames'
import { changesSince, snapshotOf, type ServerGrant } from './grants'

/** What a session needs from the gateway of its process (GatewayHub). */
export interface SessionHost {
  readonly log: FastifyBaseLogger
  /** Now, in ms. */
  clock (): number
  /** The heartbeat interval announced in `ready`. */
  readonly heartbeatMs: number
  /** Bytes a socket may have queued unsent; past it the socket is dropped (the client resumes). */
  readonly maxBacklogBytes: number
  /** The bus's resume log. */
  readonly bus: Pick<EventBus, 'lastId' | 'eventsAfter'>
  /** Sessions and presence across processes. */
  readonly directory: Pick<GatewayDirectory, 'open' | 'refresh' | 'close' | 'ownerOf' | 'keepReadable' | 'readableOf'>
  /** The user and sign-in session of a token (session or bot), or null. */
  signedInOf (token: string): Promise<SignedIn | null>
  /** The servers `uid` is a member of. */
  serverIdsOf (uid: string): Promise<string[]>
  /** The session identifies or resumes: it hears (holds) every event until it is open. */
  starting (session: GatewaySession): void
  /**
   * The grants of the session's user in `serverIds`, computed where not known yet; the map
   * stays current as roles, overrides and membership change, while the session holds it.
   */
  grantsFor (session: GatewaySession, serverIds: Iterable<string>): Promise<ReadonlyMap<string, ServerGrant>>
  /** The session is open: it hears its servers' events. */
  opened (session: GatewaySession): void
  /** After the directory recorded it open: an account over its socket cap (on every process together) loses its oldest sockets. */
  capSockets (session: GatewaySession): Promise<void>
  /** An open session joined or left a server. */
  membershipChanged (session: GatewaySession, serverId: string, joined: boolean): void
  /** The session hears nothing more (closed, or back to waiting after invalid_session); it leaves its space, and its voice room after the resume grace. */
  forget (session: GatewaySession): void
  /** The gather spaces of this process: the session's space ops go there. */
  readonly spaces: Pick<SpaceService, 'handle'>
  /**
   * The session watches plaza table `tableId` now (null: none): the plaza checks the table and
   * that the session may read its channel (throwing a refusal otherwise), follows the
   * players' presence, and the hub indexes the session by table (its PLAZA_GAME_VIEW).
   */
  watchTable (session: GatewaySession, tableId: string | null): Promise<void>
  /** The space-op budget of account `uid` on this process, shared by its sessions here (SPACE_OPS_PER_SECOND_PER_ACCOUNT). */
  spaceBudgetOf (uid: string): RateBudget
  /** The voice rooms of this process: the session's voice ops go there. */
  readonly voice: Pick<VoiceService, 'handle'>
  /** The voice-op budget of account `uid` on this process, shared by its sessions here (VOICE_OPS_PER_SECOND_PER_ACCOUNT). */
  voiceBudgetOf (uid: string): RateBudget
  /** The user's first session opened or last one closed (announced to `serverIds`, coalesced per user). */
  presenceChanged (uid: string, status: PresenceUpdate['status'], serverIds: readonly string[]): void
}

/** Client frames allowed per connection per {@link FRAME_WINDOW_MS}; one more closes it (RateLimited). */
export const FRAMES_PER_WINDOW = 120
/** The rate limit's window. */
export const FRAME_WINDOW_MS = 60_000
/**
 * Space ops (core/wire/space.ts) allowed per connection per second: a stick steers often, so
 * they have their own budget and do not count against FRAMES_PER_WINDOW. Up to
 * SPACE_OPS_BURST may come at once (a backlog after a stall); beyond the budget an op is
 * refused (SpaceRefused, one error frame a second, the rest dropped) and counts as over.
 */
export const SPACE_OPS_PER_SECOND = 30
/** The space ops a connection banks: two seconds' worth. */
export const SPACE_OPS_BURST = 2 * SPACE_OPS_PER_SECOND
/**
 * Space ops one account may send per second from all its sockets on a process together (two
 * devices steering at once), banking two seconds' worth: more sockets do not make it faster.
 */
export const SPACE_OPS_PER_SECOND_PER_ACCOUNT = 2 * SPACE_OPS_PER_SECOND
/** The space ops an account banks on a process. */
export const SPACE_OPS_ACCOUNT_BURST = 2 * SPACE_OPS_PER_SECOND_PER_ACCOUNT
/** Space ops over the budgets a connection may send per FRAME_WINDOW_MS; one more closes it (RateLimited): a flood, not a stall. */
export const SPACE_OPS_OVER_PER_WINDOW = 2 * SPACE_OPS_PER_SECOND
/** The space lane's limits. */
const SPACE_LANE: OpLaneLimits = {
  noun: 'space', perSecond: SPACE_OPS_PER_SECOND, burst: SPACE_OPS_BURST, perSecondPerAccount: SPACE_OPS_PER_SECOND_PER_ACCOUNT, overPerWindow: SPACE_OPS_OVER_PER_WINDOW, windowMs: FRAME_WINDOW_MS,
}

/**
 * Voice ops (core/wire/voice.ts) allowed per connection per second, on their own budget like
 * space ops: a join trickles a dozen ICE candidates at once, speaking flips a few times a
 * second. Up to VOICE_OPS_BURST may come at once; beyond the budget an op is refused
 * (VoiceRefused, one error frame a second, the rest dropped) and counts as over.
 */
export const VOICE_OPS_PER_SECOND = 10
/** The voice ops a connection banks: a join's candidates and more, three seconds' worth. */
export const VOICE_OPS_BURST = 3 * VOICE_OPS_PER_SECOND
/** Voice ops one account may send per second from all its sockets on a process together. */
export const VOICE_OPS_PER_SECOND_PER_ACCOUNT = 2 * VOICE_OPS_PER_SECOND
/** The voice ops an account banks on a process. */
export const VOICE_OPS_ACCOUNT_BURST = 2 * VOICE_OPS_BURST
/** Voice ops over the budgets a connection may send per FRAME_WINDOW_MS; one more closes it (RateLimited). */
export const VOICE_OPS_OVER_PER_WINDOW = 2 * VOICE_OPS_PER_SECOND
/** The voice lane's limits. */
const VOICE_LANE: OpLaneLimits = {
  noun: 'voice', perSecond: VOICE_OPS_PER_SECOND, burst: VOICE_OPS_BURST, perSecondPerAccount: VOICE_OPS_PER_SECOND_PER_ACCOUNT, overPerWindow: VOICE_OPS_OVER_PER_WINDOW, windowMs: FRAME_WINDOW_MS,
}

/** waiting: no identify yet; starting: identify/resume in progress (events are held); open; closed. */
type SessionState = 'waiting' | 'starting' | 'open' | 'closed'

/** A frame as written to a socket: its text, or that text's UTF-8 bytes made once for many sockets. */
export type FrameData = string | Buffer

interface HeldEvent {
  event: BusEvent
  id: number
  frame: (base: string) => FrameData
}

/** One connection's session. */
export class GatewaySession implements SessionView, SpaceMember, VoiceMember, PlazaWatcher {
  uid = ''
  /** This socket's key among the plaza's watchers (a resumed session is a new socket, with a new key). */
  readonly watchKey = randomBytes(12).toString('hex')
  /** The signed-in user as identify or resume found them. */
  user: User | null = null
  sessionId = ''
  /** The sign-in session (HTTP token) this connection identified with; null for a bot token. */
  authSessionId: string | null = null
  serverIds = new Set<string>()
  focusedChannelId: string | null = null
  watchedTableId: string | null = null
  /** What the user may read, per server (the host keeps it current). */
  private grants: ReadonlyMap<string, ServerGrant> = new Map()
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
  private readonly spaceLane: OpLane
  private readonly voiceLane: OpLane

  /** `ip`: where the socket connects from (the message rate limit's allow list applies to what it says in a space). */
  constructor (private readonly socket: WebSocket, private readonly host: SessionHost, private readonly base: string, readonly ip = '') {
    this.connectedAt = this.lastBeatAt = this.windowStart = host.clock()
    this.spaceLane = new OpLane(SPACE_LANE, this.connectedAt)
    this.voiceLane = new OpLane(VOICE_LANE, this.connectedAt)
    socket.on('message', data => this.receive(data))
    socket.on('close', () => { void this.closed() })
    socket.on('error', () => socket.terminate())
  }

  /** What the user may read and whether they moderate in `serverId`. */
  grantIn (serverId: string): ServerGrant | undefined {
    return this.grants.get(serverId)
  }

  /** Whether the session may read `channelId` of `serverId` now (a plaza table's channel). */
  mayRead (serverId: string, channelId: string): boolean {
    return this.serverIds.has(serverId) && this.grants.get(serverId)?.readable.has(channelId) === true
  }

  /** The directory's record of this session. */
  get record (): SessionRecord {
    return { session_id: this.sessionId, uid: this.uid, server_ids: this.serverIds }
  }

  /** Sends a frame (nothing once the socket is closing); stored-file URLs in it are made absolute on the socket's origin. */
  send (frame: ServerFrame): void {
    this.sendText(ownFrameText(frame, this.base))
  }

  /** A space op refused by the process holding the space (a relayed entry): the same error frame a refusal here gets. */
  refuse (msg: string): void {
    this.fail({ code: GatewayErrorCode.SpaceRefused, msg })
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
  offer (event: BusEvent, id: number, frame: (base: string) => FrameData): void {
    if (this.state === 'starting') {
      this.held.push({ event, id, frame })
      return
    }
    if (this.state !== 'open' || id <= this.lastId) return
    this.lastId = id
    const change = offerTo(this, event, () => this.sendText(frame(this.base)))
    if (change) this.host.membershipChanged(this, change.serverId, change.joined)
  }

  /** Sends a dispatch the gateway made for this session (CHANNELS_VISIBLE_UPDATE; its `s` is the event that caused it) if it is open. */
  sendOwn (frame: (base: string) => FrameData): void {
    if (this.state === 'open') this.sendText(frame(this.base))
  }

  /**
   * Keeps what this session's client now knows it may read (the directory's snapshot), so a
   * resume, on any process, can tell it which channels appeared or disappeared meanwhile.
   */
  async rememberReadable (): Promise<void> {
    if (this.state !== 'open') return
    await this.host.directory.keepReadable(this.sessionId, snapshotOf(this.grants, this.serverIds))
  }

  /**
   * Writes one text frame, unless the socket is closing. A socket whose unsent queue is past
   * the backlog cap (its client stopped reading) is dropped instead of queued for without
   * bound: the client reconnects and resumes, and is replayed from the resume log.
   */
  private sendText (data: FrameData): void {
    if (this.socket.readyState !== this.socket.OPEN) return
    if (this.socket.bufferedAmount > this.host.maxBacklogBytes) {
      this.host.log.warn({ session: this.sessionId, queued: this.socket.bufferedAmount }, 'gateway socket too far behind; dropped')
      this.socket.terminate()
      return
    }
    this.socket.send(data, { binary: false })
  }

  private receive (data: RawData): void {
    if (this.state === 'closed') return
    const now = this.host.clock()
    const parsed = parseClientFrame(data)
    if ('frame' in parsed && isSpaceFrame(parsed.frame)) {
      this.receiveSpace(parsed.frame, now)
      return
    }
    if ('frame' in parsed && isVoiceFrame(parsed.frame)) {
      this.receiveVoice(parsed.frame, now)
      return
    }
    if (now - this.windowStart >= FRAME_WINDOW_MS) {
      this.windowStart = now
      this.framesInWindow = 0
    }
    if (++this.framesInWindow > FRAMES_PER_WINDOW) {
      this.fail({ code: GatewayErrorCode.RateLimited, msg: `more than ${FRAMES_PER_WINDOW} frames in ${FRAME_WINDOW_MS / 1000} s` }, true)
      return
    }
    if ('error' in parsed) {
      this.fail(parsed.error)
      return
    }
    this.handle(parsed.frame).catch(error => {
      this.host.log.error({ err: error }, 'gateway frame failed')
      this.fail({ code: GatewayErrorCode.DecodeError, msg: 'the frame could not be handled; try again' })
      // a session that failed to start would hold events forever: the client reconnects instead
      if (this.state === 'starting') this.close(1011, 'the session could not start')
    })
  }

  /**
   * A space op: the connection's and the account's budgets, then the process's spaces; a
   * refusal is an error frame, a flood over the budgets a close (RateLimited).
   */
  private receiveSpace (frame: SpaceClientFrame, now: number): void {
    if (!this.laneAdmits(frame.op, now, this.spaceLane, this.uid === '' ? null : this.host.spaceBudgetOf(this.uid), GatewayErrorCode.SpaceRefused)) return
    this.host.spaces.handle(this, frame).catch(error => {
      this.fail({ code: GatewayErrorCode.SpaceRefused, msg: failureMessageOf(frame.op, error, unexpected => this.host.log.error({ err: unexpected }, 'gateway: space op failed')) })
    })
  }

  /** A voice op, as a space op: its own budgets, then the process's voice rooms; a refusal is an error frame of code VoiceRefused. */
  private receiveVoice (frame: VoiceClientFrame, now: number): void {
    if (!this.laneAdmits(frame.op, now, this.voiceLane, this.uid === '' ? null : this.host.voiceBudgetOf(this.uid), GatewayErrorCode.VoiceRefused)) return
    this.host.voice.handle(this, frame).catch(error => {
      this.fail({ code: GatewayErrorCode.VoiceRefused, msg: voiceFailureMessageOf(frame.op, error, unexpected => this.host.log.error({ err: unexpected }, 'gateway: voice op failed')) })
    })
  }

  /**
   * Whether an op of a lane (space, voice) may be handled: identified (else closed,
   * NotAuthenticated), within the lane's budgets (else refused with `refused` or, in a flood,
   * closed with RateLimited) and the session open (else refused).
   */
  private laneAdmits (op: string, now: number, lane: OpLane, account: RateBudget | null, refused: GatewayErrorCode): boolean {
    if (this.state === 'waiting') {
      this.fail({ code: GatewayErrorCode.NotAuthenticated, msg: `${op}: identify first` }, true)
      return false
    }
    const verdict = lane.take(op, now, account)
    if (!verdict.pass) {
      if (verdict.close !== undefined) this.fail({ code: GatewayErrorCode.RateLimited, msg: verdict.close }, true)
      else if (verdict.refuse !== undefined) this.fail({ code: refused, msg: verdict.refuse })
      return false
    }
    if (this.state !== 'open') {
      this.fail({ code: refused, msg: `${op}: the session is not open yet` })
      return false
    }
    return true
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
      this.lastBeatAt = this.host.clock()
      this.send({ op: 'heartbeat_ack', d: null })
      if (this.state === 'open') await this.host.directory.refresh(this.record)
      return
    }
    if (frame.op === 'focus') this.focusedChannelId = frame.d.channel_id
    if (frame.op === 'table_watch') await this.watchTable(frame.d.table_id)
  }

  /** table_watch: the table's PLAZA_GAME_VIEW comes here from now on; a table that is none to the session is refused (PlazaRefused), the one watched before kept. */
  private async watchTable (tableId: string | null): Promise<void> {
    if (this.state !== 'open') {
      this.fail({ code: GatewayErrorCode.PlazaRefused, msg: 'table_watch: the session is not open yet' })
      return
    }
    try {
      await this.host.watchTable(this, tableId)
    } catch (error) {
      if (!(error instanceof ApiError) || error.statusCode >= 500) throw error
      this.fail({ code: GatewayErrorCode.PlazaRefused, msg: `table_watch: ${error.message}` })
    }
  }

  /** The user of `token`, or null after failing the connection. */
  private async authenticate (token: string): Promise<User | null> {
    this.state = 'starting'
    this.host.starting(this)
    const signedIn = await this.host.signedInOf(token)
    if (!signedIn) {
      this.fail({ code: GatewayErrorCode.AuthenticationFailed, msg: 'token: unknown or expired (POST /auth/guest issues one)' }, true)
      return null
    }
    this.authSessionId = signedIn.session_id
    this.user = signedIn.user
    return signedIn.user
  }

  private async identify (token: string): Promise<void> {
    const user = await this.authenticate(token)
    if (!user) return
    this.uid = user.uid
    this.sessionId = randomBytes(16).toString('hex')
    this.serverIds = new Set(await this.host.serverIdsOf(user.uid))
    this.grants = await this.host.grantsFor(this, this.serverIds)
    this.lastId = await this.host.bus.lastId()
    if (this.state !== 'starting') return // closed meanwhile
    this.send({
      op: 'ready',
      d: {
        user, protocol_version: GATEWAY_PROTOCOL_VERSION, session_id: this.sessionId, seq: this.lastId,
        heartbeat_interval_ms: this.host.heartbeatMs, server_ids: [...this.serverIds],
      },
    })
    await this.open()
    await this.rememberReadable()
  }

  private async resume (token: string, sessionId: string, seq: number): Promise<void> {
    const user = await this.authenticate(token)
    if (!user) return
    const [owner, log, known] = await Promise.all([this.host.directory.ownerOf(sessionId), this.host.bus.eventsAfter(seq), this.host.directory.readableOf(sessionId)])
    if (owner !== user.uid || log === null) {
      // too old, unknown or someone else's: the client identifies afresh and reloads
      this.state = 'waiting'
      this.host.forget(this)
      this.held = []
      this.send({ op: 'invalid_session', d: null })
      return
    }
    this.uid = user.uid
    this.sessionId = sessionId
    const current = await this.host.serverIdsOf(user.uid)
    this.serverIds = membershipBefore(user.uid, current, log)
    // replayed with what the user may read now: a channel they can no longer read replays nothing
    this.grants = await this.host.grantsFor(this, current)
    if (this.state !== 'starting') return
    // replay the log as an open session would have received it (synchronously: nothing interleaves)
    this.state = 'open'
    this.lastId = seq
    let replayed = 0
    for (const { event, id } of log) {
      if (!isReplayed(event)) continue // typing and speaking are of the moment: never replayed
      this.offer(event, id, base => { replayed++; return dispatchText(event.t, event.d, id, base) })
    }
    this.state = 'starting'
    await this.open()
    this.send({ op: 'resumed', d: { replayed } })
    // what changed while it was away (a role, an override, a training role): its own CHANNELS_VISIBLE_UPDATE after resumed
    if (known) { // sendOwn sends nothing once the session closed meanwhile
      for (const change of changesSince(known, this.grants, this.serverIds)) {
        this.sendOwn(base => dispatchText('CHANNELS_VISIBLE_UPDATE', change, this.lastId, base))
      }
    }
    await this.rememberReadable()
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
    this.host.opened(this)
    if (await this.host.directory.open(this.record)) this.host.presenceChanged(this.uid, 'online', [...this.serverIds])
    // the cap is a limit, not the session's business: a failure to apply it is logged, the session goes on
    await this.host.capSockets(this).catch(error => this.host.log.warn({ err: error }, 'gateway: the socket cap was not applied'))
  }

  private async closed (): Promise<void> {
    const wasOpen = this.state === 'open'
    this.state = 'closed'
    this.held = []
    this.host.forget(this)
    if (!wasOpen) return
    // a snapshot: the session may be resumed meanwhile
    const record = { ...this.record, server_ids: [...this.serverIds] }
    try {
      if (await this.host.directory.close(record)) this.host.presenceChanged(record.uid, 'offline', record.server_ids)
    } catch (error) {
      this.host.log.warn({ err: error }, 'gateway: presence not updated on close')
    }
  }
}
