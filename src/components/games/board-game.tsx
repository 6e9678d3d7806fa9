import { Text, View } from '@tarojs/components'
import type { GomokuMove, GomokuView, ReversiMove, ReversiView } from '@core/domain/games/views'
import { t } from '@/i18n'
import Board from './board'
import './board-game.scss'

/** What a board game's area shows. */
export interface BoardGameProps<V, M> {
  view: V
  /** The name of the member at each seat (seat 0 black, seat 1 white). */
  names: readonly string[]
  /** The member's seat may move now: the board takes taps. */
  canMove: boolean
  onMove: (move: M) => void
}

/** The names and colours of the two sides, the one to move marked. */
function Sides ({ names, next, counts }: { names: readonly string[], next: 0 | 1 | null, counts?: readonly [number, number] }) {
  return (
    <View className='board-game__sides'>
      {([0, 1] as const).map(seat => (
        <View key={seat} className={`board-game__side${next === seat ? ' board-game__side--next' : ''}`}>
          <View className={`board-game__swatch board-game__swatch--${seat === 0 ? 'black' : 'white'}`} />
          <Text className='board-game__name'>{names[seat] ?? t(seat === 0 ? 'plazaBlack' : 'plazaWhite')}</Text>
          {counts && <Text className='board-game__count'>{counts[seat]}</Text>}
        </View>
      ))}
    </View>
  )
}

/** 五子棋: the board (a tap on a free point plays there), the sides, the last stone and the winning five marked. */
export function GomokuGame ({ view, names, canMove, onMove }: BoardGameProps<GomokuView, GomokuMove>) {
  return (
    <View className='board-game' data-testid='gomoku'>
      <Sides names={names} next={view.next} />
      <Board
        look='grid'
        size={view.size}
        board={view.board}
        last={view.last}
        line={view.line}
        label={t('plazaBoard', { game: t('gameGomoku') })}
        onTap={canMove ? point => onMove(point) : undefined}
      />
    </View>
  )
}

/** 黑白棋: the board with the squares the side to move may play marked (a tap on one plays it), each side's discs, a passed turn said. */
export function ReversiGame ({ view, names, canMove, onMove }: BoardGameProps<ReversiView, ReversiMove>) {
  return (
    <View className='board-game' data-testid='reversi'>
      <Sides names={names} next={view.next} counts={view.discs} />
      {view.passed !== null && <Text className='board-game__note'>{t('plazaPassed', { name: names[view.passed] ?? '' })}</Text>}
      <Board
        look='squares'
        size={view.size}
        board={view.board}
        last={view.last}
        marks={canMove ? view.legal : []}
        label={t('plazaBoard', { game: t('gameReversi') })}
        onTap={canMove ? point => onMove(point) : undefined}
      />
    </View>
  )
}
