/**
 * A refusal in words, one wording for every page: the server's 403 names the
 * permission a member lacks ('missing permission: A, B' needs all of them, 'missing
 * permission: one of A, B' any one), a target at or above one's own highest role
 * (OUTRANKED), a ban (BANNED); each becomes a sentence in the page's language with the
 * permissions' display names. Anything that is not a 403 keeps the request error's own
 * message (failureMessage). The member list, the audit log, the server settings and any
 * other page that acts on the server's permissions say refusals through here.
 */
import { Permission, type PermissionName } from '@core/domain/permissions'
import { TRUST_CODES } from '@core/wire/trust-paths'
import { t, type MessageKey } from '@/i18n'
import { isRequestError, RequestError } from '@/services/request/errors'
import { failureMessage, type StoreLogger } from './load-tracker'

/** The message key of each permission's display name (zh-CN 查看频道, en View channels …). */
export const PERMISSION_LABEL_KEYS: Readonly<Record<PermissionName, MessageKey>> = {
  ViewChannel: 'permViewChannel',
  SendMessages: 'permSendMessages',
  AttachFiles: 'permAttachFiles',
  AddReactions: 'permAddReactions',
  MentionEveryone: 'permMentionEveryone',
  ManageMessages: 'permManageMessages',
  ManageChannels: 'permManageChannels',
  ManageRoles: 'permManageRoles',
  KickMembers: 'permKickMembers',
  BanMembers: 'permBanMembers',
  MuteMembers: 'permMuteMembers',
  CreateInvites: 'permCreateInvites',
  ManageServer: 'permManageServer',
  Connect: 'permConnect',
  Speak: 'permSpeak',
  MuteVoice: 'permMuteVoice',
  DeafenMembers: 'permDeafenMembers',
  MoveMembers: 'permMoveMembers',
  DisconnectMembers: 'permDisconnectMembers',
}

/** The display name of a permission in the current language. */
export function permissionLabel (name: PermissionName): string {
  return t(PERMISSION_LABEL_KEYS[name])
}

/** True when `name` is one of the permission names of core/domain/permissions.ts. */
function isPermissionName (name: string): name is PermissionName {
  return Object.prototype.hasOwnProperty.call(Permission, name)
}

/** The permissions a 403's message lists, and whether any one of them would do ('one of'). */
export interface MissingPermissions {
  /** The listed permission names (unknown words dropped). */
  names: PermissionName[]
  /** True for 'missing permission: one of A, B' — holding any one of them is enough. */
  anyOf: boolean
}

/** What a 403 message says is missing (`missing permission: [one of] A, B (…)`), or null when it names nothing. */
export function missingPermissionsOf (message: string): MissingPermissions | null {
  const match = /missing permission:\s*(one of\s+)?([A-Za-z, ]*)/.exec(message)
  const names = (match?.[2] ?? '').split(',').map(name => name.trim()).filter(isPermissionName)
  return names.length === 0 ? null : { names, anyOf: match?.[1] !== undefined }
}

/**
 * Any failure as the member reads it: a 403 'missing permission' as 你没有「A、B」权限
 * (all needed) or 你没有「A」或「B」权限 (any one), OUTRANKED as such, BANNED as the ban,
 * any other 403 as 你没有权限这样做; anything else the request error's own message.
 */
export function refusalMessage (error: unknown, logger: StoreLogger): string {
  if (!isRequestError(error) || error.status !== 403) return failureMessage(error, logger)
  if (error.code === TRUST_CODES.OUTRANKED) return t('refusalOutranked')
  if (error.code === TRUST_CODES.BANNED) return t('inviteBanned')
  const missing = missingPermissionsOf(error.serverMessage ?? error.message)
  if (missing === null) return t('refusalForbidden')
  const separator = t(missing.anyOf ? 'refusalAnySeparator' : 'refusalAllSeparator')
  return t('refusalMissing', { names: missing.names.map(permissionLabel).join(separator) })
}

/** The same failure with a 403 put in words, for a request whose failure a LoadTracker shows as its message. */
export function withRefusalMessage (error: unknown, logger: StoreLogger): unknown {
  if (!isRequestError(error) || error.status !== 403) return error
  return new RequestError({ kind: error.kind, code: error.code, status: error.status, message: refusalMessage(error, logger), serverMessage: error.serverMessage })
}
