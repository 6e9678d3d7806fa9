/**
 * The caller's permissions in a server: the one trust call the first screens make (Home's
 * Members and Settings buttons, through the permissions store), kept apart from the
 * other trust calls (trust.ts), which load with the pages that make them, and from their
 * paths' table.
 */
import { fillPath } from '@core/wire/paths'
import { MY_PERMISSIONS_PATH } from '@core/wire/my-permissions-paths'
import type { MyPermissions } from '@core/wire/trust'
import { request } from '@/services/request/request'
import type { Requester } from './index'

/** My permissions in `serverId`, sent through `send`. */
export function fetchMyPermissions (serverId: string, send: Requester = request): Promise<MyPermissions> {
  return send<MyPermissions>({ path: fillPath(MY_PERMISSIONS_PATH, { server_id: serverId }) })
}
