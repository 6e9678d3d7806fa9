import type { GameId } from '@core/domain/games/definition'
import type { GameView } from '@core/domain/games/views'
import type { PlazaGameView } from '@core/wire/plaza'
import { GomokuGame, ReversiGame } from './board-game'
import SpyGame from './spy-game'

/** What a table's game area shows and what a move asks for. */
export interface GameAreaProps {
  /** The member's view of the game (its `view` is the game's, core/domain/games/views.ts). */
  view: PlazaGameView
  /** The name of the member at each seat. */
  names: readonly string[]
  /** The member's seat may move now. */
  canMove: boolean
  /** A move is on its way. */
  busy: boolean
  onMove: (move: unknown) => void
}

/** The game's own view inside a table's view: the wire carries it untyped, its game names its shape (core/domain/games/views.ts GameShapes). */
function viewOf<G extends GameId> (view: PlazaGameView, _game: G): GameView<G> {
  return view.view as GameView<G>
}

/** The game area of a table: the board or the party game of its game, drawn from the member's view. */
export default function GameArea ({ view, names, canMove, busy, onMove }: GameAreaProps) {
  switch (view.game) {
    case 'gomoku': return <GomokuGame view={viewOf(view, 'gomoku')} names={names} canMove={canMove && !busy} onMove={onMove} />
    case 'reversi': return <ReversiGame view={viewOf(view, 'reversi')} names={names} canMove={canMove && !busy} onMove={onMove} />
    case 'spy': return <SpyGame view={viewOf(view, 'spy')} names={names} mySeat={view.seat} canMove={canMove} busy={busy} onMove={onMove} />
  }
}
