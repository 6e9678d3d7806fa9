/**
 * Accounts: e-mail sign-in codes, signing up (a guest becomes an account and keeps every
 * row it had) and signing in to an account with a fresh session.
 *
 * SPEC §3: a `B_` uid marks a guest, so a guest that signs up cannot keep its uid. The
 * account gets a new uid and, in one transaction, every row naming the guest's uid is
 * moved to it — found by column name (`uid`, `*_uid`, `*_by`, and `target_id` where it
 * names a member) in the live schema, so a table a later migration adds moves too; the
 * mentions, one-to-one conversation keys and search words built from it follow — and
 * `uid_aliases` keeps the old uid resolving to the account.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'crypto'
import { sql, type Transaction } from 'kysely'
import { identityKindOf } from '@core/domain/identity'
import type { User } from '@core/wire/entities'
import { isSqlite } from '../db/engine'
import type { Database, Db, UsersTable } from '../db/schema'
import { indexMessage, reindexAuthor } from '../search/documents'
import type { WechatIdentity } from '../services/wechat'
import { directKeyOf } from './conversations'
import { otherWaysIn } from './passkeys'
import { newSession, toUser, type GuestSession } from './users'

/** How long an e-mail code lasts: 10 minutes. */
export const EMAIL_CODE_LIFETIME_SECONDS = 10 * 60

/** Wrong tries an e-mail code survives: the fifth wrong one ends it. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5

/** How long a challenge (WebAuthn's, a WeChat authorisation's state) may be answered: 5 minutes. */
export const CHALLENGE_SECONDS = 5 * 60

/** How long a fresh proof of the account (a step-up) lets its session add a way in: 5 minutes. */
export const STEP_UP_SECONDS = 5 * 60

/** What a challenge is for: a passkey's registration or sign-in, WeChat's web authorisation, a development sign-in link, a session's step-up proof, or a hand-off code (routes/handoff). */
export type ChallengePurpose = 'register' | 'sign-in' | 'wechat-web' | 'dev-link' | 'step-up' | 'handoff'

/** A challenge handed out: to whom (null: nobody signed in) and what else its answer is checked against. */
export interface HandedChallenge {
  uid: string | null
  detail: string
}

/** Which WeChat app an openid belongs to: the mini-program, or the Official Account's web authorisation. */
export type WechatApp = 'mini-program' | 'web'

/**
 * How an e-mail code check ended: signed in; no live code (never sent, expired or used —
 * told apart for nobody, so an address with an account reads as one without); wrong; or
 * spent by too many wrong tries.
 */
export type EmailCodeVerdict = 'ok' | 'none' | 'wrong' | 'spent'

/** A signed-in account and the fresh token that opens its session. */
export interface AccountSession extends GuestSession {
  /** True when this sign-in made the account. */
  created: boolean
  /** The guest uid that became this account, or null. */
  upgraded_from: string | null
}

/** What a sign-up attaches to the new account inside its transaction (an address, a passkey). */
export type SignInMethodWriter = (trx: Transaction<Database>, uid: string) => Promise<void>

/** Reads and writes accounts and their e-mail codes. */
export interface AccountsRepository {
  /** A fresh 6-digit code for `email`, replacing any earlier one (its tries start again); only its salted hash is stored; expired codes are swept. */
  issueEmailCode (email: string, nowSeconds: number): Promise<string>
  /** Checks `code` for `email`: every check takes one of the code's tries first (atomically); a right one is used up (deleted). */
  useEmailCode (email: string, code: string, nowSeconds: number): Promise<EmailCodeVerdict>
  /** The account that signs in with `email`, or null. */
  uidOfEmail (email: string): Promise<string | null>
  /** Gives the (non-guest) account `uid` the address `email`; false when the address belongs to another account. */
  addEmail (uid: string, email: string, nowSeconds: number): Promise<boolean>
  /**
   * Makes an account — from the guest `guestUid` when given, keeping every row it had —
   * attaches its first sign-in method with `attach`, and opens a session, in one
   * transaction; the guest's sessions end.
   */
  signUp (input: { nowSeconds: number, userAgent: string, guestUid: string | null, attach: SignInMethodWriter }): Promise<AccountSession>
  /** A fresh session for the account `uid`. */
  openSession (uid: string, nowSeconds: number, userAgent: string): Promise<AccountSession>
  /** Keeps a challenge handed out now for `purpose`, answerable for `lifetimeSeconds` (CHALLENGE_SECONDS unless said). */
  saveChallenge (challenge: string, purpose: ChallengePurpose, handed: HandedChallenge, nowSeconds: number, lifetimeSeconds?: number): Promise<void>
  /** Takes (deletes) a live challenge for `purpose`: answered once; undefined when there is none (or it expired). */
  takeChallenge (challenge: string, purpose: ChallengePurpose, nowSeconds: number): Promise<HandedChallenge | undefined>
  /** The account a WeChat identity signs in to: the one holding this app's openid, else the one holding its unionid; null when none. */
  wechatOwner (app: WechatApp, identity: WechatIdentity): Promise<string | null>
  /** Links a WeChat identity of `app` to the account `uid` (inside `trx` when given); an identity already linked stays as it is. */
  linkWechat (uid: string, app: WechatApp, identity: WechatIdentity, nowSeconds: number, trx?: Transaction<Database>): Promise<void>
  /** The account a uid names now: itself, or the account a guest uid became; null when unknown. */
  resolve (uid: string): Promise<string | null>
  /** How many ways in the account holds: passkeys, its address and WeChat identities. */
  waysIn (uid: string): Promise<number>
  /** Records that the session `sessionId` of `uid` proved the account just now (STEP_UP_SECONDS). */
  recordStepUp (sessionId: string, uid: string, nowSeconds: number): Promise<void>
  /** True when the session `sessionId` of `uid` proved the account within STEP_UP_SECONDS. */
  hasStepUp (sessionId: string, uid: string, nowSeconds: number): Promise<boolean>
}

