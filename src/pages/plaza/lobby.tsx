import { Button, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react'
import type { PlazaGame, PlazaTable } from '@core/wire/plaza'
import ChatAvatar from '@/components/chat-avatar'
import StateView from '@/components/state-view'
import { GAME_NAME_KEYS } from '@/constants/games'
import { t, type MessageKey } from '@/i18n'
import type { PlazaLobbyStore } from '@/stores/plaza/lobby-store'
import { pressable } from '@/utils/pressable'

/** How each table status reads. */
export const TABLE_STATUS_KEYS: Readonly<Record<PlazaTable['status'], MessageKey>> = {
  waiting: 'plazaStatusWaiting',
  playing: 'plazaStatusPlaying',
  ended: 'plazaStatusEnded',
  closed: 'plazaStatusClosed',
}

/** A game's seats as read: `2 人`, or `4–8 人`. */
export function seatRange (game: PlazaGame): string {
  return game.seats_min === game.seats_max
    ? t('plazaSeatsFixed', { count: String(game.seats_min) })
    : t('plazaSeatsRange', { min: String(game.seats_min), max: String(game.seats_max) })
}

/** One open table in the list: its game, status, who sits, seats taken and how many watch. */
function TableRow ({ table, onOpen }: { table: PlazaTable, onOpen: () => void }) {
  const seated = table.seats.filter(seat => seat.uid !== null)
  return (
    <View className='plaza-lobby__table' data-testid={`plaza-table-${table.table_id}`} {...pressable(onOpen)}>
      <View className='plaza-lobby__table-head'>
        <Text className='plaza-lobby__table-game'>{t(GAME_NAME_KEYS[table.game])}</Text>
        <Text className={`plaza-lobby__status plaza-lobby__status--${table.status}`}>{t(TABLE_STATUS_KEYS[table.status])}</Text>
        {table.access === 'invite' && <Text className='plaza-lobby__access'>{t('plazaAccessInvite')}</Text>}
      </View>
      <View className='plaza-lobby__players'>
        {seated.map(seat => (
          <View key={seat.seat} className='plaza-lobby__player'>
            <ChatAvatar user={{ uid: seat.uid ?? '', nickname: seat.nickname, avatar: seat.avatar }} small />
            <Text className='plaza-lobby__player-name'>{seat.nickname}</Text>
          </View>
        ))}
      </View>
      <View className='plaza-lobby__table-foot'>
        <Text>{t('plazaSeatsTaken', { taken: String(seated.length), total: String(table.seats.length) })}</Text>
        <Text>{t('plazaWatchers', { count: String(table.watchers) })}</Text>
      </View>
    </View>
  )
}

/** What the lobby shows and where its taps lead. */
export interface LobbyProps {
  lobby: PlazaLobbyStore
  /** The member may make a table (signed in). */
  canCreate: boolean
  onCreate: (game: PlazaGame['game']) => void
  onOpen: (table: PlazaTable) => void
}

/** The lobby: the games on offer (each with its seats, tapping one starts a table of it), then the open tables, live. */
function Lobby ({ lobby, canCreate, onCreate, onOpen }: LobbyProps) {
  if (lobby.status === 'error') return <StateView status='error' message={lobby.error} retryable={lobby.retryable} onRetry={() => { void lobby.load() }} />
  if (lobby.status !== 'ready') return <StateView status='loading' />
  return (
    <View className='plaza-lobby' data-testid='plaza-lobby'>
      <View className='plaza-lobby__section'>
        <Text className='plaza-lobby__heading'>{t('plazaGames')}</Text>
        <View className='plaza-lobby__games'>
          {lobby.games.map(game => (
            <View key={game.game} className='plaza-lobby__game' data-testid={`plaza-game-${game.game}`}>
              <Text className='plaza-lobby__game-name'>{t(GAME_NAME_KEYS[game.game])}</Text>
              <Text className='plaza-lobby__game-seats'>{seatRange(game)}</Text>
              {canCreate && <Button className='plaza-lobby__create' size='mini' type='primary' onClick={() => onCreate(game.game)}>{t('plazaCreate')}</Button>}
            </View>
          ))}
        </View>
      </View>
      <View className='plaza-lobby__section'>
        <Text className='plaza-lobby__heading'>{t('plazaTables')}</Text>
        {lobby.tables.length === 0
          ? <StateView status='empty' compact message={t('plazaNoTables')} />
          : (
            <View className='plaza-lobby__tables'>
              {lobby.tables.map(table => <TableRow key={table.table_id} table={table} onOpen={() => onOpen(table)} />)}
            </View>
            )}
      </View>
    </View>
  )
}

export default observer(Lobby)
