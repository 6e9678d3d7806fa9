/**
 * Slow mode on the server (core/domain/slow-mode.ts): what a member's wait in a chat channel
 * is now, and the refusal of a send made before it is over — 429 with its own code
 * (SERVER_CODES.SLOW_MODE_WAIT), the seconds left in the member's language and in
 * Retry-After. The send itself is held in the database (repositories/messages.ts
 * `SlowModeGate`), so two sockets, two processes or a retry under a new nonce pass once.
 */
import { isSlowModeExempt, slowModeWaitSeconds } from '@core/domain/slow-mode'
import { SERVER_CODES, type Channel, type User } from '@core/wire/entities'
import type { SlowModeState } from '@core/wire/messages'
import type { AppContext } from '../context'
import { ApiError } from '../errors'
import type { SlowModeGate } from '../repositories/messages'
import { accessTo, channelPermissions } from './access'

/** `user`'s slow mode in `channel` now: the setting, whether they are exempt (ManageMessages or ManageChannels there) and the whole seconds left. */
export async function slowModeOf (ctx: AppContext, channel: Channel, user: User): Promise<SlowModeState> {
  const seconds = channel.slow_mode_seconds ?? 0
  if (seconds === 0) return { seconds: 0, wait_seconds: 0, exempt: false }
  const exempt = isSlowModeExempt(await channelPermissions(ctx, await accessTo(ctx, channel.server_id, user), channel.channel_id))
  if (exempt) return { seconds, wait_seconds: 0, exempt }
  return { seconds, wait_seconds: slowModeWaitSeconds(seconds, await ctx.repos.messages.lastSlowModeSend(channel.channel_id, user.uid), ctx.now()), exempt }
}

/** The gate a send of a member in this state passes in the database, or undefined when slow mode does not hold them (off, or exempt). */
export function slowModeGateOf (state: SlowModeState): SlowModeGate | undefined {
  return state.seconds > 0 && !state.exempt ? { seconds: state.seconds } : undefined
}

/** 429 SLOW_MODE_WAIT: the member may send here again in `waitSeconds` (at least 1), said in both languages and in Retry-After. */
export function slowModeRefusal (waitSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(waitSeconds))
  return new ApiError(429, SERVER_CODES.SLOW_MODE_WAIT, `slow mode is on: you can send here again in ${seconds} s`, {
    'zh-CN': `慢速模式已开启，还需等待 ${seconds} 秒才能再发言`,
    en: `slow mode is on: you can send here again in ${seconds} s`,
  }, seconds)
}
