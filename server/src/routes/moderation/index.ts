/**
 * Moderation and the owner's settings: kick, ban and unban, timeout (mute),
 * the audit log, reports, the server's own audit words, and the server's name, icon and
 * introduction (audited, SPEC §5). A moderator acts only on members below their highest
 * role (never the owner or themselves). Each action is audited in its transaction and
 * published after it commits: a removed member gets MEMBER_REMOVE and SESSION_REVOKED
 * (the gateway closes their sockets), a timeout MEMBER_UPDATE (their composer says until when).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { isTimedOut, MODERATION_PERMISSIONS, Permission } from '@core/domain/permissions'
import {
  AUDIT_TIMEOUT_FIELD, MAX_TIMEOUT_SECONDS,
  TRUST_CODES,
  type Report, type ReportBody, type ReportResolution, type ReportResolveEvent, type SessionRevokedEvent,
} from '@core/wire/trust'
import type { User } from '@core/wire/entities'
import type { AppContext, RouteOptions } from '../../context'
import { ApiError, badRequest, forbidden, notFound, spokenError } from '../../errors'
import { signedInUser, signInThroughout } from '../../plugins/auth'
import {
  accessTo, auditRecord, memberAuditRecord, requireActorOverMember, requireAnyBit, requireChannelMember, requireChannelPermission, requireMember, requireOutranksAnyone, requireServerActor,
  requireServerPermission, serverPermissions, type Actor, type ServerRequest,
} from '../../rules/access'
import { absentBodyAsEmpty, requireHttpUrl, requireServerAuditPass } from '../../rules/content'
import { ok } from '../../http/envelope'
import { memberCountsOf } from '../../services/member-counts'
import { publishToModerators } from '../../services/moderator-queue'
import { notifyModeration } from '../../services/notifications'
import { TRUST_CALLS, TRUST_CALL_SCHEMAS } from '@core/wire/trust'
import { declaredRoute, route } from '../../http/route'
import { API_CALLS, API_CALL_SCHEMAS } from '@core/wire/api-calls'

/** The window of the per-account report limit (REPORT_PER_MINUTE). */
const MINUTE_MS = 60_000

/** 403 unless the caller holds at least one moderation bit in the server the path names. */
async function requireModerator (ctx: AppContext, request: ServerRequest): Promise<Actor> {
  const user = signedInUser(request)
  const serverId = request.params.server_id
  const access = await accessTo(ctx, serverId, user)
  requireAnyBit(access, serverPermissions(ctx, access), MODERATION_PERMISSIONS)
  return { user, serverId, access }
}

/**
 * Who may close `report` as `resolution`, checked for the signed-in caller —
 * ManageMessages for a message or post (in its channel while it exists), for a member the
 * bit of what was done to them (MuteMembers, KickMembers) or any of the moderation bits to
 * dismiss it. 400 when the resolution does not fit the target (a member is not deleted).
 */
async function requireResolver (ctx: AppContext, report: Report, resolution: ReportResolution, user: User): Promise<Actor> {
  const serverId = report.server_id
  const isContent = report.target_type !== 'member'
  if (resolution !== 'dismissed' && (resolution === 'deleted') !== isContent) {
    throw badRequest(`body.resolution: a ${report.target_type} report cannot be closed as ${resolution}`)
  }
  if (isContent) {
    const access = report.channel_id
      ? await requireChannelPermission(ctx, { server_id: serverId, channel_id: report.channel_id }, user, Permission.ManageMessages)
      : await requireServerPermission(ctx, serverId, user, Permission.ManageMessages)
    return { user, serverId, access }
  }
  if (resolution === 'dismissed') {
    const access = await accessTo(ctx, serverId, user)
    requireAnyBit(access, serverPermissions(ctx, access), Permission.KickMembers | Permission.MuteMembers | Permission.BanMembers)
    return { user, serverId, access }
  }
  const wanted = resolution === 'kicked' ? Permission.KickMembers : Permission.MuteMembers
  return { user, serverId, access: await requireServerPermission(ctx, serverId, user, wanted) }
}

