import { reversi, reversiFlips, reversiLegal, REVERSI_SIZE, type ReversiState } from '@core/domain/games/reversi'
import type { BoardCell, ReversiMove } from '@core/domain/games/views'
import { randomBelow } from '@core/domain/games/random'
import { replay } from '@core/domain/games/replay'
import { playRandom, seeds, type Chooser } from './support'

const at = (x: number, y: number) => y * REVERSI_SIZE + x

/** A random legal square, now and then a timeout or forfeit instead. */
const randomLegal: Chooser<ReversiState, ReversiMove> = (state, seat, random) => {
  const roll = random.next()
  if (roll < 0.005) return { seat, timeout: true }
  if (roll < 0.01) return { seat: randomBelow(random, 2), forfeit: true }
  const legal = reversi.view(state, seat).legal
  return { seat, move: legal[randomBelow(random, legal.length)] }
}

/** A state of black to move on a board of the given discs (`[x, y, seat]`). */
function stateWith (discs: Array<[number, number, BoardCell]>): ReversiState {
  const state = reversi.setup(2, 0)
  const board = state.board.map((): BoardCell => -1)
  for (const [x, y, seat] of discs) board[at(x, y)] = seat
  return { ...state, board }
}

function play (state: ReversiState, seat: number, x: number, y: number): ReversiState {
  const played = reversi.move(state, seat, { x, y })
  if (!played.ok) throw new Error(played.reason)
  return played.state
}

