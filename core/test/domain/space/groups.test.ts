import { groupOfEach, regroup, type Point } from '@core/domain/space'

const RADIUS = 100
let ids = 0
const newId = (): number => ++ids

function at (...points: Array<[number, number, number]>): Map<number, Point> {
  return new Map(points.map(([id, x, y]) => [id, { x, y }]))
}

describe('conversation groups', () => {
  beforeEach(() => { ids = 0 })

  it('chains avatars within the radius into one group and leaves the far one out', () => {
    const groups = regroup(new Map(), at([1, 0, 0], [2, 90, 0], [3, 180, 0], [4, 1000, 0]), RADIUS, 8, newId)
    expect([...groups.values()]).toEqual([[1, 2, 3]])
    expect(groupOfEach(groups).has(4)).toBe(false)
  })

  it('keeps its id as members come and go; one walking away leaves it; a group of one dissolves', () => {
    const first = regroup(new Map(), at([1, 0, 0], [2, 50, 0]), RADIUS, 8, newId)
    const [id] = [...first.keys()]
    const joined = regroup(first, at([1, 0, 0], [2, 50, 0], [3, 120, 0]), RADIUS, 8, newId)
    expect(joined.get(id)).toEqual([1, 2, 3])
    const left = regroup(joined, at([1, 0, 0], [2, 50, 0], [3, 900, 0]), RADIUS, 8, newId)
    expect(left.get(id)).toEqual([1, 2])
    expect(regroup(left, at([1, 0, 0], [2, 900, 0]), RADIUS, 8, newId).size).toBe(0)
  })

  it('holds at most the maximum; the next one near stays out or pairs elsewhere', () => {
    const crowd = at(...Array.from({ length: 10 }, (_, index): [number, number, number] => [index + 1, index * 5, 0]))
    const groups = regroup(new Map(), crowd, RADIUS, 8, newId)
    for (const members of groups.values()) expect(members.length).toBeLessThanOrEqual(8)
    expect([...groups.values()].flat().length).toBe(10)
  })

  it('merges two groups that meet only when they fit', () => {
    const a = regroup(new Map(), at([1, 0, 0], [2, 50, 0], [3, 1000, 0], [4, 1050, 0]), RADIUS, 8, newId)
    expect(a.size).toBe(2)
    const met = regroup(a, at([1, 0, 0], [2, 50, 0], [3, 140, 0], [4, 190, 0]), RADIUS, 8, newId)
    expect([...met.values()]).toEqual([[1, 2, 3, 4]])
    const small = regroup(a, at([1, 0, 0], [2, 50, 0], [3, 140, 0], [4, 190, 0]), RADIUS, 3, newId)
    expect(small.size).toBe(2)
  })

  it('keeps two small groups apart when they do not meet', () => {
    const apart = regroup(new Map(), at([1, 0, 0], [2, 50, 0], [3, 1000, 0], [4, 1050, 0]), RADIUS, 8, newId)
    const still = regroup(apart, at([1, 0, 0], [2, 60, 0], [3, 1000, 0], [4, 1040, 0]), RADIUS, 8, newId)
    expect([...still.values()].sort((a, b) => a[0] - b[0])).toEqual([[1, 2], [3, 4]])
  })
})
