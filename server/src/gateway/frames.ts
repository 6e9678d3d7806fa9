/**
 * The gateway's frames, both ways. Reading client frames: size, JSON, op, the op's own size
 * (a space op's, core/wire/space.ts SPACE_FRAME_MAX_BYTES, is far below the gateway's) and
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
} as const

/** Whether a client frame is a gather space op (its own rate, handled by the process's SpaceHub). */
export function isSpaceFrame (frame: ClientFrame): frame is SpaceClientFrame {
  return frame.op.startsWith('space_')
}

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
  if (size > GATEWAY_MAX_FRAME_BYTES) {
    return { error: { code: GatewayErrorCode.FrameTooLarge, msg: `frame of ${size} bytes: at most ${GATEWAY_MAX_FRAME_BYTES}` } }
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
  const spaceCap = (SPACE_FRAME_MAX_BYTES as Record<string, number>)[op] as number | undefined
  if (spaceCap !== undefined && size > spaceCap) {
    return { error: { code: GatewayErrorCode.FrameTooLarge, msg: `${op}: frame of ${size} bytes: at most ${spaceCap}` } }
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
  const carriesAvatars = frame.op === 'space_ready' || (frame.op === 'space_tick' && frame.d.in !== undefined)
  return serverFrameText(carriesAvatars ? absolutizeFileUrls(frame, base) as ServerFrame : frame)
}

/** The text of dispatch `t` with payload `d` and resume point `id` on the public origin `base` (stored-file URLs made absolute on it). */
export function dispatchText (t: DispatchName, d: unknown, id: number, base: string): string {
  return serverFrameText({ op: 'dispatch', t, s: id, d: absolutizeFileUrls(d, base) })
}
