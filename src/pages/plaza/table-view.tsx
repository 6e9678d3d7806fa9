import { useState } from 'react'
import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import type { PlazaResult, PlazaSeat, PlazaTable } from '@core/wire/plaza'
import type { Channel } from '@core/wire/entities'
import ChatAvatar from '@/components/chat-avatar'
import GameArea from '@/components/games'
import StateView from '@/components/state-view'
import { ALERT, DIALOG, STATUS } from '@/constants/a11y'
import { GAME_END_KEYS, GAME_NAME_KEYS } from '@/constants/games'
import { t } from '@/i18n'
import type { PlazaTableStore } from '@/stores/plaza/table-store'
import { disabledIf } from '@/utils/disabled-if'
import { pressable } from '@/utils/pressable'
import { TABLE_STATUS_KEYS } from './lobby'
import { secondsLeft, useTicking } from './use-seconds-left'

/** Who won and how, as a sentence for everyone; `mine`: the member's own outcome when they played. */
export function resultText (result: PlazaResult, seats: readonly PlazaSeat[], uid: string | null): { line: string, mine: string | null } {
  const nameOf = (id: string) => seats.find(seat => seat.uid === id)?.nickname ?? ''
  const how = t(GAME_END_KEYS[result.how])
  const line = result.draw ? `${t('plazaResultDraw')} · ${how}` : `${t('plazaResultWon', { names: result.winners.map(nameOf).join('、') })} · ${how}`
  let mine: string | null = null
  if (uid !== null && !result.draw && result.winners.includes(uid)) mine = t('plazaYouWon')
  else if (uid !== null && !result.draw && result.losers.includes(uid)) mine = t('plazaYouLost')
  return { line, mine }
}

/** What the table view needs besides the store. */
export interface TableViewProps {
  table: PlazaTableStore
  /** The signed-in member's uid (null: a visitor, who only watches). */
  uid: string | null
  /** The member moderates the server (may close the table and take players off their seats). */
  moderator: boolean
  /** The server's chat channels an invitation may go to. */
  chatChannels: readonly Channel[]
  clock: () => number
  /** Asks before an action that cannot be taken back (closing, removing a player). */
  confirm: (content: string) => Promise<boolean>
  onBack: () => void
}

/** One seat: the member's avatar and name (or 空位, tapped to sit there), ready, away with its countdown, to move; a moderator's 请离. */
function Seat ({ seat, table, now, canSitHere, moderator, uid, onSit, onRemove }: { seat: PlazaSeat, table: PlazaTable, now: number, canSitHere: boolean, moderator: boolean, uid: string | null, onSit: () => void, onRemove: () => void }) {
  const toMove = table.status === 'playing' && table.turn?.seats.includes(seat.seat) === true
  const classes = ['plaza-table__seat']
  if (seat.uid === null) classes.push('plaza-table__seat--empty')
  if (toMove) classes.push('plaza-table__seat--turn')
  if (seat.uid === null) {
    return (
      <View className={classes.join(' ')} data-testid={`plaza-seat-${seat.seat}`} {...(canSitHere ? pressable(onSit) : {})}>
        <View className='plaza-table__empty-face' />
        <Text className='plaza-table__seat-name'>{t('plazaEmptySeat')}</Text>
        {canSitHere && <Text className='plaza-table__seat-hint'>{t('plazaSit')}</Text>}
      </View>
    )
  }
  return (
    <View className={classes.join(' ')} data-testid={`plaza-seat-${seat.seat}`}>
      <ChatAvatar user={{ uid: seat.uid, nickname: seat.nickname, avatar: seat.avatar }} />
      <Text className='plaza-table__seat-name'>{seat.nickname}</Text>
      {table.status === 'waiting' && seat.ready && <Text className='plaza-table__mark plaza-table__mark--ready'>{t('plazaReadyMark')}</Text>}
      {seat.away_until !== null && <Text className='plaza-table__mark plaza-table__mark--away'>{t('plazaAway', { seconds: String(secondsLeft(seat.away_until, now)) })}</Text>}
      {moderator && seat.uid !== uid && <Text className='plaza-table__remove' data-testid={`plaza-remove-${seat.seat}`} {...pressable(onRemove)}>{t('plazaRemove')}</Text>}
    </View>
  )
}

