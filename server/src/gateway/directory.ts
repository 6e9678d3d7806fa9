/**
 * Who is connected, across every server process: the gateway records each session here
 * on open, on every heartbeat and on close, and routes ask it for presence (a member is
 * online while at least one of their sessions is open anywhere) and online counts. A
 * closed session stays resumable for {@link RESUME_WINDOW_MS}.
 *
 * In-process directory by default; with REDIS_URL the Redis one, where each record
 * expires unless heartbeats refresh it, and each process holds a liveness lease: when a
 * process dies without closing its sessions (killed), the others see its lease run out,
 * take its members offline at once ({@link GatewayDirectory.reapDead}) and announce it.
 * Its sessions stay resumable elsewhere.
 */
import { randomBytes } from 'crypto'
import Redis from 'ioredis'
import type { ReadableSnapshot } from './grants'

/** How long a session can be resumed after its connection dropped (at least 5 minutes). */
export const RESUME_WINDOW_MS = 5 * 60_000

/** One gateway session as the directory knows it. */
export interface SessionRecord {
  session_id: string
  uid: string
  /** The servers the user is a member of (where their presence shows). */
  server_ids: Iterable<string>
}

/** Sessions, presence and online counts. */
export interface GatewayDirectory {
  /** Records an opened (or resumed) session; true when the user had no other open session (came online). */
  open (session: SessionRecord): Promise<boolean>
  /** Keeps an open session alive (on every heartbeat). */
  refresh (session: SessionRecord): Promise<void>
  /** The session's connection closed; true when it was the user's last open session (went offline). */
  close (session: SessionRecord): Promise<boolean>
  /** The uid of a session that is open or still resumable, else null. */
  ownerOf (sessionId: string): Promise<string | null>
  /** The sessions of `uid` open now on any process, the longest open first (the socket cap closes from the front). */
  openSessionsOf (uid: string): Promise<string[]>
  /**
   * Keeps what the session's client was last told it may read (at ready, resumed and each
   * CHANNELS_VISIBLE_UPDATE), as long as the session is open or resumable: a resume on any
   * process tells the client what changed while it was away.
   */
  keepReadable (sessionId: string, readable: ReadableSnapshot): Promise<void>
  /** The snapshot {@link keepReadable} kept for a session, or null (none, or expired). */
  readableOf (sessionId: string): Promise<ReadableSnapshot | null>
  /** `uid` joined `serverId`: counted online there while they have a session. */
  joined (uid: string, serverId: string): Promise<void>
  /** `uid` left `serverId`. */
  left (uid: string, serverId: string): Promise<void>
  /** Members of `serverId` online now. */
  onlineCount (serverId: string): Promise<number>
  /** Which of `uids` are online now. */
  onlineOf (uids: readonly string[]): Promise<Set<string>>
  /**
   * Takes the sessions of processes whose lease ran out (they died without closing them)
   * offline, each dead process once across all survivors; answers the users who have no
   * open session left (the caller announces them offline). Never any in one process.
   */
  reapDead (): Promise<string[]>
  /** Releases connections (and this process's lease). */
  dispose (): Promise<void>
}

/** The directory of one process (the embedded default). */
export function createMemoryDirectory (clock: () => number = Date.now): GatewayDirectory {
  const openSessions = new Map<string, Set<string>>() // uid → open session ids
  const onlineByServer = new Map<string, Set<string>>() // server → online uids
  const resumable = new Map<string, { uid: string, until: number, readable?: ReadableSnapshot }>() // session → owner (Infinity while open) and what it was told it reads
  let prunedAt = 0
  const setOf = <K, V>(map: Map<K, Set<V>>, key: K): Set<V> => {
    let set = map.get(key)
    if (!set) map.set(key, set = new Set())
    return set
  }
  const pruneResumable = (now: number): void => {
    if (now - prunedAt < RESUME_WINDOW_MS) return
    prunedAt = now
    for (const [id, record] of resumable) if (record.until < now) resumable.delete(id)
  }
  return {
    async open (session) {
      const sessions = setOf(openSessions, session.uid)
      sessions.add(session.session_id)
      resumable.set(session.session_id, { ...resumable.get(session.session_id), uid: session.uid, until: Infinity })
      for (const serverId of session.server_ids) setOf(onlineByServer, serverId).add(session.uid)
      return sessions.size === 1
    },
    async refresh () {},
    async close (session) {
      const now = clock()
      pruneResumable(now)
      resumable.set(session.session_id, { ...resumable.get(session.session_id), uid: session.uid, until: now + RESUME_WINDOW_MS })
      const sessions = openSessions.get(session.uid)
      if (!sessions?.delete(session.session_id) || sessions.size > 0) return false
      openSessions.delete(session.uid)
      for (const serverId of session.server_ids) onlineByServer.get(serverId)?.delete(session.uid)
      return true
    },
    async ownerOf (sessionId) {
      const record = resumable.get(sessionId)
      return record && record.until >= clock() ? record.uid : null
    },
    async openSessionsOf (uid) {
      return [...openSessions.get(uid) ?? []] // a Set keeps the order they opened in
    },
    async keepReadable (sessionId, readable) {
      const record = resumable.get(sessionId)
      if (record) record.readable = readable
    },
    async readableOf (sessionId) {
      const record = resumable.get(sessionId)
      return record && record.until >= clock() ? record.readable ?? null : null
    },
    async joined (uid, serverId) {
      if (openSessions.has(uid)) setOf(onlineByServer, serverId).add(uid)
    },
    async left (uid, serverId) {
      onlineByServer.get(serverId)?.delete(uid)
    },
    async onlineCount (serverId) {
      return onlineByServer.get(serverId)?.size ?? 0
    },
    async onlineOf (uids) {
      return new Set(uids.filter(uid => openSessions.has(uid)))
    },
    async reapDead () { return [] },
    async dispose () {},
  }
}

