/**
 * The gather space's engine under a crowd, in process: 500 avatars steering at
 * random in one showroom space (the map the seed makes), ticking at 20 Hz on a simulated
 * clock, each with a viewer that counts the bytes of the frames it is sent (their JSON
 * text, as the gateway writes it). Reported for the avatars spread over the whole map and
 * crowded in one corner: the tick's CPU time (p50 / p99 / max, ms) — the server's share of
 * the intent → neighbour latency and of its core — and the downstream per viewer (mean and
 * max bytes a second). Then, the crowd standing, a guest's entry and leave churn at the spawn
 * point: the CPU time of one cycle (enter, a tick, leave, a tick) and its work (Space.work: views
 * computed, distances looked at). No sockets: the wire's cost is the gateway fan-out bench's.
 * `npx tsx bench/space.ts` runs it.
 */
import { performance } from 'perf_hooks'
import { readSpaceMap } from '@core/domain/space'
import { MapCategory } from '@core/wire/entities'
import type { SpaceServerFrame } from '@core/wire/space'
import { SHOWROOM_SIZE } from '../server/src/repositories/showrooms'
import { spaceMapOf } from '../server/src/space/map'
import { Space, type SpaceViewer } from '../server/src/space/space'
import { seededRandom } from './support'

const AVATARS = Number(process.env.BENCH_SPACE_AVATARS || 500)
const TICK_HZ = 20
const SECONDS = Number(process.env.BENCH_SPACE_SECONDS || 20)
/** Guest entries (each with its leave) timed after the walk. */
const CHURN = 200

/** Counts what one viewer is sent. */
class Meter implements SpaceViewer {
  bytes = 0
  send (frame: SpaceServerFrame): void { this.bytes += Buffer.byteLength(JSON.stringify(frame)) }
}

function percentile (sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]
}

/** One run: `area` is where the crowd starts (map pixels). */
function run (label: string, area: { x: number, y: number, width: number, height: number }): void {
  const map = spaceMapOf({ map: { map_category: MapCategory.ThreeD, background: '/files/seed/showroom.svg', ...SHOWROOM_SIZE }, hotspots: [], hostUid: null })
  const layout = readSpaceMap(map)
  let now = 0
  const space = new Space({ channelId: 'bench', serverId: 'bench', layout, tickHz: TICK_HZ, clock: () => now, countChanged: () => undefined, greeting: name => name })
  const next = seededRandom(31)
  const meters: Meter[] = []
  const ids: number[] = []
  for (let index = 0; index < AVATARS; index++) {
    const meter = new Meter()
    meters.push(meter)
    const id = space.enter({ uid: `u${index}`, nickname: `member ${index}`, avatar: '/files/seed/avatar-1.svg', kind: 'member' }, meter)
    space.place(id, { x: area.x + next() * area.width, y: area.y + next() * area.height })
    ids.push(id)
  }
  now += 1000 / TICK_HZ
  space.tick() // everyone's arrival: not measured
  for (const meter of meters) meter.bytes = 0
  const durations: number[] = []
  const steps = SECONDS * TICK_HZ
  for (let step = 0; step < steps; step++) {
    // each avatar picks a new direction about every two seconds (a stick held, then moved)
    for (const id of ids) if (next() < 1 / (2 * TICK_HZ)) space.steer(id, Math.floor(next() * 3) - 1, Math.floor(next() * 3) - 1)
    now += 1000 / TICK_HZ
    const started = performance.now()
    space.tick()
    durations.push(performance.now() - started)
  }
  const perSecond = meters.map(meter => meter.bytes / SECONDS)
  for (const id of ids) space.steer(id, 0, 0)
  for (let settle = 0; settle < 40; settle++) {
    now += 1000 / TICK_HZ
    space.tick()
  }
  const workBefore = { ...space.work }
  const churnStarted = performance.now()
  for (let cycle = 0; cycle < CHURN; cycle++) {
    const guest = space.enter({ uid: `B_${cycle}`, nickname: `guest ${cycle}`, avatar: '/files/seed/avatar-1.svg', kind: 'guest' }, new Meter())
    now += 1000 / TICK_HZ
    space.tick()
    space.leave(guest)
    now += 1000 / TICK_HZ
    space.tick()
  }
  const cycleMs = (performance.now() - churnStarted) / CHURN
  const churn = `views ${((space.work.views - workBefore.views) / CHURN).toFixed(1)}, distances ${Math.round((space.work.looks - workBefore.looks) / CHURN)}`
  space.stop()
  durations.sort((a, b) => a - b)
  console.log(`${label}: ${AVATARS} avatars, ${TICK_HZ} Hz, ${SECONDS} s — tick p50 ${percentile(durations, 0.5).toFixed(2)} ms, p99 ${percentile(durations, 0.99).toFixed(2)} ms, max ${durations[durations.length - 1].toFixed(2)} ms; CPU ${(durations.reduce((sum, ms) => sum + ms, 0) / (SECONDS * 10)).toFixed(1)} % of a core; downstream per viewer mean ${Math.round(perSecond.reduce((sum, bytes) => sum + bytes, 0) / perSecond.length)} B/s, max ${Math.round(Math.max(...perSecond))} B/s; a guest's entry and leave ${cycleMs.toFixed(2)} ms (${churn} a cycle)`)
}

run('spread over the map', { x: 64, y: 64, width: SHOWROOM_SIZE.width - 128, height: SHOWROOM_SIZE.height - 128 })
run('crowded in one corner', { x: 64, y: 64, width: 320, height: 320 })
