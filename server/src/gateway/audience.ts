/**
 * Who receives a bus event (the brief's event contract): the sessions whose user is a
 * member of the event's server; with `only_uids`, only those users; TYPING_START only
 * sessions that said (focus) they look at its channel. A session's membership follows
 * its own user's MEMBER_ADD (before the event, so the joiner hears it) and MEMBER_REMOVE
 * (after it, so the leaver hears it too).
 */
import type { MemberAdd, MemberRemove } from '@core/wire/members'
import type { BusEvent, LoggedEvent } from '../bus'

/** What decides which events a session receives. */
export interface SessionView {
  uid: string
  /** The servers the user is a member of. */
  serverIds: Set<string>
  /** The channel the client looks at (focus frame), or null. */
  focusedChannelId: string | null
}

/** Events that are only for the people looking at their channel right now (never replayed). */
export const FOCUS_ONLY_EVENTS: ReadonlySet<string> = new Set(['TYPING_START'])

/** The uid a MEMBER_ADD adds or a MEMBER_REMOVE removes; null for other events. */
export function membershipChangeOf (event: BusEvent): { uid: string, joined: boolean } | null {
  if (event.t === 'MEMBER_ADD') return { uid: (event.d as MemberAdd).member.user.uid, joined: true }
  if (event.t === 'MEMBER_REMOVE') return { uid: (event.d as MemberRemove).uid, joined: false }
  return null
}

/** True when `view`'s session receives `event` (membership already updated for a join). */
export function receives (view: SessionView, event: BusEvent): boolean {
  if (!view.serverIds.has(event.server_id)) return false
  if (event.only_uids && !event.only_uids.includes(view.uid)) return false
  if (FOCUS_ONLY_EVENTS.has(event.t)) return event.channel_id !== undefined && event.channel_id === view.focusedChannelId
  return true
}

/**
 * Delivers `event` to `view` if it receives it, keeping its membership current:
 * `send` is called when it does. Returns what changed in the view's membership (the
 * hub re-indexes the session), or null.
 */
export function offerTo (view: SessionView, event: BusEvent, send: () => void): { serverId: string, joined: boolean } | null {
  const change = membershipChangeOf(event)
  const mine = change !== null && change.uid === view.uid
  if (mine && change.joined) view.serverIds.add(event.server_id)
  if (receives(view, event)) send()
  if (mine && !change.joined) view.serverIds.delete(event.server_id)
  return mine ? { serverId: event.server_id, joined: change.joined } : null
}

/**
 * The membership of `uid` just before `log` began, from `current` (read after it):
 * the log's own joins of the user are undone and its leaves restored, newest first.
 */
export function membershipBefore (uid: string, current: Iterable<string>, log: readonly LoggedEvent[]): Set<string> {
  const serverIds = new Set(current)
  for (let index = log.length - 1; index >= 0; index--) {
    const change = membershipChangeOf(log[index].event)
    if (change?.uid !== uid) continue
    if (change.joined) serverIds.delete(log[index].event.server_id)
    else serverIds.add(log[index].event.server_id)
  }
  return serverIds
}
