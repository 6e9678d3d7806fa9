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