/** 409 (REPORT_NOT_DONE) unless what `resolution` says was done to the report's target was: the log records only what happened. */
async function requireDone (ctx: AppContext, report: Report, resolution: ReportResolution): Promise<void> {
  if (resolution === 'dismissed') return
  const member = report.target_type === 'member' ? await ctx.repos.roles.permissionMember(report.server_id, report.target_id) : null
  const done = resolution === 'deleted'
    ? report.channel_id === null // the report's query finds the channel only while the message or post exists
    : resolution === 'kicked' ? member === null : member === null || isTimedOut(member, ctx.now())
  if (!done) throw new ApiError(409, TRUST_CODES.REPORT_NOT_DONE, `body.resolution: the ${report.target_type} ${report.target_id} is not ${resolution.replace('_', ' ')} yet (do it first, then close the report)`)
}

/** The server a reported message, post or member belongs to, after checking the reporter is a member there who can see it (403 otherwise). */
async function reportedServer (ctx: AppContext, body: ReportBody, user: User): Promise<string> {
  if (body.target_type === 'member') {
    if (!body.server_id) throw badRequest('body.server_id is required to report a member')
    const access = await requireServerPermission(ctx, body.server_id, user, Permission.ViewChannel)
    if (!access.member) throw forbidden(`only members of server ${body.server_id} can report there (join it first)`)
    await requireMember(ctx, body.server_id, body.target_id)
    return body.server_id
  }
  const table = body.target_type === 'message' ? 'messages' : 'posts'
  const idColumn = body.target_type === 'message' ? 'messages.message_id' : 'posts.post_id'
  const row = await ctx.db.selectFrom(table).innerJoin('channels', 'channels.channel_id', `${table}.channel_id`)
    .select(['channels.channel_id', 'channels.server_id']).where(idColumn, '=', body.target_id).executeTakeFirst()
  const unknown = notFound(`body.target_id: no ${body.target_type} ${body.target_id}`)
  if (!row) throw unknown
  await requireChannelMember(ctx, row, user, Permission.ViewChannel, unknown) // in a channel the reporter may not see: none to them
  return row.server_id
}

/** Counts one new report of `user` against REPORT_PER_MINUTE (RATE_LIMIT_ALLOW addresses are exempt, as from every limit); 429 with Retry-After when over. */
async function requireReportAllowance (ctx: AppContext, request: FastifyRequest, user: User): Promise<void> {
  if (ctx.config.rateLimit.allowList.includes(request.ip)) return
  const limit = ctx.config.limits.reportsPerMinute
  const { count, resetMs } = await ctx.limits.hit(`reports ${user.uid}`, MINUTE_MS)
  if (count <= limit) return
  const seconds = Math.max(1, Math.ceil(resetMs / 1000))
  throw spokenError(429, {
    'zh-CN': `举报太频繁：每个账号每分钟最多 ${limit} 次，请 ${seconds} 秒后再试`,
    en: `too many reports: each account may file ${limit} a minute, try again in ${seconds} s`,
  }, seconds)
}

