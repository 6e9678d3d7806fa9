/**
 * Several server processes serving one product, as server/README.md "Two processes behind
 * one port" runs them: each on its own loopback port, all on one PostgreSQL schema, one
 * Redis key prefix (bus, presence, resume log, rate limits) and one DATA_DIR (stored
 * files). A fresh schema and prefix per cluster, dropped again by stopCluster. Used by the
 * multi-node pass (e2e/multi-node.jest.config.js): gateway clients in
 * e2e/multi-node.test.ts, Chromium in e2e/multi-node-chat.test.ts.
 */
import { spawn, type ChildProcess } from 'child_process'
import { randomBytes } from 'crypto'
import { mkdtempSync, rmSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'
import { Client } from 'pg'
import Redis from 'ioredis'
import { freePort, waitUntilServing } from './product'

const ROOT = path.resolve(__dirname, '..', '..')

/** The shared services: the CI machine's PostgreSQL and Redis unless DATABASE_URL / REDIS_URL name others. */
export const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379'

/** One server process of a cluster. */
export interface ClusterNode {
  name: string
  /** e.g. http://127.0.0.1:41234 */
  url: string
  port: number
  process: ChildProcess
  /** What the process printed, for the message of a failure. */
  output: string[]
}

/** Processes sharing one schema, one Redis prefix and one data folder. */
export interface Cluster {
  /** The PostgreSQL schema every node works in (DATABASE_SCHEMA). */
  schema: string
  /** The Redis key prefix every node uses (REDIS_KEY_PREFIX). */
  redisPrefix: string
  /** Holds the shared DATA_DIR (`data/`). */
  root: string
  /** Environment every node of this cluster starts with, on top of the shared services. */
  env: Record<string, string>
  /** Every node started, running or not. */
  nodes: ClusterNode[]
}

/** A running server's exit as a promise (at once when it has exited already). */
function exited (child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise(resolve => child.once('exit', () => resolve()))
}

/**
 * A new cluster (nothing started yet). With `serveH5` every node serves the built bundle
 * (dist/h5, which must exist: see ensureH5Bundle); without it the nodes answer the API only.
 */
export function newCluster ({ serveH5, env = {} }: { serveH5: boolean, env?: Record<string, string> }): Cluster {
  const tag = `${process.pid}_${randomBytes(3).toString('hex')}`
  const root = mkdtempSync(path.join(tmpdir(), 'openrealm-multi-node-'))
  return {
    schema: `multi_node_${tag}`,
    redisPrefix: `openrealm-multi-node:${tag}:`,
    root,
    env: serveH5 ? env : { H5_DIR: path.join(root, 'no-h5'), ...env },
    nodes: [],
  }
}

/**
 * Starts `npm start`'s server (server/src/server.ts) as a node of `cluster`, on `port` or a
 * free one; resolves once it answers. Start the first node alone: it migrates and seeds the
 * fresh schema.
 */
export async function startNode (cluster: Cluster, name: string, port?: number): Promise<ClusterNode> {
  const listenOn = port ?? await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      DATABASE_URL,
      DATABASE_SCHEMA: cluster.schema,
      REDIS_URL,
      REDIS_KEY_PREFIX: cluster.redisPrefix,
      DATA_DIR: path.join(cluster.root, 'data'), // one volume every node reads (server/README.md)
      LOG_LEVEL: 'warn',
      ...cluster.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const node: ClusterNode = { name, url: `http://127.0.0.1:${listenOn}`, port: listenOn, process: child, output: [] }
  child.stdout?.on('data', chunk => node.output.push(String(chunk)))
  child.stderr?.on('data', chunk => node.output.push(String(chunk)))
  cluster.nodes.push(node)
  try {
    await waitUntilServing(node.url, child, 30_000)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`node ${name}: ${(error as Error).message}\n${node.output.join('').slice(-4000)}`)
  }
  return node
}

/** Kills a node without a word (SIGKILL: no graceful close of its sockets); resolves once it is gone. */
export async function killNode (node: ClusterNode): Promise<void> {
  const gone = exited(node.process)
  node.process.kill('SIGKILL')
  await gone
}

/** Stops every node still running, drops the cluster's schema and Redis keys and removes its data folder. */
export async function stopCluster (cluster: Cluster): Promise<void> {
  const running = cluster.nodes.filter(node => node.process.exitCode === null && node.process.signalCode === null)
  for (const node of running) node.process.kill('SIGTERM')
  await Promise.all(running.map(node => exited(node.process)))
  const pg = new Client({ connectionString: DATABASE_URL })
  await pg.connect()
  try {
    await pg.query(`drop schema if exists "${cluster.schema}" cascade`)
  } finally {
    await pg.end()
  }
  const redis = new Redis(REDIS_URL)
  try {
    const keys = await redis.keys(`${cluster.redisPrefix}*`)
    if (keys.length > 0) await redis.del(...keys)
  } finally {
    redis.disconnect()
  }
  rmSync(cluster.root, { recursive: true, force: true })
}
