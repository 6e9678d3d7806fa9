/**
 * An account's own data (PIPL: a member may take it and may erase it): the export of the
 * profile, memberships, messages, posts and comments, and deleting the account, in one
 * transaction. Deleting
 * - erases the profile: the `users` row stays, named 已注销用户 with no avatar, signature or
 *   gender, so what is kept still has an author to show;
 * - drops every row of the live schema that names the member (uidColumns): sessions,
 *   sign-in methods (addresses, passkeys, WeChat identities), the e-mail code rows of its
 *   addresses, memberships, roles, channel overrides, bans and timeouts of the member, read
 *   and inbox state, reactions and likes, reminders, notifications and their settings, push
 *   subscriptions, conversations' participants, blocks both ways, direct-message settings,
 *   usage counters, invites it made, its uid aliases;
 * - removes the avatar file it uploaded (the stored_files row, then its content: the file
 *   URL answers 404), unless another member's avatar names the same file;
 * - keeps or removes, as the member chooses, what it wrote: messages, direct messages,
 *   posts, comments and their search index rows (removing also drops the notifications
 *   quoting them);
 * - keeps the moderation records — every audit-log entry and report, by the member or about
 *   it — naming 已注销用户 (an audit entry's member name is rewritten to it);
 * - keeps where the member only did something to another's row (a ban or timeout they set,
 *   a channel or conversation they started, a bot token they made), naming 已注销用户, or
 *   empties that column where it may be empty (a file they stored).
 */
import { sql, type Transaction } from 'kysely'
import type { AccountExport, SignInMethods } from '@core/wire/accounts'
import type { AuditChange } from '@core/wire/trust'
import { AUDIT_MEMBER_FIELD } from '@core/wire/trust-paths'
import type { Database, Db } from '../db/schema'
import { removeAuthor } from '../search/documents'
import { uidColumns } from './accounts'
import { toUser } from './users'

/** The name a deleted account's kept content shows. */
export const DELETED_ACCOUNT_NAME = '已注销用户'

/** A column naming the member as the author of what they wrote: kept under 已注销用户 or removed, as they choose. */
function isAuthorColumn (column: string): boolean {
  return column === 'author_uid'
}

/**
 * A column naming the member only as who did something to a row that is not theirs (a
 * channel they made, a report they resolved, a ban they set, an audit entry, a
 * conversation they started, a notification they caused): emptied where it may be, else
 * kept as the record it is, naming 已注销用户.
 */
function isActorColumn (column: string): boolean {
  return column.endsWith('_by') || column === 'actor_uid'
}

/** The moderation records a deleted account stays in (audit-log entries, reports), by or about it: they name 已注销用户 from then on. */
const MODERATION_RECORDS: ReadonlySet<string> = new Set(['audit_log', 'reports'])

/** `text` as a LIKE pattern matching itself (`\\` is the escape character). */
function likeEscaped (text: string): string {
  return text.replace(/[\\%_]/g, character => `\\${character}`)
}

/** How deleting an account ended; `discardedFiles` are the stored files whose rows went with it (their contents are for the file store to drop). */
export type AccountDeletion = { deleted: true, sessionIds: string[], discardedFiles: string[] } | { deleted: false, ownedServers: string[] }

/** Reads and erases an account's own data. */
export interface AccountDataRepository {
  /** The account's sign-in methods. */
  signInMethods (uid: string): Promise<SignInMethods>
  /** Everything the account wrote and is, as a JSON document. */
  exportData (uid: string, nowSeconds: number): Promise<AccountExport>
  /** Ends every session of the account; resolves their ids. */
  endAllSessions (uid: string): Promise<string[]>
  /**
   * Deletes the account (refused while it owns a server); `removeContent` removes what it
   * wrote instead of keeping it as 已注销用户; `avatarKey` is the stored file its avatar names
   * (null: none of this server's), removed when the account uploaded it.
   */
  deleteAccount (uid: string, removeContent: boolean, avatarKey: string | null): Promise<AccountDeletion>
}

/**
 * Deletes the row of the stored file `key` when `uid` uploaded it and no other member's
 * avatar names it (files are stored by content, so two members may share one); resolves
 * the keys whose rows went.
 */
async function discardAvatar (trx: Transaction<Database>, uid: string, key: string): Promise<string[]> {
  const sharing = await trx.selectFrom('users').select('uid').where('uid', '!=', uid)
    .where(sql<boolean>`avatar like ${`%/files/${likeEscaped(key)}`} escape '\\'`).executeTakeFirst()
  if (sharing) return []
  const removed = await trx.deleteFrom('stored_files').where('file_key', '=', key).where('uploaded_by', '=', uid).returning('file_key').execute()
  return removed.map(row => row.file_key)
}

