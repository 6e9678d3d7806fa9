/**
 * How many channels a server holds (one guest made 2,999 channels in 2.5 s and
 * a 35,000-channel list stalled the process). Who may create them is ManageChannels
 * (core/domain/permissions.ts, which never gives it to a guest), checked by the route.
 */
import type { AppContext } from '../context'
import { forbidden } from '../errors'

/** 403 when the server already holds CHANNELS_PER_SERVER_MAX channels (its list stays small enough to answer at once). */
export async function requireRoomForChannel (ctx: AppContext, serverId: string): Promise<void> {
  const cap = ctx.config.limits.channelsPerServer
  if (await ctx.repos.channels.countByServer(serverId) >= cap) {
    throw forbidden(`server ${serverId} already holds its limit of ${cap} channels: no more can be created there`)
  }
}
