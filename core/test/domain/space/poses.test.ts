import { applyTickPoses, bookOf, tellMove, type Pose, type PoseBook } from '@core/domain/space'

/** The server's book and the viewer's, both from the same space_ready. */
function books (): { server: PoseBook, viewer: PoseBook } {
  const ready = [{ id: 1, x: 100, y: 200, dir: 0 }, { id: 2, x: 1040, y: 872, dir: 2 }]
  return { server: bookOf(ready), viewer: bookOf(ready) }
}

describe('space poses', () => {
  it('tells a move as its difference from the pose last told, and the viewer ends at the same pose', () => {
    const { server, viewer } = books()
    const moves = { m: [] as number[], turn: [] as number[] }
    tellMove(server, 2, { x: 1048, y: 864, dir: 2 }, moves)
    expect(moves).toEqual({ m: [2, 8, -8], turn: [] })
    expect(applyTickPoses(viewer, moves)).toEqual({ entered: [], moved: [2] })
    expect(viewer.get(2)).toEqual({ x: 1048, y: 864, dir: 2 })
    expect(viewer).toEqual(server)
  })

  it('tells a turn apart from the move, and a turn in place without a move', () => {
    const { server, viewer } = books()
    const moves = { m: [] as number[], turn: [] as number[] }
    tellMove(server, 1, { x: 116, y: 200, dir: 2 }, moves)
    tellMove(server, 2, { x: 1040, y: 872, dir: 3 }, moves)
    expect(moves).toEqual({ m: [1, 16, 0], turn: [1, 2, 2, 3] })
    expect(applyTickPoses(viewer, moves)).toEqual({ entered: [], moved: [1, 2] })
    expect(viewer).toEqual(server)
  })

  it('tells nothing for a pose the viewer already holds', () => {
    const { server } = books()
    const moves = { m: [] as number[], turn: [] as number[] }
    tellMove(server, 1, { x: 100, y: 200, dir: 0 }, moves)
    expect(moves).toEqual({ m: [], turn: [] })
  })

  it('keeps every later delta against the last pose told, however many ticks pass', () => {
    const { server, viewer } = books()
    const path: Pose[] = [{ x: 116, y: 200, dir: 2 }, { x: 116, y: 185, dir: 3 }, { x: 90, y: 150, dir: 1 }, { x: 90, y: 150, dir: 0 }]
    for (const pose of path) {
      const moves = { m: [] as number[], turn: [] as number[] }
      tellMove(server, 1, pose, moves)
      applyTickPoses(viewer, moves)
      expect(viewer.get(1)).toEqual(pose)
    }
  })

  it('takes whole poses from in and back, and forgets those gone out', () => {
    const viewer = bookOf([{ id: 1, x: 100, y: 200, dir: 0 }, { id: 2, x: 1040, y: 872, dir: 2 }])
    const changes = applyTickPoses(viewer, { m: [1, -4, 4], in: [{ id: 3, x: 50, y: 60, dir: 1 }], back: [4, 70, 80, 3], out: [2] })
    expect(changes).toEqual({ entered: [3, 4], moved: [1] })
    expect([...viewer]).toEqual([[1, { x: 96, y: 204, dir: 0 }], [3, { x: 50, y: 60, dir: 1 }], [4, { x: 70, y: 80, dir: 3 }]])
  })

  it('skips a move or turn of an avatar the viewer holds no pose of', () => {
    const viewer = bookOf([{ id: 1, x: 100, y: 200, dir: 0 }])
    expect(applyTickPoses(viewer, { m: [9, 8, 8], turn: [9, 2] })).toEqual({ entered: [], moved: [] })
    expect([...viewer.keys()]).toEqual([1])
  })
})
