/**
 * The audit log: every moderation and settings action is written in the same
 * transaction as the action itself, so the log never misses one and never names one
 * that did not happen. Read newest first, paged by the time-ordered entry id.
 */
import { createTimeIdSource } from '@core/domain/ids'
import type { AuditAction, AuditChange, AuditLog, CursorQuery } from '@core/wire/trust'
import type { Db } from '../db/schema'
import { toUser } from './users'

/** One action to record. */
export interface AuditRecord {
  server_id: string
  actor_uid: string
  action: AuditAction
  target_id: string
  reason?: string
  created_at: number
  /** What the action changed (a channel's edit names its fields, a closed report its resolution). */
  changes?: AuditChange[]
}

const nextEntryId = createTimeIdSource()

/** Writes `record` on `trx` (call inside the action's transaction). */
export async function writeAuditEntry (trx: Db, record: AuditRecord): Promise<void> {
  await trx.insertInto('audit_log').values({ ...record, entry_id: nextEntryId(), reason: record.reason ?? '', changes: JSON.stringify(record.changes ?? []) }).execute()
}

/** Reads the audit log. */
export interface AuditLogRepository {
  /** A server's entries, newest first, before `before` (an entry id). */
  list (serverId: string, query: CursorQuery): Promise<AuditLog>
  /** Records an action that writes no row of its own (a moderator's change in a voice room, which lives in the process holding it): after it was applied. */
  record (record: AuditRecord): Promise<void>
}

/** The audit-log repository on `db`. */
export function createAuditLogRepository (db: Db): AuditLogRepository {
  return {
    async list (serverId, { before, limit }) {
      let query = db.selectFrom('audit_log').innerJoin('users', 'users.uid', 'audit_log.actor_uid').selectAll('users')
        .select(['audit_log.entry_id', 'audit_log.action', 'audit_log.target_id', 'audit_log.reason', 'audit_log.created_at as at', 'audit_log.changes'])
        .where('audit_log.server_id', '=', serverId)
      if (before) query = query.where('audit_log.entry_id', '<', before)
      const rows = await query.orderBy('audit_log.entry_id', 'desc').limit(limit + 1).execute()
      return {
        items: rows.slice(0, limit).map(row => ({
          entry_id: row.entry_id, actor: toUser(row), action: row.action as AuditAction, target_id: row.target_id, reason: row.reason, created_at: row.at,
          changes: JSON.parse(row.changes) as AuditChange[],
        })),
        has_more: rows.length > limit,
      }
    },
    record: record => writeAuditEntry(db, record),
  }
}
