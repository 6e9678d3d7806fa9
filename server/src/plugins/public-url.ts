/**
 * Public URLs of this server. Stored files are referenced origin-relative (`/files/…`)
 * in the database; every JSON answer turns them into absolute URLs on PUBLIC_URL, or on
 * the origin the request came to when PUBLIC_URL is unset, so the mini-program (which
 * needs absolute URLs) and H5 both work without re-seeding. Whether a URL is this
 * server's own is judged on the origins it listens on instead (listeningOrigins), which
 * no request header can add to.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { FILES_PATH } from '@core/wire/api'
import { badRequest } from '../errors'

/** Fields whose values are URLs (and may point at this server's stored files). */
export const URL_FIELDS: ReadonlySet<string> = new Set(['avatar', 'icon', 'cover', 'background', 'image', 'url', 'play_url', 'video_url'])

const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/

/** The public origin for `request`: PUBLIC_URL, else the request's protocol and Host (a malformed Host falls back to localhost). */
export function publicBase (publicUrl: string | null, request: FastifyRequest): string {
  if (publicUrl) return publicUrl
  const host = SAFE_HOST.test(request.host) ? request.host : 'localhost'
  return `${request.protocol}://${host}`
}

/** The public origin a request was made to (PUBLIC_URL, else its own); 400 when its Host names none (a port past 65535). */
export function publicOrigin (publicUrl: string | null, request: FastifyRequest): URL {
  try {
    return new URL(new URL(publicBase(publicUrl, request)).origin)
  } catch {
    throw badRequest('host: the Host header names no usable origin')
  }
}

/** The names a loopback listener answers to: a URL on one of them, at the port a request came to, is this server. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]']

/**
 * The origins this server itself answers on, judged without the request's headers (a
 * client writes any Host it likes): PUBLIC_URL when set (as written, path and all); else
 * plain http at the port the connection came to, on the address it came to and, for a
 * loopback connection, on the loopback names. A request made inside the process
 * (app.inject) has no socket address: it counts as loopback at port 80, the port such a
 * request names by default.
 */
export function listeningOrigins (publicUrl: string | null, request: FastifyRequest): string[] {
  if (publicUrl) return [publicUrl]
  const { localAddress, localPort } = request.socket
  const address = localAddress?.replace(/^::ffff:/, '')
  const port = localPort ?? 80
  const loopback = address === undefined || address === '::1' || address.startsWith('127.')
  const names = new Set(loopback ? LOOPBACK_NAMES : [])
  if (address !== undefined) names.add(address.includes(':') ? `[${address}]` : address)
  return [...names].map(name => new URL(`http://${name}:${port}`).origin)
}


/** A stored file's absolute URL on a loopback origin (`http://localhost:3000/files/…`): its origin, and its path from /files/ on. */
const LOOPBACK_FILE_URL = /^(https?:\/\/(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::(\d{1,5}))?)(\/files\/.*)$/

/**
 * The origin-relative path (`/files/…`) of a stored-file URL, or null for any other value.
 * A URL written absolute before uploads were stored origin-relative, on a loopback origin
 * (an uploader browsing at `localhost`), counts as this server's file when `base` is a
 * loopback origin on the same port too: a member at `127.0.0.1` then gets it on their own
 * origin instead of one their page's CSP refuses.
 */
function storedFilePath (value: string, base: string): string | null {
  if (value.startsWith(`${FILES_PATH}/`)) return value
  const stored = LOOPBACK_FILE_URL.exec(value)
  const reader = LOOPBACK_FILE_URL.exec(`${base}${FILES_PATH}/`)
  if (stored === null || reader === null || stored[1] === reader[1]) return null
  const port = (url: RegExpExecArray): string => url[2] ?? (url[1].startsWith('https') ? '443' : '80')
  return port(stored) === port(reader) ? stored[3] : null
}

/** A copy of `value` where every URL field holding a stored file's path (/files/…, {@link storedFilePath}) is put on `base`. */
export function absolutizeFileUrls (value: unknown, base: string): unknown {
  if (Array.isArray(value)) return value.map(item => absolutizeFileUrls(item, base))
  if (typeof value !== 'object' || value === null) return value
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    const path = URL_FIELDS.has(key) && typeof item === 'string' ? storedFilePath(item, base) : null
    copy[key] = path !== null ? `${base}${path}` : absolutizeFileUrls(item, base)
  }
  return copy
}

/** `payload` as answered on `base`: an envelope with data gets its stored-file URLs prefixed; anything else is left as it is. */
export function publicAnswer (payload: unknown, base: string): unknown {
  if (typeof payload !== 'object' || payload === null || !('data' in payload) || !('code' in payload)) return payload
  const envelope = payload as { data: unknown }
  if (envelope.data === null) return payload
  return { ...envelope, data: absolutizeFileUrls(envelope.data, base) }
}

/** Rewrites stored-file URLs in the `data` of every envelope answered by `fastify` (finished answers sent as bytes, like the cached ones, are already public). */
export function installPublicUrls (fastify: FastifyInstance, publicUrl: string | null): void {
  fastify.addHook('preSerialization', async (request, _reply, payload: unknown) => publicAnswer(payload, publicBase(publicUrl, request)))
}
