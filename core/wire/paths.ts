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
