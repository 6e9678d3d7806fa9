/**
 * The write side of the owner's server settings (issue 18): one action at a time per
 * section, and its refusal said in words — a 403 names the permission the member lacks
 * (in the page's language, from the names of core/domain/permissions.ts), a role above
 * one's own is said as such, and anything else is the request error's own message.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { Permission, type PermissionName } from '@core/domain/permissions'
import { TRUST_CODES } from '@core/wire/trust-paths'
import { t, type MessageKey } from '@/constants/messages'
import { isRequestError } from '@/services/request/errors'
import { failureMessage, type StoreLogger } from './load-tracker'

/** The message key of each permission's display name (zh-CN 查看频道, en View channel …). */
export const PERMISSION_LABEL_KEYS: Readonly<Record<PermissionName, MessageKey>> = {
  ViewChannel: 'settingsPermViewChannel',
  SendMessages: 'settingsPermSendMessages',
  AttachFiles: 'settingsPermAttachFiles',
  AddReactions: 'settingsPermAddReactions',
  MentionEveryone: 'settingsPermMentionEveryone',
  ManageMessages: 'settingsPermManageMessages',
  ManageChannels: 'settingsPermManageChannels',
  ManageRoles: 'settingsPermManageRoles',
  KickMembers: 'settingsPermKickMembers',
  BanMembers: 'settingsPermBanMembers',
  MuteMembers: 'settingsPermMuteMembers',
  CreateInvites: 'settingsPermCreateInvites',
  ManageServer: 'settingsPermManageServer',
}

/** True when `name` is one of the permission names. */
function isPermissionName (name: string): name is PermissionName {
  return Object.prototype.hasOwnProperty.call(Permission, name)
}

/** The display name of a permission in the current language. */
export function permissionLabel (name: PermissionName): string {
  return t(PERMISSION_LABEL_KEYS[name])
}

/**
 * A refusal or failure as the settings page says it: 403 'missing permission: A, B'
 * becomes 你没有「…」权限 with the permissions' names; a role or member at or above
 * one's own, 对方的角色不低于你; any other 403, 你没有权限这样做; anything else the
 * request error's message (audit rejections included).
 */
export function refusalMessage (error: unknown, logger: StoreLogger): string {
  if (isRequestError(error) && error.status === 403) {
    if (error.code === TRUST_CODES.OUTRANKED) return t('settingsOutranked')
    const listed = /^missing permission: ([A-Za-z, ]+)/.exec(error.message)?.[1] ?? ''
    const names = listed.split(/,\s*|\s+/).filter(isPermissionName)
    if (names.length > 0) return t('settingsMissingPermission', { permission: names.map(permissionLabel).join(t('settingsListSeparator')) })
    return t('settingsForbidden')
  }
  return failureMessage(error, logger)
}

/** One section's writes: whether one is under way and the last one's refusal in words. */
export class SettingsAction {
  /** True while a write is under way (the section's buttons wait). */
  busy = false
  /** The last write's refusal or failure in words, or null. */
  error: string | null = null

  constructor (private readonly logger: StoreLogger) {
    makeAutoObservable<SettingsAction, 'logger'>(this, { logger: false })
  }

  /**
   * Runs one write: `onError` sees a failure first (to place an audit message under its
   * field; returning true means it was placed there and needs no section message).
   * Resolves with the answer, or null after a failure.
   */
  async run<T> (write: () => Promise<T>, onError?: (error: unknown) => boolean): Promise<T | null> {
    this.busy = true
    this.error = null
    try {
      const answer = await write()
      runInAction(() => { this.busy = false })
      return answer
    } catch (error) {
      runInAction(() => {
        this.busy = false
        if (onError?.(error) !== true) this.error = refusalMessage(error, this.logger)
      })
      return null
    }
  }

  /** Says `message` as the section's error without a request (input refused before sending). */
  refuse (message: string): void {
    this.error = message
  }

  /** Forgets the last refusal (the user is editing again). */
  clear (): void {
    this.error = null
  }
}
