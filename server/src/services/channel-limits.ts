/**
 * Who may create channels, and how many a server holds (issue 13: one guest made 2,999
 * channels in 2.5 s and a 35,000-channel list stalled the process). Until roles exist,
 * the whole permission rule is {@link requireChannelCreator}: the roles work replaces
 * that one function.
 */
import type { User } from '@core/wire/entities'
import { identityKindOf } from '@core/domain/identity'
import type { AppContext } from '../context'
import { forbidden } from '../errors'

/** 403 unless `user` may create channels: any account but a guest (B_), who has no identity to answer for them. */
export function requireChannelCreator (user: User): void {
  if (identityKindOf(user) === 'guest') throw forbidden('guests cannot create channels: sign in with an account first')
}

/** 403 when the server already holds CHANNELS_PER_SERVER_MAX channels (its list stays small enough to answer at once). */
export async function requireRoomForChannel (ctx: AppContext, serverId: string): Promise<void> {
  const cap = ctx.config.limits.channelsPerServer
  if (await ctx.repos.channels.countByServer(serverId) >= cap) {
    throw forbidden(`server ${serverId} already holds its limit of ${cap} channels: no more can be created there`)
  }
}
