/**
 * The caller's permissions in a server: the one trust call the first screens make (Home's
 * Members and Settings buttons, through the permissions store), kept apart from the
 * other trust calls (trust.ts), which load with the pages that make them, and from their
 * paths' table.
 */
import { TRUST_CALLS } from '@core/wire/trust-paths'
import type { MyPermissions, TRUST_CALL_SCHEMAS } from '@core/wire/trust'
import { request } from '@/services/request/request'
import { callsOf } from './call'
import type { Requester } from './index'

/** My permissions in `serverId`, sent through `send`. */
export function fetchMyPermissions (serverId: string, send: Requester = request): Promise<MyPermissions> {
  return callsOf<typeof TRUST_CALLS, typeof TRUST_CALL_SCHEMAS>(send, TRUST_CALLS).myPermissions({ params: { server_id: serverId } })
}
