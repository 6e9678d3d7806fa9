/**
 * The example bot: signs in on the gateway with its bot token, hears every message in
 * the servers it is a member of, and answers commands (./commands.ts) in the same channel
 * through the HTTP API with `Authorization: Bot <token>` — only the public API, as any
 * bot outside this repository would. Reconnects after a dropped connection.
 */
import { randomBytes } from 'crypto'
import WebSocket from 'ws'
import { answerCommand } from './commands'

/** Where the bot connects and what it signs in with. */
export interface BotOptions {
  /** The server's origin, e.g. http://localhost:3000 */
  baseUrl: string
  /** A bot token (POST /servers/:id/bots or /servers/:id/bots/:uid/token). */
  token: string
  /** Where the bot says what it does (console by default). */
  log?: (line: string) => void
  /** Wait before reconnecting, ms. */
  reconnectMs?: number
}

/** A running bot. */
export interface RunningBot {
  /** Resolves once the gateway said ready (the bot hears messages from then on). */
  ready: Promise<void>
  /** Disconnects for good. */
  stop (): void
}

interface GatewayFrame { op: string, t?: string, s?: number, d: unknown }
interface MessageEvent { message_id: string, channel_id: string, content: string, author: { uid: string } }

/** Starts the bot. */
export function startBot ({ baseUrl, token, log = console.log, reconnectMs = 3000 }: BotOptions): RunningBot {
  let socket: WebSocket | null = null
  let heartbeat: ReturnType<typeof setInterval> | null = null
  let stopped = false
  let myUid = ''
  let seq: number | null = null
  let markReady: () => void = () => undefined
  const ready = new Promise<void>(resolve => { markReady = resolve })

  async function reply (message: MessageEvent, content: string): Promise<void> {
    const response = await fetch(`${baseUrl}/channels/${message.channel_id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bot ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content, nonce: `bot-${randomBytes(12).toString('hex')}`, reply_to: message.message_id }),
    })
    const answer = await response.json() as { code: number, msg: string }
    if (answer.code !== 0) log(`could not answer in ${message.channel_id}: ${answer.msg}`)
  }

  function onFrame (frame: GatewayFrame): void {
    if (typeof frame.s === 'number') seq = frame.s
    if (frame.op === 'ready') {
      const d = frame.d as { user: { uid: string, nickname: string }, heartbeat_interval_ms: number, server_ids: string[] }
      myUid = d.user.uid
      log(`${d.user.nickname} is listening in servers ${d.server_ids.join(', ')}`)
      heartbeat = setInterval(() => socket?.send(JSON.stringify({ op: 'heartbeat', d: { seq } })), d.heartbeat_interval_ms)
      markReady()
    } else if (frame.op === 'dispatch' && frame.t === 'MESSAGE_CREATE') {
      const message = frame.d as MessageEvent
      if (message.author.uid === myUid) return
      const answer = answerCommand(message.content)
      if (answer !== null) reply(message, answer).catch(error => log(`could not answer: ${String(error)}`))
    } else if (frame.op === 'error') {
      log(`gateway error: ${JSON.stringify(frame.d)}`)
    }
  }

  function connect (): void {
    socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/gateway`)
    socket.on('open', () => socket?.send(JSON.stringify({ op: 'identify', d: { token } })))
    socket.on('message', data => onFrame(JSON.parse(String(data)) as GatewayFrame))
    socket.on('error', error => log(`gateway: ${error.message}`))
    socket.on('close', code => {
      if (heartbeat) clearInterval(heartbeat)
      heartbeat = null
      if (stopped) return
      log(`gateway closed (${code}); reconnecting`)
      setTimeout(() => { if (!stopped) connect() }, reconnectMs).unref()
    })
  }

  connect()
  return {
    ready,
    stop () {
      stopped = true
      socket?.close()
    },
  }
}
