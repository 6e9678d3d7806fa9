/**
 * The gateway's socket seam: the one place the client opens a WebSocket
 * (Taro.connectSocket, the same call on H5 and in the mini-program). The GatewayStore
 * takes a {@link SocketConnector}, so its tests run on a fake socket.
 */
import Taro from '@tarojs/taro'
import { GATEWAY_PATHS } from '@core/wire/gateway-codes'
import { ENV_BASES } from '@/constants/env'

/** What the store hears from a connection. */
export interface SocketHandlers {
  onOpen (): void
  /** One text frame. */
  onMessage (text: string): void
  /** The connection ended (also after a failed connect: code 1006). Called once. */
  onClose (code: number, reason: string): void
}

/** One connection as the store uses it. */
export interface GatewaySocket {
  send (text: string): void
  close (code?: number, reason?: string): void
}

/** Opens a connection to `url` reporting to `handlers`. */
export type SocketConnector = (url: string, handlers: SocketHandlers) => GatewaySocket

/** Close code of a connection that ended without a close frame (or never opened). */
export const ABNORMAL_CLOSE = 1006

/**
 * The gateway's ws(s):// URL for the API base `apiBase`: an absolute http(s) base becomes
 * ws(s) on the same host; a same-origin base ('' on local H5) uses the page's location.
 */
export function gatewayUrlFor (apiBase: string, location?: { protocol: string, host: string }): string {
  const absolute = /^https?:\/\//.test(apiBase) ? apiBase : `${location?.protocol ?? 'http:'}//${location?.host ?? 'localhost'}${apiBase}`
  return `${absolute.replace(/^http/, 'ws').replace(/\/+$/, '')}${GATEWAY_PATHS.gateway}`
}

/** The gateway URL of this build's main API (on the page's own origin for same-origin H5 builds). */
export function defaultGatewayUrl (): string {
  return gatewayUrlFor(ENV_BASES.mainApi, typeof location === 'undefined' ? undefined : location)
}

/** The connector over Taro.connectSocket. */
export const taroSocketConnector: SocketConnector = (url, handlers) => {
  let task: Taro.SocketTask | null = null
  let ended = false
  const end = (code: number, reason: string): void => {
    if (ended) return
    ended = true
    handlers.onClose(code, reason)
  }
  let closeWhenOpen: { code: number, reason: string } | null = null
  Taro.connectSocket({ url }).then(opened => {
    task = opened
    if (closeWhenOpen) {
      opened.close(closeWhenOpen)
      end(closeWhenOpen.code, closeWhenOpen.reason)
      return
    }
    opened.onOpen(() => handlers.onOpen())
    opened.onMessage(message => { if (typeof message.data === 'string') handlers.onMessage(message.data) })
    opened.onClose(result => end(result.code, result.reason))
    opened.onError(() => end(ABNORMAL_CLOSE, 'socket error'))
  }, () => end(ABNORMAL_CLOSE, 'connectSocket failed'))
  return {
    send (text) {
      task?.send({ data: text })
    },
    close (code = 1000, reason = '') {
      if (task) task.close({ code, reason })
      else closeWhenOpen = { code, reason }
      end(code, reason)
    },
  }
}
