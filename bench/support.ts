/** What several benches share: the process tree a measured product runs in, its CPU time, and a seeded random source. */
import { readFileSync, readdirSync } from 'fs'

/** The pids of `pid` and every process below it (the tsx launcher is a parent of the server), read from /proc. */
export function processTree (pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const parent = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1])
      children.set(parent, [...children.get(parent) ?? [], Number(entry)])
    } catch {}
  }
  const tree: number[] = []
  const visit = (id: number): void => { tree.push(id); for (const child of children.get(id) ?? []) visit(child) }
  visit(pid)
  return tree
}

/** A deterministic random source (mulberry32), so two runs walk the same crowd. */
export function seededRandom (seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** CPU seconds (utime + stime) of `pids` so far. */
export function cpuSeconds (pids: number[]): number {
  let ticks = 0
  for (const pid of pids) {
    try {
      // fields after the command (which may hold spaces) — utime and stime are the 12th and 13th
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {}
  }
  return ticks / 100 // USER_HZ
}
