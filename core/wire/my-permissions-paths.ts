/**
 * The path of the caller's permissions, the one trust call the client's first screens
 * make: apart from the trust table (./trust-paths.ts, which names it too), so the
 * client's first load takes this path without the table.
 */

/** GET: the caller's effective bits, server-wide and per channel. */
export const MY_PERMISSIONS_PATH = '/servers/:server_id/permissions/me'
