/**
 * The gateway of one server process: its sessions, indexed by server and by user, fed
 * from the bus. Every event goes to the sessions its declared audience names
 * (core/wire/dispatches.ts, ./audience.ts); a dispatch frame's text is built once per event
 * (per public origin) and sent to every session that receives it (`s` is the bus id, the
 * same for all).
 *
 * What each user may read is kept per (server, user) for the users with a session here
 * (./grants.ts) and recomputed, once per change, when roles, channels and their overrides,
 * a member's roles or membership change — before the event that changed it is delivered, so
 * no later event reaches someone who just lost the channel. Events are handled one at a
 * time in bus order (a recompute holds those after it). A user whose readable channels
 * changed gets CHANNELS_VISIBLE_UPDATE on each of their sessions.
 *
 * Limits: an account holds at most GATEWAY_SOCKETS_PER_ACCOUNT sockets on all processes
 * together (the directory orders them; the oldest is closed with TooManySockets by whichever
 * process holds it, told over the bus); a member's presence changes are announced at most
 * once per GATEWAY_PRESENCE_INTERVAL_MS from a process (what changed meanwhile is announced
 * after it, once) — per process: N processes may each announce one per interval.
 * A sweep every half heartbeat interval closes connections that never identified (within
 * one interval) and sessions silent for two intervals; a reaper every third of
 * GATEWAY_LEASE_MS takes the members of dead processes offline (directory.ts) and announces it.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { WebSocket } from 'ws'
import { dispatchChanges } from '@core/wire/dispatch-codes'
import { dispatchDeclaration, type ChannelsVisibleUpdate, type SocketsOverCap } from '@core/wire/dispatches'
import { GatewayErrorCode } from '@core/wire/gateway-codes'
import type { PresenceUpdate } from '@core/wire/members'
import type { SessionRevokedEvent } from '@core/wire/trust'
import type { BusEvent, EventBus } from '../bus'
import type { AppContext } from '../context'
import type { SignedIn } from '../repositories/users'
import type { SpaceService } from '../space/types'
import type { VoiceService } from '../voice/types'
import { membershipChangeOf } from './audience'
import { RateBudget } from './budget'
import type { GatewayDirectory } from './directory'
import { dispatchText, encodedOnce } from './frames'
import { grantsIn, readableChange, type ServerGrant } from './grants'
import {
  GatewaySession, SPACE_OPS_ACCOUNT_BURST, SPACE_OPS_PER_SECOND_PER_ACCOUNT, VOICE_OPS_ACCOUNT_BURST, VOICE_OPS_PER_SECOND_PER_ACCOUNT, type SessionHost,
} from './session'

/** Reads of a new session's grant in one server while changes keep coming (the last one stands). */
const GRANT_READS = 3

function add<K, V> (map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key)
  if (!set) map.set(key, set = new Set())
  set.add(value)
}

function remove<K, V> (map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key)
  if (!set) return
  set.delete(value)
  if (set.size === 0) map.delete(key)
}

/** A user with sessions on this process: what they may read per server, shared by those sessions. */
interface UserGrants {
  grants: Map<string, ServerGrant>
  sessions: Set<GatewaySession>
}

/** A member's last presence announcement from this process, and the coalesced one due. */
interface PresenceState {
  announced: PresenceUpdate['status']
  at: number
  due: ReturnType<typeof setTimeout> | null
}

