import { ELO_K, RATING_START, expectedScore, ratingsAfter } from '@core/domain/games/rating'
import type { GameOutcome } from '@core/domain/games/definition'
import { PLAZA_RATING_START } from '@core/wire/plaza-codes'
import { randomBelow, seededRandom } from '@core/domain/games/random'

const win = (winners: number[], losers: number[]): GameOutcome => ({ winners, losers, draw: false, how: 'five' })
const DRAW: GameOutcome = { winners: [], losers: [], draw: true, how: 'board_full' }

describe('Elo ratings', () => {
  it('starts at the plaza\'s start and expects half between equals', () => {
    expect(RATING_START).toBe(PLAZA_RATING_START)
    expect(expectedScore(1500, 1500)).toBe(0.5)
    expect(expectedScore(1600, 1200)).toBeCloseTo(0.909, 3)
  })

  it('moves equals by half of K on a win, not at all on a draw', () => {
    expect(ratingsAfter([RATING_START, RATING_START], win([0], [1]))).toEqual([RATING_START + ELO_K / 2, RATING_START - ELO_K / 2])
    expect(ratingsAfter([RATING_START, RATING_START], DRAW)).toEqual([RATING_START, RATING_START])
  })

  it('is zero-sum for two players, whatever the ratings and the result', () => {
    const random = seededRandom(3)
    const outcomes = [win([0], [1]), win([1], [0]), DRAW]
    for (let i = 0; i < 2000; i++) {
      const before = [800 + randomBelow(random, 1200), 800 + randomBelow(random, 1200)]
      const after = ratingsAfter(before, outcomes[i % 3])
      expect(after[0] + after[1]).toBe(before[0] + before[1])
      expect(after.every(Number.isInteger)).toBe(true)
      expect(Math.abs(after[0] - before[0])).toBeLessThanOrEqual(ELO_K)
    }
  })

  it('gives the weaker side more for an upset and a draw', () => {
    const [strong, weak] = ratingsAfter([1600, 1200], win([1], [0]))
    expect([1600 - strong, weak - 1200]).toEqual([29, 29])
    expect(ratingsAfter([1600, 1200], DRAW)).toEqual([1587, 1213])
  })

  it('scores a game of many as each winner against each loser, leaving a seat in neither as it was', () => {
    const after = ratingsAfter([1200, 1200, 1200, 1200, 1000], win([0], [1, 2, 3]))
    expect(after).toEqual([1216, 1184, 1184, 1184, 1000])
    const civilians = ratingsAfter([1200, 1200, 1200, 1200], win([1, 2, 3], [0]))
    expect(civilians).toEqual([1184, 1216, 1216, 1216])
  })
})
