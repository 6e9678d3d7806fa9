/**
 * The voice rooms' HTTP side (the live side is the gateway's `voice_*` ops, docs/voice.md):
 * who is in a server's voice rooms as the caller may see them (a room of a channel they may
 * not see shows nothing; signed out or not a member, what a visitor sees), and a moderator's
 * server mute (MuteVoice), server deafen (DeafenMembers), move to another voice channel the
 * member may connect to (MoveMembers) and disconnect (DisconnectMembers). Each moderation
 * needs its bit in the channel the member is in (a move, in the channel moved to as well),
 * only on a member below the moderator's highest role (the rule of kick and ban), and is
 * written to the audit log once applied. The owner's voice check (ManageServer) is handed the
 * path a member would be: the ICE servers with TURN credentials minted for the caller, relay-only,
 * and where the media worker listens (never the TURN secret).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyInstance } from 'fastify'
import { channelTypeHas } from '@core/domain/channel-types'
import { hasPermission, Permission } from '@core/domain/permissions'
import type { User } from '@core/wire/entities'
import type { AuditChange } from '@core/wire/trust'
import { VOICE_CALLS, VOICE_CALL_SCHEMAS, type VoiceModerateBody, type VoiceState } from '@core/wire/voice'
import type { AppContext, RouteOptions } from '../../context'
import { badRequest, forbidden, notFound } from '../../errors'
import { ok } from '../../http/envelope'
import { route } from '../../http/route'
import { optionalUser, signedInUser } from '../../plugins/auth'
import {
  accessTo, channelPermissions, memberAuditRecord, requireChannelPermission, requireMember, requireOutranks, requireServerActor, unknownChannel, visibleChannels, type Access,
} from '../../rules/access'
import { iceServersFor } from '../../voice/turn'

/** The bits a moderation body needs, field by field. */
function bitsFor (body: VoiceModerateBody): number {
  return (body.mute !== undefined ? Permission.MuteVoice : 0) | (body.deaf !== undefined ? Permission.DeafenMembers : 0) | (body.channel_id !== undefined ? Permission.MoveMembers : 0)
}

/**
 * The moderator's access over `uid` in the voice room they are in: the bits `wanted` in that
 * room's channel (404 when the moderator may not see it, 403 naming what they lack), the
 * member outranked (403 OUTRANKED), and the member's state; 404 when they are in no room.
 */
async function requireModeratorOverVoice (ctx: AppContext, serverId: string, user: User, uid: string, wanted: number): Promise<{ access: Access, state: VoiceState }> {
  const target = await requireMember(ctx, serverId, uid)
  const state = await ctx.voice.stateOf(serverId, uid)
  if (!state) throw notFound(`path.uid: ${uid} is in no voice room of server ${serverId}`)
  const access = await requireChannelPermission(ctx, state, user, wanted, notFound(`path.uid: ${uid} is in no voice room of server ${serverId}`))
  requireOutranks(access, target)
  return { access, state }
}

/** The voice channel `channelId` of `serverId` a moderator moves a member to: one they may see and move into, one the member may connect to. */
async function requireMoveTarget (ctx: AppContext, serverId: string, user: User, uid: string, channelId: string): Promise<void> {
  const channel = await ctx.repos.channels.get(channelId)
  const unknown = unknownChannel(channelId, 'body.channel_id')
  if (!channel || channel.server_id !== serverId) throw unknown
  await requireChannelPermission(ctx, channel, user, Permission.MoveMembers, unknown)
  if (!channelTypeHas(channel.channel_type, 'carriesVoice')) throw badRequest(`body.channel_id: channel ${channelId} is not a voice channel`)
  const member = await ctx.repos.users.get(uid)
  const theirs = member ? await channelPermissions(ctx, await accessTo(ctx, serverId, member), channelId) : 0
  if (!hasPermission(theirs, Permission.ViewChannel | Permission.Connect)) throw forbidden(`body.channel_id: ${uid} may not connect to channel ${channelId}`)
}

