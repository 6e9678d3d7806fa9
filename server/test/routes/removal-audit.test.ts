/**
 * A moderator's removal and its audit entry are one transaction: when writing the entry
 * fails (the audit table made unwritable here, as a crash between the two would), the
 * message, post or comment is still there; once it works again both are written.
 */
import { sql } from 'kysely'
import type { ChatMessage } from '@core/wire/messages'
import type { Comment, Post } from '@core/wire/posts'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { envelope, signInAsGuest, signInAsMember, startTestApp, type TestApp } from '../helper'

const SERVER = '832828'
const LOBBY = '83282802'
const POSTS = '83282804'
/** The seeded moderator (ManageMessages) of the busy server. */
const MODERATOR = '100003'

let test: TestApp
let db: Db
let author: { headers: Record<string, string>, uid: string }
let moderator: { headers: Record<string, string> }

beforeAll(async () => {
  test = await startTestApp()
  db = (await openDatabase(test.config)).db
  author = await signInAsGuest(test)
  await db.insertInto('server_members').values({ server_id: SERVER, uid: author.uid, joined_at: 1 }).execute()
  moderator = await signInAsMember(test, MODERATOR)
})

afterAll(async () => {
  await db.destroy()
  await test.close()
})

/** Runs `remove` while the audit log cannot be written, then puts the table back. */
async function withAuditBroken (remove: () => Promise<unknown>): Promise<void> {
  await sql`alter table audit_log rename to audit_log_away`.execute(db)
  try {
    await remove()
  } finally {
    await sql`alter table audit_log_away rename to audit_log`.execute(db)
  }
}

async function auditedTargets (action: string): Promise<string[]> {
  const rows = await db.selectFrom('audit_log').select('target_id').where('action', '=', action).execute()
  return rows.map(row => row.target_id)
}

it('keeps a message a moderator deletes when its audit entry cannot be written, and removes it with its entry once it can', async () => {
  const sent = await test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers: author.headers, payload: { content: 'spam', nonce: `audit-${process.pid}` } })
  const message = envelope<ChatMessage>(sent).data
  const remove = () => test.inject({ method: 'DELETE', url: `/channels/${LOBBY}/messages/${message.message_id}`, headers: moderator.headers })
  await withAuditBroken(remove)
  expect(await db.selectFrom('messages').select('message_id').where('message_id', '=', message.message_id).executeTakeFirst()).toEqual({ message_id: message.message_id })
  expect((await remove()).statusCode).toBe(200)
  expect(await db.selectFrom('messages').select('message_id').where('message_id', '=', message.message_id).executeTakeFirst()).toBeUndefined()
  expect(await auditedTargets('message_delete')).toEqual([message.message_id])
})

it('keeps a post and a comment a moderator removes when their audit entries cannot be written', async () => {
  const post = envelope<Post>(await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers: author.headers, payload: { title: 'ad', content: 'buy' } })).data
  const comment = envelope<Comment>(await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers: author.headers, payload: { content: 'buy now' } })).data
  const removeComment = () => test.inject({ method: 'DELETE', url: `/posts/${post.post_id}/comments/${comment.comment_id}`, headers: moderator.headers })
  const removePost = () => test.inject({ method: 'DELETE', url: `/posts/${post.post_id}`, headers: moderator.headers })
  await withAuditBroken(removeComment)
  await withAuditBroken(removePost)
  expect(await db.selectFrom('post_comments').select('comment_id').where('comment_id', '=', comment.comment_id).executeTakeFirst()).toEqual({ comment_id: comment.comment_id })
  expect(await db.selectFrom('posts').select(['post_id', 'comment_count']).where('post_id', '=', post.post_id).executeTakeFirst()).toEqual({ post_id: post.post_id, comment_count: 1 })
  expect([(await removeComment()).statusCode, (await removePost()).statusCode]).toEqual([200, 200])
  expect(await auditedTargets('comment_delete')).toEqual([comment.comment_id])
  expect(await auditedTargets('post_delete')).toEqual([post.post_id])
})
