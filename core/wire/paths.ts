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

/** The names of a path template's parameters: `'/servers/:server_id/x/:uid'` → `'server_id' | 'uid'`. */
type ParamNamesOf<Template extends string> =
  Template extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamNamesOf<`/${Rest}`>
    : Template extends `${string}:${infer Name}` ? Name : never

/** The values a path template needs: `PathParamsOf<'/servers/:server_id/x/:uid'>` = `{ server_id: string, uid: string }`. */
export type PathParamsOf<Template extends string> = { [Name in ParamNamesOf<Template>]: string }

/**
 * `/servers/:server_id` + {server_id: '1 2'} → `/servers/1%202`. Every value is
 * URI-encoded, so an id can never reach into another path. The compiler asks for exactly
 * the template's parameters; a missing or empty value at run time is a TypeError (a
 * caller bug, not a request to send).
 */
export function fillPath<Template extends string> (template: Template, params: PathParamsOf<Template>): string {
  const values: Record<string, unknown> = params
  return template.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = Object.prototype.hasOwnProperty.call(values, name) ? values[name] : undefined
    if (typeof value !== 'string' || value === '') throw new TypeError(`fillPath: ${template} needs a non-empty ${name}`)
    return encodeURIComponent(value)
  })
}

/** An HTTP method of a call. */
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** The methods of an edit: the server answers both, the client sends POST (the mini-program's request API has no PATCH). */
export const EDIT_METHODS = ['PATCH', 'POST'] as const

/**
 * Who may make a call (the server's `config.signIn`, server/src/plugins/auth.ts):
 * `user` — a signed-in person or bot (401 otherwise, and the OpenAPI document marks it
 * with bearer security); `anyone` — no sign-in asked.
 */
export type CallAuth = 'anyone' | 'user'

/**
 * One HTTP call, the part both sides need at run time: its method (or {@link EDIT_METHODS}),
 * its path under the API base (`:x` marks a parameter) and who may make it. Its shapes are
 * declared beside it, under the same name, in the topic's schema file (`CallSchemasOf`,
 * core/wire/call-schemas.ts); the server registers it with `route` and the client sends
 * it with `callsOf` (src/services/api/call.ts).
 */
export interface CallDeclaration {
  readonly method: CallMethod | typeof EDIT_METHODS
  readonly path: string
  readonly auth: CallAuth
}

/** A topic's calls by name. */
export type CallTable = Readonly<Record<string, CallDeclaration>>

/** The method the client sends for `call`: its own, or POST for an edit. */
export function sentMethod (call: CallDeclaration): CallMethod {
  return typeof call.method === 'string' ? call.method : 'POST'
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

/** Where the reference server's rule pages live (SPEC §1, §2: the user agreement and the privacy policy, as HTML). */
export const RULES_PATH = '/rules'

/** The calls of core/wire/api.ts. */
export const API_CALLS = {
  /** SPEC §7: store a base64 image. */
  uploadBase64: { method: 'POST', path: API_PATHS.base64, auth: 'user' },
  /** SPEC §7: the WeChat JS-SDK configuration of a page. */
  wxconf: { method: 'GET', path: API_PATHS.wxconf, auth: 'anyone' },
  /** The mini-program's sign-in code → the member's openid. */
  wxSession: { method: 'POST', path: API_PATHS.wxSession, auth: 'user' },
  /** SPEC §7: a Qiniu upload token. */
  uploadToken: { method: 'POST', path: API_PATHS.uploadToken, auth: 'user' },
  /** SPEC §7: the showroom data of a channel. */
  mapcfg: { method: 'GET', path: API_PATHS.mapcfg, auth: 'anyone' },
  /** A new guest and its session. */
  guestLogin: { method: 'POST', path: API_PATHS.guestLogin, auth: 'anyone' },
  /** The signed-in user. */
  me: { method: 'GET', path: API_PATHS.me, auth: 'user' },
  /** Edit the signed-in user's profile. */
  updateMe: { method: EDIT_METHODS, path: API_PATHS.me, auth: 'user' },
  /** A user's public profile. */
  user: { method: 'GET', path: API_PATHS.user, auth: 'anyone' },
  /** The servers. */
  servers: { method: 'GET', path: API_PATHS.servers, auth: 'anyone' },
  /** One server with its counts. */
  server: { method: 'GET', path: API_PATHS.server, auth: 'anyone' },
  /** Edit a server's name, icon and introduction. */
  editServer: { method: EDIT_METHODS, path: API_PATHS.server, auth: 'user' },
  /** A server's channels in groups. */
  serverChannels: { method: 'GET', path: API_PATHS.serverChannels, auth: 'anyone' },
  /** Create a channel. */
  createChannel: { method: 'POST', path: API_PATHS.serverChannels, auth: 'user' },
  /** A server's roles. */
  serverRoles: { method: 'GET', path: API_PATHS.serverRoles, auth: 'anyone' },
  /** A server's items on air. */
  serverLives: { method: 'GET', path: API_PATHS.serverLives, auth: 'anyone' },
  /** One channel. */
  channel: { method: 'GET', path: API_PATHS.channel, auth: 'anyone' },
  /** Edit a channel. */
  editChannel: { method: EDIT_METHODS, path: API_PATHS.channel, auth: 'user' },
  /** Delete a channel. */
  deleteChannel: { method: 'DELETE', path: API_PATHS.channel, auth: 'user' },
  /** A channel's items on air. */
  channelLives: { method: 'GET', path: API_PATHS.channelLives, auth: 'anyone' },
} as const

/** The calls answered without the envelope, registered by hand: files, rule pages and the upload host's Qiniu-style answer. */
export const RAW_CALLS = {
  /** The Qiniu-compatible form upload (on the upload host; the upload token is the credential). */
  upload: { method: 'POST', path: UPLOAD_HOST_PATH, auth: 'anyone' },
  /** A stored file, as it is. */
  file: { method: 'GET', path: `${FILES_PATH}/*`, auth: 'anyone' },
  /** A rule page, as HTML. */
  rulePage: { method: 'GET', path: `${RULES_PATH}/:name`, auth: 'anyone' },
} as const

/** The calls of posts, comments, likes and live chat (core/wire/posts.ts). */
export const POST_CALLS = {
  channelPosts: { method: 'GET', path: POSTS_PATHS.channelPosts, auth: 'anyone' },
  createPost: { method: 'POST', path: POSTS_PATHS.channelPosts, auth: 'user' },
  post: { method: 'GET', path: POSTS_PATHS.post, auth: 'anyone' },
  editPost: { method: EDIT_METHODS, path: POSTS_PATHS.post, auth: 'user' },
  deletePost: { method: 'DELETE', path: POSTS_PATHS.post, auth: 'user' },
  comments: { method: 'GET', path: POSTS_PATHS.postComments, auth: 'anyone' },
  comment: { method: 'POST', path: POSTS_PATHS.postComments, auth: 'user' },
  editComment: { method: EDIT_METHODS, path: POSTS_PATHS.postComment, auth: 'user' },
  deleteComment: { method: 'DELETE', path: POSTS_PATHS.postComment, auth: 'user' },
  like: { method: 'PUT', path: POSTS_PATHS.myPostLike, auth: 'user' },
  unlike: { method: 'DELETE', path: POSTS_PATHS.myPostLike, auth: 'user' },
  liveComments: { method: 'GET', path: POSTS_PATHS.liveComments, auth: 'anyone' },
  liveComment: { method: 'POST', path: POSTS_PATHS.liveComments, auth: 'user' },
  reminder: { method: 'GET', path: POSTS_PATHS.myLiveReminder, auth: 'user' },
  remind: { method: 'PUT', path: POSTS_PATHS.myLiveReminder, auth: 'user' },
  unremind: { method: 'DELETE', path: POSTS_PATHS.myLiveReminder, auth: 'user' },
  watch: { method: 'PUT', path: POSTS_PATHS.myLiveViewing, auth: 'user' },
  unwatch: { method: 'DELETE', path: POSTS_PATHS.myLiveViewing, auth: 'user' },
} as const
