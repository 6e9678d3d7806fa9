import { gomoku, GOMOKU_SIZE, type GomokuState } from '@core/domain/games/gomoku'
import type { GomokuMove } from '@core/domain/games/views'
import { randomBelow } from '@core/domain/games/random'
import { replay } from '@core/domain/games/replay'
import { playRandom, seeds, type Chooser } from './support'

/** A random free point, now and then a timeout or forfeit instead. */
const randomPoint: Chooser<GomokuState, GomokuMove> = (state, seat, random) => {
  const roll = random.next()
  if (roll < 0.003) return { seat, timeout: true }
  if (roll < 0.006) return { seat: randomBelow(random, 2), forfeit: true }
  const free = state.board.flatMap((cell, index) => cell === -1 ? [index] : [])
  const index = free[randomBelow(random, free.length)]
  return { seat, move: { x: index % GOMOKU_SIZE, y: Math.floor(index / GOMOKU_SIZE) } }
}

/** Plays `points` in turn from the start. */
function playAll (points: Array<[number, number]>): GomokuState {
  return points.reduce((state, [x, y]) => {
    const played = gomoku.move(state, state.next ?? -1, { x, y })
    if (!played.ok) throw new Error(played.reason)
    return played.state
  }, gomoku.setup(2, 0))
}