/**
 * KEYS: the set of processes, the dead one's lease, its sessions. ARGV: its id, the key
 * prefix, now (ms). Claims the dead process (SREM: one survivor reaps it), forgets its
 * sessions and answers the uids left with no open session. A session resumed on another
 * process meanwhile (its `gw:node-of` names that one) is left alone. It derives the
 * per-session and per-user keys from the prefix, so it needs one Redis (not a cluster),
 * as the bus's stream does.
 */
const REAP_SCRIPT = `
if redis.call('EXISTS', KEYS[2]) == 1 then return {} end
if redis.call('SREM', KEYS[1], ARGV[1]) == 0 then return {} end
local entries = redis.call('HGETALL', KEYS[3])
redis.call('DEL', KEYS[3])
local offline = {}
for i = 1, #entries, 2 do
  local sid, uid = entries[i], entries[i + 1]
  local nodeOf = ARGV[2] .. 'gw:node-of:' .. sid
  if redis.call('GET', nodeOf) == ARGV[1] then
    redis.call('DEL', nodeOf)
    local userKey = ARGV[2] .. 'presence:user:' .. uid
    redis.call('ZREM', userKey, sid)
    redis.call('ZREMRANGEBYSCORE', userKey, '-inf', ARGV[3])
    if redis.call('ZCARD', userKey) == 0 then table.insert(offline, uid) end
  end
end
return offline`

interface ReapingRedis extends Redis {
  reapNode (nodes: string, lease: string, sessions: string, nodeId: string, prefix: string, now: number): Promise<string[]>
}

/**
 * The directory in Redis, shared by every process. Keys under `prefix`:
 * `presence:user:<uid>` (sorted set: open session → alive-until ms),
 * `gw:opened:<uid>` (sorted set: open session → when it opened, ms; the socket cap's order),
 * `presence:server:<server_id>` (sorted set: online uid → alive-until ms),
 * `gw:session:<session_id>` (the owner uid, expiring RESUME_WINDOW_MS after the session was last alive),
 * `gw:readable:<session_id>` (what its client was last told it may read, JSON; expiring with it),
 * `gw:nodes` (the processes), `gw:node:<id>` (a process's lease, renewed every third of
 * `leaseMs`), `gw:node:<id>:sessions` (hash: its open sessions → uid) and
 * `gw:node-of:<session_id>` (the process a session is open on).
 * `aliveMs` is how long a record lives without a heartbeat (a few heartbeat intervals).
 */