describe('黑白棋', () => {
  it('starts with the four middle discs, black to move on its four squares', () => {
    const state = reversi.setup(2, 9)
    const view = reversi.view(state, null)
    expect(view.discs).toEqual([2, 2])
    expect([state.board[at(3, 3)], state.board[at(4, 4)], state.board[at(4, 3)], state.board[at(3, 4)]]).toEqual([1, 1, 0, 0])
    expect(view.legal).toEqual([{ x: 3, y: 2 }, { x: 2, y: 3 }, { x: 5, y: 4 }, { x: 4, y: 5 }])
    expect(reversi.toMove(state)).toEqual([0])
    expect(() => reversi.setup(1, 9)).toThrow(RangeError)
    expect([reversi.timeoutLoses, reversi.seats, reversi.defaultSeats]).toEqual([true, { min: 2, max: 2 }, 2])
  })

  it.each([
    ['a string', 'd3'], ['NaN', { x: NaN, y: 2 }], ['off the board', { x: 8, y: 0 }], ['an extra field', { x: 3, y: 2, seat: 0 }], ['undefined', undefined],
  ])('refuses %s as a move', (_, input) => {
    expect(reversi.parseMove(input)).toBeNull()
  })

  it('keeps its invariants over many random games: every move flips, discs add up, turns pass only when stuck', () => {
    for (const seed of seeds(25)) {
      const { states, steps } = playRandom(reversi, 2, seed, randomLegal)
      states.slice(1).forEach((state, i) => {
        const before = states[i]
        const step = steps[i]
        const [black, white] = reversi.view(state, null).discs
        if (!('move' in step)) {
          expect(state.result?.how).toBe('timeout' in step ? 'timeout' : 'forfeit')
          return
        }
        const mover = step.seat as 0 | 1
        const flips = reversiFlips(before.board, step.move, mover)
        expect(flips.length).toBeGreaterThan(0)
        // only the square played and the discs it flipped changed, all now the mover's
        const expected = before.board.map((cell, index) => index === at(step.move.x, step.move.y) || flips.includes(index) ? mover : cell)
        expect(state.board).toEqual(expected)
        const [blackBefore, whiteBefore] = reversi.view(before, null).discs
        expect(black + white).toBe(blackBefore + whiteBefore + 1)
        const other = (1 - mover) as 0 | 1
        if (reversiLegal(state.board, other).length > 0) expect([state.next, state.passed]).toEqual([other, null])
        else if (reversiLegal(state.board, mover).length > 0) expect([state.next, state.passed]).toEqual([mover, other])
        else {
          expect(state.next).toBeNull()
          expect(state.result?.how).toBe('discs')
          expect(state.result?.draw).toBe(black === white)
          if (black !== white) expect(state.result?.winners).toEqual([black > white ? 0 : 1])
        }
        // an out-of-turn or flipless move changes nothing
        const snapshot = JSON.stringify(state)
        if (state.next !== null) {
          expect(reversi.move(state, 1 - state.next, reversi.view(state, null).legal[0])).toEqual({ ok: false, reason: 'not_your_turn' })
          expect(reversi.move(state, state.next, step.move)).toEqual({ ok: false, reason: 'occupied' })
        } else {
          expect(reversi.move(state, mover, { x: 0, y: 0 })).toEqual({ ok: false, reason: 'over' })
        }
        expect(JSON.stringify(state)).toBe(snapshot)
      })
      expect(replay(reversi, 2, seed, steps)).toEqual(states[states.length - 1])
    }
  })

  it('refuses an empty square that flips nothing, and a bad shape passed straight to move', () => {
    const state = reversi.setup(2, 1)
    expect(reversi.move(state, 0, { x: 0, y: 0 })).toEqual({ ok: false, reason: 'no_flip' })
    expect(reversi.move(state, 0, { x: 9, y: 0 })).toEqual({ ok: false, reason: 'bad_move' })
    expect(reversi.move(state, 0, { x: 3, y: 3 })).toEqual({ ok: false, reason: 'occupied' })
  })

  it('passes a seat that cannot move, then ends when neither can, more discs winning', () => {
    const state = stateWith([[0, 0, 0], [1, 0, 1], [0, 7, 0], [1, 7, 1]])
    const passed = play(state, 0, 2, 0)
    expect([passed.next, passed.passed, reversi.view(passed, 1).passed]).toEqual([0, 1, 1])
    expect(reversi.toMove(passed)).toEqual([0])
    const ended = play(passed, 0, 2, 7)
    expect(reversi.outcome(ended)).toEqual({ winners: [0], losers: [1], draw: false, how: 'discs' })
    expect(reversi.view(ended, null)).toMatchObject({ next: null, legal: [], discs: [6, 0], passed: null })
  })

  it('ends in a draw on equal discs, and gives white the win on more', () => {
    const draw = play(stateWith([[0, 0, 0], [1, 0, 1], [5, 7, 1], [6, 7, 1], [7, 7, 1]]), 0, 2, 0)
    expect(reversi.outcome(draw)).toEqual({ winners: [], losers: [], draw: true, how: 'discs' })
    const white = play(stateWith([[0, 0, 0], [1, 0, 1], [4, 7, 1], [5, 7, 1], [6, 7, 1], [7, 7, 1]]), 0, 2, 0)
    expect(reversi.outcome(white)).toEqual({ winners: [1], losers: [0], draw: false, how: 'discs' })
  })

  it('flips every line a disc closes, and only those', () => {
    const state = stateWith([[0, 0, 0], [1, 1, 1], [2, 0, 1], [4, 0, 0], [2, 4, 0], [2, 3, 1], [5, 5, 1]])
    expect(reversiFlips(state.board, { x: 2, y: 2 }, 0).sort((a, b) => a - b)).toEqual([at(2, 3), at(1, 1)].sort((a, b) => a - b))
    expect(reversiFlips(state.board, { x: 3, y: 0 }, 0)).toEqual([]) // its line runs into an empty square
    expect(reversiFlips(state.board, { x: 0, y: 0 }, 1)).toEqual([])
  })

  it('ends on the mover\'s timeout or a forfeit, as the other board game does', () => {
    const state = reversi.setup(2, 3)
    expect(reversi.timeout(state, 1)).toBe(state)
    expect(reversi.outcome(reversi.timeout(state, 0))).toEqual({ winners: [1], losers: [0], draw: false, how: 'timeout' })
    expect(reversi.outcome(reversi.forfeit(state, 1))).toEqual({ winners: [0], losers: [1], draw: false, how: 'forfeit' })
    expect(reversi.view(reversi.forfeit(state, 1), 0).legal).toEqual([])
  })
})
