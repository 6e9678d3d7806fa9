/**
 * Voice channels (type 2): who is in a room, and the signalling that puts a member's
 * browser in it. Media (Opus over WebRTC) goes between the member's browser and the media
 * worker of the server process holding the room (an SFU: it forwards, never mixes); this
 * socket only carries the ops that set it up. Like the gather space (./space.ts), voice
 * ops travel on the gateway socket as their own frames, never in the bus's resume log: a
 * dropped socket leaves the room after a grace period in which a resumed session keeps it.
 *
 * Client → server (a refusal is an `error` frame of code VoiceRefused; the socket stays open):
 * - `voice_join {channel_id, self_mute, self_deaf}`: join the room (Connect there, room not
 *   full). Joining another room leaves the first; joining from a second device moves the
 *   member there (the first gets `voice_left` elsewhere). Answered with `voice_ready`, then
 *   the media worker's first `voice_offer`.
 * - `voice_answer {sdp}`: the browser's answer to the last `voice_offer`.
 * - `voice_ice {candidate}`: one trickled ICE candidate of the browser (null: gathering done).
 * - `voice_state {self_mute, self_deaf}`: the member muted or deafened themselves.
 * - `voice_speaking {speaking}`: the member's voice activity (at most VOICE_SPEAKING_PER_SECOND
 *   changes a second; a member who may not speak, or is muted, is never shown speaking).
 * - `voice_restart`: the connection dropped: the worker offers again with an ICE restart.
 * - `voice_leave`: leave the room.
 *
 * Server → client:
 * - `voice_ready`: the room as the member enters it: its members, the ICE servers to use
 *   (STUN and TURN with credentials minted for this session), the room's bitrate.
 * - `voice_offer {sdp, tracks}`: an offer from the media worker (first, and again whenever
 *   the room's speakers change or an ICE restart was asked); `tracks` tells which member's
 *   audio each transceiver (`mid`) carries.
 * - `voice_ice {candidate}`: one of the worker's candidates.
 * - `voice_left {channel_id, reason, to?}`: out of the room by someone else's doing
 *   (./voice-codes VOICE_LEFT_REASONS).
 *
 * Who is in which room reaches every member who may see the channel as the dispatch
 * VOICE_STATE_UPDATE (in the resume log), and who speaks as VOICE_SPEAKING (coalesced, at
 * most VOICE_SPEAKING_PER_SECOND per member, never replayed). `GET
 * /servers/:server_id/voice-states` lists the rooms of a server as the caller may see them.
 */
import { Type, type Static } from '@sinclair/typebox'
import { ServerParamsSchema } from './api'
import type { CallSchemasOf } from './call-schemas'
import { Nullable } from './entities'
import { MemberParamsSchema } from './trust'
import { VOICE_CALLS } from './voice-paths'

export * from './voice-codes'
export * from './voice-paths'

/** One ICE server a browser may use (RTCIceServer): STUN without credentials, TURN with minted ones. */
export const VoiceIceServerSchema = Type.Object({
  urls: Type.Array(Type.String()),
  username: Type.Optional(Type.String()),
  credential: Type.Optional(Type.String()),
})
/** One ICE server. */
export type VoiceIceServer = Static<typeof VoiceIceServerSchema>

/**
 * One member in a voice room, with Discord's voice-state fields: `mute`/`deaf` are a
 * moderator's (server mute: the worker does not forward their audio; server deafen: it
 * sends them none), `self_mute`/`self_deaf` the member's own.
 */
export const VoiceStateSchema = Type.Object({
  server_id: Type.String(),
  channel_id: Type.String(),
  uid: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  mute: Type.Boolean(),
  deaf: Type.Boolean(),
  self_mute: Type.Boolean(),
  self_deaf: Type.Boolean(),
  /** Unix milliseconds they joined the room (the room lists members in this order). */
  joined_at: Type.Integer({ minimum: 0 }),
  /**
   * Their place in the server's role order (core/domain/permissions.ts `rankOf`: their highest
   * role's position, 0 the top; -1 the owner; null no role), kept current as roles change: a
   * moderator's actions show on their tile only where the role-order rule allows them.
   */
  rank: Nullable(Type.Integer({ minimum: -1 })),
})
/** One member in a voice room. */
export type VoiceState = Static<typeof VoiceStateSchema>

/**
 * VOICE_STATE_UPDATE: a member joined or changed (`left` false), or left (`left` true), the
 * voice room of `channel_id`. A move is two: a leave of one room, a join of the other, each
 * heard by whoever may see that channel (a hidden room's comings and goings reach nobody else).
 */
