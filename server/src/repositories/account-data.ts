/**
 * An account's own data (PIPL: a member may take it and may erase it): the export of the
 * profile, memberships, messages, posts and comments, and deleting the account. Deleting
 * erases the profile (the row stays, named 已注销用户, so what is kept still has an author)
 * and every sign-in method, session and membership; the messages, posts and comments are
 * kept under that name or removed, as the member chooses.
 */
import { sql } from 'kysely'
import type { AccountExport, SignInMethods } from '@core/wire/accounts'
import type { Db } from '../db/schema'
import { toUser } from './users'

/** The name a deleted account's kept content shows. */
export const DELETED_ACCOUNT_NAME = '已注销用户'

/** Tables whose rows of a deleted account go, whatever it chose (the column naming it). */
const ERASED: ReadonlyArray<readonly [string, string]> = [
  ['sessions', 'uid'], ['passkeys', 'uid'], ['account_emails', 'uid'], ['wechat_identities', 'uid'], ['wechat_accounts', 'uid'], ['uid_aliases', 'uid'],
  ['sign_in_challenges', 'uid'], ['server_members', 'uid'], ['member_roles', 'uid'], ['read_states', 'uid'], ['reactions', 'uid'], ['post_likes', 'uid'],
  ['live_reminders', 'uid'], ['live_viewers', 'uid'], ['account_usage', 'uid'], ['member_timeouts', 'uid'],
]

/** What the member wrote, removed when they choose so. */
const AUTHORED: ReadonlyArray<readonly [string, string]> = [['messages', 'author_uid'], ['post_comments', 'author_uid'], ['live_comments', 'author_uid'], ['posts', 'author_uid']]

/** How deleting an account ended. */
export type AccountDeletion = { deleted: true, sessionIds: string[] } | { deleted: false, ownedServers: string[] }

/** Reads and erases an account's own data. */
export interface AccountDataRepository {
  /** The account's sign-in methods. */
  signInMethods (uid: string): Promise<SignInMethods>
  /** Everything the account wrote and is, as a JSON document. */
  exportData (uid: string, nowSeconds: number): Promise<AccountExport>
  /** Ends every session of the account; resolves their ids. */
  endAllSessions (uid: string): Promise<string[]>
  /** Deletes the account (refused while it owns a server); `removeContent` removes what it wrote instead of keeping it as 已注销用户. */
  deleteAccount (uid: string, removeContent: boolean): Promise<AccountDeletion>
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
    async deleteAccount (uid, removeContent) {
      return db.transaction().execute(async trx => {
        const owned = await trx.selectFrom('servers').select('server_id').where('owner_uid', '=', uid).execute()
        if (owned.length > 0) return { deleted: false, ownedServers: owned.map(server => server.server_id) }
        const sessions = await trx.selectFrom('sessions').select('session_id').where('uid', '=', uid).execute()
        // the posts they commented on or liked count again without them
        const touchedPosts = trx.selectFrom('post_comments').select('post_id').where('author_uid', '=', uid).union(trx.selectFrom('post_likes').select('post_id').where('uid', '=', uid))
        const recount = await touchedPosts.execute()
        for (const [table, column] of ERASED) await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = ${uid}`.execute(trx)
        if (removeContent) {
          for (const [table, column] of AUTHORED) await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = ${uid}`.execute(trx)
        }
        for (const { post_id: postId } of recount) {
          await sql`update posts set comment_count = (select count(*) from post_comments where post_id = ${postId}), like_count = (select count(*) from post_likes where post_id = ${postId}) where post_id = ${postId}`.execute(trx)
        }
        await trx.updateTable('users').set({ nickname: DELETED_ACCOUNT_NAME, avatar: '', signature: '', gender: 0 }).where('uid', '=', uid).execute()
        return { deleted: true, sessionIds: sessions.map(session => session.session_id) }
      })
    },
  }
}
