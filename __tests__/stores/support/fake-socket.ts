/**
 * A fake gateway connector for store tests: every connect makes a FakeSocket the test
 * drives by hand (open it, deliver server frames, close it) and whose sent frames it reads.
 */
import type { ServerFrame } from '@core/wire/gateway'
import type { GatewaySocket, SocketConnector, SocketHandlers } from '@/services/gateway'

/** One fake connection. */
export interface FakeSocket extends GatewaySocket {
  url: string
  /** Frames the store sent, parsed. */
  sent: Array<{ op: string, d: unknown }>
  /** True once the store closed it. */
  closedByClient: boolean
  open (): void
  deliver (frame: ServerFrame): void
  /** Delivers raw text (what a broken server might send). */
  deliverText (text: string): void
  /** The server (or the network) ends the connection. */
  drop (code?: number): void
}

/** A connector recording every socket it made. */
export function fakeConnector (): SocketConnector & { sockets: FakeSocket[], last: () => FakeSocket } {
  const sockets: FakeSocket[] = []
  const connect = (url: string, handlers: SocketHandlers): GatewaySocket => {
    const socket: FakeSocket = {
      url,
      sent: [],
      closedByClient: false,
      send (text) { socket.sent.push(JSON.parse(text)) },
      close () { socket.closedByClient = true },
      open () { handlers.onOpen() },
      deliver (frame) { handlers.onMessage(JSON.stringify(frame)) },
      deliverText (text) { handlers.onMessage(text) },
      drop (code = 1006) { handlers.onClose(code, '') },
    }
    sockets.push(socket)
    return socket
  }
  return Object.assign(connect, { sockets, last: () => sockets[sockets.length - 1] })
}
