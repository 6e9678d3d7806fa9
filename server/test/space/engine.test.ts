/**
 * The Space engine on its own (server/src/space/space.ts), with recording viewers in place
 * of sockets and a clock the test moves: it ticks only while something moves, never moves an
 * avatar faster than the speed, a stalled timer is never a jump, and a straight walk's poses
 * go out every SPACE_SEND_STEP px (a start, a turn and a stop at once).
 */
import { applyTickPoses, bookOf, readSpaceMap, type Pose, type PoseBook } from '@core/domain/space'
import type { SpaceServerFrame, TiledMap } from '@core/wire/space'
import { Space, SPACE_SEND_STEP, SPACE_SPEED, type SpacePerson, type SpaceViewer } from '../../src/space/space'

/** A 20×10 room of 32 px tiles, walled round. */
function room (): TiledMap {
  const width = 20
  const height = 10
  const data = Array.from({ length: width * height }, (_, index) => {
    const col = index % width
    const row = Math.floor(index / width)
    return col === 0 || row === 0 || col === width - 1 || row === height - 1 ? 1 : 0
  })
  return {
    orientation: 'orthogonal', width, height, tilewidth: 32, tileheight: 32, tilesets: [],
    layers: [{ name: 'collision', type: 'tilelayer', width, height, data }, { name: 'objects', type: 'objectgroup', objects: [{ id: 1, name: 'spawn', type: 'spawn', x: 48, y: 48 }] }],
  }
}

/** A viewer that keeps its frames and decodes the poses as a client does (core's one decoder). */
class Recorder implements SpaceViewer {
  frames: SpaceServerFrame[] = []
  /** The poses it holds. */
  book: PoseBook = new Map()
  /** Each tick's moves as the client then holds them: flat [id, x, y, dir, …]. */
  moves: number[][] = []
  send (frame: SpaceServerFrame): void {
    this.frames.push(frame)
    if (frame.op === 'space_ready') this.book = bookOf(frame.d.avatars)
    if (frame.op !== 'space_tick') return
    const { moved } = applyTickPoses(this.book, frame.d)
    if (moved.length > 0) this.moves.push(moved.flatMap(id => { const pose = this.book.get(id) as Pose; return [id, pose.x, pose.y, pose.dir] }))
  }
}

const person = (uid: string): SpacePerson => ({ uid, nickname: uid, avatar: '', kind: 'member' })

