import { Text, View } from '@tarojs/components'
import type { ChannelType } from '@core/wire/codes'
import { AUDIT_MEMBER_FIELD, AUDIT_TIMEOUT_FIELD } from '@core/wire/trust-paths'
import type { AuditAction, AuditChange, AuditEntry, ReportResolution } from '@core/wire/trust'
import { channelTypeLabel } from '@/constants/channel-types'
import { t, type MessageKey } from '@/i18n'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'
import './index.scss'

/** Each audited action as a sentence about its actor (a readable sentence per kind). */
const ACTION_SENTENCES: Readonly<Record<AuditAction, MessageKey>> = {
  role_create: 'modLogRoleCreate',
  role_update: 'modLogRoleUpdate',
  role_delete: 'modLogRoleDelete',
  member_role_add: 'modLogMemberRoleAdd',
  member_role_remove: 'modLogMemberRoleRemove',
  member_kick: 'modLogMemberKick',
  member_ban: 'modLogMemberBan',
  member_unban: 'modLogMemberUnban',
  member_timeout: 'modLogMemberTimeout',
  channel_create: 'modLogChannelCreate',
  message_delete: 'modLogMessageDelete',
  message_pin: 'modLogMessagePin',
  message_unpin: 'modLogMessageUnpin',
  post_delete: 'modLogPostDelete',
  comment_delete: 'modLogCommentDelete',
  invite_create: 'modLogInviteCreate',
  invite_delete: 'modLogInviteDelete',
  bot_create: 'modLogBotCreate',
  bot_token_reset: 'modLogBotTokenReset',
  bot_token_revoke: 'modLogBotTokenRevoke',
  server_update: 'modLogServerUpdate',
  words_update: 'modLogWordsUpdate',
  report_resolve: 'modLogReportResolve',
  channel_update: 'modLogChannelUpdate',
  channel_delete: 'modLogChannelDelete',
  member_voice_update: 'modLogMemberVoiceUpdate',
  member_voice_disconnect: 'modLogMemberVoiceDisconnect',
}

/** The name of each field an entry's changes name. */
const FIELD_WORDS: Readonly<Record<string, MessageKey>> = {
  name: 'auditFieldName',
  icon: 'auditFieldIcon',
  parent_id: 'auditFieldParent',
  position: 'auditFieldPosition',
  channel_type: 'auditFieldChannelType',
  resolution: 'auditFieldResolution',
  role: 'auditFieldRole',
  [AUDIT_TIMEOUT_FIELD]: 'auditFieldTimeout',
}

/** How a report was closed, as a word. */
export const RESOLUTION_WORDS: Readonly<Record<ReportResolution, MessageKey>> = {
  dismissed: 'reportResolutionDismissed',
  deleted: 'reportResolutionDeleted',
  timed_out: 'reportResolutionTimedOut',
  kicked: 'reportResolutionKicked',
}

/** A length of time in its largest whole unit (10 分钟, 2 小时, 7 天); minutes rounded up. */
export function lengthWords (seconds: number): string {
  if (seconds >= 86400 && seconds % 86400 === 0) return t('lengthDays', { count: String(seconds / 86400) })
  if (seconds >= 3600 && seconds % 3600 === 0) return t('lengthHours', { count: String(seconds / 3600) })
  return t('lengthMinutes', { count: String(Math.max(1, Math.ceil(seconds / 60))) })
}

/** One value of a change as members read it: a group by its name, a place counted from 1, a type or outcome in words. */
function valueWords (field: string, value: string | null, nameOf: (id: string) => string): string {
  if (field === 'parent_id') return value === null ? t('auditNoGroup') : nameOf(value)
  if (value === null) return ''
  if (field === 'position') return String(Number(value) + 1)
  if (field === AUDIT_TIMEOUT_FIELD) return Number.isFinite(Number(value)) ? lengthWords(Number(value)) : value
  if (field === 'channel_type') return channelTypeLabel(Number(value) as ChannelType) || value
  if (field === 'resolution') return RESOLUTION_WORDS[value as ReportResolution] ? t(RESOLUTION_WORDS[value as ReportResolution]) : value
  return value
}

/** One change as a line ("名称：闲聊 → 灌水"); an icon only as replaced (not its address); a group taken away reads as "no group", not as removed. */
export function changeLine (change: AuditChange, nameOf: (id: string) => string): string {
  const key = FIELD_WORDS[change.field] as MessageKey | undefined
  const field = key ? t(key) : change.field
  if (change.field === 'icon') return t('auditChangeTo', { field, to: t('auditValueUpdated') })
  const from = valueWords(change.field, change.from, nameOf)
  const to = valueWords(change.field, change.to, nameOf)
  if (change.from === null && change.field !== 'parent_id') return t('auditChangeTo', { field, to })
  if (change.to === null && change.field !== 'parent_id') return t('auditChangeFrom', { field, from })
  return t('auditChangeFromTo', { field, from, to })
}

/** True for a timeout entry that set no length: the timeout was lifted. */
function liftsTimeout (entry: Pick<AuditEntry, 'action' | 'changes'>): boolean {
  return entry.action === 'member_timeout' && !entry.changes.some(change => change.field === AUDIT_TIMEOUT_FIELD && change.to !== null)
}

/** The sentence of an entry ("Mia 踢出了成员", a lifted timeout as 解除禁言); an action this client does not know reads as its own name. */
export function auditSentence (entry: Pick<AuditEntry, 'action' | 'actor' | 'changes'>): string {
  if (liftsTimeout(entry)) return t('modLogMemberTimeoutLift', { actor: entry.actor.nickname })
  const key = ACTION_SENTENCES[entry.action] as MessageKey | undefined
  return key ? t(key, { actor: entry.actor.nickname }) : `${entry.actor.nickname} · ${entry.action}`
}

/** What one audit entry shows. */
export interface MemberAuditEntryProps {
  entry: AuditEntry
  /** What the entry points at as the page names it (a member's nickname, else the id); null when no name tells it (the community itself, content now gone). */
  targetName: string | null
  /** The reason line (原因：…, or a removal's 作者：…), or null. */
  reason: string | null
  /** A member's, role's or channel's name by id, else the id (a change's group). */
  nameOf: (id: string) => string
}

/** One entry of the audit log: who did what, to what (a member by their name at the time), what changed (a timeout's length), why and when. */
export default function MemberAuditEntry ({ entry, targetName, reason, nameOf }: MemberAuditEntryProps) {
  return (
    <View className='member-audit-entry' data-testid='audit-entry'>
      <View className='member-audit-entry__line'>
        <Text className='member-audit-entry__sentence'>{auditSentence(entry)}</Text>
        <Text className='member-audit-entry__time'>{formatDate(fromUnixSeconds(entry.created_at), 'MM-DD HH:mm')}</Text>
      </View>
      {entry.target_id !== '' && targetName !== null && <Text className='member-audit-entry__detail'>{t('modLogTarget', { target: targetName })}</Text>}
      {entry.changes.filter(change => change.field !== AUDIT_MEMBER_FIELD).map(change => <Text key={change.field} className='member-audit-entry__detail' data-testid='audit-change'>{changeLine(change, nameOf)}</Text>)}
      {reason !== null && <Text className='member-audit-entry__detail'>{reason}</Text>}
    </View>
  )
}