/** The sessions of this process and what they share. */
export class GatewayHub implements SessionHost {
  /** Sessions identifying or resuming: they hold every event until they know their servers. */
  private readonly startingSessions = new Set<GatewaySession>()
  private readonly byServer = new Map<string, Set<GatewaySession>>()
  private readonly byUser = new Map<string, Set<GatewaySession>>()
  /** Sessions by the plaza table they watch: a table's views go to these only. */
  private readonly byTable = new Map<string, Set<GatewaySession>>()
  /** The space-op and voice-op budgets of each account with sessions here. */
  private readonly spaceBudgets = new Map<string, RateBudget>()
  private readonly voiceBudgets = new Map<string, RateBudget>()
  private readonly sessions = new Set<GatewaySession>()
  private readonly users = new Map<string, UserGrants>()
  private readonly presence = new Map<string, PresenceState>()
  /** Per server, how many changes of who may read what were handled: a grant read across one is read again. */
  private readonly accessChanges = new Map<string, number>()
  /** Bus events not yet handled (one at a time, in order). */
  private readonly queue: Array<{ event: BusEvent, id: number }> = []
  private draining = false
  private readonly stopListening: () => void
  private readonly sweeper: ReturnType<typeof setInterval>
  private readonly reaper: ReturnType<typeof setInterval>
  private reaping = false

  constructor (private readonly ctx: AppContext, readonly log: FastifyBaseLogger, readonly clock: () => number = Date.now) {
    this.stopListening = ctx.bus.subscribe((event, id) => {
      if (event.t === 'SESSION_REVOKED') {
        this.closeRevoked(event.d)
        return
      }
      if (event.t === 'SOCKETS_OVER_CAP') {
        this.closeOverCap(event.d)
        return
      }
      this.queue.push({ event, id })
      if (!this.draining) void this.drain()
    })
    this.sweeper = setInterval(() => this.sweep(), Math.max(50, this.heartbeatMs / 2))
    this.sweeper.unref()
    this.reaper = setInterval(() => { void this.reapDead() }, Math.max(100, Math.floor(ctx.config.gatewayLeaseMs / 3)))
    this.reaper.unref()
  }

  /** The heartbeat interval announced in `ready`. */
  get heartbeatMs (): number {
    return this.ctx.config.gatewayHeartbeatMs
  }

  /** Bytes a socket may have queued unsent before it is dropped (GATEWAY_MAX_BACKLOG_BYTES). */
  get maxBacklogBytes (): number {
    return this.ctx.config.gatewayMaxBacklogBytes
  }

  /** The event bus. */
  get bus (): EventBus {
    return this.ctx.bus
  }

  /** Sessions and presence across processes. */
  get directory (): GatewayDirectory {
    return this.ctx.presence
  }

  /** The gather spaces of this process. */
  get spaces (): SpaceService {
    return this.ctx.spaces
  }

  /** The voice rooms of this process. */
  get voice (): VoiceService {
    return this.ctx.voice
  }

  /** Starts a session on a new connection; `base` is its public origin (stored-file URLs in payloads are made absolute on it), `ip` where it connects from. */
  connect (socket: WebSocket, base: string, ip: string): void {
    this.sessions.add(new GatewaySession(socket, this, base, ip))
  }

  /** The user and sign-in session of a token (session or bot), or null. */
  signedInOf (token: string): Promise<SignedIn | null> {
    return this.ctx.repos.users.signIn(token, this.ctx.now())
  }

  /** Closes this process's sockets of a revoked sign-in session, or all of a user's (kicked, banned, a bot's token revoked or reset). */
  private closeRevoked (revoked: SessionRevokedEvent): void {
    for (const session of [...this.sessions]) {
      if (session.uid !== revoked.uid) continue
      if (revoked.session_ids === null || (session.authSessionId !== null && revoked.session_ids.includes(session.authSessionId))) {
        session.close(GatewayErrorCode.SessionRevoked, `session revoked (${revoked.reason})`)
      }
    }
  }

  /** Closes this process's sockets of the sessions an account holds over its socket cap (TooManySockets). */
  private closeOverCap (over: SocketsOverCap): void {
    const cap = this.ctx.config.gatewaySocketsPerAccount
    for (const session of [...this.byUser.get(over.uid) ?? []]) {
      if (over.session_ids.includes(session.sessionId)) {
        session.fail({ code: GatewayErrorCode.TooManySockets, msg: `more than ${cap} gateway sockets for this account: the oldest is closed` }, true)
      }
    }
  }

