/**
 * Accounts on the wire: the ways a member signs in besides a guest token (e-mail code,
 * passkeys, WeChat) and what a sign-in answers. Every body and answer is declared once
 * here as a TypeBox schema; the server validates with it, the client imports the types only.
 */
import { Type, type Static } from '@sinclair/typebox'
import type { CallSchemasOf } from './call-schemas'
import { UserSchema } from './entities'
import { LineText, Nullable, StringEnum } from './fields'
import { ACCOUNT_CALLS, DELETED_CONTENT_CHOICES, EMAIL_CODE_PATTERN, EMAIL_MAX_LENGTH, PASSKEY_NAME_MAX_LENGTH } from './accounts-paths'
import { DoneSchema } from './trust'

export * from './accounts-paths'

const email = Type.String({ minLength: 3, maxLength: EMAIL_MAX_LENGTH, description: 'an e-mail address' })

/** POST /auth/email/start */
export const EmailStartBodySchema = Type.Object({ email }, { additionalProperties: false })
/** POST /auth/email/start answer: always `{sent: true}` once the code is on its way. */
export const EmailStartDataSchema = Type.Object({ sent: Type.Boolean() })
export type EmailStartData = Static<typeof EmailStartDataSchema>

/** POST /auth/email/verify */
export const EmailVerifyBodySchema = Type.Object({ email, code: Type.String({ pattern: EMAIL_CODE_PATTERN, description: 'the six digits of the mail' }) }, { additionalProperties: false })

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

/** WebAuthn options as the browser's `navigator.credentials` calls take them (JSON: binary fields base64url). */
export const WebauthnOptionsSchema = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, description: 'PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON' })
/** What the options calls answer. */
export const WebauthnOptionsDataSchema = Type.Object({ options: WebauthnOptionsSchema })
export type WebauthnOptionsData = Static<typeof WebauthnOptionsDataSchema>

const base64url = Type.String({ minLength: 1, maxLength: 16384, pattern: '^[A-Za-z0-9_-]+$' })

/** An authenticator's answer as @simplewebauthn/browser hands it over (RegistrationResponseJSON or AuthenticationResponseJSON). */
export const WebauthnCredentialSchema = Type.Object({
  id: base64url,
  rawId: base64url,
  type: Type.Literal('public-key'),
  response: Type.Object({ clientDataJSON: base64url }, { additionalProperties: true }),
  clientExtensionResults: Type.Optional(Type.Object({}, { additionalProperties: true })),
  authenticatorAttachment: Type.Optional(Type.String({ maxLength: 32 })),
}, { additionalProperties: false })
/** An authenticator's answer. */
export type WebauthnCredential = Static<typeof WebauthnCredentialSchema>

const passkeyName = LineText(PASSKEY_NAME_MAX_LENGTH)

/** POST /auth/passkeys/register */
export const PasskeyRegisterBodySchema = Type.Object({ credential: WebauthnCredentialSchema, name: Type.Optional(passkeyName) }, { additionalProperties: false })
/** POST /auth/passkeys/sign-in */
export const PasskeySignInBodySchema = Type.Object({ credential: WebauthnCredentialSchema }, { additionalProperties: false })
/** PATCH /auth/passkeys/:credential_id */
export const PasskeyPatchBodySchema = Type.Object({ name: passkeyName }, { additionalProperties: false })
export const PasskeyParamsSchema = Type.Object({ credential_id: base64url })

/** One of the caller's passkeys. */
export const PasskeySchema = Type.Object({
  credential_id: Type.String(),
  name: Type.String(),
  created_at: Type.Integer(),
  last_used_at: Type.Integer(),
})
export type Passkey = Static<typeof PasskeySchema>
export const PasskeyListSchema = Type.Object({ list: Type.Array(PasskeySchema) })
export type PasskeyList = Static<typeof PasskeyListSchema>

const wechatCode = Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' })

/** POST /auth/wechat/web/start: snsapi_base signs in silently, snsapi_userinfo asks the member to share nickname and avatar. */
export const WechatWebStartBodySchema = Type.Object({
  scope: Type.Union([Type.Literal('snsapi_base'), Type.Literal('snsapi_userinfo')]),
  redirect_uri: Type.String({ minLength: 1, maxLength: 1024, description: 'a page of this site WeChat returns to with code and state' }),
}, { additionalProperties: false })
export const WechatWebStartDataSchema = Type.Object({ url: Type.String(), state: Type.String() })
export type WechatWebStartData = Static<typeof WechatWebStartDataSchema>
/** POST /auth/wechat/web */
export const WechatWebBodySchema = Type.Object({ code: wechatCode, state: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) }, { additionalProperties: false })
/** POST /auth/wechat/mini-program */
export const WechatMiniProgramBodySchema = Type.Object({ code: wechatCode }, { additionalProperties: false })