/** The line above the game: whose turn with its timer counting down, waiting for the seats, or the result. */
function TurnLine ({ table, store, now }: { table: PlazaTable, store: PlazaTableStore, now: number }) {
  const turn = store.view?.turn ?? table.turn
  if (table.status === 'waiting') return <Text className='plaza-table__line' {...STATUS}>{t('plazaWaitingStart')}</Text>
  if (table.status !== 'playing' || turn === null) return null
  const left = t('plazaTurnLeft', { seconds: String(secondsLeft(turn.deadline, now)) })
  const names = turn.seats.map(index => table.seats[index]?.nickname ?? '').join('、')
  return (
    <View className={`plaza-table__line${store.myTurn ? ' plaza-table__line--mine' : ''}`} {...STATUS} data-testid='plaza-turn'>
      <Text>{store.myTurn ? t('plazaYourTurn') : t('plazaTheirTurn', { name: names })}</Text>
      <Text className='plaza-table__timer'>{left}</Text>
    </View>
  )
}

/** The invite sheet: the server's chat channels, a tap sends the 来一局 card there. */
function InviteSheet ({ channels, busy, onPick, onClose }: { channels: readonly Channel[], busy: boolean, onPick: (channelId: string) => void, onClose: () => void }) {
  return (
    <View className='plaza-sheet' data-testid='plaza-invite'>
      <View className='plaza-sheet__shade' {...pressable(onClose)} />
      <View className='plaza-sheet__panel' {...DIALOG} ariaLabel={t('plazaInvitePick')}>
        <Text className='plaza-sheet__title'>{t('plazaInvitePick')}</Text>
        {channels.length === 0 && <Text className='plaza-sheet__hint'>{t('plazaInviteNone')}</Text>}
        <View className='plaza-sheet__choices'>
          {channels.map(channel => (
            <View key={channel.channel_id} className='plaza-sheet__choice' {...pressable(() => { if (!busy) onPick(channel.channel_id) })}># {channel.name}</View>
          ))}
        </View>
        <View className='plaza-sheet__actions'>
          <Button className='plaza-sheet__button' size='mini' onClick={onClose}>{t('plazaCancel')}</Button>
        </View>
      </View>
    </View>
  )
}

/**
 * One table: its seats (avatars, ready and away marks), the turn with its timer, the game
 * area, the result for players and watchers; 坐下/起身/准备/取消准备, 再来一局 and 邀请 for
 * those who may, 关闭牌桌 and 请离 for its creator or a moderator. Watchers look on (观战中).
 */
