/**
 * How far one account may reach by direct message (server/README.md "Direct messages"):
 * per UTC hour, how many conversations it may start and how many new recipients — members
 * it shares no conversation with yet — it may bring into conversations. A guest (free to
 * make) and an account younger than {@link NEW_ACCOUNT_SECONDS} reach fewer than an
 * established account. And how a burst of direct messages is told: one notification per
 * conversation while the recipient has not read the last one. Pure: no Taro import.
 */
import type { User } from '../wire/entities'
import { identityKindOf } from './identity'

/** Which limits an account's reach follows: a guest's, a new account's or an established one's. */
export type DmReachTier = 'guest' | 'new' | 'established'

/** An account younger than this (seconds since its `addtime`) is new: a week. */
export const NEW_ACCOUNT_SECONDS = 7 * 24 * 3600

/** The counting window of the reach limits, in seconds: an hour (fixed windows from the hour's start). */
export const DM_REACH_WINDOW_SECONDS = 3600

/** What one account may do per {@link DM_REACH_WINDOW_SECONDS}. */
export interface DmReachLimits {
  /** Conversations (one-to-one or group) it may start; finding an existing one-to-one conversation costs nothing. */
  conversationsPerHour: number
  /** Members it may bring into conversations (started or added to) who share no conversation with it yet. */
  newRecipientsPerHour: number
}

/** The reach of each tier: enough to talk to the people one meets, too little to spray strangers. */
export const DM_REACH_LIMITS: Readonly<Record<DmReachTier, DmReachLimits>> = {
  guest: { conversationsPerHour: 3, newRecipientsPerHour: 5 },
  new: { conversationsPerHour: 6, newRecipientsPerHour: 12 },
  established: { conversationsPerHour: 20, newRecipientsPerHour: 40 },
}

/** The tier of `user` at `nowSeconds`: a guest by uid (SPEC §3 B_), new while younger than {@link NEW_ACCOUNT_SECONDS}. */
export function dmReachTierOf (user: Pick<User, 'uid' | 'addtime'> & Partial<Pick<User, 'user_type'>>, nowSeconds: number): DmReachTier {
  if (identityKindOf(user) === 'guest') return 'guest'
  return nowSeconds - user.addtime < NEW_ACCOUNT_SECONDS ? 'new' : 'established'
}

/**
 * How long a direct-message notification stands for the messages after it, in seconds (ten
 * minutes): while the recipient's notification of a conversation is younger than this and
 * unread (in the inbox, and in the conversation up to its message), more messages of that
 * conversation add no notification and no push — the one they have opens the conversation,
 * where every message is.
 */
export const DM_NOTIFICATION_BURST_SECONDS = 600
