import { randomBelow, seededRandom, shuffled } from '@core/domain/games/random'

describe('the games\' seeded randomness', () => {
  it('gives the same sequence for the same seed, another for another, always in [0, 1)', () => {
    const draw = (seed: number) => { const random = seededRandom(seed); return Array.from({ length: 1000 }, () => random.next()) }
    expect(draw(7)).toEqual(draw(7))
    expect(draw(7)).not.toEqual(draw(8))
    expect(draw(2 ** 32 + 7)).toEqual(draw(7)) // only the low 32 bits count
    expect(draw(-3).every(value => value >= 0 && value < 1)).toBe(true)
  })

  it('draws integers below n, each of them', () => {
    const random = seededRandom(11)
    const seen = new Set(Array.from({ length: 500 }, () => randomBelow(random, 6)))
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5])
    expect(randomBelow(random, 1)).toBe(0)
    expect(() => randomBelow(random, 0)).toThrow(RangeError)
    expect(() => randomBelow(random, 2.5)).toThrow(RangeError)
  })

  it('shuffles a copy into a permutation, the same one for the same seed', () => {
    const items = Object.freeze([1, 2, 3, 4, 5, 6, 7, 8])
    const once = shuffled(seededRandom(5), items)
    expect([...once].sort()).toEqual([...items])
    expect(shuffled(seededRandom(5), items)).toEqual(once)
    expect(shuffled(seededRandom(5), [])).toEqual([])
  })
})