export const VoiceStateUpdateSchema = Type.Composite([VoiceStateSchema, Type.Object({ left: Type.Boolean() })])
/** VOICE_STATE_UPDATE payload. */
export type VoiceStateUpdate = Static<typeof VoiceStateUpdateSchema>

/** VOICE_SPEAKING: whether a member in a voice room is speaking now (coalesced, never replayed). */
export const VoiceSpeakingSchema = Type.Object({
  server_id: Type.String(),
  channel_id: Type.String(),
  uid: Type.String(),
  speaking: Type.Boolean(),
})
/** VOICE_SPEAKING payload. */
export type VoiceSpeaking = Static<typeof VoiceSpeakingSchema>

/** `GET /servers/:server_id/voice-states`: every member in a voice room of the server that the caller may see. */
export const VoiceStatesAnswerSchema = Type.Object({ items: Type.Array(VoiceStateSchema) })
/** The voice states of a server. */
export type VoiceStatesAnswer = Static<typeof VoiceStatesAnswerSchema>

/**
 * `PATCH /servers/:server_id/voice-states/:uid`: a moderator server-mutes (MuteVoice),
 * server-deafens (DeafenMembers) or moves (MoveMembers: `channel_id` another voice channel
 * the member may connect to) a member in a voice room; `DELETE` disconnects them
 * (DisconnectMembers). Each field given is applied; none given is a 400.
 */
export const VoiceModerateBodySchema = Type.Object({
  mute: Type.Optional(Type.Boolean()),
  deaf: Type.Optional(Type.Boolean()),
  channel_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
}, { additionalProperties: false })
/** The body of a voice moderation. */
export type VoiceModerateBody = Static<typeof VoiceModerateBodySchema>

/**
 * The voice path of a server as its owner's voice check sees it (docs/voice.md "Checking the
 * path"): the ICE servers a member joining now would be handed (TURN credentials minted for
 * the caller, as a join mints them), whether browsers are told to relay only, and where the
 * media worker listens (its advertised public address, null when the machine's own addresses
 * are offered, and its UDP port range). Never the TURN secret.
 */
export const VoiceCheckAnswerSchema = Type.Object({
  ice_servers: Type.Array(VoiceIceServerSchema),
  relay_only: Type.Boolean(),
  media: Type.Object({
    public_ip: Nullable(Type.String({ maxLength: 64 })),
    udp_port_min: Type.Integer({ minimum: 1, maximum: 65_535 }),
    udp_port_max: Type.Integer({ minimum: 1, maximum: 65_535 }),
  }),
})
/** The voice check's answer. */
export type VoiceCheckAnswer = Static<typeof VoiceCheckAnswerSchema>

/** The voice calls' shapes (./voice-paths.ts declares their paths). */
export const VOICE_CALL_SCHEMAS = {
  states: { params: ServerParamsSchema, answer: VoiceStatesAnswerSchema },
  moderate: { params: MemberParamsSchema, body: VoiceModerateBodySchema, answer: Type.Null() },
  disconnect: { params: MemberParamsSchema, answer: Type.Null() },
  check: { params: ServerParamsSchema, answer: VoiceCheckAnswerSchema },
} as const satisfies CallSchemasOf<typeof VOICE_CALLS>

/** A session description (SDP) on the wire: long enough for an offer of a full room. */
const Sdp = Type.String({ minLength: 1, maxLength: 60_000 })
/** One ICE candidate as RTCIceCandidateInit, or null when gathering ended. */
const IceCandidate = Nullable(Type.Object({
  candidate: Type.String({ maxLength: 1024 }),
  sdpMid: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
  sdpMLineIndex: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1024 }))),
}))

