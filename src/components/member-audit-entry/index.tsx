import { Text, View } from '@tarojs/components'
import type { AuditAction, AuditEntry } from '@core/wire/trust'
import { t, type MessageKey } from '@/constants/messages'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'
import './index.scss'

/** Each audited action as a sentence about its actor (issue 18: a readable sentence per kind). */
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
}

/** The sentence of an entry ("Mia 踢出了成员"); an action this client does not know reads as its own name. */
export function auditSentence (entry: Pick<AuditEntry, 'action' | 'actor'>): string {
  const key = ACTION_SENTENCES[entry.action] as MessageKey | undefined
  return key ? t(key, { actor: entry.actor.nickname }) : `${entry.actor.nickname} · ${entry.action}`
}

/** What one audit entry shows. */
export interface MemberAuditEntryProps {
  entry: AuditEntry
  /** What the entry points at as the page names it (a member's nickname, else the id). */
  targetName: string
}

/** One entry of the audit log: who did what, to what, why and when. */
export default function MemberAuditEntry ({ entry, targetName }: MemberAuditEntryProps) {
  return (
    <View className='member-audit-entry' data-testid='audit-entry'>
      <View className='member-audit-entry__line'>
        <Text className='member-audit-entry__sentence'>{auditSentence(entry)}</Text>
        <Text className='member-audit-entry__time'>{formatDate(fromUnixSeconds(entry.created_at), 'MM-DD HH:mm')}</Text>
      </View>
      {entry.target_id !== '' && <Text className='member-audit-entry__detail'>{t('modLogTarget', { target: targetName })}</Text>}
      {entry.reason !== '' && <Text className='member-audit-entry__detail'>{t('modLogReason', { reason: entry.reason })}</Text>}
    </View>
  )
}