/** Registers the moderation routes. */
export default async function moderationRoutes (fastify: FastifyInstance, { ctx }: RouteOptions): Promise<void> {
  signInThroughout(fastify) // every route here, reads too, is for a signed-in user
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>()

  /** After a kick or ban committed: the server hears the member left, the member's sockets close. */
  async function publishRemoval (serverId: string, uid: string, reason: 'kicked' | 'banned'): Promise<void> {
    await ctx.presence.left(uid, serverId)
    await ctx.bus.publish('MEMBER_REMOVE', { server_id: serverId }, { ...await memberCountsOf(ctx, serverId), uid })
    const revoked: SessionRevokedEvent = { uid, session_ids: null, reason }
    await ctx.bus.publish('SESSION_REVOKED', { server_id: serverId, uid }, revoked)
  }

  route(app, TRUST_CALLS.kick, TRUST_CALL_SCHEMAS.kick, { schema: { summary: 'Kick a member (KickMembers; only below your highest role)' } }, async request => {
    const { target, ...actor } = await requireActorOverMember(ctx, request, Permission.KickMembers)
    await ctx.repos.moderation.remove(actor.serverId, target.uid, false, await memberAuditRecord(ctx, actor, 'member_kick', target.uid, request.query.reason))
    await publishRemoval(actor.serverId, target.uid, 'kicked')
    await notifyModeration(ctx, actor.serverId, target.uid, actor.user.uid, 'kick', request.query.reason)
    return ok({ done: true })
  })

  route(app, TRUST_CALLS.bans, TRUST_CALL_SCHEMAS.bans, { schema: { summary: 'The ban list (BanMembers)' } }, async request => {
    const actor = await requireServerActor(ctx, request, Permission.BanMembers)
    return ok(await ctx.repos.moderation.bans(actor.serverId))
  })

  route(app, TRUST_CALLS.ban, TRUST_CALL_SCHEMAS.ban, { preValidation: absentBodyAsEmpty, schema: { summary: 'Ban someone, member or not (BanMembers; only below your highest role)' } }, async request => {
    const actor = await requireServerActor(ctx, request, Permission.BanMembers)
    const { serverId } = actor
    const uid = request.params.uid
    if (!await ctx.repos.users.get(uid)) throw notFound(`path.uid: no user ${uid}`)
    await requireOutranksAnyone(ctx, actor.access, uid)
    const changed = await ctx.repos.moderation.remove(serverId, uid, true, await memberAuditRecord(ctx, actor, 'member_ban', uid, request.body.reason))
    if (changed) {
      await publishRemoval(serverId, uid, 'banned')
      await notifyModeration(ctx, serverId, uid, actor.user.uid, 'ban', request.body.reason)
    }
    return ok({ done: true })
  })

  route(app, TRUST_CALLS.unban, TRUST_CALL_SCHEMAS.unban, { schema: { summary: 'Lift a ban (BanMembers)' } }, async request => {
    const actor = await requireServerActor(ctx, request, Permission.BanMembers)
    const uid = request.params.uid
    if (!await ctx.repos.moderation.unban(actor.serverId, uid, auditRecord(ctx, actor, 'member_unban', uid))) throw notFound(`path.uid: ${uid} is not banned`)
    return ok({ done: true })
  })

  route(app, TRUST_CALLS.timeout, TRUST_CALL_SCHEMAS.timeout, { schema: { summary: 'Time a member out until a time, or lift it with null (MuteMembers)' } }, async request => {
    const { target, ...actor } = await requireActorOverMember(ctx, request, Permission.MuteMembers)
    const { until } = request.body
    const now = ctx.now()
    if (until !== null && (until <= now || until > now + MAX_TIMEOUT_SECONDS)) {
      throw badRequest(`body.until must be after now and at most ${MAX_TIMEOUT_SECONDS / 86400} days ahead (or null to lift the timeout)`)
    }
    const length = until === null ? [] : [{ field: AUDIT_TIMEOUT_FIELD, from: null, to: String(until - now) }]
    const state = await ctx.repos.roles.setTimeout(actor.serverId, target.uid, until, await memberAuditRecord(ctx, actor, 'member_timeout', target.uid, request.body.reason, length))
    await ctx.bus.publish('MEMBER_UPDATE', { server_id: actor.serverId }, state)
    if (until !== null) await notifyModeration(ctx, actor.serverId, target.uid, actor.user.uid, 'timeout', request.body.reason)
    return ok(state)
  })

  route(app, TRUST_CALLS.auditLog, TRUST_CALL_SCHEMAS.auditLog, { schema: { summary: 'The audit log, newest first (owner and moderators)' } }, async request => {
    const actor = await requireModerator(ctx, request)
    return ok(await ctx.repos.auditLog.list(actor.serverId, request.query))
  })

  route(app, TRUST_CALLS.report, TRUST_CALL_SCHEMAS.report, { schema: { summary: 'Report a message, post or member to the moderators (members only; one open report per target; limited per account)' } }, async request => {
    const user = signedInUser(request)
    const serverId = await reportedServer(ctx, request.body, user)
    const report = { ...request.body, server_id: serverId, reporter_uid: user.uid, created_at: ctx.now() }
    // a report the reporter already has open on this target answers as done and queues nothing
    if (await ctx.repos.moderation.openReportOf(report) === null) await requireReportAllowance(ctx, request, user)
    const { reportId, created } = await ctx.repos.moderation.report(report)
    const queued = created ? await ctx.repos.moderation.reportById(reportId) : null
    // the queue of every moderator looking at it grows at once; nobody else hears of it
    if (queued) await publishToModerators(ctx.bus, 'REPORT_CREATE', serverId, queued.report)
    return ok({ done: true })
  })

  // POST as well as PATCH: the mini-program's request API has no PATCH method
  app.route({
    ...declaredRoute(TRUST_CALLS.resolveReport, TRUST_CALL_SCHEMAS.resolveReport, { schema: { summary: 'Close a report as dismissed, or as what was done to its target (ManageMessages for content; MuteMembers, KickMembers for a member); closes every open report of that target, audited' } }),
    handler: async request => {
      const user = signedInUser(request)
      const found = await ctx.repos.moderation.reportById(request.params.report_id)
      if (!found) throw notFound(`path.report_id: no report ${request.params.report_id}`)
      const { report } = found
      const { resolution } = request.body
      const actor = await requireResolver(ctx, report, resolution, user)
      if (!found.open) throw new ApiError(409, TRUST_CODES.REPORT_CLOSED, `path.report_id: report ${report.report_id} was closed already`)
      await requireDone(ctx, report, resolution)
      const audit = { ...auditRecord(ctx, actor, 'report_resolve', report.target_id), changes: [{ field: 'resolution', from: null, to: resolution }] }
      const reportIds = await ctx.repos.moderation.resolveReports(report, resolution, audit)
      if (reportIds.length === 0) throw new ApiError(409, TRUST_CODES.REPORT_CLOSED, `path.report_id: report ${report.report_id} was closed already`)
      const event: ReportResolveEvent = { server_id: report.server_id, report_ids: reportIds, resolution, resolved_by: user.uid }
      await publishToModerators(ctx.bus, 'REPORT_RESOLVE', report.server_id, event)
      return ok(event)
    },
  })

  route(app, TRUST_CALLS.serverReports, TRUST_CALL_SCHEMAS.serverReports, { schema: { summary: 'Open reports, newest first (moderators)' } }, async request => {
    const actor = await requireModerator(ctx, request)
    return ok(await ctx.repos.moderation.reports(actor.serverId, request.query))
  })

  // POST as well as PATCH: the mini-program's request API has no PATCH method
  app.route({
    ...declaredRoute(API_CALLS.editServer, API_CALL_SCHEMAS.editServer, { schema: { summary: "Edit the server's name, icon and introduction (ManageServer; each audited)" } }),
    handler: async request => {
      const actor = await requireServerActor(ctx, request, Permission.ManageServer)
      const { name, icon, introduction } = request.body
      requireHttpUrl('icon', icon)
      // SPEC §5: icon and introduction are audited fields; the name is audited as a title (104001)
      await requireServerAuditPass(ctx, actor.serverId, { title: name, icon, introduction })
      await ctx.repos.moderation.updateServer(actor.serverId, request.body, auditRecord(ctx, actor, 'server_update', actor.serverId))
      const updated = await ctx.repos.servers.get(actor.serverId)
      // every member's Home shows the new name, icon and introduction at once
      if (updated) await ctx.bus.publish('SERVER_UPDATE', { server_id: actor.serverId }, updated)
      return ok(updated)
    },
  })

  route(app, TRUST_CALLS.words, TRUST_CALL_SCHEMAS.words, { schema: { summary: "The server's own audit words (ManageServer)" } }, async request => {
    const actor = await requireServerActor(ctx, request, Permission.ManageServer)
    return ok({ words: await ctx.repos.moderation.words(actor.serverId) })
  })

  route(app, TRUST_CALLS.setWords, TRUST_CALL_SCHEMAS.setWords, { schema: { summary: "Replace the server's own audit words (ManageServer; SPEC §5, with the global list)" } }, async request => {
    const actor = await requireServerActor(ctx, request, Permission.ManageServer)
    const words = await ctx.repos.moderation.setWords(actor.serverId, request.body.words, auditRecord(ctx, actor, 'words_update', actor.serverId))
    return ok({ words })
  })
}
