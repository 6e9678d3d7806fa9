/**
 * The Space engine on its own (server/src/space/space.ts), with recording viewers in place
 * of sockets and a clock the test moves: it ticks only while something moves, never moves an
 * avatar faster than the speed, a stalled timer is never a jump, and a straight walk's poses
 * go out every SPACE_SEND_STEP px (a start, a turn and a stop at once).
 */
import { applyTickPoses, bookOf, readSpaceMap, type Pose, type PoseBook } from '@core/domain/space'
import type { SpaceServerFrame, TiledMap } from '@core/wire/space'
import { Space, SPACE_COUNT_TICK_MS, SPACE_SEND_STEP, SPACE_SPEED, SPACE_VIEW_MARGIN, SPACE_VIEW_RADIUS, type SpacePerson, type SpaceViewer, type SpaceWork } from '../../src/space/space'

/** A room of 32 px tiles (20×10 unless told), walled round. */
function room (width = 20, height = 10): TiledMap {
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

  it('tells an entry to the viewers near it only; the far ones get the new count alone, within SPACE_COUNT_TICK_MS', () => {
    space.stop()
    space = new Space({ channelId: 'c', serverId: 's', layout: readSpaceMap(room(80, 10)), tickHz: 10, clock: () => now, countChanged: () => undefined, greeting: name => `hi ${name}` })
    const near = new Recorder()
    const far = new Recorder()
    space.enter(person('near'), near)
    const farId = space.enter(person('far'), far)
    const farX = 48 + SPACE_VIEW_RADIUS + SPACE_VIEW_MARGIN + 600
    space.place(farId, { x: farX, y: 48 })
    for (let step = 0; step < 30 && space.ticking; step++) {
      now += 100
      space.tick()
    }
    near.frames = []
    far.frames = []
    const newcomer = space.enter(person('new'), new Recorder())
    now += 100
    space.tick()
    expect(near.frames.filter(frame => frame.op === 'space_tick')).toEqual([expect.objectContaining({ d: expect.objectContaining({ in: [expect.objectContaining({ id: newcomer })], count: 3 }) })])
    expect(far.frames).toEqual([])
    for (let waited = 100; waited < SPACE_COUNT_TICK_MS; waited += 100) {
      now += 100
      space.tick()
    }
    expect(far.frames).toEqual([{ op: 'space_tick', d: { m: [], count: 3 } }])
    space.leave(newcomer)
    now += 100
    space.tick()
    expect(near.frames.pop()).toMatchObject({ op: 'space_tick', d: { out: [newcomer] } })
    expect(far.frames).toHaveLength(1)
  })

  it('costs an entry and a leave work near them: the same with 40 people standing far apart as with 4', () => {
    /** The work of one entry at the spawn point and its leave, each told at a tick, in a space of `people` standing far apart. */
    const workOfVisit = (people: number): { entry: SpaceWork, leave: SpaceWork, far: SpaceServerFrame[] } => {
      space.stop()
      const apart = 2 * (SPACE_VIEW_RADIUS + SPACE_VIEW_MARGIN) // beyond each other's view and talk radius, and the spawn's, by cells too
      const columns = 8
      space = new Space({ channelId: 'c', serverId: 's', layout: readSpaceMap(room(columns * apart / 32 + 4, 6 * apart / 32 + 4)), tickHz: 10, clock: () => now, countChanged: () => undefined, greeting: name => `hi ${name}` })
      const viewers: Recorder[] = []
      for (let index = 0; index < people; index++) {
        const viewer = new Recorder()
        viewers.push(viewer)
        // the first 4 stand where they stand in the bigger space too: only ones farther away are added
        const id = space.enter(person(`p${index}`), viewer)
        space.place(id, { x: 48 + apart * ((index % columns) + 1), y: 48 + apart * Math.floor(index / columns) })
      }
      for (let step = 0; step < 30 && space.ticking; step++) {
        now += 100
        space.tick()
      }
      for (const viewer of viewers) viewer.frames = []
      const before = { ...space.work }
      const guest = space.enter({ uid: 'B_1', nickname: 'guest', avatar: '', kind: 'guest' }, new Recorder())
      now += 100
      space.tick()
      const entered = { ...space.work }
      space.leave(guest)
      now += 100
      space.tick()
      const left = { ...space.work }
      const difference = (from: SpaceWork, to: SpaceWork): SpaceWork => ({ views: to.views - from.views, looks: to.looks - from.looks, grouped: to.grouped - from.grouped })
      return { entry: difference(before, entered), leave: difference(entered, left), far: viewers.flatMap(viewer => viewer.frames.filter(frame => frame.op !== 'space_tick' || frame.d.count === undefined)) }
    }
    const few = workOfVisit(4)
    const many = workOfVisit(40)
    expect(many.entry).toEqual(few.entry)
    expect(many.leave).toEqual(few.leave)
    // the guest's own view (space_ready, then its first tick); nobody else's
    expect(few.entry.views).toBe(2)
    expect(few.leave.views).toBe(0)
    // the far ones are told nothing but (within SPACE_COUNT_TICK_MS) the count
    expect(many.far).toEqual([])
  })

  it('greets a newcomer in its own ears only: the crowd around the host hears no greeting per arrival', () => {
    space.placeHost({ uid: 'D_1', nickname: 'host', avatar: '', kind: 'host' }, { x: 48, y: 48 })
    const first = new Recorder()
    const second = new Recorder()
    space.enter(person('a'), first)
    now += 100
    space.tick()
    space.enter(person('b'), second)
    now += 100
    space.tick()
    const greetings = (viewer: Recorder): string[] => viewer.frames.flatMap(frame => frame.op === 'space_said' ? [frame.d.text] : [])
    expect(greetings(first)).toEqual(['hi a'])
    expect(greetings(second)).toEqual(['hi b'])
  })
})
