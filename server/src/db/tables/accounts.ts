/** Row types of the account tables (migration 0011-accounts). */

/** The e-mail address an account signs in with (one per account, one account per address). */
export interface AccountEmailsTable {
  uid: string
  /** Lower-cased, trimmed. */
  email: string
  /** Unix seconds of the code that proved it. */
  verified_at: number
}

/** The one live sign-in code of an address: a salted SHA-256, never the code. */
export interface EmailCodesTable {
  email: string
  code_hash: string
  salt: string
  created_at: number
  expires_at: number
  /** Wrong tries so far; the code is dead after the last allowed one. */
  attempts: number
  /** Unix seconds it signed someone in, or null while unused. */
  used_at: number | null
}

/** A passkey (WebAuthn credential) of an account. */
export interface PasskeysTable {
  /** base64url of the credential id. */
  credential_id: string
  uid: string
  /** base64url of the COSE public key. */
  public_key: string
  /** The authenticator's signature counter at the last sign-in (0 for authenticators that keep none). */
  counter: number
  /** JSON array of the transports the authenticator named. */
  transports: string
  /** The member's name for it ('iPhone', 'YubiKey'). */
  name: string
  created_at: number
  last_used_at: number
}

/** A challenge handed out and not yet answered: WebAuthn's, or a WeChat authorisation's `state`. */
export interface SignInChallengesTable {
  /** base64url, as the client data or the redirect carries it. */
  challenge: string
  /** 'register', 'sign-in' or 'wechat-web'. */
  purpose: string
  /** Who it was handed to (null when nobody was signed in). */
  uid: string | null
  /** What else the answer is checked against (the WeChat scope), or ''. */
  detail: string
  expires_at: number
}

/** A WeChat identity linked to an account. */
export interface WechatIdentitiesTable {
  /** Which app's openid: 'mini-program' or 'web' (the Official Account's authorisation). */
  app: string
  openid: string
  /** The same person across the apps of one WeChat Open Platform account, when WeChat gives it. */
  unionid: string | null
  uid: string
  created_at: number
}

/** A guest's uid that became an account (SPEC §3: B_ marks a guest, so the account has another). */
export interface UidAliasesTable {
  old_uid: string
  uid: string
}
