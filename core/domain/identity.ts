/**
 * Identity rules (SPEC §3, §6): which kind of account a user is. Identity kinds are
 * told apart by the uid prefix; `user_type` 2 also marks a bot. Pure: no Taro import.
 */
import type { User } from '@core/wire/entities'

/** The kinds of account: an ordinary user, a bot, a guest or a map / metaverse account. */
export type IdentityKind = 'user' | 'bot' | 'guest' | 'map'

/**
 * SPEC §3: uid prefixes of the special identity kinds. Prefixes are matched exactly
 * (upper-case letter and underscore): `c_1` is an ordinary user.
 */
export const UID_PREFIX_BY_KIND: Readonly<Record<Exclude<IdentityKind, 'user'>, string>> = {
  bot: 'C_',
  map: 'D_',
  guest: 'B_',
}

/** SPEC §3: `user_type` 2 also means bot. */
export const BOT_USER_TYPE = 2

/**
 * The identity kind of an account (SPEC §3, §6). The uid prefix decides first
 * (C_ bot, D_ map account, B_ guest); an account without a special prefix is a bot
 * when its `user_type` is 2, otherwise an ordinary user. So a `B_` guest stays a
 * guest whatever its `user_type` says.
 */
export function identityKindOf (user: Pick<User, 'uid'> & Partial<Pick<User, 'user_type'>>): IdentityKind {
  const kinds = Object.keys(UID_PREFIX_BY_KIND) as Array<keyof typeof UID_PREFIX_BY_KIND>
  const byPrefix = kinds.find(kind => user.uid.startsWith(UID_PREFIX_BY_KIND[kind])) // SPEC §3: uid prefix
  if (byPrefix) return byPrefix
  return user.user_type === BOT_USER_TYPE ? 'bot' : 'user' // SPEC §3: user_type 2 also means bot
}

/**
 * The ways into an account: a bot's (or map account's) token issued by its server,
 * the token a guest was given, a passkey, an e-mail address proved by a code, a WeChat
 * identity, or (development only) a one-time sign-in link.
 */
export type SignInMethod = 'bot-token' | 'guest-token' | 'passkey' | 'email' | 'wechat' | 'dev-link'

/**
 * Which ways in each kind of account may hold. A bot and a map account have exactly
 * one — the token their server issued — so revoking it ends them; a guest only its guest
 * token (it becomes an ordinary user when it signs up with a passkey, an address or
 * WeChat: that new user holds the method, never the guest); an ordinary user the
 * member's methods.
 */
export const SIGN_IN_METHODS_BY_KIND: Readonly<Record<IdentityKind, readonly SignInMethod[]>> = {
  user: ['passkey', 'email', 'wechat', 'dev-link'],
  bot: ['bot-token'],
  map: ['bot-token'],
  guest: ['guest-token'],
}

/** True when an account of `kind` may hold (and sign in with) `method`. */
export function mayHoldSignIn (kind: IdentityKind, method: SignInMethod): boolean {
  return SIGN_IN_METHODS_BY_KIND[kind].includes(method)
}
