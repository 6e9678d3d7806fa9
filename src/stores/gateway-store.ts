/**
 * The one real-time connection of the app (ARCHITECTURE.md "Data flow"): identifies with
 * the session token, beats at the interval `ready` announces, reconnects with
 * exponential backoff and jitter, resumes where it left off (nothing lost, nothing
 * twice), and hands every dispatch to the stores that subscribed with {@link GatewayStore.on}.
 * When the server cannot resume (`invalid_session`), it identifies afresh and emits
 * {@link GATEWAY_RESYNC}: what a store shows may have missed events, so it reloads.
 * Pages show {@link GatewayStore.connection}. A server speaking another protocol version
 * than this app (`ready`'s `protocol_version`, a deploy the open app predates) is logged
 * once and used as usual: dispatches this app does not know reach no handler.
 *
 * A gather space (core/wire/space.ts) rides the same socket as its own ops: a store sends
 * its frames with {@link GatewayStore.sendSpace} and hears the server's space frames (and
 * the space refusals, `error` frames of code SpaceRefused) with {@link GatewayStore.onSpace}.
 * A space lives only as long as its socket: {@link GATEWAY_ONLINE} says when to enter again.
 * A voice room's signalling (core/wire/voice.ts) rides it the same way: {@link GatewayStore.sendVoice}
 * and {@link GatewayStore.onVoice}, with the voice refusals (code VoiceRefused). The plaza
 * table a page shows is said with {@link GatewayStore.watchTable} (kept across reconnects,
 * like the focused channel); its refusals (code PlazaRefused) reach {@link GatewayStore.onPlazaRefusal}.
 */
import { makeAutoObservable } from 'mobx'
import type { DispatchPayloads, ReceivedDispatchName } from '@core/wire/dispatches'
import type { ClientFrame, GatewayErrorData, ReadyData, ServerFrame } from '@core/wire/gateway'
import { GATEWAY_FATAL_CLOSE_CODES, GATEWAY_PROTOCOL_VERSION, GatewayErrorCode } from '@core/wire/gateway-codes'
import type { SpaceClientFrame, SpaceServerFrame } from '@core/wire/space'
import type { VoiceClientFrame, VoiceServerFrame } from '@core/wire/voice'
import type { GatewaySocket, SocketConnector } from '@/services/gateway'
import type { TimerScheduler } from './support/timer-scheduler'
import type { StoreLogger } from './support/load-tracker'

/** The connection as pages show it. */
export type GatewayConnection = 'connecting' | 'online' | 'reconnecting' | 'offline'

/** Emitted (with `null`) after a new session replaced one that could not resume: subscribers reload what they show. */
export const GATEWAY_RESYNC = 'RESYNC'
/** Emitted with the `ready` payload whenever a session starts (user, session_id, server_ids…). */
export const GATEWAY_READY = 'READY'
/** Emitted (with `null`) whenever the connection is up again — a new session or a resumed one: what lives only on the socket (a space) is set up again. */
export const GATEWAY_ONLINE = 'ONLINE'

/** What a space hears on the gateway: the server's space frames and the refusals of its own. */
export type SpaceInbound = SpaceServerFrame | { op: 'error', d: GatewayErrorData }

/** Handles one space frame. */
export type SpaceHandler = (frame: SpaceInbound) => void

/** What a space store needs of the gateway (a test passes a fake). */
export interface SpaceChannel extends GatewaySubscriptions {
  /** Sends a space frame; false when there is no session to send it on (nothing is queued). */
  sendSpace (frame: SpaceClientFrame): boolean
  /** Calls `handler` with every space frame and space refusal; the returned function unsubscribes. */
  onSpace (handler: SpaceHandler): () => void
}

/** What a voice room hears on the gateway: the server's voice frames and the refusals of its voice ops. */
export type VoiceInbound = VoiceServerFrame | { op: 'error', d: GatewayErrorData }

/** Handles one voice frame. */
export type VoiceHandler = (frame: VoiceInbound) => void

/** What a voice room store needs of the gateway (a test passes a fake). */
export interface VoiceChannel extends GatewaySubscriptions {
  /** Sends a voice frame; false when there is no session to send it on (nothing is queued). */
  sendVoice (frame: VoiceClientFrame): boolean
  /** Calls `handler` with every voice frame and voice refusal; the returned function unsubscribes. */
  onVoice (handler: VoiceHandler): () => void
}

/** A refused plaza op (`table_watch` of a table that is not there for the member). */
export type PlazaRefusal = { op: 'error', d: GatewayErrorData }

