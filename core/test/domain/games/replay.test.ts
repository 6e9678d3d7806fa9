import { replay, ReplayError } from '@core/domain/games/replay'
import { gomoku } from '@core/domain/games/gomoku'
import { spy } from '@core/domain/games/spy'

describe('replaying a stored game', () => {
  it('rebuilds the state from the seed and the steps: moves, timeouts and forfeits', () => {
    const steps = [{ seat: 0, move: { x: 7, y: 7 } }, { seat: 1, move: { x: 8, y: 8 } }, { seat: 0, timeout: true as const }]
    expect(gomoku.outcome(replay(gomoku, 2, 1, steps))?.how).toBe('timeout')
    const left = replay(spy, 5, 9, [{ seat: 0, timeout: true }, { seat: 3, forfeit: true }])
    expect(left).toEqual(spy.forfeit(spy.timeout(spy.setup(5, 9), 0), 3))
    expect(replay(gomoku, 2, 1, [])).toEqual(gomoku.setup(2, 1))
  })

  it('throws on a stored move of the wrong shape, or one the game refuses', () => {
    expect(() => replay(gomoku, 2, 1, [{ seat: 0, move: 'e5' }])).toThrow(new ReplayError(0, 'bad_move'))
    const refused = (() => {
      try {
        replay(gomoku, 2, 1, [{ seat: 0, move: { x: 1, y: 1 } }, { seat: 1, move: { x: 1, y: 1 } }])
      } catch (error) {
        return error
      }
    })()
    expect(refused).toBeInstanceOf(ReplayError)
    expect(refused).toMatchObject({ index: 1, reason: 'occupied', name: 'ReplayError', message: 'replay: step 1 refused (occupied)' })
  })
})
