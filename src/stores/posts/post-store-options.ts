/**
 * What the post stores (PostFeedStore in post-feed-store.ts, PostDetailStore
 * in post-detail-store.ts) are built on besides the posts API.
 */
import type { ReportBody } from '@core/wire/trust'
import type { StoreLogger } from '../support/load-tracker'

/** What the post stores need besides the API. */
export interface PostStoreOptions {
  logger: StoreLogger
  /** The signed-in user's uid (their own new posts go straight to the top), or null. */
  myUid: () => string | null
  /** A fresh client nonce for each write (the server answers a repeated nonce with the first write). */
  nonce?: () => string
  /** Items per page (20 by default). */
  pageSize?: number
  /** Whether the member may remove others' posts and comments in a channel (ManageMessages); never by default. */
  mayModerate?: (channelId: string) => boolean
  /** Makes what `mayModerate` reads answer for the server of the post on screen, until the returned function is called. */
  focusServer?: (serverId: string) => () => void
  /** Sends a report to the server's moderators (POST /reports); without one nothing can be reported. */
  report?: (body: ReportBody) => Promise<unknown>
}
