/**
 * Conversation groups of a space: avatars standing within `radius` of each other, chained
 * (A near B near C is one conversation), at most `max` in one. Groups are stable as members
 * come and go: a group keeps its id and the members still chained together; one who walks
 * away leaves it alone; a newcomer joins the nearest group that has room, or starts a new one
 * with another loose avatar; two groups that meet merge only when the merged group fits. Pure.
 */
import type { Point } from './map'

/** Conversation groups by id: their members' avatar ids. */
export type Groups = Map<number, number[]>

function near (a: Point, b: Point, radius: number): boolean {
  return (a.x - b.x) ** 2 + (a.y - b.y) ** 2 <= radius * radius
}

/** The connected parts of `ids` under "within radius", largest first (ties: lowest smallest id first). */
function chains (ids: readonly number[], positions: ReadonlyMap<number, Point>, radius: number): number[][] {
  const left = new Set(ids)
  const parts: number[][] = []
  for (const id of ids) {
    if (!left.has(id)) continue
    left.delete(id)
    const part = [id]
    for (let head = 0; head < part.length; head++) {
      const here = positions.get(part[head]) as Point
      for (const other of [...left]) {
        if (near(here, positions.get(other) as Point, radius)) {
          left.delete(other)
          part.push(other)
        }
      }
    }
    parts.push(part.sort((a, b) => a - b))
  }
  return parts.sort((a, b) => b.length - a.length || a[0] - b[0])
}

/**
 * The groups after a move: `previous` groups (by id) and every avatar's position now (an
 * avatar not in `positions` left the space). `newId` names a group that starts. Groups of
 * one dissolve.
 */
export function regroup (previous: ReadonlyMap<number, readonly number[]>, positions: ReadonlyMap<number, Point>, radius: number, max: number, newId: () => number): Groups {
  const groups: Groups = new Map()
  const grouped = new Set<number>()
  for (const [id, members] of previous) {
    const [kept] = chains(members.filter(member => positions.has(member)), positions, radius)
    if (kept === undefined || kept.length < 2) continue
    groups.set(id, kept.slice(0, max))
    for (const member of groups.get(id) as number[]) grouped.add(member)
  }
  // groups that meet merge when they fit (the older id stays)
  for (const [id, members] of [...groups].sort((a, b) => a[0] - b[0])) {
    if (!groups.has(id)) continue
    for (const [otherId, others] of [...groups]) {
      if (otherId <= id || members.length + others.length > max) continue
      if (!members.some(member => others.some(other => near(positions.get(member) as Point, positions.get(other) as Point, radius)))) continue
      members.push(...others)
      members.sort((a, b) => a - b)
      groups.delete(otherId)
    }
  }
  // loose avatars join the group of the nearest member with room, or pair up
  const loose = [...positions.keys()].filter(id => !grouped.has(id)).sort((a, b) => a - b)
  for (const id of loose) {
    if (grouped.has(id)) continue
    const here = positions.get(id) as Point
    let best: { group: number, distance: number } | null = null
    for (const [groupId, members] of groups) {
      if (members.length >= max) continue
      for (const member of members) {
        const there = positions.get(member) as Point
        const distance = (here.x - there.x) ** 2 + (here.y - there.y) ** 2
        if (distance <= radius * radius && (best === null || distance < best.distance)) best = { group: groupId, distance }
      }
    }
    if (best) {
      const members = groups.get(best.group) as number[]
      members.push(id)
      members.sort((a, b) => a - b)
      grouped.add(id)
      continue
    }
    const partner = loose.find(other => other !== id && !grouped.has(other) && near(here, positions.get(other) as Point, radius))
    if (partner === undefined) continue
    groups.set(newId(), [id, partner].sort((a, b) => a - b))
    grouped.add(id)
    grouped.add(partner)
  }
  return groups
}

/** The group each avatar is in (its members, itself included), from groups by id. */
export function groupOfEach (groups: ReadonlyMap<number, readonly number[]>): Map<number, readonly number[]> {
  const byMember = new Map<number, readonly number[]>()
  for (const members of groups.values()) for (const member of members) byMember.set(member, members)
  return byMember
}