function TableView ({ table: store, uid, moderator, chatChannels, clock, confirm, onBack }: TableViewProps) {
  const [inviting, setInviting] = useState(false)
  const table = store.table
  const ticking = table !== null && (table.status === 'playing' || table.seats.some(seat => seat.away_until !== null))
  const now = useTicking(clock, ticking)
  if (store.gone) {
    return (
      <View className='plaza-table plaza-table--gone' data-testid='plaza-table-gone'>
        <StateView status='empty' message={t('plazaTableGone')} />
        <Button className='plaza-table__back' size='mini' onClick={onBack}>{t('plazaBackToLobby')}</Button>
      </View>
    )
  }
  if (store.status === 'error') return <StateView status='error' message={store.error} onRetry={() => { void store.load() }} />
  if (table === null) return <StateView status='loading' />
  const mine = store.mySeat
  const signedIn = uid !== null
  const canSit = signedIn && mine === null && table.status === 'waiting'
  const mayClose = moderator || (table.created_by === uid && table.status === 'waiting')
  const names = table.seats.map(seat => seat.nickname)
  const result = table.result === null ? null : resultText(table.result, table.seats, uid)
  const remove = async (seat: PlazaSeat) => {
    if (seat.uid !== null && await confirm(t('plazaRemoveConfirm', { name: seat.nickname }))) void store.remove(seat.uid)
  }
  const close = async () => {
    if (await confirm(t('plazaCloseConfirm'))) void store.closeTable()
  }
  return (
    <View className='plaza-table' data-testid='plaza-table'>
      <View className='plaza-table__head'>
        <Text className='plaza-table__game'>{t(GAME_NAME_KEYS[table.game])}</Text>
        <Text className={`plaza-lobby__status plaza-lobby__status--${table.status}`}>{t(TABLE_STATUS_KEYS[table.status])}</Text>
        <Text className='plaza-table__meta'>{t('plazaRound', { round: String(table.round) })} · {t('plazaWatchers', { count: String(table.watchers) })}</Text>
        {mine === null && <Text className='plaza-table__meta' data-testid='plaza-watching'>{t('plazaWatching')}</Text>}
      </View>
      {store.invite !== null && table.access === 'invite' && table.created_by === uid && <Text className='plaza-table__meta'>{t('plazaInviteCode', { code: store.invite })}</Text>}
      <View className='plaza-table__seats'>
        {table.seats.map(seat => (
          <Seat key={seat.seat} seat={seat} table={table} now={now} uid={uid} moderator={moderator} canSitHere={canSit} onSit={() => { void store.sit(seat.seat) }} onRemove={() => { void remove(seat) }} />
        ))}
      </View>
      <TurnLine table={table} store={store} now={now} />
      {result !== null && (
        <View className='plaza-table__result' data-testid='plaza-result' {...STATUS}>
          {result.mine !== null && <Text className='plaza-table__result-mine'>{result.mine}</Text>}
          <Text className='plaza-table__result-line'>{result.line}</Text>
        </View>
      )}
      {store.view !== null && (
        <View className='plaza-table__game-area'>
          <GameArea view={store.view} names={names} canMove={store.myTurn} busy={store.moving} onMove={move => { void store.move(move) }} />
        </View>
      )}
      <View className='plaza-table__actions'>
        {canSit && store.hasFreeSeat && <Button className='plaza-table__action' size='mini' type='primary' data-testid='plaza-sit' disabled={disabledIf(store.busy)} onClick={() => { void store.sit() }}>{t('plazaSit')}</Button>}
        {mine !== null && table.status === 'waiting' && (
          <Button className='plaza-table__action' size='mini' type='primary' data-testid='plaza-ready' disabled={disabledIf(store.busy)} onClick={() => { void store.setReady(!mine.ready) }}>{t(mine.ready ? 'plazaUnready' : 'plazaReady')}</Button>
        )}
        {mine !== null && table.status === 'ended' && <Button className='plaza-table__action' size='mini' type='primary' data-testid='plaza-rematch' disabled={disabledIf(store.busy)} onClick={() => { void store.rematch() }}>{t('plazaRematch')}</Button>}
        {mine !== null && <Button className='plaza-table__action' size='mini' data-testid='plaza-stand' disabled={disabledIf(store.busy)} onClick={() => { void store.stand() }}>{t('plazaStand')}</Button>}
        {signedIn && table.status !== 'closed' && <Button className='plaza-table__action' size='mini' data-testid='plaza-invite-open' onClick={() => setInviting(true)}>{t('plazaInvite')}</Button>}
        {mayClose && <Button className='plaza-table__action plaza-table__action--danger' size='mini' data-testid='plaza-close' disabled={disabledIf(store.busy)} onClick={() => { void close() }}>{t('plazaClose')}</Button>}
      </View>
      {store.notice !== null && <Text className='plaza-table__notice' {...ALERT} data-testid='plaza-notice'>{store.notice}</Text>}
      {inviting && <InviteSheet channels={chatChannels} busy={store.busy} onClose={() => setInviting(false)} onPick={channelId => { setInviting(false); void store.inviteTo(channelId) }} />}
    </View>
  )
}

export default observer(TableView)
