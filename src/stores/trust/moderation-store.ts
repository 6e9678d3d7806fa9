/**
 * Moderation as the member list offers it: what the signed-in member may do to
 * another — report them (anyone), give or take roles (ManageRoles, only roles below their
 * own), time them out, kick or ban them (each bit, only someone they outrank) — the ban
 * list with unban (BanMembers), and every answer as a sentence: done, or the server's
 * refusal in words (a 403 names the missing permission). The rules are the shared core's
 * (core/domain/permissions.ts); the server checks again and its refusal is what counts.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx'
import { identityKindOf } from '@core/domain/identity'
import { isBotRole } from '@core/domain/role'
import { canManageRole, guestMayHold, outranks, type PermissionMember, type PermissionName, type PermissionServer } from '@core/domain/permissions'
import type { Member } from '@core/wire/members'
import type { Ban, MyPermissions, ReportReason, ServerRole } from '@core/wire/trust'
import { t } from '@/i18n'
import type { TrustApi } from '@/services/api/trust'
import { LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import { refusalMessage, withRefusalMessage } from '../support/refusal'
import type { MemberListStore } from '../members/member-list-store'

/** The timeout lengths a moderator picks from, in seconds (1 min, 5 min, 10 min, 1 h, 1 day, 1 week). */
export const TIMEOUT_SECONDS = [60, 300, 600, 3600, 86400, 604800] as const

/** The signed-in member as the moderation rules need them. */
export interface ModerationViewer {
  /** The signed-in user, or null for a visitor. */
  user: () => { uid: string, user_type: number } | null
  /** What the server says they may do here (rootStore.permissions). */
  permissions: { mine: MyPermissions | null, can: (name: PermissionName) => boolean }
}

/** What the viewer may do to one member. */
export interface MemberActions {
  report: boolean
  /** The roles they may give or take (below their own; bot roles only to bots). */
  roles: ServerRole[]
  timeout: boolean
  kick: boolean
  ban: boolean
}

/** What the moderation store is built on. */
export interface ModerationSources {
  trust: Pick<TrustApi, 'setMemberRole' | 'timeout' | 'kick' | 'ban' | 'unban' | 'bans' | 'report'>
  list: MemberListStore
  viewer: ModerationViewer
  clock: () => number
  logger: StoreLogger
}

/** The moderation of one server's members, and its ban list. */
export class ModerationStore {
  /** The member whose sheet is open, or null. */
  selected: Member | null = null
  /** True while an action is on its way (the sheet's buttons wait). */
  busy = false
  /** The ban list, once loaded. */
  bans: Ban[] = []
  private readonly bansLoad: LoadTracker

  constructor (private readonly sources: ModerationSources) {
    this.bansLoad = new LoadTracker(sources.logger)
    makeAutoObservable<ModerationStore, 'sources' | 'bansLoad'>(this, { sources: false, bansLoad: false, selected: observable.ref, bans: observable.ref })
  }

  private get serverId (): string {
    return this.sources.list.serverId
  }

  /** The server's owner and roles as the permission rules read them (the owner known only to themself). */
  private get permissionServer (): PermissionServer {
    const mine = this.sources.viewer.permissions.mine
    return { server_id: this.serverId, owner_uid: mine?.is_owner === true ? this.sources.viewer.user()?.uid ?? null : null, roles: this.sources.list.roles }
  }

  private get actor (): PermissionMember | null {
    const user = this.sources.viewer.user()
    const mine = this.sources.viewer.permissions.mine
    if (!user || !mine?.is_member) return null
    return { uid: user.uid, user_type: user.user_type, role_ids: mine.role_ids, timeout_until: mine.timeout_until }
  }

  /** True when the viewer may see and use the ban list. */
  get canSeeBans (): boolean {
    return this.sources.viewer.permissions.can('BanMembers')
  }

