import { useState } from 'react'
import { Button, Text, View } from '@tarojs/components'
import type { Member } from '@core/wire/members'
import type { GameRecord } from '@core/wire/plaza'
import type { ReportReason, ServerRole } from '@core/wire/trust'
import { REASON_MAX_LENGTH } from '@core/wire/trust-paths'
import { Input } from '@/components/page-elements/input'
import { timeoutMark } from '@/components/member-row'
import { t, type MessageKey } from '@/i18n'
import { REPORT_REASON_ORDER, reportReasonLabel } from '@/constants/report-reasons'
import { TIMEOUT_SECONDS, type MemberActions } from '@/stores/trust/moderation-store'
import { DIALOG } from '@/constants/a11y'
import { GAME_NAME_KEYS } from '@/constants/games'
import { pressable } from '@/utils/pressable'
import { disabledIf } from '@/utils/disabled-if'
import './index.scss'

/** Each timeout length as members read it. */
export const TIMEOUT_WORDS: Readonly<Record<typeof TIMEOUT_SECONDS[number], MessageKey>> = {
  60: 'timeout60',
  300: 'timeout300',
  600: 'timeout600',
  3600: 'timeout3600',
  86400: 'timeout86400',
  604800: 'timeout604800',
}

/** What the sheet shows and what its taps ask for (the page confirms each and toasts the answer). */
export interface MemberSheetProps {
  member: Member
  /** What the viewer may do to this member. */
  actions: MemberActions
  /** Unix seconds their timeout ends, or null. */
  timedOutUntil: number | null
  /** True while an action is on its way. */
  busy: boolean
  onReport: (reason: ReportReason) => void
  /** Gives (true) or takes (false) a role. */
  onRole: (role: ServerRole, held: boolean) => void
  /** A timeout of `seconds`, or null to lift it. */
  onTimeout: (seconds: number | null) => void
  onKick: () => void
  onBan: (reason: string) => void
  onClose: () => void
  /** The gather space they stand in now, with 去找 TA for anyone but me. */
  space?: SheetSpace
  /** Offered for anyone but me: a direct message to them, and blocking them (or lifting the block). */
  direct?: DirectActions
  /** Their records in the server's plaza games (wins, losses, draws, rating), empty for none. */
  records?: readonly GameRecord[]
}

/** Where a member stands: 在 <space>, and going there to stand next to them. */
export interface SheetSpace {
  name: string
  /** Opens the space next to them; absent on my own sheet. */
  onJoin?: () => void
}

/** A member's direct-message actions: 发私信 and 屏蔽/取消屏蔽. */
export interface DirectActions {
  /** I block them now. */
  blocked: boolean
  onMessage: () => void
  onBlock: () => void
}

/** Which part of the sheet is unfolded. */
type Panel = 'none' | 'report' | 'timeout' | 'ban'

/**
 * A member's sheet: the space they stand in (去找 TA goes there), their game records, what the viewer may do to
 * them — a direct message or a block, report (a reason from the list), and for moderators
 * give or take roles below their own, time out (or lift it), kick and ban (with a reason). Only what the viewer's permissions allow is shown;
 * the server decides again.
 */