/** The account data repository on `db`. */
export function createAccountDataRepository (db: Db): AccountDataRepository {
  return {
    async signInMethods (uid) {
      const email = await db.selectFrom('account_emails').select('email').where('uid', '=', uid).executeTakeFirst()
      const passkeys = await db.selectFrom('passkeys').select('credential_id').where('uid', '=', uid).execute()
      const wechat = await db.selectFrom('wechat_identities').select('app').where('uid', '=', uid).execute()
      return { email: email?.email ?? null, passkeys: passkeys.length, wechat: wechat.length > 0 }
    },
    async exportData (uid, nowSeconds) {
      const user = await db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow()
      const memberships = await db.selectFrom('server_members').innerJoin('servers', 'servers.server_id', 'server_members.server_id')
        .select(['server_members.server_id', 'servers.name', 'server_members.joined_at']).where('server_members.uid', '=', uid).orderBy('server_members.joined_at').execute()
      const messages = await db.selectFrom('messages').select(['message_id', 'server_id', 'channel_id', 'content', 'created_at', 'edited_at'])
        .where('author_uid', '=', uid).orderBy('message_id').execute()
      const posts = await db.selectFrom('posts').select(['post_id', 'channel_id', 'title', 'content', 'created_at'])
        .where('author_uid', '=', uid).orderBy('post_id').execute()
      const comments = await db.selectFrom('post_comments').select(['comment_id', 'post_id', 'content', 'created_at'])
        .where('author_uid', '=', uid).orderBy('comment_id').execute()
      return { exported_at: nowSeconds, profile: toUser(user), sign_in_methods: await this.signInMethods(uid), memberships, messages, posts, comments }
    },
    async endAllSessions (uid) {
      const sessions = await db.deleteFrom('sessions').where('uid', '=', uid).returning('session_id').execute()
      return sessions.map(session => session.session_id)
    },
    async deleteAccount (uid, removeContent, avatarKey) {
      return db.transaction().execute(async trx => {
        const owned = await trx.selectFrom('servers').select('server_id').where('owner_uid', '=', uid).execute()
        if (owned.length > 0) return { deleted: false, ownedServers: owned.map(server => server.server_id) }
        const sessions = await trx.deleteFrom('sessions').where('uid', '=', uid).returning('session_id').execute()
        // the posts they commented on or liked count again without them, the conversations they wrote in end on another message
        const recount = await trx.selectFrom('post_comments').select('post_id').where('author_uid', '=', uid).union(trx.selectFrom('post_likes').select('post_id').where('uid', '=', uid)).execute()
        const conversations = await trx.selectFrom('direct_messages').select('conversation_id').distinct().where('author_uid', '=', uid).execute()
        if (removeContent) {
          await removeAuthor(trx, uid)
          // a notification they caused quotes what they wrote: it goes with it
          await trx.deleteFrom('notifications').where('actor_uid', '=', uid).execute()
        }
        // the codes sent to its addresses name no uid: they go by address, before the addresses do
        const emails = await trx.selectFrom('account_emails').select('email').where('uid', '=', uid).execute()
        if (emails.length > 0) await trx.deleteFrom('email_codes').where('email', 'in', emails.map(row => row.email)).execute()
        const discardedFiles = avatarKey === null ? [] : await discardAvatar(trx, uid, avatarKey)
        // an audit entry about the member keeps its record, not the member's name
        const entries = await trx.selectFrom('audit_log').select(['entry_id', 'changes']).where('target_id', '=', uid).execute()
        for (const entry of entries) {
          const changes = (JSON.parse(entry.changes) as AuditChange[]).map(change => change.field === AUDIT_MEMBER_FIELD ? { ...change, to: DELETED_ACCOUNT_NAME } : change)
          await trx.updateTable('audit_log').set({ changes: JSON.stringify(changes) }).where('entry_id', '=', entry.entry_id).execute()
        }
        // every column of the live schema that names a uid (uidColumns), so a table a later migration adds is erased too
        for (const { table, column, nullable } of await uidColumns(trx)) {
          const naming = sql`${sql.ref(column)} = ${uid}`
          if (MODERATION_RECORDS.has(table)) continue
          if (isAuthorColumn(column)) {
            if (removeContent) await sql`delete from ${sql.table(table)} where ${naming}`.execute(trx)
          } else if (isActorColumn(column)) {
            if (nullable) await sql`update ${sql.table(table)} set ${sql.ref(column)} = null where ${naming}`.execute(trx)
          } else {
            await sql`delete from ${sql.table(table)} where ${naming}`.execute(trx)
          }
        }
        await trx.deleteFrom('uid_aliases').where('uid', '=', uid).execute()
        for (const { post_id: postId } of recount) {
          await sql`update posts set comment_count = (select count(*) from post_comments where post_id = ${postId}), like_count = (select count(*) from post_likes where post_id = ${postId}) where post_id = ${postId}`.execute(trx)
        }
        for (const { conversation_id: conversationId } of conversations) {
          await sql`update conversations set last_message_id = (select max(message_id) from direct_messages where conversation_id = ${conversationId}) where conversation_id = ${conversationId}`.execute(trx)
        }
        await trx.updateTable('users').set({ nickname: DELETED_ACCOUNT_NAME, avatar: '', signature: '', gender: 0 }).where('uid', '=', uid).execute()
        return { deleted: true, sessionIds: sessions.map(session => session.session_id), discardedFiles }
      })
    },
  }
}