  /** What the viewer may do to `member` (nothing to themself but look). */
  actionsFor (member: Member): MemberActions {
    const actor = this.actor
    const self = this.sources.viewer.user()?.uid === member.user.uid
    const none: MemberActions = { report: !self && this.sources.viewer.user() !== null, roles: [], timeout: false, kick: false, ban: false }
    if (!actor || self) return none
    const server = this.permissionServer
    const target: PermissionMember = { uid: member.user.uid, user_type: member.user.user_type, role_ids: member.role_ids, timeout_until: null }
    if (!outranks(server, actor, target)) return none
    const can = (name: PermissionName) => this.sources.viewer.permissions.can(name)
    const kind = identityKindOf(member.user)
    const fits = (role: ServerRole) => (!isBotRole(role) || kind === 'bot') && (kind !== 'guest' || guestMayHold(role)) // SPEC §3: a bot role is a bot's; a guest holds no moderating role
    const roles = can('ManageRoles')
      ? this.sources.list.roles.filter(role => role.role_id !== this.serverId && canManageRole(server, actor, role) && fits(role))
      : []
    return { report: true, roles, timeout: can('MuteMembers'), kick: can('KickMembers'), ban: can('BanMembers') }
  }

  /** Opens the sheet of `member` (null closes it). */
  select (member: Member | null): void {
    this.selected = member
  }

  /** Gives (true) or takes (false) `role`; resolves what the toast says. */
  setRole (member: Member, role: ServerRole, held: boolean): Promise<string> {
    return this.act(async () => {
      this.sources.list.applyState(await this.sources.trust.setMemberRole(this.serverId, member.user.uid, role.role_id, held))
      return t(held ? 'modRoleGiven' : 'modRoleTaken', { role: role.name, name: member.user.nickname })
    })
  }

  /** Times `member` out for `seconds` from now, or lifts the timeout (null). */
  timeout (member: Member, seconds: number | null): Promise<string> {
    const until = seconds === null ? null : Math.floor(this.sources.clock() / 1000) + seconds
    return this.act(async () => {
      this.sources.list.applyState(await this.sources.trust.timeout(this.serverId, member.user.uid, until))
      return t(until === null ? 'modTimeoutLifted' : 'modTimedOut', { name: member.user.nickname })
    })
  }

  /** Kicks `member` (they may join again). */
  kick (member: Member, reason: string): Promise<string> {
    return this.act(async () => {
      await this.sources.trust.kick(this.serverId, member.user.uid, reason.trim() || undefined)
      this.removed(member)
      return t('modKicked', { name: member.user.nickname })
    })
  }

  /** Bans `member` with `reason` (removed and kept out). */
  ban (member: Member, reason: string): Promise<string> {
    return this.act(async () => {
      await this.sources.trust.ban(this.serverId, member.user.uid, reason.trim() || undefined)
      this.removed(member)
      if (this.bansLoad.status !== 'idle') void this.loadBans()
      return t('modBanned', { name: member.user.nickname })
    })
  }

  /** Reports `member` for `reason`. */
  report (member: Member, reason: ReportReason): Promise<string> {
    return this.act(async () => {
      await this.sources.trust.report({ target_type: 'member', target_id: member.user.uid, server_id: this.serverId, reason })
      return t('modReported')
    })
  }

  /** Status of the ban list. */
  get bansStatus (): StoreStatus {
    return this.bansLoad.status
  }

  /** The ban list's failure (a refusal in words). */
  get bansError (): string | null {
    return this.bansLoad.error
  }

  /** Whether retrying the failed ban list may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get bansRetryable (): boolean {
    return this.bansLoad.retryable
  }

  /** Loads the ban list. */
  async loadBans (): Promise<void> {
    await this.bansLoad.run(
      () => this.sources.trust.bans(this.serverId).catch(error => { throw withRefusalMessage(error, this.sources.logger) }),
      answer => {
        this.bans = answer.list
        return answer.list.length === 0 ? 'empty' : 'ready'
      },
    )
  }

  /** Lifts the ban of `ban.user`. */
  unban (ban: Ban): Promise<string> {
    return this.act(async () => {
      await this.sources.trust.unban(this.serverId, ban.user.uid)
      runInAction(() => {
        this.bans = this.bans.filter(other => other.user.uid !== ban.user.uid)
        if (this.bans.length === 0) this.bansLoad.settle('empty')
      })
      return t('modUnbanned', { name: ban.user.nickname })
    })
  }

  /** A kicked or banned member leaves the list and their sheet closes. */
  private removed (member: Member): void {
    this.sources.list.remove(member.user.uid)
    this.selected = null
  }

  /** Runs one action (one at a time); resolves its sentence or the refusal in words. */
  private async act (run: () => Promise<string>): Promise<string> {
    if (this.busy) return t('modBusy')
    this.busy = true
    try {
      return await run()
    } catch (error) {
      return refusalMessage(error, this.sources.logger)
    } finally {
      runInAction(() => { this.busy = false })
    }
  }
}