  /**
   * After `session` opened: when its account now holds more than GATEWAY_SOCKETS_PER_ACCOUNT
   * sessions open on any process (the directory knows them all), the oldest beyond the cap
   * are closed wherever they are, through the bus (SOCKETS_OVER_CAP); never the one that opened.
   */
  async capSockets (session: GatewaySession): Promise<void> {
    const cap = this.ctx.config.gatewaySocketsPerAccount
    const open = await this.directory.openSessionsOf(session.uid)
    if (open.length <= cap) return
    const excess = open.filter(sessionId => sessionId !== session.sessionId).slice(0, open.length - cap)
    await this.bus.publish('SOCKETS_OVER_CAP', { uid: session.uid }, { uid: session.uid, session_ids: excess })
  }

  /** The servers `uid` is a member of. */
  serverIdsOf (uid: string): Promise<string[]> {
    return this.ctx.repos.members.serverIdsOf(uid)
  }

  /** `session` identifies or resumes: it hears every event until it is open. */
  starting (session: GatewaySession): void {
    this.startingSessions.add(session)
  }

  async grantsFor (session: GatewaySession, serverIds: Iterable<string>): Promise<ReadonlyMap<string, ServerGrant>> {
    let user = this.users.get(session.uid)
    if (!user) this.users.set(session.uid, user = { grants: new Map(), sessions: new Set() })
    user.sessions.add(session)
    const grants = user.grants
    await Promise.all([...serverIds].filter(serverId => !grants.has(serverId)).map(async serverId => {
      for (let attempt = 1; attempt <= GRANT_READS && !grants.has(serverId); attempt++) {
        const changes = this.accessChanges.get(serverId) ?? 0
        const grant = (await grantsIn(this.ctx.repos, serverId, [session.uid], this.ctx.now())).get(session.uid)
        // a change handled while it was read may have missed this user: read it again (the last read stands)
        if (grant && (attempt === GRANT_READS || changes === (this.accessChanges.get(serverId) ?? 0))) grants.set(serverId, grant)
      }
    }))
    return grants
  }

  /** `session` is open: it hears its servers' events (a resumed one takes up the voice room its session held). */
  opened (session: GatewaySession): void {
    this.startingSessions.delete(session)
    this.ctx.voice.attach(session)
    add(this.byUser, session.uid, session)
    for (const serverId of session.serverIds) add(this.byServer, serverId, session)
  }

  /** An open session joined or left a server. */
  membershipChanged (session: GatewaySession, serverId: string, joined: boolean): void {
    if (joined) add(this.byServer, serverId, session)
    else remove(this.byServer, serverId, session)
  }

  /** The space-op budget of account `uid` on this process, shared by its sessions here (made at its first space op). */
  spaceBudgetOf (uid: string): RateBudget {
    let budget = this.spaceBudgets.get(uid)
    if (!budget) this.spaceBudgets.set(uid, budget = new RateBudget(SPACE_OPS_PER_SECOND_PER_ACCOUNT, SPACE_OPS_ACCOUNT_BURST, this.clock()))
    return budget
  }

  /** The voice-op budget of account `uid` on this process, shared by its sessions here (made at its first voice op). */
  voiceBudgetOf (uid: string): RateBudget {
    let budget = this.voiceBudgets.get(uid)
    if (!budget) this.voiceBudgets.set(uid, budget = new RateBudget(VOICE_OPS_PER_SECOND_PER_ACCOUNT, VOICE_OPS_ACCOUNT_BURST, this.clock()))
    return budget
  }

  /** `session` watches plaza table `tableId` now (null: none), once the plaza accepted it (./session.ts). */
  async watchTable (session: GatewaySession, tableId: string | null): Promise<void> {
    await this.ctx.plaza.watch(session, tableId)
    if (session.state !== 'open') {
      // closed meanwhile (forget() found nothing watched yet): its watch ends after all
      if (tableId !== null) await this.ctx.plaza.watch(session, null)
      return
    }
    if (session.watchedTableId !== null) remove(this.byTable, session.watchedTableId, session)
    session.watchedTableId = tableId
    if (tableId !== null) add(this.byTable, tableId, session)
  }

