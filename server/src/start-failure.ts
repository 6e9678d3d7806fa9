/**
 * Why `npm start` failed, in one plain line that says what is wrong and what to do
 * (a failed start printed a raw stack). server.ts prints it and exits non-zero.
 */
import { ConfigError, type ServerConfig } from './config'

interface SystemError {
  code?: unknown
  syscall?: unknown
  path?: unknown
  message?: unknown
  cause?: unknown
  errors?: unknown
}

/** `error` and everything it wraps (`cause`, an AggregateError's `errors`), outermost first. */
function chainOf (error: unknown): SystemError[] {
  const chain: SystemError[] = []
  const queue: unknown[] = [error]
  while (queue.length > 0 && chain.length < 10) {
    const next = queue.shift()
    if (typeof next !== 'object' || next === null) continue
    const item = next as SystemError
    chain.push(item)
    if (item.cause !== undefined) queue.push(item.cause)
    if (Array.isArray(item.errors)) queue.push(...item.errors)
  }
  return chain
}

const DATA_DIR_CODES = new Set(['EACCES', 'EPERM', 'ENOTDIR', 'EROFS', 'ENOSPC', 'EEXIST', 'SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_FULL', 'SQLITE_NOTADB', 'SQLITE_CORRUPT'])

/** A PostgreSQL connection or login failure: a socket error, or SQLSTATE class 08 (connection), 28 (authorization) or 3D000 (no such database). */
function isDatabaseConnectionFailure (item: SystemError): boolean {
  return item.syscall === 'connect' || item.syscall === 'getaddrinfo' || (typeof item.code === 'string' && /^(08...|28...|3D000)$/.test(item.code))
}

/** `postgres://user:password@host:port/db` without the credentials, for messages. */
export function redactedDatabaseUrl (url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`
  } catch {
    return 'DATABASE_URL'
  }
}

function oneLine (text: unknown): string {
  return String(text ?? 'unknown error').replace(/\s+/g, ' ').trim()
}

/** The one line to print for a start that failed with `error` (config null when it failed to load). */
export function describeStartFailure (error: unknown, config: ServerConfig | null): string {
  if (error instanceof ConfigError) return `configuration: ${error.message}`
  const chain = chainOf(error)
  const listen = chain.find(item => item.syscall === 'listen')
  if (listen && config) {
    const where = `${config.host}:${config.port}`
    if (listen.code === 'EADDRINUSE') return `cannot listen on ${where}: the port is already in use; stop the other process or set PORT to a free port`
    if (listen.code === 'EACCES') return `cannot listen on ${where}: permission denied; set PORT to 1024 or above`
    if (listen.code === 'EADDRNOTAVAIL') return `cannot listen on ${where}: this machine has no such address; set HOST to one of its addresses (or 0.0.0.0)`
    return `cannot listen on ${where}: ${oneLine(listen.message)}`
  }
  if (config?.databaseUrl) {
    const failure = chain.find(isDatabaseConnectionFailure)
    if (failure) return `cannot use the database ${redactedDatabaseUrl(config.databaseUrl)}: ${oneLine(failure.message)}; check DATABASE_URL and that PostgreSQL is running and accepts this user`
  }
  const storage = chain.find(item => typeof item.code === 'string' && DATA_DIR_CODES.has(item.code))
  if (storage && config) {
    return `cannot write the data directory ${config.dataDir} (${String(storage.code)}): set DATA_DIR to a folder this user can write`
  }
  return `OpenRealm could not start: ${oneLine(chain[0]?.message ?? error)}`
}