/** Client → server: join the voice room of `channel_id`. */
export const VoiceJoinFrameSchema = Type.Object({
  op: Type.Literal('voice_join'),
  d: Type.Object({ channel_id: Type.String({ minLength: 1, maxLength: 64 }), self_mute: Type.Boolean(), self_deaf: Type.Boolean() }),
}, { description: 'join the voice room of `channel_id` (Connect there, the room not full); answered with `voice_ready`, then `voice_offer`; a second device takes the voice' })
/** Client → server: the browser's answer to the last offer. */
export const VoiceAnswerFrameSchema = Type.Object({ op: Type.Literal('voice_answer'), d: Type.Object({ sdp: Sdp }) }, { description: 'the browser\'s answer to the last `voice_offer`' })
/** Client → server: one trickled ICE candidate (null: gathering done). */
export const VoiceIceClientFrameSchema = Type.Object({ op: Type.Literal('voice_ice'), d: Type.Object({ candidate: IceCandidate }) }, { description: 'one trickled ICE candidate of the browser (null: gathering done)' })
/** Client → server: the member's own mute and deafen. */
export const VoiceStateFrameSchema = Type.Object({ op: Type.Literal('voice_state'), d: Type.Object({ self_mute: Type.Boolean(), self_deaf: Type.Boolean() }) }, { description: 'the member muted or deafened themselves' })
/** Client → server: the member's voice activity. */
export const VoiceSpeakingFrameSchema = Type.Object({ op: Type.Literal('voice_speaking'), d: Type.Object({ speaking: Type.Boolean() }) }, { description: 'the member\'s voice activity, at most `VOICE_SPEAKING_PER_SECOND` changes a second' })
/** Client → server: offer again with an ICE restart (the path dropped). */
export const VoiceRestartFrameSchema = Type.Object({ op: Type.Literal('voice_restart'), d: Type.Null() }, { description: 'the path dropped: the media worker offers again with an ICE restart' })
/** Client → server: leave the room. */
export const VoiceLeaveFrameSchema = Type.Object({ op: Type.Literal('voice_leave'), d: Type.Null() }, { description: 'leave the voice room' })

/** Every voice op a client sends. */
export const VoiceClientFrameSchemas = [
  VoiceJoinFrameSchema, VoiceAnswerFrameSchema, VoiceIceClientFrameSchema, VoiceStateFrameSchema, VoiceSpeakingFrameSchema, VoiceRestartFrameSchema, VoiceLeaveFrameSchema,
] as const
/** A voice op a client sends. */
export type VoiceClientFrame = Static<typeof VoiceClientFrameSchemas[number]>

/** Largest frame of each voice op, in bytes (an offer's answer is the big one; the gateway's frame limit is raised for it alone). */
export const VOICE_FRAME_MAX_BYTES: Readonly<Record<VoiceClientFrame['op'], number>> = {
  voice_join: 256,
  voice_answer: 64 * 1024,
  voice_ice: 2048,
  voice_state: 128,
  voice_speaking: 128,
  voice_restart: 64,
  voice_leave: 64,
}

/** Server → client: the room as the member enters it. */
export const VoiceReadyFrameSchema = Type.Object({
  op: Type.Literal('voice_ready'),
  d: Type.Object({
    channel_id: Type.String(),
    server_id: Type.String(),
    members: Type.Array(VoiceStateSchema),
    ice_servers: Type.Array(VoiceIceServerSchema),
    /** The room's Opus bitrate, bits per second (VOICE_BITRATE_MIN…MAX). */
    bitrate: Type.Integer(),
    /** Only relayed candidates may be used (configured: VOICE_RELAY_ONLY). */
    relay_only: Type.Boolean(),
  }),
}, { description: 'the voice room as the member enters it: its members, the ICE servers (TURN credentials minted for this join), the bitrate' })
/** Server → client: an offer from the media worker; `tracks` maps each transceiver's mid to the member whose audio it carries. */
export const VoiceOfferFrameSchema = Type.Object({
  op: Type.Literal('voice_offer'),
  d: Type.Object({ sdp: Sdp, tracks: Type.Array(Type.Object({ mid: Type.String(), uid: Type.String() })) }),
}, { description: 'an offer of the media worker; `tracks` names the member each transceiver (`mid`) carries' })
/** Server → client: one of the worker's ICE candidates. */
export const VoiceIceServerFrameSchema = Type.Object({ op: Type.Literal('voice_ice'), d: Type.Object({ candidate: IceCandidate }) }, { description: 'one of the media worker\'s ICE candidates' })
/** Server → client: out of the room by someone else's doing. */
export const VoiceLeftFrameSchema = Type.Object({
  op: Type.Literal('voice_left'),
  d: Type.Object({
    channel_id: Type.String(),
    reason: Type.Union([Type.Literal('moved'), Type.Literal('disconnected'), Type.Literal('elsewhere'), Type.Literal('hidden'), Type.Literal('gone'), Type.Literal('holder')]),
    /** With `moved`: the voice channel to join next. */
    to: Type.Optional(Type.String()),
  }),
}, { description: 'out of the voice room by someone else\'s doing (`VOICE_LEFT_REASONS`); `to` with `moved`' })

/** Every voice frame the server sends. */
export const VoiceServerFrameSchemas = [VoiceReadyFrameSchema, VoiceOfferFrameSchema, VoiceIceServerFrameSchema, VoiceLeftFrameSchema] as const
/** A voice frame the server sends. */
export type VoiceServerFrame = Static<typeof VoiceServerFrameSchemas[number]>
