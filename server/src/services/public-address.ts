/**
 * Whether a URL a client chose may be requested by the server: the guard against
 * server-side request forgery for every outgoing request to such a URL (Web Push endpoints
 * today, link previews next). A URL passes when it is https on the default port, carries no
 * user name or password, names a host by a name (never an IP literal, in any spelling the
 * URL parser accepts: 0x7f.1, 2130706433, [::ffff:127.0.0.1] …) with at least one dot, and
 * every address that name resolves to is public unicast: not private, loopback, link-local
 * (the cloud metadata address 169.254.169.254 among them), CGNAT, multicast, documentation,
 * benchmarking, reserved or an IPv6 unique-local address (fd00:ec2::254 …).
 *
 * Only tests relax it (`allowLoopbackForTests`): a loopback destination (127.0.0.0/8, ::1),
 * literal or resolved, then passes on http or any port. Nothing else is ever relaxed.
 *
 * The name is resolved through the `resolve` seam, so a test names any host and says what it
 * resolves to without asking a DNS server. The caller connects to one of the checked
 * `addresses` (never resolves the name again): a name may resolve differently a moment later.
 * A redirect is a new URL: follow none, or check each one's Location here again.
 */
import { lookup } from 'dns/promises'
import { BlockList, isIP } from 'net'

/** Resolves a host name to every address it has (production: {@link resolveWithDns}). */
export type Resolve = (host: string) => Promise<string[]>

/** Why a URL may not be requested. */
export type PublicUrlRefusal =
  /** Not a URL. */
  | 'malformed'
  /** Longer than `maxLength`. */
  | 'too-long'
  /** Not https (http only to loopback in tests). */
  | 'scheme'
  /** A user name or password before the host. */
  | 'userinfo'
  /** A port other than the scheme's default (any port only to loopback in tests). */
  | 'port'
  /** An IP address instead of a name (a loopback one only in tests). */
  | 'ip-literal'
  /** A name without a dot (`localhost`, `metadata`): never a public host. */
  | 'single-label'
  /** The name resolved to nothing. */
  | 'unresolved'
  /** The name resolved to at least one address that is not public. */
  | 'not-public'

/** What {@link checkPublicUrl} found: the parsed URL and the checked addresses to connect to, or why not. */
export type PublicUrlVerdict =
  | { ok: true, url: URL, addresses: string[] }
  | { ok: false, reason: PublicUrlRefusal }

/** How {@link checkPublicUrl} checks. */
export interface PublicUrlOptions {
  resolve: Resolve
  /** Tests only (refused in production by the caller's config): loopback destinations pass, on http and any port. */
  allowLoopbackForTests?: boolean
  /** Longest URL taken, in characters. */
  maxLength?: number
}

/** The longest URL {@link checkPublicUrl} takes unless told otherwise. */
export const DEFAULT_MAX_URL_LENGTH = 2048

/** IPv4 ranges that are not public unicast (IANA special-purpose registry, RFC 6890 and after). */
const NOT_PUBLIC_V4: Array<[string, number]> = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT (also Alibaba Cloud's metadata, 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local: cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle Cloud's metadata 192.0.0.192)
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255 broadcast
]

/** Inside global unicast 2000::/3, the IPv6 ranges that are still not public. Everything outside 2000::/3 is refused (loopback, unique-local fc00::/7 with fd00:ec2::254, link-local, multicast, NAT64, IPv4-compatible …). */
const NOT_PUBLIC_V6: Array<[string, number]> = [
  ['2001::', 23], // IETF protocol assignments: Teredo, ORCHID, benchmarking …
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: it would carry any IPv4 address, private ones too
  ['3fff::', 20], // documentation
]

function blockListOf (ranges: Array<[string, number]>, type: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList()
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, type)
  return list
}

const notPublicV4 = blockListOf(NOT_PUBLIC_V4, 'ipv4')
const notPublicV6 = blockListOf(NOT_PUBLIC_V6, 'ipv6')
const globalUnicastV6 = blockListOf([['2000::', 3]], 'ipv6')
const mappedV4 = blockListOf([['::ffff:0:0', 96]], 'ipv6')
const loopback = blockListOf([['127.0.0.0', 8]], 'ipv4')
loopback.addAddress('::1', 'ipv6')

/**
 * True when `address` (an IPv4 or IPv6 address) is public unicast. An IPv4-mapped IPv6
 * address (::ffff:a.b.c.d) is judged as the IPv4 address it carries (BlockList matches
 * IPv4 ranges against mapped addresses). Anything that is not an address is not public.
 */
export function isPublicAddress (address: string): boolean {
  const family = isIP(address)
  if (family === 4) return !notPublicV4.check(address, 'ipv4')
  if (family !== 6) return false
  if (mappedV4.check(address, 'ipv6')) return !notPublicV4.check(address, 'ipv6')
  return globalUnicastV6.check(address, 'ipv6') && !notPublicV6.check(address, 'ipv6')
}

/** True when `address` is loopback: 127.0.0.0/8, ::1, or 127.x mapped into IPv6. */
export function isLoopbackAddress (address: string): boolean {
  const family = isIP(address)
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** The production resolver: every address the system's resolver gives `host` (getaddrinfo, as a connection would resolve it). */
export const resolveWithDns: Resolve = async host => (await lookup(host, { all: true, verbatim: true })).map(entry => entry.address)

/** The addresses of `host` through `resolve`, or [] when it has none (a failed lookup is no address). */
async function addressesOf (host: string, resolve: Resolve): Promise<string[]> {
  try {
    return await resolve(host)
  } catch {
    return []
  }
}

/** Why an http(s) `url` is refused for its scheme or port alone (http, or not the default port), or null. */
function shapeRefusal (url: URL): 'scheme' | 'port' | null {
  if (url.protocol !== 'https:') return 'scheme'
  return url.port === '' ? null : 'port'
}

/**
 * Whether the server may request `text` (see the module's rule), resolving its host through
 * `options.resolve`. On success the verdict carries the addresses checked: connect to one of
 * them, not to the name.
 */
export async function checkPublicUrl (text: string, options: PublicUrlOptions): Promise<PublicUrlVerdict> {
  const refuse = (reason: PublicUrlRefusal): PublicUrlVerdict => ({ ok: false, reason })
  if (text.length > (options.maxLength ?? DEFAULT_MAX_URL_LENGTH)) return refuse('too-long')
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return refuse('malformed')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse('scheme')
  const loopbackAllowed = options.allowLoopbackForTests === true
  // http and other ports are for a test's loopback service only: without it, refused before any lookup
  const shape = shapeRefusal(url)
  if (shape !== null && !loopbackAllowed) return refuse(shape)
  if (url.username !== '' || url.password !== '') return refuse('userinfo')
  // the URL parser has turned every IPv4 spelling (0x7f.1, 2130706433, 127.1) into dotted form
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const literal = isIP(host) !== 0
  if (literal && !(loopbackAllowed && isLoopbackAddress(host))) return refuse('ip-literal')
  if (!literal && !host.replace(/\.$/, '').includes('.')) return refuse('single-label')
  const addresses = literal ? [host] : await addressesOf(host, options.resolve)
  if (addresses.length === 0) return refuse('unresolved')
  if (!addresses.every(address => isPublicAddress(address) || (loopbackAllowed && isLoopbackAddress(address)))) return refuse('not-public')
  if (shape !== null && !addresses.every(isLoopbackAddress)) return refuse(shape)
  return { ok: true, url, addresses }
}
