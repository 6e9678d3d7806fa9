/**
 * Development only: the one-time sign-in links `npm start` prints, one for the demo
 * owner of each seeded server and one for a demo moderator; each signs in once within
 * 30 minutes (routes/dev-sign-in takes them). A production server issues none.
 */
import { randomBytes } from 'crypto'
import type { AppContext } from '../context'
import { challengeKeyOfSecret } from '../repositories/accounts'
import { BUSY_SERVER_ID } from '../db/seed/demo-data'

/** How long a development sign-in link works: 30 minutes. */
export const DEV_SIGN_IN_LINK_SECONDS = 30 * 60

/** A one-time sign-in link's parts: who it signs in, where it opens, and its secret. */
export interface DevSignInLink {
  /** What the link is for, e.g. '云端集市 owner'. */
  label: string
  uid: string
  server_id: string
  token: string
}

/**
 * Issues the development sign-in links: the owner of each seeded server, and the first
 * moderator of the busy demo server. Never in production.
 */
export async function issueDevSignInLinks (ctx: AppContext): Promise<DevSignInLink[]> {
  if (ctx.config.production) return []
  const owned = await ctx.db.selectFrom('servers').select(['server_id', 'name', 'owner_uid']).where('owner_uid', 'is not', null).orderBy('sort').execute()
  const moderator = await ctx.db.selectFrom('member_roles').select('uid').where('role_id', '=', `${BUSY_SERVER_ID}-moderator`).orderBy('uid').executeTakeFirst()
  const wanted = owned.map(server => ({ label: `${server.name} owner`, uid: server.owner_uid ?? '', server_id: server.server_id }))
  if (moderator) wanted.push({ label: 'moderator', uid: moderator.uid, server_id: BUSY_SERVER_ID })
  const links: DevSignInLink[] = []
  for (const link of wanted) {
    const token = randomBytes(24).toString('base64url')
    await ctx.repos.accounts.saveChallenge(challengeKeyOfSecret(token), 'dev-link', { uid: link.uid, detail: '' }, ctx.now(), DEV_SIGN_IN_LINK_SECONDS)
    links.push({ ...link, token })
  }
  return links
}
