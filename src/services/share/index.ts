/**
 * Sharing a page (SPEC §1, §7): inside the messaging app's browser (H5 whose user agent
 * says MicroMessenger) the page asks `wxconf` for a JS-SDK signature of its URL (without
 * the `#fragment`), loads `weixin-js-sdk` on demand (its own chunk, never part of the
 * first load) and sets the share data for friends and for the timeline: title,
 * description, a link that carries `server_id`/`channel_id`, and an image. The
 * `navShareHide` parameter hides sharing instead. Outside that browser a share button
 * copies the link. Nothing here throws: a missing SDK, a failed `wxconf` or a refused
 * signature is logged as a warning and the page goes on. The messaging app's browser part
 * (signature, JS-SDK, share data) is ./wechat.ts, a chunk fetched only in that browser.
 */
import { t } from '@/i18n'
import { entryRoute, pageUrl, routeOfName, type RouteEntry } from '@/router'
import { copyText } from '@/utils/clipboard'
import { toast } from '@/utils/feedback'
import { mediaUrl } from '@/utils/media-url'
import { isH5 } from '@/utils/platform'
import type { ConfiguredServer } from '@core/domain/servers'
import { queryString, type QueryInput } from '@core/query/url'

/** Which community (and channel, or post) a shared link opens. */
export interface ShareTarget {
  serverId: string
  channelId?: string | null
  /** A post: the link opens the post's own page. */
  postId?: string | null
  /** An invite: the link opens the invite's page with its `code`. */
  inviteCode?: string | null
}

/** What a share shows. */
export interface ShareContent {
  title: string
  desc: string
  /** An image URL or server path; made absolute for the messaging app. */
  imageUrl: string
  target: ShareTarget
}

/** What a server's Home card is made of: the server on screen (its loaded detail, when there is one) and the servers this build knows. */
export interface SharedServer {
  serverId: string
  name: string
  detail: { introduction: string, icon: string } | null
  servers: readonly ConfiguredServer[]
}

/**
 * The share card of a server's Home (`serverId`, the server on screen by default): its
 * name, introduction and icon. What a page sends when it has nothing of its own a
 * friend could open — a moderator's settings or audit log, one member's inbox or
 * search, not-found, a web view — so every page's share menu leads somewhere. A server
 * other than the one on screen is named as this build lists it (no introduction or
 * icon is at hand for it).
 */
export function homeShareOf (server: SharedServer, serverId: string = server.serverId): ShareContent {
  if (serverId === server.serverId) return { title: server.name, desc: server.detail?.introduction ?? '', imageUrl: server.detail?.icon ?? '', target: { serverId } }
  const listed = server.servers.find(candidate => candidate.server_id === serverId)
  return { title: listed?.name ?? '', desc: '', imageUrl: '', target: { serverId } }
}


/** True inside the messaging app's browser: the H5 build with MicroMessenger in the user agent. */
export function isWechatBrowser (userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return isH5() && /MicroMessenger/i.test(userAgent)
}

/** True when the page's `navShareHide` parameter hides sharing (any value but '', 0 or false). */
export function isShareHidden (params: Readonly<Record<string, string | undefined>>): boolean {
  const value = params.navShareHide
  return value !== undefined && !['', '0', 'false'].includes(value.trim().toLowerCase())
}

/** The query a share carries: `server_id`, and `channel_id`, `post_id` or `code` when the target has one. */
export function shareQuery (target: ShareTarget): QueryInput {
  return { server_id: target.serverId, channel_id: target.channelId || undefined, post_id: target.postId || undefined, code: target.inviteCode || undefined }
}

/** The page a share opens: a post's page for a post, an invite's for an invite, else the entry page. */
function shareRoute (target: ShareTarget): RouteEntry {
  return (target.postId ? routeOfName('post') : target.inviteCode ? routeOfName('invite') : null) ?? entryRoute()
}

function currentOrigin (): string {
  return isH5() && typeof window !== 'undefined' ? window.location.origin : ''
}

/** The H5 link a share opens: the entry page (`/index.html`) with `server_id` and `channel_id`, a post's page with `post_id`, or an invite's with `code`. */
export function shareLink (target: ShareTarget, origin: string = currentOrigin()): string {
  return origin + pageUrl(shareRoute(target), shareQuery(target), true)
}

/** The mini-program path a share opens: `/pages/index/index?server_id=…&channel_id=…` (a post: `/pages/post/index?…&post_id=…`; an invite: `/pages/invite/index?…&code=…`). */
export function sharePath (target: ShareTarget): string {
  return `/${shareRoute(target).page}${queryString(shareQuery(target))}`
}

/** An image the messaging app can fetch: absolute, with server paths put under the page's origin. */
export function shareImageUrl (src: string, origin: string = currentOrigin()): string {
  const url = mediaUrl(src)
  return url.startsWith('/') ? origin + url : url
}

/** Copies a share link to the clipboard and says so in a toast; resolves false (logged) when copying failed. */
export async function copyShareLink (link: string, copiedMessage: string = t('linkCopied')): Promise<boolean> {
  try {
    await copyText(link)
  } catch (error) {
    console.warn('[share] the link could not be copied:', error)
    return false
  }
  await toast(copiedMessage)
  return true
}
