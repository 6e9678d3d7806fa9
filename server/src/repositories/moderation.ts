/**
 * Moderation: kicks and bans (a removed member loses their roles and timeout with their
 * membership), reports queued for moderators, each server's own audit words (SPEC §5:
 * checked with the global list) and the owner's settings (name, icon, introduction). Every action writes its audit entry in its
 * own transaction.
 */
import { createTimeIdSource } from '@core/domain/ids'
import type { BanList, CursorQuery, PatchServerBody, Report, ReportBody, ReportList, ReportReason, ReportResolution, ReportTarget } from '@core/wire/trust'
import type { Db, UsersTable } from '../db/schema'
import { writeAuditEntry, type AuditRecord } from './audit-log'
import { toUser } from './users'

/** A report to queue, its server already found from its target. */
export interface NewReport extends Omit<ReportBody, 'server_id'> {
  server_id: string
  reporter_uid: string
  created_at: number
}

/** What makes two open reports the same: one reporter, one target, one server. */
export type OpenReportKey = Pick<NewReport, 'server_id' | 'reporter_uid' | 'target_type' | 'target_id'>

/** Reads and writes bans, kicks, reports and server words. */
export interface ModerationRepository {
  /** True when `uid` is banned from the server. */
  isBanned (serverId: string, uid: string): Promise<boolean>
  /** The ban list, newest first. */
  bans (serverId: string): Promise<BanList>
  /** Removes the member (roles, timeout) and, when `ban`, keeps them out; false when there was nothing to do. */
  remove (serverId: string, uid: string, ban: boolean, audit: AuditRecord): Promise<boolean>
  /** Lifts a ban; false when there was none. */
  unban (serverId: string, uid: string, audit: AuditRecord): Promise<boolean>
  /**
   * Queues a report unless its reporter already has one open on the same target (the
   * unique index of migration 0009 decides, also between racing requests); resolves the
   * queued report's id, or the open one's with `created` false.
   */
  report (report: NewReport): Promise<{ reportId: string, created: boolean }>
  /** The id of the report `report`'s reporter has open on its target, or null. */
  openReportOf (report: OpenReportKey): Promise<string | null>
  /** The open reports of a server, newest first. */
  reports (serverId: string, query: CursorQuery): Promise<ReportList>
  /** One report, open or closed, with whether it is still open; null when there is none. */
  reportById (reportId: string): Promise<{ report: Report, open: boolean } | null>
  /**
   * Closes every open report of `report`'s target in its server as `resolution`, with
   * `audit`, in one transaction; resolves the closed reports' ids (none when another
   * moderator closed them first).
   */
  resolveReports (report: Pick<Report, 'server_id' | 'target_type' | 'target_id'>, resolution: ReportResolution, audit: AuditRecord): Promise<string[]>
  /** The server's own audit words, sorted. */
  words (serverId: string): Promise<string[]>
  /** Replaces the server's own audit words. */
  setWords (serverId: string, words: readonly string[], audit: AuditRecord): Promise<string[]>
  /** Writes the owner's settings (already audited). */
  updateServer (serverId: string, changes: PatchServerBody, audit: AuditRecord): Promise<void>
}

const nextReportId = createTimeIdSource()

/** How much of a reported message's text or post's title the queue shows. */
const EXCERPT_LENGTH = 80

/** A report row of {@link createModerationRepository}'s query as the queue shows it. */
function toReport (row: UsersTable & {
  report_id: string, server_id: string, target_type: string, target_id: string, reason: string, note: string, at: number,
  message_channel_id: string | null, message_content: string | null, post_channel_id: string | null, post_title: string | null,
}): Report {
  return {
    report_id: row.report_id, server_id: row.server_id, reporter: toUser(row), target_type: row.target_type as ReportTarget, target_id: row.target_id,
    reason: row.reason as ReportReason, note: row.note, created_at: row.at,
    channel_id: row.message_channel_id ?? row.post_channel_id ?? null,
    excerpt: [...(row.message_content ?? row.post_title ?? '')].slice(0, EXCERPT_LENGTH).join(''),
  }
}

