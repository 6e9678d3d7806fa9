/**
 * The gateway of one server process: its sessions, indexed by server and by user, fed
 * from the bus. A dispatch frame's text is built once per event (per public origin) and
 * sent to every session that receives it (`s` is the bus id, the same for all). A sweep every half
 * heartbeat interval closes connections that never identified (within one interval)
 * and sessions silent for two intervals; a reaper every third of GATEWAY_LEASE_MS takes
 * the members of dead processes offline (directory.ts) and announces it.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { WebSocket } from 'ws'
import { GatewayErrorCode } from '@core/wire/gateway-codes'
import type { PresenceUpdate } from '@core/wire/members'
import type { SessionRevokedEvent } from '@core/wire/trust'
import type { EventBus } from '../bus'
import type { AppContext } from '../context'
import type { SignedIn } from '../repositories/users'
import { membershipChangeOf } from './audience'
import type { GatewayDirectory } from './directory'
import { dispatchText, GatewaySession } from './session'

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

/** The sessions of this process and what they share. */
export class GatewayHub {
  /** Sessions identifying or resuming: they hold every event until they know their servers. */
  private readonly startingSessions = new Set<GatewaySession>()
  private readonly byServer = new Map<string, Set<GatewaySession>>()
  private readonly byUser = new Map<string, Set<GatewaySession>>()
  private readonly sessions = new Set<GatewaySession>()
  private readonly stopListening: () => void
  private readonly sweeper: ReturnType<typeof setInterval>
  private readonly reaper: ReturnType<typeof setInterval>
  private reaping = false

  constructor (private readonly ctx: AppContext, readonly log: FastifyBaseLogger, readonly clock: () => number = Date.now) {
    this.stopListening = ctx.bus.subscribe((event, id) => {
      if (event.t === 'SESSION_REVOKED') {
        this.closeRevoked(event.d as SessionRevokedEvent)
        return
      }
      // one text per public origin (one in practice), whatever the number of sessions
      const texts = new Map<string, string>()
      const frameOf = (base: string): string => {
        let text = texts.get(base)
        if (text === undefined) texts.set(base, text = dispatchText(event, id, base))
        return text
      }
      for (const session of this.startingSessions) session.offer(event, id, frameOf)
      const change = membershipChangeOf(event)
      if (change?.joined) for (const session of this.byUser.get(change.uid) ?? []) session.offer(event, id, frameOf)
      for (const session of this.byServer.get(event.server_id) ?? []) session.offer(event, id, frameOf)
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

  /** The event bus. */
  get bus (): EventBus {
    return this.ctx.bus
  }

  /** Sessions and presence across processes. */
  get directory (): GatewayDirectory {
    return this.ctx.presence
  }

  /** Starts a session on a new connection; `base` is its public origin (stored-file URLs in payloads are made absolute on it). */
  connect (socket: WebSocket, base: string): void {
    this.sessions.add(new GatewaySession(socket, this, base))
  }

  /** The user and sign-in session of a token (session or bot), or null. */
  signedInOf (token: string): Promise<SignedIn | null> {
    return this.ctx.repos.users.signIn(token, this.ctx.now())
  }

  /** Issue 18: closes this process's sockets of a revoked sign-in session, or all of a kicked or banned user's. */
  private closeRevoked (revoked: SessionRevokedEvent): void {
    for (const session of [...this.sessions]) {
      if (session.uid !== revoked.uid) continue
      if (revoked.session_ids === null || (session.authSessionId !== null && revoked.session_ids.includes(session.authSessionId))) {
        session.close(GatewayErrorCode.SessionRevoked, `session revoked (${revoked.reason})`)
      }
    }
  }

  /** The servers `uid` is a member of. */
  serverIdsOf (uid: string): Promise<string[]> {
    return this.ctx.repos.members.serverIdsOf(uid)
  }

  /** `session` identifies or resumes: it hears every event until it is open. */
  starting (session: GatewaySession): void {
    this.startingSessions.add(session)
  }

  /** `session` is open: it hears its servers' events. */
  opened (session: GatewaySession): void {
    this.startingSessions.delete(session)
    add(this.byUser, session.uid, session)
    for (const serverId of session.serverIds) add(this.byServer, serverId, session)
  }

  /** An open session joined or left a server. */
  membershipChanged (session: GatewaySession, serverId: string, joined: boolean): void {
    if (joined) add(this.byServer, serverId, session)
    else remove(this.byServer, serverId, session)
  }

  /** `session` hears nothing more (closed, or back to waiting after invalid_session). */
  forget (session: GatewaySession): void {
    this.startingSessions.delete(session)
    remove(this.byUser, session.uid, session)
    for (const serverId of session.serverIds) remove(this.byServer, serverId, session)
    if (session.state === 'closed') this.sessions.delete(session)
  }

  /** Publishes PRESENCE_UPDATE for `uid` to each of `serverIds` (came online or went offline). */
  async announcePresence (uid: string, serverIds: Iterable<string>, status: PresenceUpdate['status']): Promise<void> {
    for (const serverId of serverIds) {
      const update: PresenceUpdate = { server_id: serverId, uid, status, online_count: await this.directory.onlineCount(serverId) }
      await this.bus.publish({ t: 'PRESENCE_UPDATE', server_id: serverId, d: update })
    }
  }

  /**
   * Issue 15: the members whose sessions were on a process that died (its lease ran out) and
   * who are connected nowhere else go offline: out of their servers' online sets, and
   * PRESENCE_UPDATE offline with the recounted online count (issue 15: presence is the
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
    this.stopListening()
    for (const session of this.sessions) session.close(1001, 'server shutting down')
  }

  private sweep (): void {
    const now = this.clock()
    for (const session of this.sessions) {
      if (session.state === 'waiting' && now - session.connectedAt > this.heartbeatMs) {
        session.fail({ code: GatewayErrorCode.NotAuthenticated, msg: 'identify or resume within one heartbeat interval' }, true)
      } else if (session.state === 'open' && now - session.lastBeatAt > 2 * this.heartbeatMs) {
        // SPEC issue 15: a silent client is dropped after two missed beats
        session.fail({ code: GatewayErrorCode.SessionTimedOut, msg: 'no heartbeat for two intervals' }, true)
      }
    }
  }
}
