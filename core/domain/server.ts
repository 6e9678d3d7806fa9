/**
 * Which configured server a page shows (SPEC §2, §3): chosen from the `server_id` /
 * `sid` parameter, else from the host's sub-domain, else the first configured server.
 * Pure: no Taro import; the caller passes the parameters and the host.
 */
import type { ConfiguredServer } from '@core/domain/servers'
import { resolveAliases } from '@core/query/query'

/** What decided the choice: a parameter, the host's sub-domain, the default (nothing named a server), or a fallback from an unknown id. */
export type ServerChoiceSource = 'param' | 'host' | 'default' | 'fallback'

/** The chosen server, what decided it, and the id that was asked for (null when none). */
export interface ServerChoice<T extends ConfiguredServer> {
  server: T
  source: ServerChoiceSource
  requestedId: string | null
}

/** Where the choice reads from: the page parameters and the page's host (`pixel.example.com:8080`). */
export interface ServerChoiceInput {
  params?: Readonly<Record<string, string | undefined>>
  host?: string
}

function nonEmpty (value: string | undefined): string | null {
  const trimmed = value?.trim() ?? ''
  return trimmed === '' ? null : trimmed
}

/**
 * The sub-domain a host names: its first label, lower-cased, without a port. IPv6 hosts
 * (`[::1]:3000`) and empty hosts name none.
 */
export function subDomainOf (host: string): string | null {
  const name = host.trim().toLowerCase()
  if (name === '' || name.startsWith('[')) return null
  return name.split(':', 1)[0].split('.', 1)[0] || null
}

/**
 * Chooses the server to show. `server_id` wins over `sid` (SPEC §2: sid is read as
 * server_id); an id that names no configured server falls back to the first
 * (`source: 'fallback'`, the caller logs a warning) without looking at the host.
 * Throws a RangeError when `servers` is empty (a configuration error).
 */
export function chooseServer<T extends ConfiguredServer> (servers: readonly T[], input: ServerChoiceInput): ServerChoice<T> {
  if (servers.length === 0) throw new RangeError('chooseServer: no configured servers')
  const requestedId = nonEmpty(resolveAliases(input.params ?? {}).server_id) // SPEC §2: sid is read as server_id
  if (requestedId !== null) {
    const named = servers.find(server => server.server_id === requestedId)
    return named ? { server: named, source: 'param', requestedId } : { server: servers[0], source: 'fallback', requestedId }
  }
  const subDomain = input.host === undefined ? null : subDomainOf(input.host)
  const byHost = subDomain === null ? undefined : servers.find(server => server.sub_domain === subDomain)
  if (byHost) return { server: byHost, source: 'host', requestedId: null }
  return { server: servers[0], source: 'default', requestedId: null }
}

/**
 * The showroom a Market page asks for (SPEC §2, §7 mapcfg): the `server_id` (or `sid`) parameter
 * as given, even one this build does not list (the API decides), else the server the
 * host's sub-domain names, else the first; and the `channel_id` parameter. Values are
 * trimmed; a missing channel leaves `channel_id` empty (the page says so, asks nothing).
 */
export function showroomQueryOf (servers: readonly ConfiguredServer[], input: ServerChoiceInput): { server_id: string, channel_id: string } {
  const serverId = nonEmpty(resolveAliases(input.params ?? {}).server_id) ?? chooseServer(servers, { host: input.host }).server.server_id
  return { server_id: serverId, channel_id: nonEmpty(input.params?.channel_id) ?? '' }
}
