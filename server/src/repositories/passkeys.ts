/**
 * Passkeys (WebAuthn credentials) of accounts. An account keeps at least one way in: its
 * last passkey goes only when it has another (an address, a WeChat identity).
 */
import type { Transaction } from 'kysely'
import type { Passkey } from '@core/wire/accounts'
import type { Database, Db } from '../db/schema'
import type { PasskeysTable } from '../db/tables/accounts'

/** How removing a passkey ended. */
export type PasskeyRemoval = 'removed' | 'missing' | 'last'

/** Reads and writes passkeys. */
export interface PasskeysRepository {
  /** A passkey by its credential id. */
  find (credentialId: string): Promise<PasskeysTable | undefined>
  /** The account's passkeys, oldest first. */
  list (uid: string): Promise<Passkey[]>
  /** Stores a new passkey (inside `trx` when given, e.g. a sign-up). */
  add (row: PasskeysTable, trx?: Transaction<Database>): Promise<void>
  /** Records a sign-in: the new signature counter and when. */
  recordUse (credentialId: string, counter: number, nowSeconds: number): Promise<void>
  /** Renames one of the account's passkeys; false when it has no such passkey. */
  rename (uid: string, credentialId: string, name: string): Promise<boolean>
  /** Removes one of the account's passkeys unless it is its last way in. */
  remove (uid: string, credentialId: string): Promise<PasskeyRemoval>
}

/** How many ways in an account has besides the passkeys (an address, WeChat identities). */
export async function otherWaysIn (db: Db | Transaction<Database>, uid: string): Promise<number> {
  const email = await db.selectFrom('account_emails').select('uid').where('uid', '=', uid).executeTakeFirst()
  const wechat = await db.selectFrom('wechat_identities').select('openid').where('uid', '=', uid).execute()
  return (email ? 1 : 0) + wechat.length
}

/** The passkeys repository on `db`. */
export function createPasskeysRepository (db: Db): PasskeysRepository {
  return {
    async find (credentialId) {
      const row = await db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst()
      return row ? { ...row, counter: Number(row.counter) } : undefined
    },
    async list (uid) {
      return db.selectFrom('passkeys').select(['credential_id', 'name', 'created_at', 'last_used_at']).where('uid', '=', uid).orderBy('created_at').orderBy('credential_id').execute()
    },
    async add (row, trx) {
      await (trx ?? db).insertInto('passkeys').values(row).execute()
    },
    async recordUse (credentialId, counter, nowSeconds) {
      await db.updateTable('passkeys').set({ counter, last_used_at: nowSeconds }).where('credential_id', '=', credentialId).execute()
    },
    async rename (uid, credentialId, name) {
      const result = await db.updateTable('passkeys').set({ name }).where('uid', '=', uid).where('credential_id', '=', credentialId).executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
    async remove (uid, credentialId) {
      return db.transaction().execute(async trx => {
        const keys = await trx.selectFrom('passkeys').select('credential_id').where('uid', '=', uid).execute()
        if (!keys.some(key => key.credential_id === credentialId)) return 'missing'
        if (keys.length === 1 && await otherWaysIn(trx, uid) === 0) return 'last'
        await trx.deleteFrom('passkeys').where('credential_id', '=', credentialId).execute()
        return 'removed'
      })
    },
  }
}
