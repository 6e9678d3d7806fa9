/**
 * The standalone runner (`npm start` = tsx server/src/server.ts) as a real process:
 * it prints its URL, serves the API and the app, and exits cleanly on SIGTERM.
 */
import { spawn, type ChildProcess } from 'child_process'
import { createServer, type AddressInfo } from 'net'
import { randomBytes } from 'crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'
import { Client } from 'pg'
import { FAKE_INDEX_HTML, usesPostgres } from './helper'

const ROOT = path.resolve(__dirname, '..', '..')
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs')

interface Run {
  child: ChildProcess
  output: () => string
  exited: Promise<number | null>
}

function run (env: Record<string, string>): Run {
  const child = spawn(process.execPath, [TSX, 'server/src/server.ts'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout?.on('data', chunk => { output += chunk })
  child.stderr?.on('data', chunk => { output += chunk })
  const exited = new Promise<number | null>(resolve => child.once('exit', code => resolve(code)))
  return { child, output: () => output, exited }
}

async function urlPrinted (started: Run): Promise<string> {
  for (let waited = 0; waited < 30000; waited += 100) {
    const match = /OpenRealm is running at (http:\/\/\S+) /.exec(started.output())
    if (match) return match[1]
    if (started.child.exitCode !== null) break
    await new Promise(resolve => setTimeout(resolve, 100))
  }
  throw new Error(`no URL printed:\n${started.output()}`)
}

let root: string
let schema: string
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'openrealm-runner-'))
  mkdirSync(path.join(root, 'h5'))
  writeFileSync(path.join(root, 'h5', 'index.html'), FAKE_INDEX_HTML)
  schema = usesPostgres ? `t_run_${randomBytes(4).toString('hex')}` : ''
})
afterAll(async () => {
  rmSync(root, { recursive: true, force: true })
  if (usesPostgres) {
    const client = new Client({ connectionString: process.env.DATABASE_URL })
    await client.connect()
    await client.query(`drop schema if exists "${schema}" cascade`)
    await client.end()
  }
})

describe('npm start (server/src/server.ts)', () => {
  it('prints its URL (localhost for a loopback HOST: a browser takes no IP address for passkeys), serves the API and the app, and exits with 0 on SIGTERM', async () => {
    const started = run({
      PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(root, 'data'), H5_DIR: path.join(root, 'h5'), LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.DATABASE_URL ?? '', DATABASE_SCHEMA: schema,
    })
    try {
      const printed = await urlPrinted(started)
      expect(printed).toMatch(/^http:\/\/localhost:\d+$/)
      // listening on 127.0.0.1 only: asked there (localhost may resolve to ::1 first here)
      const url = printed.replace('localhost', '127.0.0.1')
      const servers = await fetch(`${url}/servers`)
      expect(servers.status).toBe(200)
      expect((await servers.json()).data.list).toHaveLength(3)
      const page = await fetch(`${url}/market/index.html`)
      // the app's page, with the first screen (or its skeleton) painted ahead of the scripts
      const html = await page.text()
      expect(html).toContain('<div id="app">openrealm test shell</div>')
      expect(html).toContain('<div id="first-screen"')
      started.child.kill('SIGTERM')
      expect(await started.exited).toBe(0)
    } finally {
      if (started.child.exitCode === null) started.child.kill('SIGKILL')
    }
  }, 40000)

  it('refuses an unusable variable with a message naming it and exit code 1', async () => {
    const started = run({ PORT: 'eighty', DATA_DIR: path.join(root, 'data2'), H5_DIR: path.join(root, 'h5') })
    expect(await started.exited).toBe(1)
    expect(started.output()).toMatch(/configuration: PORT must be an integer/)
  }, 40000)

  it('prints one plain line and exits with 1 when the port is taken or the data directory cannot be written', async () => {
    const blocker = createServer()
    await new Promise<void>(resolve => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as AddressInfo).port
    const notADirectory = path.join(root, 'a-file')
    writeFileSync(notADirectory, '')
    try {
      const [taken, unwritable] = [
        run({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(root, 'data3'), H5_DIR: path.join(root, 'h5'), LOG_LEVEL: 'silent', DATABASE_URL: '' }),
        run({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(notADirectory, 'data'), H5_DIR: path.join(root, 'h5'), LOG_LEVEL: 'silent', DATABASE_URL: '' }),
      ]
      expect(await taken.exited).toBe(1)
      expect(taken.output()).toBe(`cannot listen on 127.0.0.1:${port}: the port is already in use; stop the other process or set PORT to a free port\n`)
      expect(await unwritable.exited).toBe(1)
      expect(unwritable.output()).toBe(`cannot write the data directory ${path.join(notADirectory, 'data')} (ENOTDIR): set DATA_DIR to a folder this user can write\n`)
    } finally {
      blocker.close()
    }
  }, 40000)
})
