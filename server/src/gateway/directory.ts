/**
 * Who is connected, across every server process: the gateway records each session here
 * on open, on every heartbeat and on close, and routes ask it for presence (a member is
 * online while at least one of their sessions is open anywhere) and online counts. A
 * closed session stays resumable for {@link RESUME_WINDOW_MS}.
 *
 * In-process directory by default; with REDIS_URL the Redis one, where each record
 * expires unless heartbeats refresh it, so the sessions of a killed process go offline on
 * their own (after `aliveMs`) and stay resumable elsewhere.
 */
import Redis from 'ioredis'

/** How long a session can be resumed after its connection dropped (issue 15: at least 5 minutes). */
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
  /** `uid` joined `serverId`: counted online there while they have a session. */
  joined (uid: string, serverId: string): Promise<void>
  /** `uid` left `serverId`. */
  left (uid: string, serverId: string): Promise<void>
  /** Members of `serverId` online now. */
  onlineCount (serverId: string): Promise<number>
  /** Which of `uids` are online now. */
  onlineOf (uids: readonly string[]): Promise<Set<string>>
  /** Releases connections. */
  dispose (): Promise<void>
}

/** The directory of one process (the embedded default). */
export function createMemoryDirectory (clock: () => number = Date.now): GatewayDirectory {
  const openSessions = new Map<string, Set<string>>() // uid → open session ids
  const onlineByServer = new Map<string, Set<string>>() // server → online uids
  const resumable = new Map<string, { uid: string, until: number }>() // session → owner, Infinity while open
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
      resumable.set(session.session_id, { uid: session.uid, until: Infinity })
      for (const serverId of session.server_ids) setOf(onlineByServer, serverId).add(session.uid)
      return sessions.size === 1
    },
    async refresh () {},
    async close (session) {
      const now = clock()
      pruneResumable(now)
      resumable.set(session.session_id, { uid: session.uid, until: now + RESUME_WINDOW_MS })
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
    async dispose () {},
  }
}

/**
 * The directory in Redis, shared by every process. Keys under `prefix`:
 * `presence:user:<uid>` (sorted set: open session → alive-until ms),
 * `presence:server:<server_id>` (sorted set: online uid → alive-until ms),
 * `gw:session:<session_id>` (the owner uid, expiring RESUME_WINDOW_MS after the session was last alive).
 * `aliveMs` is how long a record lives without a heartbeat (a few heartbeat intervals).
 */
export async function createRedisDirectory (url: string, prefix: string, aliveMs: number, clock: () => number = Date.now): Promise<GatewayDirectory> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 })
  await redis.connect()
  const userKey = (uid: string) => `${prefix}presence:user:${uid}`
  const serverKey = (serverId: string) => `${prefix}presence:server:${serverId}`
  const sessionKey = (sessionId: string) => `${prefix}gw:session:${sessionId}`

  /** Marks the session alive until now + aliveMs; resolves the user's open sessions after it. */
  const keepAlive = async (session: SessionRecord): Promise<number> => {
    const now = clock()
    const until = now + aliveMs
    const multi = redis.multi()
      .zremrangebyscore(userKey(session.uid), '-inf', now)
      .zadd(userKey(session.uid), until, session.session_id)
      .pexpire(userKey(session.uid), aliveMs)
      .zcard(userKey(session.uid))
      .set(sessionKey(session.session_id), session.uid, 'PX', aliveMs + RESUME_WINDOW_MS)
    for (const serverId of session.server_ids) multi.zadd(serverKey(serverId), until, session.uid)
    const results = await multi.exec()
    return Number(results?.[3]?.[1] ?? 0)
  }

  return {
    async open (session) {
      return await keepAlive(session) === 1
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
    async dispose () {
      await redis.quit().catch(() => undefined)
    },
  }
}
