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
  /** POST: WebAuthn creation options (a signed-in account adds a passkey; a guest or nobody signs up with one). */
  passkeyRegisterOptions: '/auth/passkeys/register/options',
  /** POST {credential, name}: the authenticator's answer to the creation options. */
  passkeyRegister: '/auth/passkeys/register',
  /** POST: WebAuthn request options for signing in with any passkey of this site. */
  passkeySignInOptions: '/auth/passkeys/sign-in/options',
  /** POST {credential}: the authenticator's signed answer; signs in to the passkey's account. */
  passkeySignIn: '/auth/passkeys/sign-in',
  /** GET: the caller's passkeys. */
  passkeys: '/auth/passkeys',
  /** PATCH {name}: rename; DELETE: remove (never the last way in). */
  passkey: '/auth/passkeys/:credential_id',
  /** POST {scope, redirect_uri}: where WeChat's browser goes to authorise (the answer's url carries a fresh state). */
  wechatWebStart: '/auth/wechat/web/start',
  /** POST {code, state}: the web authorisation's code, exchanged by the server; signs in (or up, or links to the signed-in account). */
  wechatWeb: '/auth/wechat/web',
  /** POST {code}: the mini-program's `Taro.login` code (code2Session); signs in (or up, or links). */
  wechatMiniProgram: '/auth/wechat/mini-program',
  /** GET: the caller's sign-in methods. */
  account: '/account',
  /** POST: end every session of the caller's account, on every device. */
  signOutEverywhere: '/auth/sign-out-everywhere',
  /** GET: the caller's data as one JSON document (profile, memberships, messages, posts, comments). */
  exportData: '/account/export',
  /** POST {content: 'keep' | 'remove'}: delete the caller's account. */
  deleteAccount: '/account/delete',
  /** POST {token}: development only, sign in with a one-time link printed by `npm start`. */
  devSignIn: '/auth/dev-sign-in',
  /** POST: a single-use hand-off code (VOICE_HANDOFF_TTL_SECONDS) that signs the caller in once elsewhere: the mini-program's web-view opens the H5 voice page with it. */
  handoff: '/auth/handoff',
  /** POST {code}: redeems a hand-off code once; signs in as the account that asked for it, in a session of its own. */
  handoffRedeem: '/auth/handoff/redeem',
} as const

/** Envelope codes of the account routes' refusals a client acts on. */
export const ACCOUNT_CODES = {
  /**
   * 403: adding a way in (a passkey, an address) needs a fresh proof of the account first:
   * a code to its address, its passkey or its WeChat, answered while signed in.
   */
  STEP_UP_REQUIRED: 403101,
} as const

/** The H5 query key of a development sign-in link's token. */
export const DEV_SIGN_IN_QUERY_KEY = 'dev_signin'

/** The H5 query key of a hand-off code (POST /auth/handoff): the page signs in with it once and drops it from the address bar. */
export const HANDOFF_QUERY_KEY = 'handoff'

/** What happens to a deleted account's messages, posts and comments: kept under 已注销用户, or removed. */
export const DELETED_CONTENT_CHOICES = ['keep', 'remove'] as const

/** Longest name of a passkey. */
export const PASSKEY_NAME_MAX_LENGTH = 40

/** Longest e-mail address accepted (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254

/** An e-mail sign-in code: six digits. */
export const EMAIL_CODE_PATTERN = '^[0-9]{6}$'

/** The account calls (core/wire/accounts.ts): sign-in ways are open to anyone (a caller's own session, when sent, is upgraded), the account's own pages need it. */
export const ACCOUNT_CALLS = {
  emailStart: { method: 'POST', path: ACCOUNT_PATHS.emailStart, auth: 'anyone' },
  emailVerify: { method: 'POST', path: ACCOUNT_PATHS.emailVerify, auth: 'anyone' },
  account: { method: 'GET', path: ACCOUNT_PATHS.account, auth: 'user' },
  signOutEverywhere: { method: 'POST', path: ACCOUNT_PATHS.signOutEverywhere, auth: 'user' },
  exportData: { method: 'GET', path: ACCOUNT_PATHS.exportData, auth: 'user' },
  deleteAccount: { method: 'POST', path: ACCOUNT_PATHS.deleteAccount, auth: 'user' },
  passkeyRegisterOptions: { method: 'POST', path: ACCOUNT_PATHS.passkeyRegisterOptions, auth: 'anyone' },
  passkeyRegister: { method: 'POST', path: ACCOUNT_PATHS.passkeyRegister, auth: 'anyone' },
  passkeySignInOptions: { method: 'POST', path: ACCOUNT_PATHS.passkeySignInOptions, auth: 'anyone' },
  passkeySignIn: { method: 'POST', path: ACCOUNT_PATHS.passkeySignIn, auth: 'anyone' },
  passkeys: { method: 'GET', path: ACCOUNT_PATHS.passkeys, auth: 'user' },
  renamePasskey: { method: 'PATCH', path: ACCOUNT_PATHS.passkey, auth: 'user' },
  deletePasskey: { method: 'DELETE', path: ACCOUNT_PATHS.passkey, auth: 'user' },
  wechatWebStart: { method: 'POST', path: ACCOUNT_PATHS.wechatWebStart, auth: 'anyone' },
  wechatWeb: { method: 'POST', path: ACCOUNT_PATHS.wechatWeb, auth: 'anyone' },
  wechatMiniProgram: { method: 'POST', path: ACCOUNT_PATHS.wechatMiniProgram, auth: 'anyone' },
  devSignIn: { method: 'POST', path: ACCOUNT_PATHS.devSignIn, auth: 'anyone' },
  handoff: { method: 'POST', path: ACCOUNT_PATHS.handoff, auth: 'user' },
  handoffRedeem: { method: 'POST', path: ACCOUNT_PATHS.handoffRedeem, auth: 'anyone' },
} as const
