/**
 * The gateway's frames, both ways. Reading client frames: size, JSON, op, the op's own size
 * (a space op's, core/wire/space.ts SPACE_FRAME_MAX_BYTES, is far below the gateway's; a voice
 * answer's, core/wire/voice.ts VOICE_FRAME_MAX_BYTES, the one above it) and
 * shape are checked in that order, and each failure is an error the session answers with an error
 * frame (core/wire/gateway-codes.ts) while the connection stays open. Writing server
 * frames: their text, a dispatch's built once per public origin for every session.
 */
import { TypeCompiler } from '@sinclair/typebox/compiler'
import type { DispatchName } from '@core/wire/dispatches'
import { FocusFrameSchema, GATEWAY_MAX_FRAME_BYTES, GatewayErrorCode, HeartbeatFrameSchema, IdentifyFrameSchema, ResumeFrameSchema, type ClientFrame, type GatewayErrorData, type ServerFrame } from '@core/wire/gateway'
import {
  SPACE_FRAME_MAX_BYTES, SpaceEmoteFrameSchema, SpaceEnterFrameSchema, SpaceLeaveFrameSchema, SpaceSayFrameSchema, SpaceSteerFrameSchema, SpaceWalkFrameSchema, type SpaceClientFrame,
} from '@core/wire/space'
import {
  VOICE_FRAME_MAX_BYTES, VoiceAnswerFrameSchema, VoiceIceClientFrameSchema, VoiceJoinFrameSchema, VoiceLeaveFrameSchema, VoiceRestartFrameSchema, VoiceSpeakingFrameSchema,
  VoiceStateFrameSchema, type VoiceClientFrame,
} from '@core/wire/voice'
import { TableWatchFrameSchema } from '@core/wire/plaza'
import { absolutizeFileUrls } from '../plugins/public-url'

/** One compiled check per op (the union ClientFrameSchema, split so an error names the op's own field). */
const checkers = {
  identify: TypeCompiler.Compile(IdentifyFrameSchema),
  resume: TypeCompiler.Compile(ResumeFrameSchema),
  heartbeat: TypeCompiler.Compile(HeartbeatFrameSchema),
  focus: TypeCompiler.Compile(FocusFrameSchema),
  space_enter: TypeCompiler.Compile(SpaceEnterFrameSchema),
  space_leave: TypeCompiler.Compile(SpaceLeaveFrameSchema),
  space_walk: TypeCompiler.Compile(SpaceWalkFrameSchema),
  space_steer: TypeCompiler.Compile(SpaceSteerFrameSchema),
  space_say: TypeCompiler.Compile(SpaceSayFrameSchema),
  space_emote: TypeCompiler.Compile(SpaceEmoteFrameSchema),
  voice_join: TypeCompiler.Compile(VoiceJoinFrameSchema),
  voice_answer: TypeCompiler.Compile(VoiceAnswerFrameSchema),
  voice_ice: TypeCompiler.Compile(VoiceIceClientFrameSchema),
  voice_state: TypeCompiler.Compile(VoiceStateFrameSchema),
  voice_speaking: TypeCompiler.Compile(VoiceSpeakingFrameSchema),
  voice_restart: TypeCompiler.Compile(VoiceRestartFrameSchema),
  voice_leave: TypeCompiler.Compile(VoiceLeaveFrameSchema),
  table_watch: TypeCompiler.Compile(TableWatchFrameSchema),
} as const

/** Whether a client frame is a gather space op (its own rate, handled by the process's SpaceHub). */
export function isSpaceFrame (frame: ClientFrame): frame is SpaceClientFrame {
  return frame.op.startsWith('space_')
}

/** Whether a client frame is a voice room op (its own rate, handled by the process's VoiceHub). */
export function isVoiceFrame (frame: ClientFrame): frame is VoiceClientFrame {
  return frame.op.startsWith('voice_')
}

/**
 * Largest frame read at all: the gateway's limit, or the largest op's own cap above it (a
 * voice answer); past its JSON, each op is held to its own cap, every other op to the gateway's.
 */
const LARGEST_FRAME_BYTES = Math.max(GATEWAY_MAX_FRAME_BYTES, ...Object.values(VOICE_FRAME_MAX_BYTES))