/** What a plaza table store needs of the gateway (a test passes a fake). */
export interface PlazaChannel extends GatewaySubscriptions {
  /** Says which table this session looks at (null: none); kept and said again after every reconnect. */
  watchTable (tableId: string | null, invite?: string): void
  /** Calls `handler` with every refused plaza op (an `error` frame of code PlazaRefused); the returned function unsubscribes. */
  onPlazaRefusal (handler: (refusal: PlazaRefusal) => void): () => void
}

/** First reconnect delay; it doubles per failed attempt up to {@link RECONNECT_MAX_MS}. */
export const RECONNECT_BASE_MS = 1000
/** Longest reconnect delay. */
export const RECONNECT_MAX_MS = 30_000

/** What a gateway store needs. */
export interface GatewayStoreOptions {
  /** Opens sockets (Taro's in the app, a fake in tests). */
  connect: SocketConnector
  /** The gateway's ws(s):// URL. */
  url: string
  /** The session token to identify with; null when signed out. */
  token: () => string | null
  scheduler: TimerScheduler
  /** A number in [0, 1) for the jitter; Math.random by default. */
  random?: () => number
  logger: StoreLogger
}

/** Handles one dispatch's payload. */
export type DispatchHandler<D = unknown> = (d: D) => void

/** What a store may subscribe to: every dispatch a client receives with its declared payload (core/wire/dispatches.ts), and the store's own READY and RESYNC. */
export type GatewayEvents = Pick<DispatchPayloads, ReceivedDispatchName> & { [GATEWAY_READY]: ReadyData, [GATEWAY_RESYNC]: null, [GATEWAY_ONLINE]: null }

/** A name {@link GatewayStore.on} takes. */
export type GatewayEventName = keyof GatewayEvents

/** What a store subscribes with: {@link GatewayStore.on} (a test passes a fake). */
export interface GatewaySubscriptions {
  on<T extends GatewayEventName> (t: T, handler: DispatchHandler<GatewayEvents[T]>): () => void
}

/** The app's gateway connection. */
export class GatewayStore implements SpaceChannel, VoiceChannel, PlazaChannel {
  /** 'connecting' before the first session, 'online' with one, 'reconnecting' after a drop, 'offline' when stopped or refused. */
  connection: GatewayConnection = 'offline'
  /** The protocol version the server announced in its last `ready` (null before the first). */
  serverProtocolVersion: number | null = null
  private socket: GatewaySocket | null = null
  private running = false
  private sessionId: string | null = null
  /** The last `s` seen (or the ready's seq): where a resume continues. */
  private seq: number | null = null
  private heartbeatMs = 0
  private awaitingAck = false
  private failedAttempts = 0
  private resyncAfterReady = false
  private focusedChannelId: string | null = null
  private watchedTable: { table_id: string | null, invite?: string } = { table_id: null }
  private cancelHeartbeat: (() => void) | null = null
  private cancelReconnect: (() => void) | null = null
  private readonly handlers = new Map<string, Set<DispatchHandler<never>>>()
  private readonly spaceHandlers = new Set<SpaceHandler>()
  private readonly voiceHandlers = new Set<VoiceHandler>()
  private readonly plazaHandlers = new Set<(refusal: PlazaRefusal) => void>()

  constructor (private readonly options: GatewayStoreOptions) {
    makeAutoObservable<GatewayStore, 'options' | 'socket' | 'handlers' | 'spaceHandlers' | 'voiceHandlers' | 'plazaHandlers'>(this, { options: false, socket: false, handlers: false, spaceHandlers: false, voiceHandlers: false, plazaHandlers: false })
  }

  /** Connects (once; calling it again while running does nothing). */
  start (): void {
    if (this.running) return
    this.running = true
    this.failedAttempts = 0
    this.open('connecting')
  }

  /** Disconnects and stays offline until start(). */
  stop (): void {
    this.running = false
    this.clearTimers()
    const socket = this.socket
    this.socket = null
    socket?.close(1000, 'stopped')
    this.connection = 'offline'
  }

  /** Calls `handler` with the payload of every `t` dispatch, typed as declared (or GATEWAY_RESYNC / GATEWAY_READY); the returned function unsubscribes. */
  on<T extends GatewayEventName> (t: T, handler: DispatchHandler<GatewayEvents[T]>): () => void {
    let set = this.handlers.get(t)
    if (!set) this.handlers.set(t, set = new Set())
    set.add(handler as DispatchHandler<never>)
    return () => { set?.delete(handler as DispatchHandler<never>) }
  }

  /** Sends a space frame (core/wire/space.ts) on the session; false, sending nothing, while there is none. */
  sendSpace (frame: SpaceClientFrame): boolean {
    if (this.connection !== 'online' || this.socket === null) return false
    this.socket.send(JSON.stringify(frame))
    return true
  }