describe('Space', () => {
  let now = 0
  let counts: number[] = []
  let space: Space
  beforeEach(() => {
    now = 1_000_000
    counts = []
    space = new Space({ channelId: 'c', serverId: 's', layout: readSpaceMap(room()), tickHz: 10, clock: () => now, countChanged: count => counts.push(count), greeting: name => `hi ${name}` })
  })
  afterEach(() => space.stop())

  it('ticks only while something moves or changed: an idle space costs nothing', () => {
    const viewer = new Recorder()
    const id = space.enter(person('a'), viewer)
    expect(space.ticking).toBe(true) // the entry is news for the others
    now += 100
    space.tick()
    expect(space.ticking).toBe(false)
    space.walk(id, { x: 48 + 64, y: 48 })
    expect(space.ticking).toBe(true)
    for (let step = 0; step < 20 && space.ticking; step++) {
      now += 100
      space.tick()
    }
    expect(space.ticking).toBe(false)
    const last = viewer.frames[viewer.frames.length - 1]
    expect(last).toEqual({ op: 'space_tick', d: { m: [id, 16, 0] } }) // 16 px a tick at 10 Hz, each told against the last
    expect(viewer.moves.pop()).toEqual([id, 112, 48, 2])
    expect(counts).toEqual([1])
  })

  it('moves an avatar at most speed × dt, and a stalled timer at most a quarter second of it', () => {
    const viewer = new Recorder()
    const id = space.enter(person('a'), viewer)
    space.steer(id, 1, 0)
    now += 100
    space.tick()
    const tick = viewer.frames.filter(frame => frame.op === 'space_tick').pop()
    expect(tick).toEqual({ op: 'space_tick', d: { m: [id, SPACE_SPEED / 10, 0], turn: [id, 2] } }) // it starts facing right
    expect(viewer.moves.pop()).toEqual([id, 48 + SPACE_SPEED / 10, 48, 2])
    now += 5000 // the event loop stalled
    space.tick()
    const after = viewer.frames.filter(frame => frame.op === 'space_tick').pop()
    expect(after).toEqual({ op: 'space_tick', d: { m: [id, SPACE_SPEED / 4, 0] } })
    expect(viewer.moves.pop()).toEqual([id, 48 + SPACE_SPEED / 10 + SPACE_SPEED / 4, 48, 2])
  })

  it('sends a walk\'s start, turn and stop at once, and a straight walk every SPACE_SEND_STEP px', () => {
    const viewer = new Recorder()
    const id = space.enter(person('a'), viewer)
    now += 50
    space.tick()
    viewer.moves = []
    const step = (): void => { now += 50; space.tick() } // 20 Hz: 8 px a tick, under the send step
    expect(SPACE_SPEED / 20).toBeLessThan(SPACE_SEND_STEP)
    space.steer(id, 1, 0)
    step() // the start: at once
    step() // 8 px on: not yet
    step() // 16 px on: sent
    space.steer(id, 0, 1)
    step() // the turn: at once
    space.steer(id, 0, 0)
    step() // stopped: the space stops ticking after this tick
    expect(viewer.moves).toEqual([
      [id, 56, 48, 2],
      [id, 72, 48, 2],
      [id, 72, 56, 0],
    ])
    expect(space.ticking).toBe(false)
  })

  it('sends the last pose of a walk that ends between two steps', () => {
    const viewer = new Recorder()
    const id = space.enter(person('a'), viewer)
    now += 50
    space.tick()
    viewer.moves = []
    space.walk(id, { x: 48 + 32, y: 48 })
    for (let tick = 0; tick < 10 && space.ticking; tick++) {
      now += 50
      space.tick()
    }
    const poses = viewer.moves
    expect(poses[0]).toEqual([id, 56, 48, 2])
    expect(poses[poses.length - 1]).toEqual([id, 80, 48, 2])
    expect(poses.length).toBeLessThan(4) // 32 px in 8 px ticks: the start, then every 16 px
  })

  // at 20 Hz a walk is sent every other tick: from 560 it comes into view (320 px) on a tick it is not sent, from 552 on one it is
  it.each([560, 552])('tells each viewer a move against the pose that viewer was last told, also one that came back between two sends (from x %i)', startX => {
    const watcher = new Recorder()
    const walker = new Recorder()
    space.enter(person('a'), watcher)
    const b = space.enter(person('b'), walker, 'a')
    const step = (): void => { now += 50; space.tick() }
    step()
    space.place(b, { x: startX, y: 48 })
    step()
    expect(watcher.book.has(b)).toBe(false) // out of view
    space.steer(b, -1, 0)
    for (let tick = 0; tick < 30; tick++) step()
    space.steer(b, 0, 0)
    step()
    const backs = watcher.frames.filter(frame => frame.op === 'space_tick' && frame.d.back?.[0] === b)
    expect(backs).toHaveLength(1)
    const [x, y] = space.positions().b
    expect(x).toBe(startX - 30 * SPACE_SPEED / 20)
    expect(watcher.book.get(b)).toEqual({ x, y, dir: 1 })
    expect(walker.book.get(b)).toEqual({ x, y, dir: 1 })
  })

  it('tells the others of a newcomer (in, count) and of one who left (out, count)', () => {
    const first = new Recorder()
    const second = new Recorder()
    const a = space.enter(person('a'), first)
    now += 100
    space.tick()
    const b = space.enter(person('b'), second, 'a')
    const ready = second.frames[0]
    expect(ready).toMatchObject({ op: 'space_ready', d: { self: b, count: 2 } })
    expect(ready.op === 'space_ready' && ready.d.avatars.map(avatar => avatar.uid)).toEqual(['b', 'a'])
    const nextTo = ready.op === 'space_ready' ? ready.d.avatars[0] : null
    expect(nextTo).toMatchObject({ x: 48 + 32, y: 48 }) // next to the friend it jumped to
    now += 100
    space.tick()
    expect(first.frames.pop()).toMatchObject({ op: 'space_tick', d: { in: [{ id: b, uid: 'b' }], count: 2 } })
    space.leave(b)
    now += 100
    space.tick()
    expect(first.frames.pop()).toEqual({ op: 'space_tick', d: { m: [], out: [b], count: 1 } })
    expect(first.frames.filter(frame => frame.op === 'space_group').map(frame => frame.op === 'space_group' && frame.d.ids)).toEqual([[a, b], []])
  })
})
