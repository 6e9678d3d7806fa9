/**
 * Passkeys (WebAuthn credentials) of accounts and the challenges handed out for them. A
 * challenge is used once: taking it deletes it, so a replayed answer finds none. An
 * account keeps at least one way in: its last passkey goes only when it has an address.
 */
import type { Transaction } from 'kysely'
import type { Passkey } from '@core/wire/accounts'
import type { Database, Db } from '../db/schema'
import type { PasskeysTable } from '../db/tables/accounts'

/** How long a WebAuthn challenge may be answered: 5 minutes. */
export const WEBAUTHN_CHALLENGE_SECONDS = 5 * 60

/** What a WebAuthn challenge is for. */
export type ChallengePurpose = 'register' | 'sign-in'

/** How removing a passkey ended. */
export type PasskeyRemoval = 'removed' | 'missing' | 'last'

/** Reads and writes passkeys and WebAuthn challenges. */
export interface PasskeysRepository {
  /** Keeps a challenge handed out now for `purpose` (by `uid`, or null before sign-in). */
  saveChallenge (challenge: string, purpose: ChallengePurpose, uid: string | null, nowSeconds: number): Promise<void>
  /** Takes (deletes) a live challenge for `purpose`; resolves who it was handed to, or undefined when there is none. */
  takeChallenge (challenge: string, purpose: ChallengePurpose, nowSeconds: number): Promise<{ uid: string | null } | undefined>
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

/** How many ways in an account has besides the passkeys (an address). */
export async function otherWaysIn (db: Db | Transaction<Database>, uid: string): Promise<number> {
  const email = await db.selectFrom('account_emails').select('uid').where('uid', '=', uid).executeTakeFirst()
  return email ? 1 : 0
}

/** The passkeys repository on `db`. */
export function createPasskeysRepository (db: Db): PasskeysRepository {
  return {
    async saveChallenge (challenge, purpose, uid, nowSeconds) {
      await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', nowSeconds).execute()
      await db.insertInto('webauthn_challenges').values({ challenge, purpose, uid, expires_at: nowSeconds + WEBAUTHN_CHALLENGE_SECONDS }).execute()
    },
    async takeChallenge (challenge, purpose, nowSeconds) {
      return db.transaction().execute(async trx => {
        const row = await trx.selectFrom('webauthn_challenges').select(['uid', 'expires_at']).where('challenge', '=', challenge).where('purpose', '=', purpose).executeTakeFirst()
        if (!row) return undefined
        const taken = await trx.deleteFrom('webauthn_challenges').where('challenge', '=', challenge).executeTakeFirst()
        return Number(taken.numDeletedRows) === 1 && row.expires_at > nowSeconds ? { uid: row.uid } : undefined
      })
    },
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
