/**
 * Where the API's calls live: every path of the contract (core/wire/api.ts declares what
 * each one takes and answers) and the one function that fills their parameters. No
 * imports, so the client takes its paths from here without loading the schemas.
 */

/** Paths of every call, relative to the main API base. `:x` marks a path parameter. */
export const API_PATHS = {
  /** SPEC §7 */
  base64: '/resource/base64',
  /** SPEC §7 */
  wxconf: '/login_third/wxconf',
  /** The mini-program's sign-in code → the member's openid (live reminders) */
  wxSession: '/login_third/wx_session',
  /** SPEC §7 */
  uploadToken: '/v2/qn/upfiles',
  /** SPEC §7 */
  mapcfg: '/channel/room/game/mapcfg',
  guestLogin: '/auth/guest',
  me: '/user/me',
  user: '/users/:uid',
  servers: '/servers',
  server: '/servers/:server_id',
  serverChannels: '/servers/:server_id/channels',
  serverRoles: '/servers/:server_id/roles',
  serverLives: '/servers/:server_id/lives',
  channel: '/channels/:channel_id',
  channelPosts: '/channels/:channel_id/posts',
  channelMessages: '/channels/:channel_id/messages',
  channelLives: '/channels/:channel_id/lives',
} as const

/** Path of the Qiniu-compatible form upload on the reference server (its own upload host). */
export const UPLOAD_HOST_PATH = '/upload'
/** Path under which the reference server serves uploaded and stored files. */
export const FILES_PATH = '/files'

/**
 * `/servers/:server_id` + {server_id: '1 2'} → `/servers/1%202`. Every value is
 * URI-encoded, so an id can never reach into another path. A missing or empty value
 * is a TypeError (a caller bug, not a request to send).
 */
export function fillPath (template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(params, name) ? params[name] : undefined
    if (typeof value !== 'string' || value === '') throw new TypeError(`fillPath: ${template} needs a non-empty ${name}`)
    return encodeURIComponent(value)
  })
}

/** Paths of posts, comments, likes and live chat (core/wire/posts.ts declares what each takes and answers). */
export const POSTS_PATHS = {
  channelPosts: '/channels/:channel_id/posts',
  post: '/posts/:post_id',
  postComments: '/posts/:post_id/comments',
  postComment: '/posts/:post_id/comments/:comment_id',
  myPostLike: '/posts/:post_id/likes/me',
  liveComments: '/lives/:live_id/comments',
  myLiveReminder: '/lives/:live_id/reminders/me',
  myLiveViewing: '/lives/:live_id/viewers/me',
} as const
