import { Text, View } from '@tarojs/components'
import { identityKindOf } from '@core/domain/identity'
import { isBotRole } from '@core/domain/role'
import type { Member } from '@core/wire/members'
import type { ServerRole } from '@core/wire/trust'
import ChatAvatar from '@/components/chat-avatar'
import IdentityBadge from '@/components/identity-badge'
import { t } from '@/i18n'
import { formatDate, fromUnixSeconds } from '@/utils/format-date'
import { pressable } from '@/utils/pressable'
import './index.scss'

/** What a member row shows. */
export interface MemberRowProps {
  member: Member
  /** The roles the member holds, highest first (chips in each role's colour). */
  roles: ServerRole[]
  /** Unix seconds their timeout ends, or null when they are not timed out. */
  timedOutUntil: number | null
  /** The name of the gather space they stand in now, or null. */
  space?: string | null
  /** True for the signed-in member's own row. */
  isYou: boolean
  /** Opens the member's sheet. */
  onOpen: () => void
}

/** The text of a timeout's end as the list shows it ("禁言至 11-23 14:05"). */
export function timeoutMark (until: number): string {
  return t('membersTimedOutUntil', { time: formatDate(fromUnixSeconds(until), 'MM-DD HH:mm') })
}

/** One member of the list: avatar with a presence dot, nickname, kind, role chips, a timeout mark and the space they stand in; a tap opens their sheet. */
export default function MemberRow ({ member, roles, timedOutUntil, space = null, isYou, onOpen }: MemberRowProps) {
  const kind = identityKindOf(member.user)
  // a bot's bot role says what its badge says (机器人): said once, by the badge
  const chips = kind === 'bot' ? roles.filter(role => !isBotRole(role)) : roles
  return (
    <View className='member-row' data-testid='member-row' data-uid={member.user.uid} {...pressable(onOpen)}>
      <View className='member-row__avatar-box'>
        <ChatAvatar user={member.user} className='member-row__avatar' />
        <View className={`member-row__dot member-row__dot--${member.online ? 'online' : 'offline'}`} ariaLabel={t(member.online ? 'membersOnline' : 'membersOffline')} />
      </View>
      <View className='member-row__main'>
        <View className='member-row__line'>
          <Text className='member-row__name'>{member.user.nickname}{isYou ? t('membersYou') : ''}</Text>
          {kind !== 'user' && <IdentityBadge kind={kind} />}
        </View>
        {space !== null && <Text className='member-row__space' data-testid='member-row-space'>{t('membersInSpace', { name: space })}</Text>}
        {(chips.length > 0 || timedOutUntil !== null) && (
          <View className='member-row__chips'>
            {chips.map(role => (
              <Text key={role.role_id} className='member-row__role' style={role.color !== '' ? { borderColor: role.color } : undefined}>{role.name}</Text>
            ))}
            {timedOutUntil !== null && <Text className='member-row__timeout'>{timeoutMark(timedOutUntil)}</Text>}
          </View>
        )}
      </View>
    </View>
  )
}