/** The moderation repository on `db`. */
export function createModerationRepository (db: Db): ModerationRepository {
  /** Reports with their reporter, and the channel and start of a reported message or post (left joined: it may be gone). */
  function reportRows () {
    return db.selectFrom('reports').innerJoin('users', 'users.uid', 'reports.reporter_uid')
      .leftJoin('messages', join => join.onRef('messages.message_id', '=', 'reports.target_id').on('reports.target_type', '=', 'message'))
      .leftJoin('posts', join => join.onRef('posts.post_id', '=', 'reports.target_id').on('reports.target_type', '=', 'post'))
      .selectAll('users')
      .select(['reports.report_id', 'reports.server_id', 'reports.target_type', 'reports.target_id', 'reports.reason', 'reports.note', 'reports.created_at as at'])
      .select(['messages.channel_id as message_channel_id', 'messages.content as message_content', 'posts.channel_id as post_channel_id', 'posts.title as post_title'])
  }
  async function openReportOf (report: OpenReportKey): Promise<string | null> {
    const row = await db.selectFrom('reports').select('report_id')
      .where('server_id', '=', report.server_id).where('reporter_uid', '=', report.reporter_uid).where('target_type', '=', report.target_type)
      .where('target_id', '=', report.target_id).where('resolved_by', 'is', null).executeTakeFirst()
    return row?.report_id ?? null
  }
  async function words (serverId: string): Promise<string[]> {
    const rows = await db.selectFrom('server_words').select('word').where('server_id', '=', serverId).orderBy('word').execute()
    return rows.map(row => row.word)
  }
  return {
    async isBanned (serverId, uid) {
      return (await db.selectFrom('bans').select('uid').where('server_id', '=', serverId).where('uid', '=', uid).executeTakeFirst()) !== undefined
    },
    async bans (serverId) {
      const rows = await db.selectFrom('bans').innerJoin('users', 'users.uid', 'bans.uid').selectAll('users')
        .select(['bans.reason', 'bans.banned_by', 'bans.created_at']).where('bans.server_id', '=', serverId).orderBy('bans.created_at', 'desc').execute()
      return { list: rows.map(row => ({ user: toUser(row), reason: row.reason, banned_by: row.banned_by, created_at: row.created_at })) }
    },
    async remove (serverId, uid, ban, audit) {
      return db.transaction().execute(async trx => {
        await trx.deleteFrom('member_roles').where('server_id', '=', serverId).where('uid', '=', uid).execute()
        await trx.deleteFrom('member_timeouts').where('server_id', '=', serverId).where('uid', '=', uid).execute()
        const removed = await trx.deleteFrom('server_members').where('server_id', '=', serverId).where('uid', '=', uid).executeTakeFirst()
        let banned = false
        if (ban) {
          const inserted = await trx.insertInto('bans').values({ server_id: serverId, uid, reason: audit.reason ?? '', banned_by: audit.actor_uid, created_at: audit.created_at })
            .onConflict(conflict => conflict.columns(['server_id', 'uid']).doNothing()).executeTakeFirst()
          banned = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
        }
        const changed = banned || Number(removed.numDeletedRows) > 0
        if (changed) await writeAuditEntry(trx, audit)
        return changed
      })
    },
    async unban (serverId, uid, audit) {
      return db.transaction().execute(async trx => {
        const removed = await trx.deleteFrom('bans').where('server_id', '=', serverId).where('uid', '=', uid).executeTakeFirst()
        if (Number(removed.numDeletedRows) === 0) return false
        await writeAuditEntry(trx, audit)
        return true
      })
    },
    async report (report) {
      const earlier = await openReportOf(report)
      if (earlier !== null) return { reportId: earlier, created: false }
      const reportId = nextReportId()
      try {
        await db.insertInto('reports').values({
          report_id: reportId, server_id: report.server_id, reporter_uid: report.reporter_uid, target_type: report.target_type, target_id: report.target_id,
          reason: report.reason, note: report.note ?? '', created_at: report.created_at, resolved_by: null, resolution: null, resolved_at: null,
        }).execute()
      } catch (error) {
        // the unique index of open reports refused a twin racing this one
        const raced = await openReportOf(report)
        if (raced !== null) return { reportId: raced, created: false }
        throw error
      }
      return { reportId, created: true }
    },
    async reports (serverId, { before, limit }) {
      let query = reportRows().where('reports.server_id', '=', serverId).where('reports.resolved_by', 'is', null)
      if (before) query = query.where('reports.report_id', '<', before)
      const rows = await query.orderBy('reports.report_id', 'desc').limit(limit + 1).execute()
      return { items: rows.slice(0, limit).map(toReport), has_more: rows.length > limit }
    },
    async reportById (reportId) {
      const row = await reportRows().select('reports.resolved_by').where('reports.report_id', '=', reportId).executeTakeFirst()
      return row ? { report: toReport(row), open: row.resolved_by === null } : null
    },
    async resolveReports ({ server_id: serverId, target_type: targetType, target_id: targetId }, resolution, audit) {
      return db.transaction().execute(async trx => {
        const open = await trx.selectFrom('reports').select('report_id').where('server_id', '=', serverId).where('target_type', '=', targetType)
          .where('target_id', '=', targetId).where('resolved_by', 'is', null).orderBy('report_id').execute()
        const ids = open.map(row => row.report_id)
        if (ids.length === 0) return []
        // only still-open rows are closed: a moderator racing this one closes none twice
        const closed = await trx.updateTable('reports').set({ resolved_by: audit.actor_uid, resolution, resolved_at: audit.created_at })
          .where('report_id', 'in', ids).where('resolved_by', 'is', null).executeTakeFirst()
        if (Number(closed.numUpdatedRows) === 0) return []
        await writeAuditEntry(trx, audit)
        return ids
      })
    },
    openReportOf,
    words,
    async setWords (serverId, list, audit) {
      await db.transaction().execute(async trx => {
        await trx.deleteFrom('server_words').where('server_id', '=', serverId).execute()
        const unique = [...new Set(list)]
        if (unique.length > 0) await trx.insertInto('server_words').values(unique.map(word => ({ server_id: serverId, word }))).execute()
        await writeAuditEntry(trx, audit)
      })
      return words(serverId)
    },
    async updateServer (serverId, changes, audit) {
      await db.transaction().execute(async trx => {
        if (Object.keys(changes).length > 0) await trx.updateTable('servers').set(changes).where('server_id', '=', serverId).execute()
        await writeAuditEntry(trx, audit)
      })
    },
  }
}