  /** Calls `handler` with every space frame and every space refusal; the returned function unsubscribes. */
  onSpace (handler: SpaceHandler): () => void {
    this.spaceHandlers.add(handler)
    return () => { this.spaceHandlers.delete(handler) }
  }

  /** Sends a voice frame (core/wire/voice.ts) on the session; false, sending nothing, while there is none. */
  sendVoice (frame: VoiceClientFrame): boolean {
    if (this.connection !== 'online' || this.socket === null) return false
    this.socket.send(JSON.stringify(frame))
    return true
  }

  /** Calls `handler` with every voice frame and every voice refusal; the returned function unsubscribes. */
  onVoice (handler: VoiceHandler): () => void {
    this.voiceHandlers.add(handler)
    return () => { this.voiceHandlers.delete(handler) }
  }

  /** Says which plaza table this session looks at (its PLAZA_GAME_VIEW then comes here), or null for none; said again after every reconnect. */
  watchTable (tableId: string | null, invite?: string): void {
    this.watchedTable = { table_id: tableId, ...(invite === undefined || tableId === null ? {} : { invite }) }
    if (this.connection === 'online') this.send({ op: 'table_watch', d: this.watchedTable })
  }

  /** Calls `handler` with every refused plaza op; the returned function unsubscribes. */
  onPlazaRefusal (handler: (refusal: PlazaRefusal) => void): () => void {
    this.plazaHandlers.add(handler)
    return () => { this.plazaHandlers.delete(handler) }
  }

  /**
   * The device's network went away or came back. Gone: the socket is given up at once
   * (a dead socket may take a heartbeat or two to notice) and the pages say 正在重新连接….
   * Back: it reconnects now rather than after its backoff.
   */
  networkChanged (online: boolean): void {
    if (!this.running) return
    if (!online) {
      if (this.connection !== 'online' && this.socket === null) return
      const socket = this.socket
      this.socket = null
      socket?.close(4000, 'network offline')
      this.dropped(4000)
      return
    }
    if (this.connection === 'online' || this.socket !== null) return
    this.clearTimers()
    this.failedAttempts = 0
    this.open('reconnecting')
  }

  /** Tells the server which channel the user looks at (typing goes only there); kept across reconnects. */
  focus (channelId: string | null): void {
    this.focusedChannelId = channelId
    if (this.connection === 'online') this.send({ op: 'focus', d: { channel_id: channelId } })
  }

  private open (state: GatewayConnection): void {
    const token = this.options.token()
    if (!token) {
      this.running = false
      this.connection = 'offline'
      return
    }
    this.connection = state
    const socket: GatewaySocket = this.options.connect(this.options.url, {
      onOpen: () => { if (this.socket === socket) this.authenticate() },
      onMessage: text => { if (this.socket === socket) this.receive(text) },
      onClose: code => { if (this.socket === socket) this.dropped(code) },
    })
    this.socket = socket
  }

  private authenticate (): void {
    const token = this.options.token() ?? ''
    if (this.sessionId !== null && this.seq !== null) this.send({ op: 'resume', d: { token, session_id: this.sessionId, seq: this.seq } })
    else this.send({ op: 'identify', d: { token } })
  }

  private receive (text: string): void {
    let frame: ServerFrame | null = null
    try {
      const value: unknown = JSON.parse(text)
      if (typeof value === 'object' && value !== null) frame = value as ServerFrame
    } catch {}
    if (!frame) {
      this.options.logger.warn('[gateway] a frame that is not a JSON object was ignored')
      return
    }
    if (typeof frame.op === 'string' && (frame.op as string).startsWith('space_')) {
      this.emitTo<SpaceInbound>(this.spaceHandlers, frame as unknown as SpaceServerFrame)
      return
    }
    if (typeof frame.op === 'string' && (frame.op as string).startsWith('voice_')) {
      this.emitTo<VoiceInbound>(this.voiceHandlers, frame as unknown as VoiceServerFrame)
      return
    }
    switch (frame.op) {
      case 'dispatch':
        this.seq = frame.s
        this.emit(frame.t, frame.d)
        return
      case 'heartbeat_ack':
        this.awaitingAck = false
        return
      case 'ready':
        this.checkProtocol(frame.d.protocol_version)
        this.sessionId = frame.d.session_id
        this.seq = frame.d.seq
        this.online(frame.d.heartbeat_interval_ms)
        this.emit(GATEWAY_READY, frame.d)
        if (this.resyncAfterReady) {
          this.resyncAfterReady = false
          this.emit(GATEWAY_RESYNC, null)
        }
        return
      case 'resumed':
        this.online(this.heartbeatMs)
        return
      case 'invalid_session':
        // the missed events are gone: start afresh, then everyone reloads
        this.sessionId = null
        this.seq = null
        this.resyncAfterReady = true
        this.authenticate()
        return
      case 'error':
        if (frame.d.code === GatewayErrorCode.SpaceRefused) this.emitTo<SpaceInbound>(this.spaceHandlers, frame)
        else if (frame.d.code === GatewayErrorCode.VoiceRefused) this.emitTo<VoiceInbound>(this.voiceHandlers, frame)
        else if (frame.d.code === GatewayErrorCode.PlazaRefused) this.emitTo<PlazaRefusal>(this.plazaHandlers, frame)
        else this.options.logger.warn(`[gateway] error ${frame.d.code}: ${frame.d.msg}`)
    }
  }

