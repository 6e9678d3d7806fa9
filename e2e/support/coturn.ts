/**
 * A real TURN server for a test: Debian's coturn (`turnserver`, installed by .ci/run) on
 * loopback with free ports, shared-secret authentication (coturn's REST API way:
 * `--use-auth-secret`), started before a test and stopped after it. It also answers STUN on
 * the same port, as a deployment's one server would; a test that must prove the relayed
 * path asks the browser for `iceTransportPolicy: 'relay'`.
 */
import { spawn, type ChildProcess } from 'child_process'
import { createHmac, randomBytes } from 'crypto'
import { mkdtempSync, rmSync } from 'fs'
import { connect } from 'net'
import { tmpdir } from 'os'
import path from 'path'
import { freePort } from './product'

/** Where Debian puts coturn's server (TURNSERVER_PATH overrides it). */
const TURNSERVER = process.env.TURNSERVER_PATH || '/usr/bin/turnserver'
/** The realm the test server names in its challenges. */
const REALM = 'openrealm'
/** How many UDP ports the server may relay on (a random range, so two test servers rarely meet). */
const RELAY_PORTS = 200
/** How long the server is given to listen. */
const START_TIMEOUT_MS = 10_000

/** A running test TURN server. */
export interface RunningTurn {
  /** Its listening port on 127.0.0.1 (UDP and TCP). */
  port: number
  /** The shared secret credentials are minted with. */
  secret: string
  /** `turn:127.0.0.1:<port>?transport=udp` */
  url: string
  /** Everything it logged so far (its log goes to stdout). */
  log: () => string
  process: ChildProcess
  dir: string
}

/** A TURN credential minted the coturn REST-API way: valid until `expiresAt` (Unix seconds). */
export interface TurnCredential {
  /** `<expiresAt>:<id>` */
  username: string
  /** base64(HMAC-SHA1(secret, username)) */
  credential: string
}

/** Mints a credential for `id` that `secret`'s server accepts until `ttlSeconds` from now. */
export function mintTurnCredential (secret: string, id: string, ttlSeconds = 600): TurnCredential {
  const username = `${Math.floor(Date.now() / 1000) + ttlSeconds}:${id}`
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') }
}

/** Resolves once something accepts TCP connections on 127.0.0.1:`port`; fails when `child` exits first or the time is up. */
async function waitUntilListening (port: number, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`turnserver exited (${child.exitCode ?? child.signalCode}) before listening:\n${log()}`)
    const listening = await new Promise<boolean>(resolve => {
      const socket = connect(port, '127.0.0.1', () => { socket.destroy(); resolve(true) })
      socket.once('error', () => resolve(false))
    })
    if (listening) return
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  throw new Error(`turnserver did not listen on 127.0.0.1:${port} within ${START_TIMEOUT_MS} ms:\n${log()}`)
}

/**
 * Starts coturn on 127.0.0.1 with a random secret: relaying between loopback peers only
 * (`--allow-loopback-peers`: coturn refuses them by default), no TLS or DTLS listeners, no
 * admin CLI, no configuration file (`-n`), its database and pid file in a fresh folder.
 */
export async function startTurn (): Promise<RunningTurn> {
  const port = await freePort()
  const minPort = 20_000 + Math.floor(Math.random() * 40_000)
  const secret = randomBytes(24).toString('hex')
  const dir = mkdtempSync(path.join(tmpdir(), 'openrealm-turn-'))
  const child = spawn(TURNSERVER, [
    '-n', '--log-file=stdout', '--simple-log', '--no-software-attribute',
    '--listening-ip=127.0.0.1', '--relay-ip=127.0.0.1', `--listening-port=${port}`,
    `--min-port=${minPort}`, `--max-port=${minPort + RELAY_PORTS - 1}`,
    '--allow-loopback-peers', '--no-cli', '--no-tls', '--no-dtls', '--no-multicast-peers',
    '--use-auth-secret', `--static-auth-secret=${secret}`, `--realm=${REALM}`,
    `--db=${path.join(dir, 'turndb')}`, `--pidfile=${path.join(dir, 'turnserver.pid')}`,
  ], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', chunk => { output += String(chunk) })
  child.stderr?.on('data', chunk => { output += String(chunk) })
  const log = () => output
  try {
    await waitUntilListening(port, child, log)
  } catch (error) {
    child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  return { port, secret, url: `turn:127.0.0.1:${port}?transport=udp`, log, process: child, dir }
}

/** Stops the server and removes its folder. */
export async function stopTurn (turn: RunningTurn): Promise<void> {
  if (turn.process.exitCode === null && turn.process.signalCode === null) {
    const exited = new Promise(resolve => turn.process.once('exit', resolve))
    turn.process.kill('SIGTERM')
    const timer = setTimeout(() => turn.process.kill('SIGKILL'), 3000)
    await exited
    clearTimeout(timer)
  }
  rmSync(turn.dir, { recursive: true, force: true })
}