/** The challenge a secret handed to a client (a sign-in link's token, a hand-off code) is kept as: its SHA-256, so the table holds nothing that signs in. */
export function challengeKeyOfSecret (secret: string): string {
  return createHash('sha256').update(secret).digest('base64url')
}

/** The challenge key of a session's step-up proof. */
const stepUpKey = (sessionId: string) => `step-up:${sessionId}`

/** SHA-256 hex of a code with its salt. */
function codeHash (code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex')
}

/** True when two hex digests are equal, compared in constant time. */
function sameDigest (a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}

/** A new account's uid: 12 digits, like the seeded users' plain numeric uids (no SPEC §3 prefix). */
function newAccountUid (): string {
  return String(randomInt(100_000_000_000, 1_000_000_000_000))
}

/** A column is a uid column by its name: `uid`, `*_uid` or `*_by`. */
function isUidColumn (column: string): boolean {
  return column === 'uid' || column.endsWith('_uid') || column.endsWith('_by')
}

/** Tables whose uid columns the move handles itself. */
const MOVED_BY_HAND = new Set(['users', 'uid_aliases', 'sessions'])

/** A column of the live schema that holds a uid, and whether it may be null. */
export interface UidColumn {
  table: string
  column: string
  nullable: boolean
}

/**
 * Every (table, column) of the live schema that holds a uid, read from the database's
 * catalogue: what moves when a guest signs up and what goes when an account is deleted,
 * so a table a later migration adds is never forgotten.
 */
export async function uidColumns (db: Db | Transaction<Database>): Promise<UidColumn[]> {
  let columns: Array<{ table: string, column: string, nullable: number | string | boolean }>
  if (isSqlite(db)) {
    const result = await sql<{ table: string, column: string, nullable: number }>`select m.name as "table", p.name as "column", p."notnull" = 0 and p.pk = 0 as nullable from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table'`.execute(db)
    columns = result.rows
  } else {
    const result = await sql<{ table: string, column: string, nullable: string }>`select table_name as "table", column_name as "column", is_nullable as nullable from information_schema.columns where table_schema = current_schema()`.execute(db)
    columns = result.rows
  }
  return columns
    .filter(({ table, column }) => !table.startsWith('kysely_') && !MOVED_BY_HAND.has(table) && (isUidColumn(column) || column === 'target_id'))
    .map(({ table, column, nullable }) => ({ table, column, nullable: nullable === 'YES' || nullable === 1 || nullable === true }))
}

/**
 * Moves every row naming `from` to `to` inside `trx`: uid columns, `target_id` columns
 * (a member as a report's or override's target, an audit entry's subject; other ids never
 * equal a uid), the mentions of messages and direct messages (`<@uid>` in the text, the
 * uid in `mentions`), the one-to-one conversations' keys (built from both uids) and the
 * search index's words (the author's filter word, a mention in the text).
 */
