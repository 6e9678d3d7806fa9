/**
 * Role rules (SPEC §3, §6): bot roles and roles that mark a training channel.
 * Pure: no Taro import.
 */
import type { Role } from '@core/wire/entities'

/** SPEC §3: role type 1 is a bot role. */
export const BOT_ROLE_TYPE = 1

/** True when the role is a bot role (SPEC §3, §6: role type 1). */
export function isBotRole (role: Pick<Role, 'type'>): boolean {
  return role.type === BOT_ROLE_TYPE
}

/**
 * True when the role marks a training channel (SPEC §3, §6: a role with join_role).
 * `join_role` counts as set when it is a string with visible characters; null, an
 * empty or a blank string do not mark a training channel.
 */
export function isTrainingChannelRole (role: Pick<Role, 'join_role'>): boolean {
  return typeof role.join_role === 'string' && role.join_role.trim() !== ''
}
