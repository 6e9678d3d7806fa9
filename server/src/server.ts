/**
 * `npm start`: runs the whole product on one port. Builds the H5 bundle first when
 * dist/h5/index.html is missing (`npx taro build --type h5`), then serves the API and
 * the app on HOST:PORT, prints the URL, and shuts down gracefully on SIGINT/SIGTERM
 * (stops accepting, finishes requests in flight, closes the database).
 */
import { spawn } from 'child_process'
import { existsSync } from 'fs'
import path from 'path'
import { DEV_SIGN_IN_QUERY_KEY } from '@core/wire/accounts-paths'
import { buildApp } from './app'
import type { DevSignInLink } from './services/dev-sign-in-links'
import { DEFAULT_H5_DIR, loadConfig, REPO_ROOT, type ServerConfig } from './config'
import { describeStartFailure } from './start-failure'

/** How long a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_TIMEOUT_MS = 10_000

/** Builds the H5 bundle with Taro (output on this terminal); resolves when the build succeeded. */
function buildH5 (): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['taro', 'build', '--type', 'h5'], { cwd: REPO_ROOT, stdio: 'inherit', shell: process.platform === 'win32' })
    child.once('error', reject)
    child.once('exit', code => code === 0 ? resolve() : reject(new Error(`taro build --type h5 exited with code ${code}`)))
  })
}

/** Makes sure the bundle exists (only the default dist/h5 is built; another H5_DIR is served as it is). */
async function ensureH5 (config: ServerConfig): Promise<void> {
  if (existsSync(path.join(config.h5Dir, 'index.html'))) return
  if (config.h5Dir !== DEFAULT_H5_DIR) {
    console.warn(`H5_DIR ${config.h5Dir} has no index.html: serving the API only`)
    return
  }
  console.log('dist/h5 is missing: building the H5 app first (npx taro build --type h5)…')
  await buildH5()
}

/**
 * The URL to print for a listening address: `localhost` for every address and loopback
 * (a browser takes no IP address as a passkey's relying party, so passkeys work only there).
 */
function displayUrl (config: Pick<ServerConfig, 'publicUrl' | 'host'>, port: number): string {
  if (config.publicUrl) return config.publicUrl
  const host = isAllOrLoopback(config.host) ? 'localhost' : config.host
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}

/** True for the any-address (0.0.0.0, ::) and loopback addresses (127.0.0.0/8, ::1, ::ffff:127.x). */
function isAllOrLoopback (host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '::1' || /^(::ffff:)?127(\.\d{1,3}){3}$/.test(host)
}

/** The H5 address a development sign-in link opens: the link's server, signed in by its token. */
function devSignInUrl (base: string, link: DevSignInLink): string {
  return `${base}/index.html?server_id=${link.server_id}&${DEV_SIGN_IN_QUERY_KEY}=${link.token}`
}

/** The configuration once loaded, for the message of a later failure. */
let loadedConfig: ServerConfig | null = null

async function main (): Promise<void> {
  const config = loadConfig()
  loadedConfig = config
  await ensureH5(config)
  let devLinks: DevSignInLink[] = []
  const app = await buildApp(config, { onDevSignInLinks: links => { devLinks = links } })
  let stopping = false
  const stop = (signal: string): void => {
    if (stopping) {
      process.exit(1) // a second signal: stop now
    }
    stopping = true
    app.log.info(`${signal}: shutting down`)
    setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS).unref()
    app.close().then(() => process.exit(0), error => {
      console.error(error)
      process.exit(1)
    })
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  try {
    await app.listen({ port: config.port, host: config.host })
  } catch (error) {
    await app.close().catch(() => undefined)
    throw error
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const url = displayUrl(config, port)
  console.log(`OpenRealm is running at ${url} (app: ${url}/index.html, API document: ${url}/openapi.json)`)
  // development only (production issues none): try every role, each link once within 30 minutes
  if (devLinks.length > 0) console.log(`One-time sign-in links (each works once, for 30 minutes):\n${devLinks.map(link => `  ${link.label}: ${devSignInUrl(url, link)}`).join('\n')}`)
}

main().catch(error => {
  // one plain line saying what is wrong and what to do; the stack only when asked for
  console.error(describeStartFailure(error, loadedConfig))
  if (loadedConfig?.logLevel === 'debug' || loadedConfig?.logLevel === 'trace') console.error(error)
  process.exit(1)
})