  /** `session` hears nothing more (closed, or back to waiting after invalid_session). */
  forget (session: GatewaySession): void {
    if (session.watchedTableId !== null) {
      remove(this.byTable, session.watchedTableId, session)
      session.watchedTableId = null
      // its watch ends on every process's count: a seated player with no other socket watching is away
      this.ctx.plaza.watch(session, null).catch(error => this.log.warn({ err: error }, 'plaza: a closed session still counts as watching'))
    }
    this.ctx.spaces.leave(session)
    this.ctx.voice.detach(session)
    this.startingSessions.delete(session)
    remove(this.byUser, session.uid, session)
    if (!this.byUser.has(session.uid)) {
      this.spaceBudgets.delete(session.uid)
      this.voiceBudgets.delete(session.uid)
    }
    for (const serverId of session.serverIds) remove(this.byServer, serverId, session)
    const user = this.users.get(session.uid)
    if (user?.sessions.delete(session) === true && user.sessions.size === 0) this.users.delete(session.uid)
    if (session.state === 'closed') this.sessions.delete(session)
  }

  /**
   * A member came online or went offline: announced at once, unless this process announced
   * them less than GATEWAY_PRESENCE_INTERVAL_MS ago; then once when that interval ends, with their
   * presence then, and only if it differs from the last announcement (200 reconnects in a
   * row are one or two announcements, not 400).
   */
  presenceChanged (uid: string, status: PresenceUpdate['status'], serverIds: readonly string[]): void {
    const now = this.clock()
    const interval = this.ctx.config.gatewayPresenceIntervalMs
    const state = this.presence.get(uid)
    if (state?.due) return
    if (!state || now - state.at >= interval) {
      this.presence.set(uid, { announced: status, at: now, due: null })
      this.announcePresence(uid, serverIds, status).catch(error => this.log.warn({ err: error }, 'gateway: presence not announced'))
      return
    }
    state.due = setTimeout(() => { void this.settlePresence(uid, state) }, state.at + interval - now)
  }

  /** The coalesced announcement: the member's presence now, if it differs from the last one announced. */
  private async settlePresence (uid: string, state: PresenceState): Promise<void> {
    state.due = null
    try {
      const status = (await this.directory.onlineOf([uid])).has(uid) ? 'online' : 'offline'
      if (status === state.announced) return
      state.announced = status
      state.at = this.clock()
      await this.announcePresence(uid, await this.serverIdsOf(uid), status)
    } catch (error) {
      this.log.warn({ err: error }, 'gateway: presence not announced')
    }
  }

  /** Publishes PRESENCE_UPDATE for `uid` to each of `serverIds` (came online or went offline). */
  private async announcePresence (uid: string, serverIds: Iterable<string>, status: PresenceUpdate['status']): Promise<void> {
    for (const serverId of serverIds) {
      const update: PresenceUpdate = { server_id: serverId, uid, status, online_count: await this.directory.onlineCount(serverId) }
      await this.bus.publish('PRESENCE_UPDATE', { server_id: serverId }, update)
    }
  }

  /** Handles the queued bus events in order; one that changes who may read what waits for the recompute. */
  private async drain (): Promise<void> {
    this.draining = true
    for (let next = this.queue.shift(); next; next = this.queue.shift()) {
      const { event, id } = next
      if (dispatchChanges(event.t, 'access') || dispatchChanges(event.t, 'member-access')) {
        this.accessChanges.set(event.server_id, (this.accessChanges.get(event.server_id) ?? 0) + 1)
      }
      const uids = this.regrantedBy(event)
      try {
        if (uids.length > 0) await this.regrant(event, id, uids) // also keeps what the changed sessions were told
      } catch (error) {
        this.log.warn({ err: error }, `gateway: readable channels not recomputed after ${event.t}`)
      }
      try {
        this.deliver(event, id)
      } catch (error) {
        this.log.error({ err: error }, `gateway: ${event.t} not delivered`)
      }
      const joined = membershipChangeOf(event)
      // a joiner's sessions know the server now: their snapshot takes it in
      if (joined?.joined === true) await this.rememberReadable(joined.uid).catch(error => this.log.warn({ err: error }, 'gateway: readable channels not kept'))
    }
    this.draining = false
  }