/** GET /account: the ways the caller signs in. */
export const SignInMethodsSchema = Type.Object({
  /** The address, or null. */
  email: Nullable(Type.String()),
  /** How many passkeys. */
  passkeys: Type.Integer(),
  /** Whether a WeChat identity is linked. */
  wechat: Type.Boolean(),
})
export type SignInMethods = Static<typeof SignInMethodsSchema>

/** GET /account/export: the caller's own data. */
export const AccountExportSchema = Type.Object({
  exported_at: Type.Integer(),
  profile: UserSchema,
  sign_in_methods: SignInMethodsSchema,
  memberships: Type.Array(Type.Object({ server_id: Type.String(), name: Type.String(), joined_at: Type.Integer() })),
  messages: Type.Array(Type.Object({ message_id: Type.String(), server_id: Type.String(), channel_id: Type.String(), content: Type.String(), created_at: Type.Integer(), edited_at: Nullable(Type.Integer()) })),
  posts: Type.Array(Type.Object({ post_id: Type.String(), channel_id: Type.String(), title: Type.String(), content: Type.String(), created_at: Type.Integer() })),
  comments: Type.Array(Type.Object({ comment_id: Type.String(), post_id: Type.String(), content: Type.String(), created_at: Type.Integer() })),
})
export type AccountExport = Static<typeof AccountExportSchema>

/** POST /account/delete */
export const DeleteAccountBodySchema = Type.Object({ content: StringEnum(DELETED_CONTENT_CHOICES) }, { additionalProperties: false })

/** POST /auth/dev-sign-in (development only) */
export const DevSignInBodySchema = Type.Object({ token: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) }, { additionalProperties: false })

/** POST /auth/handoff answer: the code (shown to nobody: it travels in the web-view's URL once) and how many seconds it works. */
export const HandoffDataSchema = Type.Object({ code: Type.String(), expires_in: Type.Integer({ minimum: 1 }) })
/** A hand-off code as issued. */
export type HandoffData = Static<typeof HandoffDataSchema>

/** POST /auth/handoff/redeem: any base64url text is taken, so an unknown code is refused the same way as a used or expired one. */
export const HandoffRedeemBodySchema = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'the code POST /auth/handoff answered' }) }, { additionalProperties: false })

/** The shapes of the account calls (core/wire/accounts-paths.ts `ACCOUNT_CALLS`). */
export const ACCOUNT_CALL_SCHEMAS = {
  emailStart: { body: EmailStartBodySchema, answer: EmailStartDataSchema },
  emailVerify: { body: EmailVerifyBodySchema, answer: AccountSignInDataSchema },
  account: { answer: SignInMethodsSchema },
  signOutEverywhere: { answer: DoneSchema },
  exportData: { answer: AccountExportSchema },
  deleteAccount: { body: DeleteAccountBodySchema, answer: DoneSchema },
  passkeyRegisterOptions: { answer: WebauthnOptionsDataSchema },
  passkeyRegister: { body: PasskeyRegisterBodySchema, answer: AccountSignInDataSchema },
  passkeySignInOptions: { answer: WebauthnOptionsDataSchema },
  passkeySignIn: { body: PasskeySignInBodySchema, answer: AccountSignInDataSchema },
  passkeys: { answer: PasskeyListSchema },
  renamePasskey: { params: PasskeyParamsSchema, body: PasskeyPatchBodySchema, answer: DoneSchema },
  deletePasskey: { params: PasskeyParamsSchema, answer: DoneSchema },
  wechatWebStart: { body: WechatWebStartBodySchema, answer: WechatWebStartDataSchema },
  wechatWeb: { body: WechatWebBodySchema, answer: AccountSignInDataSchema },
  wechatMiniProgram: { body: WechatMiniProgramBodySchema, answer: AccountSignInDataSchema },
  devSignIn: { body: DevSignInBodySchema, answer: AccountSignInDataSchema },
  handoff: { answer: HandoffDataSchema },
  handoffRedeem: { body: HandoffRedeemBodySchema, answer: AccountSignInDataSchema },
} as const satisfies CallSchemasOf<typeof ACCOUNT_CALLS>
