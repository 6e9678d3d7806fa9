/**
 * Values of the gateway protocol (core/wire/gateway.ts) that the client needs: its path and
 * the error-frame codes, which are also the WebSocket close codes of a closing error. No
 * imports, so the client takes them from here without loading TypeBox.
 */

/**
 * The gateway protocol's version, announced in `ready` (`protocol_version`). 2: every
 * dispatch goes only to its declared audience (core/wire/dispatches.ts), and
 * CHANNELS_VISIBLE_UPDATE tells a session which channels it gained or lost. 3: a space_tick's
 * `m` is [id, dx, dy] against the pose last told, facings apart in `turn` (core/wire/space.ts).
 */
export const GATEWAY_PROTOCOL_VERSION = 3

/** Path of the gateway on every server process. */
export const GATEWAY_PATHS = {
  gateway: '/gateway',
} as const

/**
 * Codes of `error` frames and of the 4xxx close codes the gateway uses. A frame error
 * (bad JSON, unknown op, too large) keeps the connection open; the others close it
 * with the same number.
 */
export enum GatewayErrorCode {
  /** Unknown `op` (the connection stays open). */
  UnknownOp = 4001,
  /** Not JSON, or not a frame of the op it names (the connection stays open). */
  DecodeError = 4002,
  /** No identify or resume within one heartbeat interval of connecting, or another op before it: closed. */
  NotAuthenticated = 4003,
  /** identify/resume with a token that is unknown or expired: closed. Sign in again before reconnecting. */
  AuthenticationFailed = 4004,
  /** A second identify or resume on an open session (the connection stays open). */
  AlreadyAuthenticated = 4005,
  /** A frame over GATEWAY_MAX_FRAME_BYTES (the connection stays open). */
  FrameTooLarge = 4006,
  /** More client frames than the per-connection limit allows, or a flood of space ops beyond their budgets: closed. */
  RateLimited = 4008,
  /** Two heartbeat intervals without a heartbeat: closed (the session may resume). */
  SessionTimedOut = 4009,
  /** SESSION_REVOKED closed it: signed out or revoked (reconnecting fails with 4004), kicked or banned (reconnecting starts afresh without that server). */
  SessionRevoked = 4010,
  /** The account opened more gateway sockets than GATEWAY_SOCKETS_PER_ACCOUNT allows: its oldest socket is closed with this. */
  TooManySockets = 4011,
  /**
   * A space op refused (core/wire/space.ts): not a metaverse channel or not one the member may
   * see, not in a space, a guest acting, muted, too fast, bad text (the connection stays open).
   */
  SpaceRefused = 4012,
  /**
   * A voice op refused (core/wire/voice.ts): not a voice channel or not one the member may
   * connect to, the room full, not in a room, a bad answer (the connection stays open).
   */
  VoiceRefused = 4013,
  /** A plaza op refused (core/wire/plaza.ts): no such table, or not one the member may see (the connection stays open). */
  PlazaRefused = 4014,
}

/**
 * Largest client frame the gateway reads, in bytes (a larger one gets an error frame); one op
 * alone may be larger, up to its own cap: a voice room's answer (core/wire/voice.ts VOICE_FRAME_MAX_BYTES).
 */
export const GATEWAY_MAX_FRAME_BYTES = 16 * 1024

/** Close codes after which reconnecting with the same token is pointless (sign in again first). */
export const GATEWAY_FATAL_CLOSE_CODES: readonly number[] = [GatewayErrorCode.AuthenticationFailed]