  /**
   * Notes the server's protocol version. Another than this app's is a warning in the log (once
   * per version), never a refusal: from a newer server, dispatches this app does not know are
   * ignored (a reload of the app brings the newest); from an older one, events of the newer
   * protocol (CHANNELS_VISIBLE_UPDATE) may not come, and the stores reload on RESYNC as ever.
   */
  private checkProtocol (version: number): void {
    const previous = this.serverProtocolVersion
    this.serverProtocolVersion = version
    if (version === GATEWAY_PROTOCOL_VERSION || version === previous) return
    const which = version > GATEWAY_PROTOCOL_VERSION ? 'newer: events this app does not know are ignored until it is reloaded' : 'older: events of this app\'s protocol may not come'
    this.options.logger.warn(`[gateway] the server speaks protocol ${version}, this app ${GATEWAY_PROTOCOL_VERSION} (${which})`)
  }

  private online (heartbeatMs: number): void {
    this.connection = 'online'
    this.failedAttempts = 0
    this.heartbeatMs = heartbeatMs
    this.awaitingAck = false
    if (this.focusedChannelId !== null) this.send({ op: 'focus', d: { channel_id: this.focusedChannelId } })
    if (this.watchedTable.table_id !== null) this.send({ op: 'table_watch', d: this.watchedTable })
    this.scheduleHeartbeat()
    this.emit(GATEWAY_ONLINE, null)
  }

  private scheduleHeartbeat (): void {
    this.cancelHeartbeat?.()
    this.cancelHeartbeat = this.options.scheduler.schedule(() => this.beat(), this.heartbeatMs)
  }

  private beat (): void {
    if (this.awaitingAck) {
      // no answer to the last beat: the connection is dead even if the socket has not noticed
      this.socket?.close(4000, 'heartbeat not acknowledged')
      this.dropped(4000)
      return
    }
    this.awaitingAck = true
    this.send({ op: 'heartbeat', d: { seq: this.seq } })
    this.scheduleHeartbeat()
  }

  private dropped (code: number): void {
    this.clearTimers()
    this.socket = null
    if (!this.running) return
    if (GATEWAY_FATAL_CLOSE_CODES.includes(code)) {
      // the token was refused: reconnecting with it cannot help
      this.running = false
      this.sessionId = null
      this.seq = null
      this.connection = 'offline'
      this.options.logger.warn(`[gateway] closed with ${code}: not reconnecting`)
      return
    }
    this.connection = 'reconnecting'
    const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** this.failedAttempts)
    this.failedAttempts++
    // half fixed, half random: clients dropped together do not all come back at once
    const delay = ceiling / 2 + (this.options.random ?? Math.random)() * ceiling / 2
    this.cancelReconnect = this.options.scheduler.schedule(() => {
      this.cancelReconnect = null
      if (this.running) this.open('reconnecting')
    }, delay)
  }

  private clearTimers (): void {
    this.cancelHeartbeat?.()
    this.cancelHeartbeat = null
    this.cancelReconnect?.()
    this.cancelReconnect = null
  }

  private send (frame: ClientFrame): void {
    this.socket?.send(JSON.stringify(frame))
  }

  /** Hands a socket-bound frame (a space's, a voice room's) to each of its handlers; one that throws is logged and the others still run. */
  private emitTo<F extends { op: string }> (handlers: Set<(frame: F) => void>, frame: F): void {
    for (const handler of [...handlers]) {
      try {
        handler(frame)
      } catch (error) {
        this.options.logger.error(`[gateway] a ${frame.op} handler failed`, error)
      }
    }
  }

  private emit (t: string, d: unknown): void {
    for (const handler of [...this.handlers.get(t) ?? []]) {
      try {
        handler(d as never)
      } catch (error) {
        this.options.logger.error(`[gateway] a ${t} handler failed`, error)
      }
    }
  }
}