  /** The users with sessions here whose grants in the event's server it may change. */
  private regrantedBy (event: BusEvent): string[] {
    const serverId = event.server_id
    if (dispatchChanges(event.t, 'access')) return [...this.users].filter(([, user]) => user.grants.has(serverId)).map(([uid]) => uid)
    const change = membershipChangeOf(event)
    const uid = event.t === 'MEMBER_UPDATE' ? event.d.uid : change?.joined === true ? change.uid : undefined
    return uid !== undefined && this.users.has(uid) ? [uid] : []
  }

  /** Recomputes the grants of `uids` in the event's server and tells each user's sessions which channels appeared or disappeared. */
  private async regrant (event: BusEvent, id: number, uids: string[]): Promise<void> {
    const serverId = event.server_id
    const fresh = await grantsIn(this.ctx.repos, serverId, uids, this.ctx.now())
    for (const [uid, after] of fresh) {
      const user = this.users.get(uid)
      if (!user) continue
      const before = user.grants.get(serverId)
      user.grants.set(serverId, after)
      if (!before) continue // a join: the joiner loads the server's channels anyway (remembered once MEMBER_ADD is delivered)
      const change = readableChange(before, after)
      if (change.added.length === 0 && change.removed.length === 0) continue
      // a created channel is announced by CHANNEL_CREATE itself
      const added = event.t === 'CHANNEL_CREATE' ? change.added.filter(channelId => channelId !== event.channel_id) : change.added
      if (added.length > 0 || change.removed.length > 0) {
        const update: ChannelsVisibleUpdate = { server_id: serverId, added, removed: change.removed }
        for (const session of user.sessions) {
          if (session.serverIds.has(serverId)) session.sendOwn(base => dispatchText('CHANNELS_VISIBLE_UPDATE', update, id, base))
          // a space the member may no longer see is left
          this.ctx.spaces.hidden(session, serverId, change.removed)
        }
      }
      await this.rememberReadable(uid)
    }
  }

  /** Keeps what `uid`'s open sessions here now know they may read, for a resume on any process. */
  private async rememberReadable (uid: string): Promise<void> {
    await Promise.all([...this.users.get(uid)?.sessions ?? []].map(session => session.rememberReadable()))
  }

  /** Offers one event to the sessions that may receive it, then forgets what it ended (a deleted channel, a departed member's grants). */
  private deliver (event: BusEvent, id: number): void {
    // encoded once, whatever the number of sessions: the same bytes are written to every socket
    const frameOf = encodedOnce(base => dispatchText(event.t, event.d, id, base))
    for (const session of this.startingSessions) session.offer(event, id, frameOf)
    const change = membershipChangeOf(event)
    if (change?.joined) for (const session of this.byUser.get(change.uid) ?? []) session.offer(event, id, frameOf)
    const sessions = dispatchDeclaration(event.t)?.audience === 'user' ? this.byUser.get(event.uid ?? '') : this.byServer.get(event.server_id)
    for (const session of sessions ?? []) session.offer(event, id, frameOf)
    for (const uid of event.uids ?? []) for (const session of this.byUser.get(uid) ?? []) session.offer(event, id, frameOf)
    if (event.t === 'PLAZA_GAME_VIEWS') this.sendGameViews(event, id)
    if (change && !change.joined) {
      this.users.get(change.uid)?.grants.delete(event.server_id)
      for (const session of this.byUser.get(change.uid) ?? []) this.ctx.spaces.hidden(session, event.server_id, null)
    }
    if (event.t === 'CHANNEL_DELETE' && event.channel_id !== undefined) {
      this.forgetChannel(event.server_id, event.channel_id)
      this.ctx.spaces.channelGone(event.channel_id)
    }
  }

