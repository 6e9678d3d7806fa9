/**
 * Page parameters (SPEC §2): reading them (values decoded, the packed `nwp` merged in,
 * `sid`/`cid` read as `server_id`/`channel_id`) and carrying the SPEC's keys from the
 * current page to the next. Reading never throws and never copies `__proto__`,
 * `constructor` or `prototype` keys, whatever the query holds.
 */
import { CARRIED_QUERY_KEYS, NWP_KEY, QUERY_ALIASES } from './keys'
import { safeDecode, type QueryInput } from './url'
import { decodeNwp, UNSAFE_KEYS } from './nwp'

/** A page's parameters: every value a string. */
export type PageParams = Record<string, string>

/** The own, safe, string-able entries of whatever the platform handed over as a query. */
function rawEntries (raw: unknown): Array<[string, string]> {
  if (typeof raw !== 'object' || raw === null) return []
  const entries: Array<[string, string]> = []
  for (const key of Object.keys(raw)) {
    const value = (raw as Record<string, unknown>)[key]
    if (UNSAFE_KEYS.has(key)) continue
    if (typeof value === 'string') entries.push([key, safeDecode(value)])
    else if (typeof value === 'number' || typeof value === 'boolean') entries.push([key, String(value)])
  }
  return entries
}

/**
 * SPEC §2: the parameters of a page from the platform's raw query (Taro hands values
 * over still URI-encoded on both platforms). Keys packed in `nwp` are merged in and
 * explicit keys win over them; `sid` fills `server_id` and `cid` fills `channel_id`
 * when those are not given themselves.
 */
export function readParams (raw: unknown): PageParams {
  const explicit = rawEntries(raw)
  const packed = decodeNwp(explicit.find(([key]) => key === NWP_KEY)?.[1])
  const params: PageParams = { ...packed }
  for (const [key, value] of explicit) {
    if (key !== NWP_KEY) params[key] = value // SPEC §2: explicit keys win over packed ones
  }
  return resolveAliases(params)
}

/**
 * SPEC §2: the parameters with each alias read as its name (`sid` as `server_id`, `cid`
 * as `channel_id`) where the name itself holds nothing (missing or blank): the one place
 * that reads `sid`, for the page parameters and for the choice of the server alike.
 */
export function resolveAliases<P extends Readonly<Record<string, string | undefined>>> (params: P): P {
  const resolved: Record<string, string | undefined> = { ...params }
  for (const [alias, name] of Object.entries(QUERY_ALIASES)) {
    const aliased = resolved[alias]
    if (aliased !== undefined && aliased.trim() !== '' && (resolved[name] ?? '').trim() === '') resolved[name] = aliased // SPEC §2: sid → server_id, cid → channel_id
  }
  return resolved as P
}

/**
 * SPEC §2: the query of the next page: the carried keys of the current page, then the
 * caller's own query, which wins. A caller value of null or undefined drops the key.
 */
export function carryQuery (current: PageParams, query: QueryInput = {}): QueryInput {
  const next: QueryInput = {}
  for (const key of CARRIED_QUERY_KEYS) {
    if (current[key] !== undefined) next[key] = current[key] // SPEC §2: carried unless overridden
  }
  for (const key of Object.keys(query)) {
    if (!UNSAFE_KEYS.has(key)) next[key] = query[key]
  }
  return next
}
