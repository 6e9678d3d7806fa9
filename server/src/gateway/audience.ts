/**
 * Who receives a bus event: its declared audience (core/wire/dispatches.ts) among the
 * members of its server — everyone, those who may read its channel, the moderators, or one
 * user's own sessions; a focus-only event (typing) only sessions looking at its channel; a
 * table's event only sessions watching that plaza table, if they may read its channel. What
 * a user may read comes from their {@link ServerGrant} (./grants.ts, the routes' permission
 * function). A session's membership follows its own user's MEMBER_ADD (before the event, so
 * the joiner hears it) and MEMBER_REMOVE (after it, so the leaver hears it too). A direct
 * conversation's event goes to the participants it names, whatever servers they share.
 */
import { dispatchDeclaration } from '@core/wire/dispatches'
import type { BusEvent, LoggedEvent } from '../bus'
import type { ServerGrant } from './grants'

/** What decides which events a session receives. */
export interface SessionView {
  uid: string
  /** The servers the user is a member of. */
  serverIds: Set<string>
  /** The channel the client looks at (focus frame), or null. */
  focusedChannelId: string | null
  /** The plaza table the client looks at (table_watch frame), or null. */
  watchedTableId: string | null
  /** What the user may read and whether they moderate in `serverId`; undefined when not known (nothing channel-bound is sent then). */
  grantIn (serverId: string): ServerGrant | undefined
}

/** True for events a resume replays: all but those of the moment (focus-only ones, and those declared neverReplayed). */
export function isReplayed (event: BusEvent): boolean {
  const declaration = dispatchDeclaration(event.t)
  return declaration?.focusOnly !== true && declaration?.neverReplayed !== true
}

/** The uid a MEMBER_ADD adds or a MEMBER_REMOVE removes; null for other events. */
export function membershipChangeOf (event: BusEvent): { uid: string, joined: boolean } | null {
  if (event.t === 'MEMBER_ADD') return { uid: event.d.member.user.uid, joined: true }
  if (event.t === 'MEMBER_REMOVE') return { uid: event.d.uid, joined: false }
  return null
}

/** True when `view`'s session receives `event` (membership already updated for a join). */
export function receives (view: SessionView, event: BusEvent): boolean {
  const declaration = dispatchDeclaration(event.t)
  if (!declaration || declaration.origin === 'control') return false
  if (declaration.audience === 'user') return event.uid === view.uid
  if (declaration.audience === 'participants') return event.uids?.includes(view.uid) === true
  if (!view.serverIds.has(event.server_id)) return false
  switch (declaration.audience) {
    case 'server':
      return true
    case 'self':
      return event.uid === view.uid
    case 'moderators':
      return view.grantIn(event.server_id)?.moderator === true
    case 'channel': {
      const channelId = event.channel_id
      if (channelId === undefined || view.grantIn(event.server_id)?.readable.has(channelId) !== true) return false
      return declaration.focusOnly !== true || channelId === view.focusedChannelId
    }
    case 'table':
      return event.table_id !== undefined && event.table_id === view.watchedTableId && event.channel_id !== undefined &&
        view.grantIn(event.server_id)?.readable.has(event.channel_id) === true
  }
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
