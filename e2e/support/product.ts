/**
 * Starts the product as a user would (`npm start`: the reference server serving the
 * built H5 bundle) in a child process, on a free loopback port, with a fresh data
 * folder, and stops it again. Used by the e2e pass and the benchmarks.
 */
import { execSync, spawn, type ChildProcess } from 'child_process'
import { existsSync, mkdtempSync, rmSync } from 'fs'
import { createServer } from 'net'
import { tmpdir } from 'os'
import path from 'path'

/** A running product instance. */
export interface RunningProduct {
  /** e.g. http://127.0.0.1:41234 */
  url: string
  port: number
  process: ChildProcess
  dataDir: string
  /** What the product printed so far (its URL, the development sign-in links, its log). */
  output: () => string
}

const ROOT = path.resolve(__dirname, '..', '..')

/** A port nobody listens on right now (asked from the OS). */
export function freePort (): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** Resolves once the server `child` answers at `url`; fails when it exits first or `timeoutMs` passes. */
export async function waitUntilServing (url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the product exited (${child.exitCode ?? child.signalCode}) before serving`)
    try {
      const response = await fetch(`${url}/servers`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise(resolve => setTimeout(resolve, 200))
  }
  throw new Error(`the product did not answer at ${url} within ${timeoutMs} ms`)
}

/**
 * Makes sure the built H5 bundle (dist/h5) exists: CI builds it in a step of its own before
 * the passes that serve it; a developer's first run builds it here.
 */
export function ensureH5Bundle (): void {
  if (existsSync(path.join(ROOT, 'dist/h5/index.html'))) return
  // jest sets NODE_ENV=test, under which Taro builds a development bundle that does not run
  execSync('npx taro build --type h5', { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
}

/** Starts the product with a fresh database; resolves once its API answers. */
export async function startProduct (env: Record<string, string> = {}): Promise<RunningProduct> {
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(tmpdir(), 'openrealm-e2e-'))
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', chunk => { output += chunk })
  child.stderr?.on('data', chunk => { output += chunk })
  const url = `http://127.0.0.1:${port}`
  try {
    await waitUntilServing(url, child, 60000)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`${(error as Error).message}\n${output.slice(-4000)}`)
  }
  return { url, port, process: child, dataDir, output: () => output }
}

/** Stops a product started by startProduct and removes its data. */
export async function stopProduct (product: RunningProduct): Promise<void> {
  if (product.process.exitCode === null) {
    const exited = new Promise(resolve => product.process.once('exit', resolve))
    product.process.kill('SIGTERM')
    await Promise.race([exited, new Promise(resolve => setTimeout(resolve, 5000))])
    if (product.process.exitCode === null) product.process.kill('SIGKILL')
  }
  rmSync(product.dataDir, { recursive: true, force: true })
}
