/**
 * Invites: a code that lets people join a server until it expires or is used up.
 * Accepting is one transaction: the invite is read again inside it, so two people
 * taking the last use of a one-use invite never both get in.
 */
import { randomBytes } from 'crypto'
import type { Invite, InviteState } from '@core/wire/trust'
import type { Db } from '../db/schema'
import type { InvitesTable } from '../db/tables/trust'
import { writeAuditEntry, type AuditRecord } from './audit-log'
import { startReadingAtJoin } from './join-reading'
import type { ServersRepository } from './servers'
import { toUser } from './users'

/** Characters of an invite code: letters and digits without the look-alikes 0/O, 1/l/I. */
const CODE_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** Length of an invite code (57^10 ≈ 3.6e17 codes: not guessable). */
export const INVITE_CODE_LENGTH = 10

/** A fresh random invite code. */
export function newInviteCode (): string {
  return [...randomBytes(INVITE_CODE_LENGTH)].map(byte => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('')
}

/** Where an invite stands at `now`. */
export function inviteState (row: Pick<InvitesTable, 'expires_at' | 'max_uses' | 'uses'>, now: number): InviteState {
  if (row.expires_at !== null && row.expires_at <= now) return 'expired'
  if (row.max_uses > 0 && row.uses >= row.max_uses) return 'used_up'
  return 'valid'
}

/** What accepting an invite came to. */
export type AcceptOutcome = { state: 'joined' | 'already_member', server_id: string, joined_at: number } | { state: 'expired' | 'used_up' | 'banned' | 'unknown' }

/** Reads and writes invites. */
export interface InvitesRepository {
  create (row: Omit<InvitesTable, 'code' | 'uses'>, audit: AuditRecord): Promise<Invite>
  get (code: string, now: number): Promise<Invite | null>
  /** The row behind a code (its server, for permission checks). */
  row (code: string): Promise<InvitesTable | null>
  /** The server's invites that still work, newest first. */
  list (serverId: string, now: number): Promise<Invite[]>
  /** How many invites of the server made by `inviterUid` still work at `now`. */
  countLive (serverId: string, inviterUid: string, now: number): Promise<number>
  revoke (code: string, audit: AuditRecord): Promise<void>
  /** Joins `uid` to the invite's server when it is usable and they are not banned. */
  accept (code: string, uid: string, now: number): Promise<AcceptOutcome>
}

/** The invites repository on `db`. */
export function createInvitesRepository (db: Db, servers: ServersRepository): InvitesRepository {
  async function toInvite (row: InvitesTable, now: number): Promise<Invite | null> {
    const [server, inviter] = await Promise.all([
      servers.get(row.server_id),
      db.selectFrom('users').selectAll().where('uid', '=', row.inviter_uid).executeTakeFirst(),
    ])
    if (!server || !inviter) return null
    return {
      code: row.code, server, inviter: toUser(inviter), max_uses: row.max_uses, uses: row.uses, expires_at: row.expires_at, created_at: row.created_at,
      state: inviteState(row, now),
    }
  }
  async function row (code: string): Promise<InvitesTable | null> {
    return (await db.selectFrom('invites').selectAll().where('code', '=', code).executeTakeFirst()) ?? null
  }
  return {
    async create (fields, audit) {
      const invite: InvitesTable = { ...fields, code: newInviteCode(), uses: 0 }
      await db.transaction().execute(async trx => {
        await trx.insertInto('invites').values(invite).execute()
        await writeAuditEntry(trx, { ...audit, target_id: invite.code })
      })
      return (await toInvite(invite, fields.created_at)) as Invite
    },
    async get (code, now) {
      const found = await row(code)
      return found ? toInvite(found, now) : null
    },
    row,
    async list (serverId, now) {
      const rows = await db.selectFrom('invites').selectAll().where('server_id', '=', serverId).orderBy('created_at', 'desc').orderBy('code').execute()
      const usable = rows.filter(item => inviteState(item, now) === 'valid')
      return (await Promise.all(usable.map(item => toInvite(item, now)))).filter((item): item is Invite => item !== null)
    },
    async countLive (serverId, inviterUid, now) {
      const row = await db.selectFrom('invites').select(eb => eb.fn.countAll<number>().as('n'))
        .where('server_id', '=', serverId).where('inviter_uid', '=', inviterUid)
        .where(eb => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
        .where(eb => eb.or([eb('max_uses', '=', 0), eb('uses', '<', eb.ref('max_uses'))]))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
    async revoke (code, audit) {
      await db.transaction().execute(async trx => {
        await trx.deleteFrom('invites').where('code', '=', code).execute()
        await writeAuditEntry(trx, audit)
      })
    },
    async accept (code, uid, now) {
      return db.transaction().execute(async (trx): Promise<AcceptOutcome> => {
        const invite = await trx.selectFrom('invites').selectAll().where('code', '=', code).executeTakeFirst()
        if (!invite) return { state: 'unknown' }
        const member = await trx.selectFrom('server_members').select('joined_at').where('server_id', '=', invite.server_id).where('uid', '=', uid).executeTakeFirst()
        if (member) return { state: 'already_member', server_id: invite.server_id, joined_at: member.joined_at }
        const state = inviteState(invite, now)
        if (state !== 'valid') return { state }
        const banned = await trx.selectFrom('bans').select('uid').where('server_id', '=', invite.server_id).where('uid', '=', uid).executeTakeFirst()
        if (banned) return { state: 'banned' }
        // the use is counted only while uses is still what was read: a concurrent last use makes this update nothing
        const counted = await trx.updateTable('invites').set({ uses: invite.uses + 1 }).where('code', '=', code).where('uses', '=', invite.uses).executeTakeFirst()
        if (Number(counted.numUpdatedRows) === 0) return { state: 'used_up' }
        await trx.insertInto('server_members').values({ server_id: invite.server_id, uid, joined_at: now }).execute()
        await startReadingAtJoin(trx, invite.server_id, uid)
        return { state: 'joined', server_id: invite.server_id, joined_at: now }
      })
    },
  }
}