  /**
   * PLAZA_GAME_VIEWS (never sent itself): each session here watching the table, if it may read
   * the table's channel, gets its own PLAZA_GAME_VIEW — its user's seat's view, else the
   * watcher's — so what one seat may not see reaches no other session.
   */
  private sendGameViews (event: Extract<BusEvent, { t: 'PLAZA_GAME_VIEWS' }>, id: number): void {
    const { watcher, seats } = event.d
    // each distinct view is encoded once: every watcher's socket gets the watchers' bytes
    const frames = new Map<string | null, (base: string) => Buffer>()
    const frameOf = (seat: string | null): (base: string) => Buffer => {
      let frame = frames.get(seat)
      if (frame === undefined) frames.set(seat, frame = encodedOnce(base => dispatchText('PLAZA_GAME_VIEW', seat === null ? watcher : seats[seat], id, base)))
      return frame
    }
    for (const session of this.byTable.get(event.table_id ?? '') ?? []) {
      if (event.channel_id === undefined || !session.mayRead(event.server_id, event.channel_id)) continue
      session.sendOwn(frameOf(Object.prototype.hasOwnProperty.call(seats, session.uid) ? session.uid : null))
    }
  }

  /** A deleted channel leaves every grant of its server (its CHANNEL_DELETE went to those who could read it). */
  private forgetChannel (serverId: string, channelId: string): void {
    for (const user of this.users.values()) {
      const grant = user.grants.get(serverId)
      if (!grant?.readable.has(channelId)) continue
      user.grants.set(serverId, { ...grant, readable: new Set([...grant.readable].filter(id => id !== channelId)) })
    }
  }

  /**
   * The members whose sessions were on a process that died (its lease ran out) and
   * who are connected nowhere else go offline: out of their servers' online sets, and
   * PRESENCE_UPDATE offline with the recounted online count (presence is the
   * truth of every process).
   */
  async reapDead (): Promise<void> {
    if (this.reaping) return
    this.reaping = true
    try {
      for (const uid of await this.directory.reapDead()) {
        const serverIds = await this.serverIdsOf(uid)
        for (const serverId of serverIds) await this.directory.left(uid, serverId)
        await this.announcePresence(uid, serverIds, 'offline')
      }
    } catch (error) {
      this.log.warn({ err: error }, 'gateway: the members of a dead process were not (all) announced offline')
    } finally {
      this.reaping = false
    }
  }

  /** Open sessions on this process (diagnostics and the benchmark). */
  get size (): number {
    return this.sessions.size
  }

  /** Stops listening and closes every connection (server shutting down: clients resume elsewhere). */
  close (): void {
    clearInterval(this.sweeper)
    clearInterval(this.reaper)
    for (const state of this.presence.values()) if (state.due) clearTimeout(state.due)
    this.stopListening()
    for (const session of this.sessions) session.close(1001, 'server shutting down')
  }

  private sweep (): void {
    const now = this.clock()
    for (const session of this.sessions) {
      if (session.state === 'waiting' && now - session.connectedAt > this.heartbeatMs) {
        session.fail({ code: GatewayErrorCode.NotAuthenticated, msg: 'identify or resume within one heartbeat interval' }, true)
      } else if (session.state === 'open' && now - session.lastBeatAt > 2 * this.heartbeatMs) {
        // SPEC: a silent client is dropped after two missed beats
        session.fail({ code: GatewayErrorCode.SessionTimedOut, msg: 'no heartbeat for two intervals' }, true)
      }
    }
    for (const [uid, state] of this.presence) if (!state.due && now - state.at >= this.ctx.config.gatewayPresenceIntervalMs) this.presence.delete(uid)
  }
}