describe('五子棋', () => {
  it('starts empty with black (seat 0) to move, and only for two seats', () => {
    const state = gomoku.setup(2, 42)
    expect(state.board).toHaveLength(GOMOKU_SIZE * GOMOKU_SIZE)
    expect(state.board.every(cell => cell === -1)).toBe(true)
    expect(gomoku.toMove(state)).toEqual([0])
    expect(gomoku.outcome(state)).toBeNull()
    expect(() => gomoku.setup(3, 1)).toThrow(RangeError)
    expect([gomoku.timeoutLoses, gomoku.seats, gomoku.defaultSeats]).toEqual([true, { min: 2, max: 2 }, 2])
  })

  it.each([
    ['a string', '7,7'], ['null', null], ['an array', [7, 7]], ['a number', 7], ['a missing field', { x: 1 }],
    ['an extra field', { x: 1, y: 1, z: 1 }], ['NaN', { x: NaN, y: 1 }], ['a fraction', { x: 1.5, y: 1 }],
    ['a string coordinate', { x: '1', y: 1 }], ['off the right', { x: GOMOKU_SIZE, y: 0 }], ['off the top', { x: 0, y: -1 }],
    ['other fields', { a: 1, b: 2 }],
  ])('refuses %s as a move', (_, input) => {
    expect(gomoku.parseMove(input)).toBeNull()
  })

  it('reads a point on the board', () => {
    expect(gomoku.parseMove({ y: 14, x: 0 })).toEqual({ x: 0, y: 14 })
  })

  it('keeps its invariants over many random games, and replays each from its steps', () => {
    for (const seed of seeds(15)) {
      const { states, steps } = playRandom(gomoku, 2, seed, randomPoint)
      states.forEach((state, i) => {
        const black = state.board.filter(cell => cell === 0).length
        const white = state.board.filter(cell => cell === 1).length
        expect(black + white).toBe(state.moves)
        expect(black - white).toBe(state.moves % 2) // black first, then in turn
        if (state.result === null) expect(state.next).toBe(state.moves % 2)
        else expect(gomoku.toMove(state)).toEqual([])
        if (state.result?.how === 'five') {
          const winner = state.result.winners[0]
          expect(state.line.length).toBeGreaterThanOrEqual(5)
          expect(state.line.every(point => state.board[point.y * GOMOKU_SIZE + point.x] === winner)).toBe(true)
        }
        if (i > 0 && state.moves > states[i - 1].moves) {
          // an occupied point, or the other seat, is refused and changes nothing
          const last = state.last as GomokuMove
          const before = JSON.stringify(state)
          expect(gomoku.move(state, state.next ?? 0, last)).toEqual(state.result ? { ok: false, reason: 'over' } : { ok: false, reason: 'occupied' })
          if (state.next !== null) expect(gomoku.move(state, 1 - state.next, { x: 0, y: 0 })).toEqual({ ok: false, reason: 'not_your_turn' })
          expect(JSON.stringify(state)).toBe(before)
        }
      })
      expect(replay(gomoku, 2, seed, steps)).toEqual(states[states.length - 1])
    }
  })

  it.each([
    ['across', [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1], [3, 0], [3, 1], [4, 0]]],
    ['down', [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [1, 2], [0, 3], [1, 3], [0, 4]]],
    ['diagonally', [[0, 0], [1, 0], [1, 1], [2, 0], [2, 2], [3, 0], [3, 3], [4, 0], [4, 4]]],
    ['up the other diagonal, the last stone in the middle', [[0, 4], [9, 9], [1, 3], [9, 10], [3, 1], [9, 11], [4, 0], [9, 12], [2, 2]]],
  ] as Array<[string, Array<[number, number]>]>)('wins with five %s', (_, points) => {
    const state = playAll(points)
    expect(gomoku.outcome(state)).toEqual({ winners: [0], losers: [1], draw: false, how: 'five' })
    expect(state.line).toHaveLength(5)
    expect(gomoku.toMove(state)).toEqual([])
    expect(gomoku.move(state, 1, { x: 14, y: 14 })).toEqual({ ok: false, reason: 'over' })
  })

  it('wins with six in a row (free style), the whole run marked', () => {
    const points: Array<[number, number]> = [[0, 0], [0, 5], [1, 0], [1, 5], [3, 0], [3, 5], [4, 0], [4, 5], [5, 0], [9, 9], [2, 0]]
    const state = playAll(points)
    expect(state.result?.winners).toEqual([0])
    expect(state.line).toEqual([0, 1, 2, 3, 4, 5].map(x => ({ x, y: 0 })))
  })

  it('lets white win too', () => {
    const state = playAll([[9, 9], [0, 0], [9, 11], [1, 0], [11, 9], [2, 0], [11, 11], [3, 0], [13, 13], [4, 0]])
    expect(state.result).toEqual({ winners: [1], losers: [0], draw: false, how: 'five' })
  })

  it('draws on a full board without five', () => {
    const cells = Array.from({ length: GOMOKU_SIZE * GOMOKU_SIZE }, (_, i) => i)
    const colour = (i: number) => ((i % GOMOKU_SIZE >> 1) + Math.floor(i / GOMOKU_SIZE)) % 2 // runs of two at most, every way
    const black = cells.filter(i => colour(i) === 0)
    const white = cells.filter(i => colour(i) === 1)
    const order = black.flatMap((b, i) => i < white.length ? [b, white[i]] : [b])
    const state = playAll(order.map(i => [i % GOMOKU_SIZE, Math.floor(i / GOMOKU_SIZE)]))
    expect(state.moves).toBe(GOMOKU_SIZE * GOMOKU_SIZE)
    expect(gomoku.outcome(state)).toEqual({ winners: [], losers: [], draw: true, how: 'board_full' })
  })

  it('refuses a bad shape passed straight to move, and a seat not at the table', () => {
    const state = gomoku.setup(2, 1)
    expect(gomoku.move(state, 0, { x: -1, y: 3 })).toEqual({ ok: false, reason: 'bad_move' })
    expect(gomoku.move(state, 0, { x: 'a', y: 3 } as unknown as GomokuMove)).toEqual({ ok: false, reason: 'bad_move' })
    expect(gomoku.move(state, 2, { x: 1, y: 3 })).toEqual({ ok: false, reason: 'not_your_turn' })
  })

  it('loses on the mover\'s timeout, ignores another seat\'s, and loses on a forfeit of either seat', () => {
    const state = playAll([[7, 7]])
    expect(gomoku.timeout(state, 0)).toBe(state)
    expect(gomoku.outcome(gomoku.timeout(state, 1))).toEqual({ winners: [0], losers: [1], draw: false, how: 'timeout' })
    expect(gomoku.outcome(gomoku.forfeit(state, 0))).toEqual({ winners: [1], losers: [0], draw: false, how: 'forfeit' })
    expect(gomoku.outcome(gomoku.forfeit(state, 1))).toEqual({ winners: [0], losers: [1], draw: false, how: 'forfeit' })
    expect(gomoku.forfeit(state, 2)).toBe(state)
    const over = gomoku.forfeit(state, 1)
    expect(gomoku.timeout(over, 1)).toBe(over)
    expect(gomoku.forfeit(over, 0)).toBe(over)
    expect(gomoku.view(over, 0).next).toBeNull()
  })

  it('shows every viewer the same view, a copy of the board', () => {
    const state = playAll([[7, 7], [8, 8]])
    const view = gomoku.view(state, null)
    expect(view).toEqual({ size: GOMOKU_SIZE, board: state.board, next: 0, last: { x: 8, y: 8 }, line: [], moves: 2 })
    expect(gomoku.view(state, 0)).toEqual(view)
    expect(gomoku.view(state, 1)).toEqual(view)
    view.board[0] = 1
    expect(state.board[0]).toBe(-1)
  })
})