export default function MemberSheet (props: MemberSheetProps) {
  const { member, actions, timedOutUntil, busy } = props
  const [panel, setPanel] = useState<Panel>('none')
  const [banReason, setBanReason] = useState('')
  const toggle = (next: Panel) => setPanel(panel === next ? 'none' : next)
  const moderates = actions.roles.length > 0 || actions.timeout || actions.kick || actions.ban
  return (
    <View className='member-sheet' data-testid='member-sheet'>
      <View className='member-sheet__shade' onClick={props.onClose} />
      <View className='member-sheet__panel' {...DIALOG} ariaLabel={member.user.nickname}>
        <View className='member-sheet__head'>
          <Text className='member-sheet__name'>{member.user.nickname}</Text>
          <View className='member-sheet__close' {...pressable(props.onClose)}>{t('sheetClose')}</View>
        </View>
        {timedOutUntil !== null && <Text className='member-sheet__timeout'>{timeoutMark(timedOutUntil)}</Text>}
        {props.space && (
          <View className='member-sheet__space'>
            <Text className='member-sheet__space-name'>{t('membersInSpace', { name: props.space.name })}</Text>
            {props.space.onJoin && <Button className='member-sheet__join' size='mini' type='primary' data-testid='member-sheet-join' onClick={props.space.onJoin}>{t('membersFindInSpace')}</Button>}
          </View>
        )}
        {props.records !== undefined && props.records.length > 0 && (
          <View className='member-sheet__section' data-testid='member-sheet-records'>
            <Text className='member-sheet__label'>{t('plazaRecords')}</Text>
            {props.records.map(record => (
              <View key={record.game} className='member-sheet__record'>
                <Text className='member-sheet__record-game'>{t(GAME_NAME_KEYS[record.game])}</Text>
                <Text className='member-sheet__record-line'>{t('plazaRecordLine', { wins: String(record.wins), losses: String(record.losses), draws: String(record.draws), rating: String(record.rating) })}</Text>
              </View>
            ))}
          </View>
        )}
        {props.direct && (
          <View className='member-sheet__actions'>
            <Button className='member-sheet__direct' size='mini' type='primary' data-testid='member-sheet-message' disabled={disabledIf(busy)} onClick={props.direct.onMessage}>{t('dmMessage')}</Button>
            <Button className='member-sheet__direct' size='mini' data-testid='member-sheet-block' disabled={disabledIf(busy)} onClick={props.direct.onBlock}>{t(props.direct.blocked ? 'dmUnblock' : 'dmBlock')}</Button>
          </View>
        )}
        {!actions.report && !moderates && !props.direct && <Text className='member-sheet__hint'>{t('sheetNothing')}</Text>}
        {actions.roles.length > 0 && (
          <View className='member-sheet__section'>
            <Text className='member-sheet__label'>{t('sheetRoles')}</Text>
            <View className='member-sheet__choices'>
              {actions.roles.map(role => {
                const held = member.role_ids.includes(role.role_id)
                return (
                  <View
                    key={role.role_id}
                    className={`member-sheet__choice${held ? ' member-sheet__choice--on' : ''}`}
                    data-testid='member-sheet-role'
                    {...pressable(() => { if (!busy) props.onRole(role, !held) })}
                  >{held ? `✓ ${role.name}` : role.name}</View>
                )
              })}
            </View>
          </View>
        )}
        {/* `disabled` only while busy: Taro's H5 button greys out whenever the attribute is present, even as false */}
        <View className='member-sheet__actions'>
          {actions.timeout && <Button className='member-sheet__action' size='mini' disabled={disabledIf(busy)} onClick={() => toggle('timeout')}>{t('sheetTimeout')}</Button>}
          {actions.timeout && timedOutUntil !== null && (
            <Button className='member-sheet__action' size='mini' disabled={disabledIf(busy)} onClick={() => props.onTimeout(null)}>{t('sheetLiftTimeout')}</Button>
          )}
          {actions.kick && <Button className='member-sheet__action member-sheet__action--danger' size='mini' disabled={disabledIf(busy)} onClick={props.onKick}>{t('sheetKick')}</Button>}
          {actions.ban && <Button className='member-sheet__action member-sheet__action--danger' size='mini' disabled={disabledIf(busy)} onClick={() => toggle('ban')}>{t('sheetBan')}</Button>}
          {actions.report && <Button className='member-sheet__action' size='mini' disabled={disabledIf(busy)} onClick={() => toggle('report')}>{t('sheetReport')}</Button>}
        </View>
        {panel === 'timeout' && (
          <View className='member-sheet__choices' data-testid='member-sheet-timeouts'>
            {TIMEOUT_SECONDS.map(seconds => (
              <View key={seconds} className='member-sheet__choice' {...pressable(() => { if (!busy) props.onTimeout(seconds) })}>{t(TIMEOUT_WORDS[seconds])}</View>
            ))}
          </View>
        )}
        {panel === 'report' && (
          <View className='member-sheet__section'>
            <Text className='member-sheet__label'>{t('sheetReportPick')}</Text>
            <View className='member-sheet__choices'>
              {REPORT_REASON_ORDER.map(reason => (
                <View key={reason} className='member-sheet__choice' {...pressable(() => { if (!busy) props.onReport(reason) })}>{reportReasonLabel(reason)}</View>
              ))}
            </View>
          </View>
        )}
        {panel === 'ban' && (
          <View className='member-sheet__ban'>
            <Input
              className='member-sheet__input'
              value={banReason}
              placeholder={t('sheetBanReason')}
              maxlength={REASON_MAX_LENGTH}
              onInput={event => setBanReason(event.detail.value)}
            />
            <Button className='member-sheet__action member-sheet__action--danger' size='mini' disabled={disabledIf(busy)} onClick={() => props.onBan(banReason)}>{t('sheetBan')}</Button>
          </View>
        )}
      </View>
    </View>
  )
}
