/**
 * What each gateway dispatch (core/wire/dispatches.ts) changes for those who hear it, declared
 * once per dispatch, and the groups read from it: the gateway recomputes who may read what
 * after the `access` ones, the client's stores ask again after theirs. A dispatch joins a
 * group by naming it on its own line here; nobody keeps a list of names elsewhere.
 *
 * No imports, so the client takes the groups from here without loading TypeBox (the
 * declaration with its payload schemas stays a type-only import there);
 * core/test/wire/dispatch-codes.test.ts checks every name here is declared.
 */

/**
 * What a dispatch may change, for whoever follows it:
 * - `access`: what every member may read in its server (roles, a channel and its
 *   overrides): the gateway recomputes every member's readable channels before delivering it;
 * - `member-access`: what the one member it names may read (their roles or timeout, their
 *   join): the gateway recomputes that member's readable channels before delivering it;
 * - `permissions`: what this member may do in the server (the client's permissions store asks again);
 * - `roles`: the server's roles, their names, colours, order or permissions (role lists are asked again);
 * - `channels`: the server's channels as its settings list them, every one (created, edited, deleted);
 * - `channel-list`: the channels this member sees in the server (created, edited, deleted, or gained
 *   and lost after a role, override or membership change): the member's channel list is asked again.
 */
export type DispatchChange = 'access' | 'member-access' | 'permissions' | 'roles' | 'channels' | 'channel-list'

/** Each dispatch that changes something above, with what it changes; one that changes none of it is absent. */
export const DISPATCH_CHANGES = {
  MEMBER_ADD: ['member-access'],
  MEMBER_UPDATE: ['member-access', 'permissions'],
  ROLE_CREATE: ['access', 'permissions', 'roles'],
  ROLE_UPDATE: ['access', 'permissions', 'roles'],
  ROLE_DELETE: ['access', 'permissions', 'roles'],
  CHANNEL_CREATE: ['access', 'permissions', 'channels', 'channel-list'],
  CHANNEL_UPDATE: ['access', 'permissions', 'channels', 'channel-list'],
  CHANNEL_DELETE: ['channels', 'channel-list'],
  CHANNELS_VISIBLE_UPDATE: ['permissions', 'channel-list'],
} as const satisfies Record<string, readonly DispatchChange[]>

/** A dispatch name that changes something. */
export type ChangingDispatchName = keyof typeof DISPATCH_CHANGES

/** The names of the dispatches that change `G`. */
export type DispatchThatChanges<G extends DispatchChange> = {
  [T in ChangingDispatchName]: G extends typeof DISPATCH_CHANGES[T][number] ? T : never
}[ChangingDispatchName]

/** The names of the dispatches that change `G`. */
function namesThatChange<G extends DispatchChange> (group: G): ReadonlyArray<DispatchThatChanges<G>> {
  const names = Object.keys(DISPATCH_CHANGES) as ChangingDispatchName[]
  return names.filter((name): name is DispatchThatChanges<G> => (DISPATCH_CHANGES[name] as readonly DispatchChange[]).includes(group))
}

/** Per group, the names of the dispatches that change it, in the order they are listed above. */
export const DISPATCHES_THAT_CHANGE: { readonly [G in DispatchChange]: ReadonlyArray<DispatchThatChanges<G>> } = {
  access: namesThatChange('access'),
  'member-access': namesThatChange('member-access'),
  permissions: namesThatChange('permissions'),
  roles: namesThatChange('roles'),
  channels: namesThatChange('channels'),
  'channel-list': namesThatChange('channel-list'),
}

/** True when dispatch `name` changes `group` (any string: a bus event's name, a name nobody declared). */
export function dispatchChanges<G extends DispatchChange> (name: string, group: G): name is DispatchThatChanges<G> {
  return (DISPATCHES_THAT_CHANGE[group] as readonly string[]).includes(name)
}
