/**
 * The Roles section of the owner's server settings: the server's roles in
 * their order with `@everyone` last, and creating, renaming, colouring, moving up or
 * down, switching permissions on and off and deleting them. The server decides who may
 * (ManageRoles, only below one's highest role, only bits one holds); a refusal is said
 * in words (./settings-action.ts).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { ROLE_NAME_MAX_LENGTH } from '@core/wire/trust-paths'
import type { PatchRoleBody, RoleList, ServerRole } from '@core/wire/trust'
import { t } from '@/i18n'
import type { TrustApi } from '@/services/api/trust'
import { isHexColour } from '@/utils/color'
import { LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import { SettingsAction } from './settings-action'

/** The trust calls the section makes. */
export type RoleSettingsApi = Pick<TrustApi, 'roles' | 'createRole' | 'updateRole' | 'deleteRole'>

/** SPEC §5: the colours the section offers ('#rrggbb'; '' is none). */
export const ROLE_COLOURS = ['', '#e74c3c', '#e67e22', '#f1c40f', '#2ecc71', '#1abc9c', '#3498db', '#9b59b6', '#95a5a6'] as const

/** A server's roles as the Roles section shows and edits them. */
export class RoleSettingsStore {
  /** The roles as last answered, in any order (see `ordered`). */
  roles: ServerRole[] = []
  /** The section's writes and their refusals. */
  readonly action: SettingsAction
  private readonly loading: LoadTracker

  constructor (private readonly serverId: string, private readonly api: RoleSettingsApi, logger: StoreLogger) {
    this.loading = new LoadTracker(logger)
    this.action = new SettingsAction(logger)
    makeAutoObservable<RoleSettingsStore, 'api' | 'loading'>(this, { api: false, loading: false })
  }

  /** Where the list stands. */
  get status (): StoreStatus {
    return this.loading.status
  }

  /** The message of a failed load, else null. */
  get error (): string | null {
    return this.loading.error
  }

  /** Whether retrying the failed load may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get retryable (): boolean {
    return this.loading.retryable
  }

  /** The roles top first; `@everyone` always last. */
  get ordered (): ServerRole[] {
    const others = this.roles.filter(role => !this.isEveryone(role)).sort((a, b) => a.position - b.position)
    return [...others, ...this.roles.filter(role => this.isEveryone(role))]
  }

  /** True for the `@everyone` role (role_id = server_id): it is not renamed, moved or deleted. */
  isEveryone (role: Pick<ServerRole, 'role_id'>): boolean {
    return role.role_id === this.serverId
  }

  /** Loads the roles. */
  async load (): Promise<void> {
    await this.loading.run(() => this.api.roles(this.serverId), answer => this.apply(answer))
  }

  /** Loads the roles again with the list left on screen (a live change; an open role and its typed name stay). */
  async refresh (): Promise<void> {
    await this.loading.refresh(() => this.api.roles(this.serverId), answer => this.apply(answer))
  }

  /** Creates a role named `name` at the bottom of the order (above `@everyone`); resolves true when made. */
  async create (name: string): Promise<boolean> {
    const trimmed = name.trim()
    if (!this.validName(trimmed)) return false
    const role = await this.action.run(() => this.api.createRole(this.serverId, { name: trimmed }))
    if (role) runInAction(() => { this.settle([...this.roles, role]) })
    return role !== null
  }

  /** Renames a role; resolves true when saved. */
  async rename (roleId: string, name: string): Promise<boolean> {
    const trimmed = name.trim()
    if (!this.validName(trimmed)) return false
    return this.update(roleId, { name: trimmed })
  }

  /** SPEC §5: gives a role a colour ('#rrggbb') or none (''); anything else is refused before sending. */
  async setColour (roleId: string, colour: string): Promise<boolean> {
    if (colour !== '' && !isHexColour(colour)) {
      this.action.refuse(t('settingsColourInvalid'))
      return false
    }
    return this.update(roleId, { color: colour })
  }

  /** Switches one permission bit of a role on or off. */
  async togglePermission (roleId: string, bit: number): Promise<boolean> {
    const role = this.roles.find(item => item.role_id === roleId)
    if (!role) return false
    return this.update(roleId, { permissions: role.permissions ^ bit })
  }

  /** Moves a role one place up (-1) or down (+1); never past the top or below `@everyone`. Reloads the order. */
  async move (roleId: string, step: -1 | 1): Promise<boolean> {
    const movable = this.ordered.filter(role => !this.isEveryone(role))
    const index = movable.findIndex(role => role.role_id === roleId)
    const target = movable[index + step]
    if (index < 0 || !target) return false
    const moved = await this.update(roleId, { position: target.position })
    if (moved) await this.load() // the roles it passed moved too
    return moved
  }

  /** Deletes a role (never `@everyone`); resolves true when deleted. */
  async remove (roleId: string): Promise<boolean> {
    if (roleId === this.serverId) return false
    const answer = await this.action.run(() => this.api.deleteRole(this.serverId, roleId))
    if (answer) runInAction(() => { this.apply(answer) })
    return answer !== null
  }

  private async update (roleId: string, body: PatchRoleBody): Promise<boolean> {
    const role = await this.action.run(() => this.api.updateRole(this.serverId, roleId, body))
    if (role) runInAction(() => { this.settle(this.roles.map(item => item.role_id === role.role_id ? role : item)) })
    return role !== null
  }

  private validName (name: string): boolean {
    if (name !== '' && name.length <= ROLE_NAME_MAX_LENGTH) return true
    this.action.refuse(t('settingsRoleNameInvalid', { max: String(ROLE_NAME_MAX_LENGTH) }))
    return false
  }

  private apply (answer: RoleList): 'ready' | 'empty' {
    this.roles = answer.list
    return answer.list.length > 0 ? 'ready' : 'empty'
  }

  private settle (roles: ServerRole[]): void {
    this.roles = roles
    this.loading.settle(roles.length > 0 ? 'ready' : 'empty')
  }
}