/** Each op's own cap, when it has one (space and voice ops). */
const OP_MAX_BYTES: Readonly<Record<string, number>> = { ...SPACE_FRAME_MAX_BYTES, ...VOICE_FRAME_MAX_BYTES }

/** The ops a client may send. */
const CLIENT_OPS = Object.keys(checkers) as Array<ClientFrame['op']>

/** A client frame, or the error frame's payload that refuses it. */
export type ParsedFrame = { frame: ClientFrame } | { error: GatewayErrorData }

/** The size in bytes of what the socket received. */
function byteLength (data: Buffer | ArrayBuffer | Buffer[]): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0)
  return data.byteLength
}

function text (data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  return Buffer.from(data as ArrayBuffer).toString('utf8')
}

/** Reads one received message as a client frame. */
export function parseClientFrame (data: Buffer | ArrayBuffer | Buffer[]): ParsedFrame {
  const size = byteLength(data)
  if (size > LARGEST_FRAME_BYTES) {
    return { error: { code: GatewayErrorCode.FrameTooLarge, msg: `frame of ${size} bytes: at most ${GATEWAY_MAX_FRAME_BYTES} (${LARGEST_FRAME_BYTES} for voice_answer)` } }
  }
  let value: unknown
  try {
    value = JSON.parse(text(data))
  } catch {
    return { error: { code: GatewayErrorCode.DecodeError, msg: 'frame: not JSON' } }
  }
  if (typeof value !== 'object' || value === null || typeof (value as { op?: unknown }).op !== 'string') {
    return { error: { code: GatewayErrorCode.DecodeError, msg: 'frame: a JSON object with a string op is required' } }
  }
  const op = (value as { op: string }).op
  if (!(CLIENT_OPS as string[]).includes(op)) {
    return { error: { code: GatewayErrorCode.UnknownOp, msg: `op: unknown op (one of ${CLIENT_OPS.join(', ')})`.slice(0, 200) } }
  }
  const cap = OP_MAX_BYTES[op] as number | undefined
  if (size > (cap ?? GATEWAY_MAX_FRAME_BYTES)) {
    // an op without its own cap keeps the gateway's message, as before voice answers were let through
    return { error: { code: GatewayErrorCode.FrameTooLarge, msg: cap === undefined ? `frame of ${size} bytes: at most ${GATEWAY_MAX_FRAME_BYTES}` : `${op}: frame of ${size} bytes: at most ${cap}` } }
  }
  const checker = checkers[op as ClientFrame['op']]
  if (!checker.Check(value)) {
    const first = checker.Errors(value).First()
    return { error: { code: GatewayErrorCode.DecodeError, msg: `${op}${first ? `: ${first.path || '/'} ${first.message}` : ''}` } }
  }
  return { frame: value as ClientFrame }
}

/** The text of a server frame. */
export function serverFrameText (frame: ServerFrame): string {
  return JSON.stringify(frame)
}

/** The text of a frame the session itself sends on public origin `base`: a space frame's avatars get absolute stored-file URLs, as dispatches do. */
export function ownFrameText (frame: ServerFrame, base: string): string {
  const carriesAvatars = frame.op === 'space_ready' || frame.op === 'voice_ready' || (frame.op === 'space_tick' && frame.d.in !== undefined)
  return serverFrameText(carriesAvatars ? absolutizeFileUrls(frame, base) as ServerFrame : frame)
}

/**
 * A frame made once per public origin, as UTF-8 bytes, however many sockets it is written
 * to (one origin in practice): `text` runs the first time an origin asks.
 */
export function encodedOnce (text: (base: string) => string): (base: string) => Buffer {
  const byBase = new Map<string, Buffer>()
  return base => {
    let bytes = byBase.get(base)
    if (bytes === undefined) byBase.set(base, bytes = Buffer.from(text(base)))
    return bytes
  }
}

/** The text of dispatch `t` with payload `d` and resume point `id` on the public origin `base` (stored-file URLs made absolute on it). */
export function dispatchText (t: DispatchName, d: unknown, id: number, base: string): string {
  return serverFrameText({ op: 'dispatch', t, s: id, d: absolutizeFileUrls(d, base) })
}