async function moveUid (trx: Transaction<Database>, from: string, to: string): Promise<void> {
  for (const { table, column } of await uidColumns(trx)) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${to} where ${sql.ref(column)} = ${from}`.execute(trx)
  }
  // a mention is `<@uid>` in the text and the uid in a JSON array: a uid is letters, digits and _, so both forms are found exactly
  const mentioning = await trx.selectFrom('messages').select('message_id').where('mentions', 'like', `%${JSON.stringify(from)}%`).execute()
  for (const table of ['messages', 'direct_messages'] as const) {
    await sql`update ${sql.table(table)} set mentions = replace(mentions, ${JSON.stringify(from)}, ${JSON.stringify(to)}), content = replace(content, ${`<@${from}>`}, ${`<@${to}>`}) where mentions like ${`%${JSON.stringify(from)}%`}`.execute(trx)
  }
  // a one-to-one conversation is found by its pair's ordered uids: the key is built again with the new one
  const direct = await trx.selectFrom('conversations').select(['conversation_id', 'direct_key'])
    .where(eb => eb.or([eb('direct_key', 'like', `${from}:%`), eb('direct_key', 'like', `%:${from}`)])).execute()
  for (const { conversation_id: conversationId, direct_key: key } of direct) {
    const [a, b] = (key ?? '').split(':').map(uid => uid === from ? to : uid)
    await trx.updateTable('conversations').set({ direct_key: directKeyOf(a, b) }).where('conversation_id', '=', conversationId).execute()
  }
  await reindexAuthor(trx, to)
  for (const { message_id: messageId } of mentioning) await indexMessage(trx, await trx.selectFrom('messages').selectAll().where('message_id', '=', messageId).executeTakeFirstOrThrow())
}

/** The nickname a guest keeps as an account: its own, unless it is still the default 游客xxxx. */
function accountNickname (guest: UsersTable | undefined, uid: string): string {
  if (!guest || /^游客[0-9a-f]{4}$/.test(guest.nickname)) return `用户${uid.slice(-4)}`
  return guest.nickname
}

/** The accounts repository on `db`. */
export function createAccountsRepository (db: Db): AccountsRepository {
  async function openSession (uid: string, nowSeconds: number, userAgent: string, trx: Db | Transaction<Database> = db): Promise<{ token: string, user: User }> {
    const session = newSession(uid, nowSeconds, userAgent)
    await trx.insertInto('sessions').values(session.row).execute()
    const row = await trx.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow()
    return { token: session.token, user: toUser(row) }
  }

  return {
    async issueEmailCode (email, nowSeconds) {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      const salt = randomBytes(16).toString('hex')
      const row = { email, code_hash: codeHash(code, salt), salt, created_at: nowSeconds, expires_at: nowSeconds + EMAIL_CODE_LIFETIME_SECONDS, attempts: 0, used_at: null }
      // no code outlives its 10 minutes by more than the next one sent: an address that never got an account keeps no row
      await db.deleteFrom('email_codes').where('expires_at', '<=', nowSeconds).execute()
      await db.insertInto('email_codes').values(row)
        .onConflict(conflict => conflict.column('email').doUpdateSet({ code_hash: row.code_hash, salt, created_at: nowSeconds, expires_at: row.expires_at, attempts: 0, used_at: null })).execute()
      return code
    },
    async useEmailCode (email, code, nowSeconds) {
      // one atomic step takes a try before the code is compared, on SQLite as on PostgreSQL:
      // of any number of concurrent checks only EMAIL_CODE_MAX_ATTEMPTS are ever compared
      const taken = await db.updateTable('email_codes').set(eb => ({ attempts: eb('attempts', '+', 1) }))
        .where('email', '=', email).where('attempts', '<', EMAIL_CODE_MAX_ATTEMPTS).where('expires_at', '>', nowSeconds)
        .returning(['code_hash', 'salt', 'attempts']).executeTakeFirst()
      if (!taken) {
        codeHash(code, randomBytes(16).toString('hex')) // the same work as a check, whatever the address
        const spent = await db.selectFrom('email_codes').select('email').where('email', '=', email).where('expires_at', '>', nowSeconds).executeTakeFirst()
        return spent ? 'spent' : 'none'
      }
      if (!sameDigest(codeHash(code, taken.salt), taken.code_hash)) return taken.attempts >= EMAIL_CODE_MAX_ATTEMPTS ? 'spent' : 'wrong'
      // a right code is used up (its row deleted): of concurrent checks of it only one signs in
      const used = await db.deleteFrom('email_codes').where('email', '=', email).where('code_hash', '=', taken.code_hash).executeTakeFirst()
      return Number(used.numDeletedRows) === 1 ? 'ok' : 'none'
    },
    async uidOfEmail (email) {
      return (await db.selectFrom('account_emails').select('uid').where('email', '=', email).executeTakeFirst())?.uid ?? null
    },
    async addEmail (uid, email, nowSeconds) {
      const owner = await db.selectFrom('account_emails').select('uid').where('email', '=', email).executeTakeFirst()
      if (owner && owner.uid !== uid) return false
      await db.insertInto('account_emails').values({ uid, email, verified_at: nowSeconds })
        .onConflict(conflict => conflict.column('uid').doUpdateSet({ email, verified_at: nowSeconds })).execute()
      return true
    },
    async signUp ({ nowSeconds, userAgent, guestUid, attach }) {
      return db.transaction().execute(async trx => {
        const uid = newAccountUid()
        const guest = guestUid === null ? undefined : await trx.selectFrom('users').selectAll().where('uid', '=', guestUid).executeTakeFirst()
        const account: UsersTable = guest
          ? { ...guest, uid, nickname: accountNickname(guest, uid) }
          : { uid, user_type: 1, addtime: nowSeconds, nickname: accountNickname(undefined, uid), avatar: '', signature: '', gender: 0 }
        await trx.insertInto('users').values(account).execute()
        if (guest) {
          await trx.deleteFrom('sessions').where('uid', '=', guest.uid).execute()
          await moveUid(trx, guest.uid, uid)
          await trx.deleteFrom('users').where('uid', '=', guest.uid).execute()
          // an earlier alias of the guest (none today) and the guest itself now lead to the account
          await trx.updateTable('uid_aliases').set({ uid }).where('uid', '=', guest.uid).execute()
          await trx.insertInto('uid_aliases').values({ old_uid: guest.uid, uid }).execute()
        }
        await attach(trx, uid)
        const opened = await openSession(uid, nowSeconds, userAgent, trx)
        return { ...opened, created: true, upgraded_from: guest?.uid ?? null }
      })
    },
    async openSession (uid, nowSeconds, userAgent) {
      return { ...await openSession(uid, nowSeconds, userAgent), created: false, upgraded_from: null }
    },
    async saveChallenge (challenge, purpose, handed, nowSeconds, lifetimeSeconds = CHALLENGE_SECONDS) {
      await db.deleteFrom('sign_in_challenges').where('expires_at', '<=', nowSeconds).execute()
      await db.insertInto('sign_in_challenges').values({ challenge, purpose, ...handed, expires_at: nowSeconds + lifetimeSeconds }).execute()
    },
    async takeChallenge (challenge, purpose, nowSeconds) {
      return db.transaction().execute(async trx => {
        const row = await trx.selectFrom('sign_in_challenges').select(['uid', 'detail', 'expires_at']).where('challenge', '=', challenge).where('purpose', '=', purpose).executeTakeFirst()
        if (!row) return undefined
        const taken = await trx.deleteFrom('sign_in_challenges').where('challenge', '=', challenge).executeTakeFirst()
        return Number(taken.numDeletedRows) === 1 && row.expires_at > nowSeconds ? { uid: row.uid, detail: row.detail } : undefined
      })
    },
    async wechatOwner (app, { openid, unionid }) {
      const byOpenid = await db.selectFrom('wechat_identities').select('uid').where('app', '=', app).where('openid', '=', openid).executeTakeFirst()
      if (byOpenid || unionid === null) return byOpenid?.uid ?? null
      return (await db.selectFrom('wechat_identities').select('uid').where('unionid', '=', unionid).executeTakeFirst())?.uid ?? null
    },
    async linkWechat (uid, app, { openid, unionid }, nowSeconds, trx) {
      await (trx ?? db).insertInto('wechat_identities').values({ app, openid, unionid, uid, created_at: nowSeconds })
        .onConflict(conflict => conflict.columns(['app', 'openid']).doNothing()).execute()
    },
    async waysIn (uid) {
      const keys = await db.selectFrom('passkeys').select('credential_id').where('uid', '=', uid).execute()
      return keys.length + await otherWaysIn(db, uid)
    },
    async recordStepUp (sessionId, uid, nowSeconds) {
      await db.deleteFrom('sign_in_challenges').where('challenge', '=', stepUpKey(sessionId)).execute()
      await db.insertInto('sign_in_challenges').values({ challenge: stepUpKey(sessionId), purpose: 'step-up', uid, detail: '', expires_at: nowSeconds + STEP_UP_SECONDS }).execute()
    },
    async hasStepUp (sessionId, uid, nowSeconds) {
      const proof = await db.selectFrom('sign_in_challenges').select('uid').where('challenge', '=', stepUpKey(sessionId)).where('purpose', '=', 'step-up')
        .where('uid', '=', uid).where('expires_at', '>', nowSeconds).executeTakeFirst()
      return proof !== undefined
    },
    async resolve (uid) {
      const user = await db.selectFrom('users').select('uid').where('uid', '=', uid).executeTakeFirst()
      if (user) return user.uid
      return (await db.selectFrom('uid_aliases').select('uid').where('old_uid', '=', uid).executeTakeFirst())?.uid ?? null
    },
  }
}

/** True for a guest (SPEC §3: uid prefix B_), who signs up rather than signs in. */
export function isGuest (user: Pick<User, 'uid'>): boolean {
  return identityKindOf(user) === 'guest'
}
