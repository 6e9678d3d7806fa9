/**
 * The configured servers (SPEC §3): three servers with ids 723658, 832828 and 275902,
 * each with a name and a sub-domain. The SPEC does not show the names and sub-domains;
 * the values below are this project's choice (docs/decisions.md "Servers"). Pure: the client's
 * server store and the reference server's demo seed both import this file.
 */
import type { Server } from '@core/wire/entities'

/** A configured server: its id, display name and the sub-domain that selects it. */
export type ConfiguredServer = Pick<Server, 'server_id' | 'name' | 'sub_domain'>

/** SPEC §3: the three configured servers; the first is the default. */
export const CONFIGURED_SERVERS: ConfiguredServer[] = [
  { server_id: '723658', name: '星海城', sub_domain: 'starsea' },
  { server_id: '832828', name: '云端集市', sub_domain: 'cloudmart' },
  { server_id: '275902', name: '像素乐园', sub_domain: 'pixel' },
]
