/**
 * Values of the account calls (./accounts.ts) the client needs: paths and the limits of
 * the forms. No imports, so the client takes them from here without loading TypeBox.
 */

/** Paths of the account routes. */
export const ACCOUNT_PATHS = {
  /** POST {email}: send a one-time sign-in code to the address (the same answer whether or not it has an account). */
  emailStart: '/auth/email/start',
  /** POST {email, code}: sign in (or up; a signed-in guest keeps everything) with the code; a signed-in account adds the address. */
  emailVerify: '/auth/email/verify',
} as const

/** Longest e-mail address accepted (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254

/** An e-mail sign-in code: six digits. */
export const EMAIL_CODE_PATTERN = '^[0-9]{6}$'
