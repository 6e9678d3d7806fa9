/**
 * Who may open the owner's server settings and which of its sections: pure
 * rules on what the permissions store tells. Kept apart from the settings stores so the
 * header's Settings button (on Home) does not bring the settings page's code with it
 * (Home's initial JS).
 */
import type { PermissionName } from '@core/domain/permissions'

/** A section of the settings page. */
export type SettingsSection = 'profile' | 'roles' | 'channels' | 'invites' | 'words'

/** What the member may do in the server, as the permissions store tells it. */
export interface SettingsAccess {
  can (name: PermissionName): boolean
  readonly isOwner: boolean
}

/** The permission that opens each section (Words: the owner only). */
const SECTION_PERMISSION: Readonly<Record<Exclude<SettingsSection, 'words'>, PermissionName>> = {
  profile: 'ManageServer',
  roles: 'ManageRoles',
  channels: 'ManageChannels',
  invites: 'CreateInvites',
}

/** The permissions any one of which opens the settings page (the header's 设置 button). */
export const SETTINGS_PERMISSIONS: readonly PermissionName[] = ['ManageServer', 'ManageRoles', 'ManageChannels']

/** Whether the member may open the settings page at all (the owner always may). */
export function canOpenServerSettings (access: SettingsAccess): boolean {
  return access.isOwner || SETTINGS_PERMISSIONS.some(name => access.can(name))
}

/** The permissions any one of which opens the audit log (the server's moderators, routes/moderation). */
const MODERATION_PERMISSIONS: readonly PermissionName[] = ['ManageMessages', 'KickMembers', 'BanMembers', 'MuteMembers', 'ManageRoles']

/** Whether the member is one of the server's moderators (routes/moderation; a gather space's move and remove). */
export function canModerate (access: SettingsAccess): boolean {
  return access.isOwner || MODERATION_PERMISSIONS.some(name => access.can(name))
}

/** Whether the member may read the audit log (the page links to it only then). */
export function canSeeAuditLog (access: SettingsAccess): boolean {
  return canModerate(access)
}

/** Whether the member may run the voice check (ManageServer, as GET /servers/:server_id/voice-check asks; the page links to it only then). */
export function canCheckVoice (access: SettingsAccess): boolean {
  return access.isOwner || access.can('ManageServer')
}

/** The sections the member may open, in the page's order (none when they may not open the page). */
export function availableSections (access: SettingsAccess): SettingsSection[] {
  if (!canOpenServerSettings(access)) return []
  const sections = (Object.keys(SECTION_PERMISSION) as Array<keyof typeof SECTION_PERMISSION>).filter(section => access.isOwner || access.can(SECTION_PERMISSION[section]))
  return access.isOwner ? [...sections, 'words'] : sections
}