export async function createRedisDirectory (url: string, prefix: string, aliveMs: number, leaseMs = 10_000, clock: () => number = Date.now): Promise<GatewayDirectory> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 }) as ReapingRedis
  redis.defineCommand('reapNode', { numberOfKeys: 3, lua: REAP_SCRIPT })
  await redis.connect()
  const userKey = (uid: string) => `${prefix}presence:user:${uid}`
  const openedKey = (uid: string) => `${prefix}gw:opened:${uid}`
  const serverKey = (serverId: string) => `${prefix}presence:server:${serverId}`
  const sessionKey = (sessionId: string) => `${prefix}gw:session:${sessionId}`
  const readableKey = (sessionId: string) => `${prefix}gw:readable:${sessionId}`
  const nodesKey = `${prefix}gw:nodes`
  const leaseKey = (nodeId: string) => `${prefix}gw:node:${nodeId}`
  const nodeSessionsKey = (nodeId: string) => `${prefix}gw:node:${nodeId}:sessions`
  const nodeOfKey = (sessionId: string) => `${prefix}gw:node-of:${sessionId}`
  const nodeId = randomBytes(8).toString('hex')
  // the sessions hash outlives its process long enough for a survivor to reap it
  const sessionsKeptMs = 2 * Math.max(aliveMs, leaseMs)

  const renewLease = async (): Promise<void> => {
    await redis.multi()
      .set(leaseKey(nodeId), '1', 'PX', leaseMs)
      .sadd(nodesKey, nodeId)
      .pexpire(nodeSessionsKey(nodeId), sessionsKeptMs)
      .exec()
  }
  await renewLease()
  const renewer = setInterval(() => { renewLease().catch(() => undefined) }, Math.max(100, Math.floor(leaseMs / 3)))
  renewer.unref()

  /** Marks the session alive (and this process's) until now + aliveMs, and when `opening` when it opened; resolves the user's open sessions after it. */
  const keepAlive = async (session: SessionRecord, opening = false): Promise<number> => {
    const now = clock()
    const until = now + aliveMs
    const multi = redis.multi()
      .zremrangebyscore(userKey(session.uid), '-inf', now)
      .zadd(userKey(session.uid), until, session.session_id)
      .pexpire(userKey(session.uid), aliveMs)
      .zcard(userKey(session.uid))
      .set(sessionKey(session.session_id), session.uid, 'PX', aliveMs + RESUME_WINDOW_MS)
      .pexpire(readableKey(session.session_id), aliveMs + RESUME_WINDOW_MS)
      .hset(nodeSessionsKey(nodeId), session.session_id, session.uid)
      .pexpire(nodeSessionsKey(nodeId), sessionsKeptMs)
      .set(nodeOfKey(session.session_id), nodeId, 'PX', aliveMs)
    for (const serverId of session.server_ids) multi.zadd(serverKey(serverId), until, session.uid)
    if (opening) multi.zadd(openedKey(session.uid), 'NX', now, session.session_id)
    multi.pexpire(openedKey(session.uid), aliveMs)
    const results = await multi.exec()
    return Number(results?.[3]?.[1] ?? 0)
  }

  return {
    async open (session) {
      return await keepAlive(session, true) === 1
    },
    async refresh (session) {
      await keepAlive(session)
    },
    async close (session) {
      const now = clock()
      const results = await redis.multi()
        .zrem(userKey(session.uid), session.session_id)
        .zremrangebyscore(userKey(session.uid), '-inf', now)
        .zcard(userKey(session.uid))
        .set(sessionKey(session.session_id), session.uid, 'PX', RESUME_WINDOW_MS)
        .pexpire(readableKey(session.session_id), RESUME_WINDOW_MS)
        .hdel(nodeSessionsKey(nodeId), session.session_id)
        .zrem(openedKey(session.uid), session.session_id)
        .exec()
      const removed = Number(results?.[0]?.[1] ?? 0)
      if (removed === 0 || Number(results?.[2]?.[1] ?? 0) > 0) return false
      const multi = redis.multi()
      for (const serverId of session.server_ids) multi.zrem(serverKey(serverId), session.uid)
      await multi.exec()
      return true
    },
    async ownerOf (sessionId) {
      return redis.get(sessionKey(sessionId))
    },
    async openSessionsOf (uid) {
      const [opened, alive] = await Promise.all([redis.zrange(openedKey(uid), 0, -1), redis.zrangebyscore(userKey(uid), `(${clock()}`, '+inf')])
      const live = new Set(alive)
      // sessions of a killed process, or closed without a word, leave the order once their records expired
      const gone = opened.filter(sessionId => !live.has(sessionId))
      if (gone.length > 0) await redis.zrem(openedKey(uid), ...gone)
      return opened.filter(sessionId => live.has(sessionId))
    },
    async keepReadable (sessionId, readable) {
      await redis.set(readableKey(sessionId), JSON.stringify(readable), 'PX', aliveMs + RESUME_WINDOW_MS)
    },
    async readableOf (sessionId) {
      const text = await redis.get(readableKey(sessionId))
      return text === null ? null : JSON.parse(text) as ReadableSnapshot
    },
    async joined (uid, serverId) {
      const now = clock()
      if (await redis.zcount(userKey(uid), `(${now}`, '+inf') > 0) await redis.zadd(serverKey(serverId), now + aliveMs, uid)
    },
    async left (uid, serverId) {
      await redis.zrem(serverKey(serverId), uid)
    },
    async onlineCount (serverId) {
      return redis.zcount(serverKey(serverId), `(${clock()}`, '+inf')
    },
    async onlineOf (uids) {
      if (uids.length === 0) return new Set()
      const now = clock()
      const pipeline = redis.pipeline()
      for (const uid of uids) pipeline.zcount(userKey(uid), `(${now}`, '+inf')
      const results = await pipeline.exec()
      return new Set(uids.filter((_, index) => Number(results?.[index]?.[1] ?? 0) > 0))
    },
    async reapDead () {
      const offline = new Set<string>()
      for (const other of await redis.smembers(nodesKey)) {
        if (other === nodeId) continue
        for (const uid of await redis.reapNode(nodesKey, leaseKey(other), nodeSessionsKey(other), other, prefix, clock())) offline.add(uid)
      }
      return [...offline]
    },
    async dispose () {
      clearInterval(renewer)
      // the lease goes at once: a survivor reaps whatever sessions this process did not close
      await redis.del(leaseKey(nodeId)).catch(() => undefined)
      await redis.quit().catch(() => undefined)
    },
  }
}
