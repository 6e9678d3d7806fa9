/** The gateway's transport (see ./socket). */
export { ABNORMAL_CLOSE, defaultGatewayUrl, gatewayUrlFor, taroSocketConnector } from './socket'
export type { GatewaySocket, SocketConnector, SocketHandlers } from './socket'
