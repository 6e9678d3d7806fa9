/**
 * What the signed-in member may do in the server on screen: the effective bits
 * the server computed (`GET /servers/:id/permissions/me`, core/domain/permissions.ts),
 * server-wide and per channel, and until when the member is timed out. The server on
 * screen is the current server, unless a page shows something of another server (a
 * channel or a post opened by its own link): that page focuses the store on its server
 * while it is open. The client only
 * hides what is not allowed; every route checks again on the server. Asked for only while
 * something shows what depends on it (a page that never asks `can` costs no request), and
 * then reloaded when the server, the session or the member's roles change (MEMBER_UPDATE,
 * ROLE_* events).
 */
import { action, computed, makeObservable, observable, onBecomeObserved, onBecomeUnobserved, reaction } from 'mobx'
import { hasPermission, outranksByRank, Permission, type PermissionName, type Ranked } from '@core/domain/permissions'
import { DISPATCHES_THAT_CHANGE } from '@core/wire/dispatch-codes'
import type { MyPermissions } from '@core/wire/trust'
import { GATEWAY_RESYNC, type GatewaySubscriptions } from '../gateway-store'
import type { StoreLogger } from '../support/load-tracker'

/** The part of an event the store reads: whose server and, for a member's update, whose. */
export interface PermissionEvent {
  server_id?: string
  uid?: string
}

/** Where the permissions come from and what they follow. */
export interface PermissionsSources {
  /** GET /servers/:id/permissions/me. */
  load: (serverId: string) => Promise<MyPermissions>
  /** The current server's id, or null before one is chosen. */
  serverId: () => string | null
  /** The signed-in member's uid, or null for a visitor. */
  uid: () => string | null
  /** The gateway whose role and member events change the answer. */
  gateway: GatewaySubscriptions
  /** The current time in unix milliseconds. */
  clock: () => number
  logger: StoreLogger
}

/** The signed-in member's effective permissions in the server on screen. */
export class PermissionsStore {
  /** The last answer for the server on screen, or null (not loaded, a visitor, or it failed). */
  mine: MyPermissions | null = null
  /** The servers pages focused, latest last: the latest is the one on screen. */
  private readonly focused = observable.array<string>([], { deep: false })
  private readonly stops: Array<() => void> = []
  private stopFollowing: (() => void) | null = null

  constructor (private readonly sources: PermissionsSources) {
    makeObservable<PermissionsStore, 'set'>(this, { mine: observable.ref, set: action, serverId: computed, focus: action })
    onBecomeObserved(this, 'mine', () => { this.stopFollowing = this.start() })
    onBecomeUnobserved(this, 'mine', () => {
      this.stopFollowing?.()
      this.stopFollowing = null
    })
  }

  /** The server whose permissions these are: the one a page focused last, else the current server (null before one is chosen). */
  get serverId (): string | null {
    return this.focused.length > 0 ? this.focused[this.focused.length - 1] : this.sources.serverId()
  }

  /**
   * Answers for `serverId` (the server of the channel or post on screen) until the
   * returned function is called; then for the server focused before, or the current one.
   */
  focus (serverId: string): () => void {
    this.focused.push(serverId)
    let focused = true
    return action(() => {
      if (!focused) return
      focused = false
      const index = this.focused.lastIndexOf(serverId)
      if (index >= 0) this.focused.splice(index, 1)
    })
  }

  /** Follows the server, the session and the gateway until the returned function is called (observing `can` does this on its own). */
  start (): () => void {
    this.stops.push(reaction(
      () => [this.serverId, this.sources.uid()] as const,
      () => { void this.reload() },
      { fireImmediately: true },
    ))
    const mineChanged = (event: PermissionEvent) => {
      if (event.server_id !== this.serverId) return
      if (event.uid === undefined || event.uid === this.sources.uid()) void this.reload()
    }
    // a member's roles, the roles, a channel's overrides, or a channel appeared or disappeared for this member (CHANNELS_VISIBLE_UPDATE)
    for (const type of DISPATCHES_THAT_CHANGE.permissions) {
      this.stops.push(this.sources.gateway.on(type, mineChanged))
    }
    this.stops.push(this.sources.gateway.on(GATEWAY_RESYNC, () => { void this.reload() }))
    return () => { this.stops.splice(0).forEach(stop => stop()) }
  }

  /** Asks the server again; a visitor or a failure leaves no permissions (the server still decides). */
  async reload (): Promise<void> {
    const serverId = this.serverId
    if (serverId === null || this.sources.uid() === null) {
      this.set(null)
      return
    }
    try {
      const answer = await this.sources.load(serverId)
      if (this.serverId === serverId) this.set(answer)
    } catch (error) {
      this.sources.logger.warn('permissions: could not load', error)
      if (this.serverId === serverId) this.set(null)
    }
  }

  /** Whether I hold `name` server-wide, or in `channelId` when given (the owner holds everything). */
  can (name: PermissionName, channelId?: string): boolean {
    const mine = this.mine
    if (mine === null) return false
    if (mine.is_owner) return true
    const bits = channelId === undefined
      ? mine.permissions
      : mine.channels.find(channel => channel.channel_id === channelId)?.permissions ?? 0
    return hasPermission(bits, Permission[name])
  }

  /**
   * Whether the role order lets me act on `target` (a voice state: who, and their rank), as the
   * server checks beside the permission bit: never myself, never the owner, only someone below
   * my highest role (core's outranksByRank). Not a member, or not loaded: no one.
   */
  outranks (target: Ranked): boolean {
    const mine = this.mine
    const uid = this.sources.uid()
    if (mine === null || !mine.is_member || uid === null) return false
    return outranksByRank({ uid, rank: mine.rank }, target)
  }

  /** Whether I am the server's owner. */
  get isOwner (): boolean {
    return this.mine?.is_owner === true
  }

  /** Unix seconds my timeout ends, or null when I am not timed out now. */
  get timedOutUntil (): number | null {
    const until = this.mine?.timeout_until ?? null
    return until !== null && until * 1000 > this.sources.clock() ? until : null
  }

  private set (mine: MyPermissions | null): void {
    this.mine = mine
  }
}
