import { View } from '@tarojs/components'
import type { BoardCell, BoardPoint } from '@core/domain/games/views'
import { t } from '@/i18n'
import { pressable } from '@/utils/pressable'
import './board.scss'

/** What a board shows and what a tap on it asks for. */
export interface BoardProps {
  /** Points per side. */
  size: number
  /** Row-major cells, `y * size + x`. */
  board: readonly BoardCell[]
  /** The last stone or disc played, marked. */
  last: BoardPoint | null
  /** Points marked as playable (reversi's legal squares), empty for none. */
  marks?: readonly BoardPoint[]
  /** Points marked as winning (gomoku's five), empty for none. */
  line?: readonly BoardPoint[]
  /** Called with the tapped point when the member may play there; absent: the board only shows. */
  onTap?: (point: BoardPoint) => void
  /** The board's name for a screen reader (五子棋棋盘). */
  label: string
  /** `grid`: stones on the lines' crossings (gomoku); `squares`: discs in green squares (reversi). */
  look: 'grid' | 'squares'
}

/** The key of a point. */
function keyOf (point: BoardPoint, size: number): number {
  return point.y * size + point.x
}

/**
 * A square board of View cells (one per point, so the mini-program draws it the same as the
 * browser): stones or discs of seat 0 (black) and 1 (white), the last one marked, the playable
 * points marked, the winning line lit. Tapping a point calls `onTap` — the store decides and
 * the server referees. Its side follows the width it is given (a phone's, or the desktop's column).
 */
export default function Board ({ size, board, last, marks = [], line = [], onTap, label, look }: BoardProps) {
  const marked = new Set(marks.map(point => keyOf(point, size)))
  const lit = new Set(line.map(point => keyOf(point, size)))
  const lastKey = last === null ? -1 : keyOf(last, size)
  const side = `${100 / size}%`
  return (
    <View className={`game-board game-board--${look}`} ariaLabel={label} data-testid='game-board'>
      <View className='game-board__square'>
        <View className='game-board__inner'>
        {board.map((cell, index) => {
          const point = { x: index % size, y: Math.floor(index / size) }
          const playable = onTap !== undefined && cell === -1 && (look === 'grid' || marked.has(index))
          const classes = ['game-board__cell']
          if (marked.has(index)) classes.push('game-board__cell--legal')
          if (playable) classes.push('game-board__cell--playable')
          return (
            <View
              key={index}
              className={classes.join(' ')}
              style={{ width: side, height: side }}
              data-testid={`cell-${point.x}-${point.y}`}
              ariaLabel={t('plazaPoint', { row: String(point.y + 1), column: String(point.x + 1) })}
              {...(playable ? pressable(() => onTap(point)) : {})}
            >
              {cell !== -1 && (
                <View className={`game-board__stone game-board__stone--${cell === 0 ? 'black' : 'white'}${lit.has(index) ? ' game-board__stone--lit' : ''}${index === lastKey ? ' game-board__stone--last' : ''}`} />
              )}
            </View>
          )
        })}
        </View>
      </View>
    </View>
  )
}
