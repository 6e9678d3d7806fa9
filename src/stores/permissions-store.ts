/**
 * What the signed-in member may do in the current server (issue 18): the effective bits
 * the server computed (`GET /servers/:id/permissions/me`, core/domain/permissions.ts),
 * server-wide and per channel, and until when the member is timed out. The client only
 * hides what is not allowed; every route checks again on the server. Asked for only while
 * something shows what depends on it (a page that never asks `can` costs no request), and
 * then reloaded when the server, the session or the member's roles change (MEMBER_UPDATE,
 * ROLE_* events).
 */
import { action, makeObservable, observable, onBecomeObserved, onBecomeUnobserved, reaction } from 'mobx'
import { hasPermission, Permission, type PermissionName } from '@core/domain/permissions'
import type { MyPermissions } from '@core/wire/trust'
import { GATEWAY_RESYNC, type GatewaySubscriptions } from './gateway-store'
import type { StoreLogger } from './load-tracker'

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

/** The signed-in member's effective permissions in the current server. */
export class PermissionsStore {
  /** The last answer for the current server, or null (not loaded, a visitor, or it failed). */
  mine: MyPermissions | null = null
  private readonly stops: Array<() => void> = []
  private stopFollowing: (() => void) | null = null

  constructor (private readonly sources: PermissionsSources) {
    makeObservable<PermissionsStore, 'set'>(this, { mine: observable.ref, set: action })
    onBecomeObserved(this, 'mine', () => { this.stopFollowing = this.start() })
    onBecomeUnobserved(this, 'mine', () => {
      this.stopFollowing?.()
      this.stopFollowing = null
    })
  }

  /** Follows the server, the session and the gateway until the returned function is called (observing `can` does this on its own). */
  start (): () => void {
    this.stops.push(reaction(
      () => [this.sources.serverId(), this.sources.uid()] as const,
      () => { void this.reload() },
      { fireImmediately: true },
    ))
    const mineChanged = (event: PermissionEvent) => {
      if (event.server_id !== this.sources.serverId()) return
      if (event.uid === undefined || event.uid === this.sources.uid()) void this.reload()
    }
    // CHANNELS_VISIBLE_UPDATE: a channel appeared or disappeared for this member (its permissions there changed)
    for (const type of ['MEMBER_UPDATE', 'ROLE_CREATE', 'ROLE_UPDATE', 'ROLE_DELETE', 'CHANNEL_UPDATE', 'CHANNEL_CREATE', 'CHANNELS_VISIBLE_UPDATE'] as const) {
      this.stops.push(this.sources.gateway.on(type, mineChanged))
    }
    this.stops.push(this.sources.gateway.on(GATEWAY_RESYNC, () => { void this.reload() }))
    return () => { this.stops.splice(0).forEach(stop => stop()) }
  }

  /** Asks the server again; a visitor or a failure leaves no permissions (the server still decides). */
  async reload (): Promise<void> {
    const serverId = this.sources.serverId()
    if (serverId === null || this.sources.uid() === null) {
      this.set(null)
      return
    }
    try {
      const answer = await this.sources.load(serverId)
      if (this.sources.serverId() === serverId) this.set(answer)
    } catch (error) {
      this.sources.logger.warn('permissions: could not load', error)
      if (this.sources.serverId() === serverId) this.set(null)
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