/** What a moderation changed, as the audit log names it. */
function changesOf (before: VoiceState, body: VoiceModerateBody): AuditChange[] {
  const changes: AuditChange[] = []
  for (const field of ['mute', 'deaf'] as const) {
    const to = body[field]
    if (to !== undefined && to !== before[field]) changes.push({ field, from: String(before[field]), to: String(to) })
  }
  if (body.channel_id !== undefined && body.channel_id !== before.channel_id) changes.push({ field: 'channel_id', from: before.channel_id, to: body.channel_id })
  return changes
}

/** Registers the voice routes. */
export default async function voiceRoutes (instance: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  const fastify = instance.withTypeProvider<TypeBoxTypeProvider>()

  route(fastify, VOICE_CALLS.states, VOICE_CALL_SCHEMAS.states, { schema: { summary: "Everyone in a server's voice rooms that the caller may see (signed out or not a member: what a visitor sees)" } }, async request => {
    const serverId = request.params.server_id
    const access = await accessTo(ctx, serverId, await optionalUser(ctx, request))
    const rooms = (await ctx.repos.channels.listByServer(serverId)).filter(channel => channelTypeHas(channel.channel_type, 'carriesVoice'))
    const visible = new Set((await visibleChannels(ctx, access, rooms)).map(channel => channel.channel_id))
    return ok({ items: (await ctx.voice.statesOf(serverId)).filter(state => visible.has(state.channel_id)) })
  })

  route(fastify, VOICE_CALLS.moderate, VOICE_CALL_SCHEMAS.moderate, { schema: { summary: 'Server-mute (MuteVoice), server-deafen (DeafenMembers) or move (MoveMembers) a member in a voice room' } }, async request => {
    const user = signedInUser(request)
    const { server_id: serverId, uid } = request.params
    const body = request.body
    const wanted = bitsFor(body)
    if (wanted === 0) throw badRequest('body: give mute, deaf or channel_id')
    const { state } = await requireModeratorOverVoice(ctx, serverId, user, uid, wanted)
    if (body.channel_id !== undefined) await requireMoveTarget(ctx, serverId, user, uid, body.channel_id)
    const changes = changesOf(state, body)
    const after = await ctx.voice.moderate(serverId, uid, body)
    if (!after) throw notFound(`path.uid: ${uid} is in no voice room of server ${serverId}`)
    if (changes.length > 0) await ctx.repos.auditLog.record(await memberAuditRecord(ctx, { user, serverId }, 'member_voice_update', uid, undefined, changes))
    return ok(null)
  })

  route(fastify, VOICE_CALLS.disconnect, VOICE_CALL_SCHEMAS.disconnect, { schema: { summary: 'Disconnect a member from their voice room (DisconnectMembers); they get voice_left disconnected' } }, async request => {
    const user = signedInUser(request)
    const { server_id: serverId, uid } = request.params
    const { state } = await requireModeratorOverVoice(ctx, serverId, user, uid, Permission.DisconnectMembers)
    if (!await ctx.voice.disconnect(serverId, uid)) throw notFound(`path.uid: ${uid} is in no voice room of server ${serverId}`)
    await ctx.repos.auditLog.record(await memberAuditRecord(ctx, { user, serverId }, 'member_voice_disconnect', uid, undefined, [{ field: 'channel_id', from: state.channel_id, to: null }]))
    return ok(null)
  })

  route(fastify, VOICE_CALLS.check, VOICE_CALL_SCHEMAS.check, { schema: { summary: "The owner's voice check (ManageServer): the ICE servers a member would be handed (TURN credentials minted for the caller), relay-only, and the media worker's public address and UDP ports" } }, async request => {
    const { user } = await requireServerActor(ctx, request, Permission.ManageServer)
    const { voiceIce, voiceMedia } = ctx.config
    return ok({
      // minted as a join mints them (server/src/voice/hub.ts voice_ready), so the check tries the credentials a member gets
      ice_servers: iceServersFor(voiceIce, user.uid, ctx.now()),
      relay_only: voiceIce.relayOnly,
      media: { public_ip: voiceMedia.publicIp, udp_port_min: voiceMedia.udpPortMin, udp_port_max: voiceMedia.udpPortMax },
    })
  })
}
