/**
 * The real-time gateway's protocol (`GET /gateway`, a WebSocket): JSON frames
 * `{op, t?, s?, d}` declared once with TypeBox, for the server (validation) and the
 * client (types only; values from ./gateway-codes).
 *
 * Client → server: `identify {token}` first (a browser WebSocket cannot send headers),
 * or `resume {token, session_id, seq}` after a dropped connection; then `heartbeat {seq}`
 * every `heartbeat_interval_ms` and `focus {channel_id}` when the shown channel changes;
 * the gather space's `space_*` ops (./space.ts), the voice rooms' `voice_*` ops (./voice.ts) and
 * the plaza's `table_watch` (./plaza.ts).
 * Server → client: `ready`, `heartbeat_ack`, `dispatch {t, s, d}`, `resumed`,
 * `invalid_session`, `error {code, msg}`, the space's `space_*` and the voice rooms' `voice_*` frames.
 *
 * `s` is the bus's event id (server/src/bus): it increases on every session, but not by
 * one — a session sees only its servers' events. One number is therefore a resume point
 * on any server process: `resume` replays every dispatch of the session after `seq`.
 */
import { Type, type Static } from '@sinclair/typebox'
import { Nullable, UserSchema } from './entities'
import { PlazaClientFrameSchemas } from './plaza'
import { SpaceClientFrameSchemas, SpaceServerFrameSchemas } from './space'
import { VoiceClientFrameSchemas, VoiceServerFrameSchemas } from './voice'

export * from './gateway-codes'
export * from './dispatches'

/** Client → server: start a new session with a session token (POST /auth/guest issues one). */
export const IdentifyFrameSchema = Type.Object({
  op: Type.Literal('identify'),
  d: Type.Object({ token: Type.String({ minLength: 1, maxLength: 256 }) }),
}, { description: 'the first frame: the session token of `POST /auth/guest` or any sign-in (a browser WebSocket cannot send headers)' })

/** Client → server: continue `session_id` after a dropped connection, from the last `s` it saw. */
export const ResumeFrameSchema = Type.Object({
  op: Type.Literal('resume'),
  d: Type.Object({
    token: Type.String({ minLength: 1, maxLength: 256 }),
    session_id: Type.String({ minLength: 1, maxLength: 64 }),
    seq: Type.Integer({ minimum: 0 }),
  }),
}, { description: 'after a dropped connection, on any process: every dispatch after `seq` is replayed in order, then `resumed`' })

/** Client → server: I am here; `seq` is the last `s` the client saw (null before any). */
export const HeartbeatFrameSchema = Type.Object({
  op: Type.Literal('heartbeat'),
  d: Type.Object({ seq: Nullable(Type.Integer({ minimum: 0 })) }),
}, { description: 'every `heartbeat_interval_ms`: `seq` is the last `s` seen, or null before any' })

/** Client → server: the channel the user is looking at (TYPING_START only goes there); null for none. */
export const FocusFrameSchema = Type.Object({
  op: Type.Literal('focus'),
  d: Type.Object({ channel_id: Nullable(Type.String({ minLength: 1, maxLength: 64 })) }),
}, { description: 'the channel shown, or null: `TYPING_START` goes only there' })

/** Every client frame (the gather space's ops: ./space.ts; the voice rooms': ./voice.ts; the plaza's: ./plaza.ts). */
export const ClientFrameSchema = Type.Union([IdentifyFrameSchema, ResumeFrameSchema, HeartbeatFrameSchema, FocusFrameSchema, ...SpaceClientFrameSchemas, ...VoiceClientFrameSchemas, ...PlazaClientFrameSchemas])
/** A client frame. */
export type ClientFrame = Static<typeof ClientFrameSchema>

/** Server → client: the session is open. */
export const ReadyFrameSchema = Type.Object({
  op: Type.Literal('ready'),
  d: Type.Object({
    user: UserSchema,
    /** GATEWAY_PROTOCOL_VERSION of the server (core/wire/gateway-codes.ts). */
    protocol_version: Type.Integer({ minimum: 1 }),
    session_id: Type.String(),
    /** The resume point before any dispatch arrives. */
    seq: Type.Integer({ minimum: 0 }),
    heartbeat_interval_ms: Type.Integer({ minimum: 1 }),
    /** The servers the user is a member of (whose events the session receives). */
    server_ids: Type.Array(Type.String()),
  }),
}, { description: 'the session is open; `seq` is the resume point before any dispatch; `protocol_version` is `GATEWAY_PROTOCOL_VERSION` (core/wire/gateway-codes.ts): the app logs one warning when it is not its own and goes on' })

/** Server → client: a heartbeat was heard. */
export const HeartbeatAckFrameSchema = Type.Object({ op: Type.Literal('heartbeat_ack'), d: Type.Null() }, { description: 'a heartbeat was heard' })

/** Server → client: one event (its `t`, `d` and audience: ./dispatches); `s` is its resume point. */
export const DispatchFrameSchema = Type.Object({
  op: Type.Literal('dispatch'),
  t: Type.String(),
  s: Type.Integer({ minimum: 1 }),
  d: Type.Unknown(),
}, { description: '`t` is the event\'s name, `s` its resume point, `d` its payload (core/wire/dispatches.ts)' })

/** Server → client: every dispatch missed since the resume's `seq` was replayed before this. */
export const ResumedFrameSchema = Type.Object({ op: Type.Literal('resumed'), d: Type.Object({ replayed: Type.Integer({ minimum: 0 }) }) }, {
  description: 'every dispatch missed since `seq` was replayed before it; then a `CHANNELS_VISIBLE_UPDATE` per server whose readable channels changed while the client was away',
})

/** Server → client: the session cannot resume (too old, unknown, another user's): identify afresh and reload. */
export const InvalidSessionFrameSchema = Type.Object({ op: Type.Literal('invalid_session'), d: Type.Null() }, {
  description: 'the session cannot resume (unknown, someone else\'s, or older than the log): identify afresh on the same connection and reload',
})

/** Server → client: a refused frame (codes in ./gateway-codes). */
export const ErrorFrameSchema = Type.Object({
  op: Type.Literal('error'),
  d: Type.Object({ code: Type.Integer(), msg: Type.String() }),
}, { description: 'a refused frame: `code` is a `GatewayErrorCode` (core/wire/gateway-codes.ts)' })

/** Every server frame (the gather space's: ./space.ts; the voice rooms': ./voice.ts). */
export const ServerFrameSchema = Type.Union([
  ReadyFrameSchema, HeartbeatAckFrameSchema, DispatchFrameSchema, ResumedFrameSchema, InvalidSessionFrameSchema, ErrorFrameSchema, ...SpaceServerFrameSchemas, ...VoiceServerFrameSchemas,
])
/** A server frame. */
export type ServerFrame = Static<typeof ServerFrameSchema>
/** The payload of `ready`. */
export type ReadyData = Static<typeof ReadyFrameSchema>['d']
/** A `dispatch` frame. */
export type DispatchFrame = Static<typeof DispatchFrameSchema>
/** The payload of an `error` frame. */
export type GatewayErrorData = Static<typeof ErrorFrameSchema>['d']
