/**
 * Every call the API declares, one table per topic (each in its TypeBox-free `-paths`
 * file), and what follows from the whole set: the first path segments that belong to
 * the API. The server's route test checks that every registered route is one of these
 * and every one of these is registered.
 */
import { ACCOUNT_CALLS } from './accounts-paths'
import { CONVERSATION_CALLS } from './direct-messages-paths'
import { MEMBER_CALLS } from './members-paths'
import { MESSAGE_CALLS } from './messages-paths'
import { NOTIFICATION_CALLS } from './notifications-paths'
import { PIN_CALLS } from './pins-paths'
import { PLAZA_CALLS } from './plaza-paths'
import { API_CALLS, POST_CALLS, RAW_CALLS, type CallDeclaration, type CallTable } from './paths'
import { SEARCH_CALLS } from './search-paths'
import { SPACE_CALLS } from './space-paths'
import { TRUST_CALLS } from './trust-paths'
import { VOICE_CALLS } from './voice-paths'

/** Every topic's table of calls, by the table's name. */
export const CALL_TABLES: Readonly<Record<string, CallTable>> = {
  API_CALLS, RAW_CALLS, POST_CALLS, MEMBER_CALLS, MESSAGE_CALLS, SEARCH_CALLS, SPACE_CALLS, NOTIFICATION_CALLS, CONVERSATION_CALLS, ACCOUNT_CALLS, TRUST_CALLS, VOICE_CALLS, PLAZA_CALLS, PIN_CALLS,
}

/** Every declared call, as `TABLE.name` → its declaration. */
export function allCalls (): Array<[string, CallDeclaration]> {
  return Object.entries(CALL_TABLES).flatMap(([table, calls]) => Object.entries(calls).map(([name, call]): [string, CallDeclaration] => [`${table}.${name}`, call]))
}

/** The first segment of every declared path (SPEC §7's roots among them: resource, login_third, v2, channel): a path under one of them is the API's, never a page of the app. */
export const DECLARED_API_ROOTS: ReadonlySet<string> = new Set(allCalls().map(([, call]) => call.path.split('/')[1]))
