/**
 * Accounts on the wire: the ways a member signs in besides a guest token (e-mail code,
 * passkeys, WeChat) and what a sign-in answers. Every body and answer is declared once
 * here as a TypeBox schema; the server validates with it, the client imports the types only.
 */
import { Type, type Static } from '@sinclair/typebox'
import { UserSchema } from './entities'
import { EMAIL_CODE_PATTERN, EMAIL_MAX_LENGTH } from './accounts-paths'

export * from './accounts-paths'

const email = Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH, description: 'an e-mail address' })

/** POST /auth/email/start */
export const EmailStartBodySchema = Type.Object({ email }, { additionalProperties: false })
export type EmailStartBody = Static<typeof EmailStartBodySchema>
/** POST /auth/email/start answer: always `{sent: true}` once the code is on its way. */
export const EmailStartDataSchema = Type.Object({ sent: Type.Boolean() })
export type EmailStartData = Static<typeof EmailStartDataSchema>

/** POST /auth/email/verify */
export const EmailVerifyBodySchema = Type.Object({ email, code: Type.String({ pattern: EMAIL_CODE_PATTERN, description: 'the six digits of the mail' }) }, { additionalProperties: false })
export type EmailVerifyBody = Static<typeof EmailVerifyBodySchema>

/**
 * What a sign-in answers: the session token (`Authorization: Bearer`), the account, whether
 * this sign-in made it, and the guest uid it was made from (null when none).
 */
export const AccountSignInDataSchema = Type.Object({
  token: Type.String(),
  user: UserSchema,
  created: Type.Boolean(),
  upgraded_from: Type.Union([Type.String(), Type.Null()]),
})
export type AccountSignInData = Static<typeof AccountSignInDataSchema>
