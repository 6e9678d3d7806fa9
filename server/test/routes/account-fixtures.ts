/**
 * What the account tests share: a member who has done a bit of everything, and the rows
 * that name a uid, counted per table (the live schema's uid columns).
 */
import { sql } from 'kysely'
import type { ChatMessage } from '@core/wire/messages'
import { createInProcessBus, type BusEvent } from '../../src/bus'
import { openDatabase } from '../../src/db/dialects'
import type { Db } from '../../src/db/schema'
import { uidColumns } from '../../src/repositories/accounts'
import { envelope, signInAsMember, startTestApp, type TestApp } from '../helper'
import { startSmtpInbox, type SmtpInbox } from '../services/smtp-inbox'

/** The busy demo server, its lobby, post channel and a live item. */
export const SERVER = '832828'
export const LOBBY = '83282802'
export const POSTS = '83282804'
const LIVE = '832828-live-02'
/** The member who talks with the busy one. */
export const FRIEND = '100002'

/** A signed-in caller. */
export interface Session {
  headers: Record<string, string>
  uid: string
}

/** Rows naming `uid`, per table and column; and every such table's total. */
export async function footprint (db: Db, uid: string): Promise<{ naming: Record<string, number>, totals: Record<string, number> }> {
  const naming: Record<string, number> = {}
  const totals: Record<string, number> = {}
  for (const { table, column } of await uidColumns(db)) {
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${uid}`.execute(db)
    naming[`${table}.${column}`] = Number(rows[0].n)
    const all = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db)
    totals[table] = Number(all.rows[0].n)
  }
  return { naming, totals }
}

/**
 * Makes `member` join, write (a message the search index holds), react, read, post,
 * comment, like and report, hold a role, a channel override and a live reminder, start a
 * direct conversation (write, react, read, block and set who may write to it), and be
 * mentioned by another member in the lobby (a notification) and in that conversation;
 * resolves the id of the message it wrote.
 */
export async function keepBusy (test: TestApp, db: Db, member: Session): Promise<string> {
  const { headers } = member
  expect((await test.inject({ method: 'POST', url: `/servers/${SERVER}/members/me`, headers })).statusCode).toBe(200)
  const message = envelope<ChatMessage>(await test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers, payload: { content: '你好', nonce: 'busy-1' } })).data
  expect((await test.inject({ method: 'PUT', url: `/channels/${LOBBY}/messages/${message.message_id}/reactions/${encodeURIComponent('👍')}/me`, headers })).statusCode).toBe(200)
  expect((await test.inject({ method: 'POST', url: `/channels/${LOBBY}/read`, headers, payload: { message_id: message.message_id } })).statusCode).toBe(200)
  const post = envelope<{ post_id: string }>(await test.inject({ method: 'POST', url: `/channels/${POSTS}/posts`, headers, payload: { title: '作品', content: '展台' } })).data
  expect((await test.inject({ method: 'POST', url: `/posts/${post.post_id}/comments`, headers, payload: { content: '好看' } })).statusCode).toBe(200)
  expect((await test.inject({ method: 'PUT', url: `/posts/${post.post_id}/likes/me`, headers })).statusCode).toBe(200)
  expect((await test.inject({ method: 'POST', url: '/reports', headers, payload: { target_type: 'message', target_id: '8328280200000000001', server_id: SERVER, reason: 'spam' } })).statusCode).toBeLessThan(500)
  await db.insertInto('member_roles').values({ server_id: SERVER, uid: member.uid, role_id: `${SERVER}-trainee` }).execute()
  // an override on another channel: the lobby stays readable, so the friend's mention below counts (a mention of one who cannot read the channel is dropped)
  await db.insertInto('channel_overrides').values({ channel_id: POSTS, target_type: 'member', target_id: member.uid, allow: 0, deny: 1 }).execute()
  await db.insertInto('live_reminders').values({ live_id: LIVE, uid: member.uid, created_at: 1, notified_at: null }).execute()
  const friend = await signInAsMember(test, FRIEND)
  await db.insertInto('server_members').values({ server_id: SERVER, uid: friend.uid, joined_at: 1 }).onConflict(conflict => conflict.doNothing()).execute()
  expect((await test.inject({ method: 'POST', url: `/channels/${LOBBY}/messages`, headers: friend.headers, payload: { content: `hi <@${member.uid}>`, nonce: `mention-${member.uid}` } })).statusCode).toBe(200)
  await directMessages(test, member, friend)
  return message.message_id
}

/** `member` talks with `friend` in their one-to-one conversation and is mentioned there; blocks a third member and keeps DMs to server members. */
async function directMessages (test: TestApp, member: Session, friend: Session): Promise<void> {
  const { headers } = member
  const conversation = envelope<{ conversation_id: string }>(await test.inject({ method: 'POST', url: '/conversations/direct', headers, payload: { uid: friend.uid } })).data
  const messages = `/conversations/${conversation.conversation_id}/messages`
  const dm = envelope<ChatMessage>(await test.inject({ method: 'POST', url: messages, headers, payload: { content: '私信', nonce: 'busy-dm' } })).data
  expect((await test.inject({ method: 'PUT', url: `${messages}/${dm.message_id}/reactions/${encodeURIComponent('👍')}/me`, headers })).statusCode).toBe(200)
  const reply = envelope<ChatMessage>(await test.inject({ method: 'POST', url: messages, headers: friend.headers, payload: { content: `好 <@${member.uid}>`, nonce: `dm-mention-${member.uid}` } })).data
  expect(reply.mentions).toEqual([member.uid])
  expect((await test.inject({ method: 'POST', url: `/conversations/${conversation.conversation_id}/read`, headers, payload: { message_id: reply.message_id } })).statusCode).toBe(200)
  expect((await test.inject({ method: 'PUT', url: '/users/me/dm-privacy', headers, payload: { dm_privacy: 'server_members' } })).statusCode).toBe(200)
  expect((await test.inject({ method: 'PUT', url: '/users/me/blocks/100003', headers })).statusCode).toBe(200)
}

/** A test app that mails sign-in codes to a loopback SMTP inbox, with its database and the events it published. */
export interface AccountApp {
  test: TestApp
  inbox: SmtpInbox
  db: Db
  events: BusEvent[]
  close (): Promise<void>
}

/** Starts an AccountApp. */
export async function startAccountApp (): Promise<AccountApp> {
  const inbox = await startSmtpInbox()
  const events: BusEvent[] = []
  const bus = createInProcessBus()
  bus.subscribe(event => { events.push(event) })
  const test = await startTestApp({ SMTP_URL: inbox.url }, { bus })
  const { db } = await openDatabase(test.config)
  return {
    test, inbox, db, events,
    async close () {
      await db.destroy()
      await test.close()
      await inbox.close()
    },
  }
}
