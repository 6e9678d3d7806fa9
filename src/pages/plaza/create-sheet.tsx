import { useState } from 'react'
import { Button, Text, View } from '@tarojs/components'
import type { GameId } from '@core/domain/games/definition'
import type { CreateTableBody, PlazaGame, PlazaTableAccess } from '@core/wire/plaza'
import { PLAZA_TABLE_ACCESS, PLAZA_TURN_SECONDS_DEFAULT, PLAZA_TURN_SECONDS_MAX, PLAZA_TURN_SECONDS_MIN } from '@core/wire/plaza-codes'
import { ALERT, DIALOG, RADIO, RADIOGROUP } from '@/constants/a11y'
import { GAME_NAME_KEYS } from '@/constants/games'
import { t, type MessageKey } from '@/i18n'
import { disabledIf } from '@/utils/disabled-if'
import { pressable } from '@/utils/pressable'

/** The turn timers offered (seconds), within the plaza's range. */
export const TURN_TIMER_CHOICES = [15, 30, PLAZA_TURN_SECONDS_DEFAULT, 120, PLAZA_TURN_SECONDS_MAX].filter(seconds => seconds >= PLAZA_TURN_SECONDS_MIN)

/** How each access reads. */
const ACCESS_KEYS: Readonly<Record<PlazaTableAccess, MessageKey>> = { open: 'plazaAccessOpen', invite: 'plazaAccessInvite' }

/** What the sheet offers and what it asks for. */
export interface CreateSheetProps {
  games: readonly PlazaGame[]
  /** The game picked first (the one tapped in the lobby). */
  initialGame: GameId
  busy: boolean
  /** Why the last create failed, or null. */
  error: string | null
  onCreate: (body: CreateTableBody) => void
  onClose: () => void
}

/** A row of choices, the picked one marked. */
function Choices<T extends string | number> ({ label, values, picked, name, onPick, testId }: { label: string, values: readonly T[], picked: T, name: (value: T) => string, onPick: (value: T) => void, testId: string }) {
  return (
    <View className='plaza-sheet__field'>
      <Text className='plaza-sheet__label'>{label}</Text>
      <View className='plaza-sheet__choices' data-testid={testId} {...RADIOGROUP} ariaLabel={label}>
        {values.map(value => (
          <View key={value} className={`plaza-sheet__choice${value === picked ? ' plaza-sheet__choice--on' : ''}`} {...RADIO} aria-checked={value === picked} {...pressable(() => onPick(value))}>{name(value)}</View>
        ))}
      </View>
    </View>
  )
}

/** The seat counts a table of `game` may have. */
function seatChoices (game: PlazaGame): number[] {
  return Array.from({ length: game.seats_max - game.seats_min + 1 }, (_, index) => game.seats_min + index)
}

/** 创建牌桌: the game, its seats (within the game's range), open or invite-only, the turn timer. */
export default function CreateSheet ({ games, initialGame, busy, error, onCreate, onClose }: CreateSheetProps) {
  const [gameId, setGameId] = useState<GameId>(initialGame)
  const game = games.find(offered => offered.game === gameId) ?? games[0]
  const [seats, setSeats] = useState(game?.seats_default ?? 2)
  const [access, setAccess] = useState<PlazaTableAccess>('open')
  const [turnSeconds, setTurnSeconds] = useState(PLAZA_TURN_SECONDS_DEFAULT)
  if (game === undefined) return null
  const pickGame = (next: GameId) => {
    setGameId(next)
    setSeats(games.find(offered => offered.game === next)?.seats_default ?? seats)
  }
  const fixed = game.seats_min === game.seats_max
  return (
    <View className='plaza-sheet' data-testid='plaza-create'>
      <View className='plaza-sheet__shade' {...pressable(onClose)} />
      <View className='plaza-sheet__panel' {...DIALOG} ariaLabel={t('plazaCreate')}>
        <Text className='plaza-sheet__title'>{t('plazaCreate')}</Text>
        <Choices label={t('plazaCreateGame')} values={games.map(offered => offered.game)} picked={game.game} name={id => t(GAME_NAME_KEYS[id])} onPick={pickGame} testId='plaza-create-game' />
        {!fixed && <Choices label={t('plazaCreateSeats')} values={seatChoices(game)} picked={seats} name={count => t('plazaSeatsFixed', { count: String(count) })} onPick={setSeats} testId='plaza-create-seats' />}
        <Choices label={t('plazaCreateAccess')} values={PLAZA_TABLE_ACCESS} picked={access} name={value => t(ACCESS_KEYS[value])} onPick={setAccess} testId='plaza-create-access' />
        <Choices label={t('plazaCreateTimer')} values={TURN_TIMER_CHOICES} picked={turnSeconds} name={value => t('plazaSeconds', { seconds: String(value) })} onPick={setTurnSeconds} testId='plaza-create-timer' />
        {error !== null && <Text className='plaza-sheet__error' {...ALERT}>{error}</Text>}
        <View className='plaza-sheet__actions'>
          <Button className='plaza-sheet__button' size='mini' onClick={onClose}>{t('plazaCancel')}</Button>
          <Button
            className='plaza-sheet__button'
            size='mini'
            type='primary'
            data-testid='plaza-create-submit'
            disabled={disabledIf(busy)}
            onClick={() => onCreate({ game: game.game, seats: fixed ? game.seats_min : seats, access, turn_seconds: turnSeconds })}
          >{t('plazaCreateSubmit')}</Button>
        </View>
      </View>
    </View>
  )
}
