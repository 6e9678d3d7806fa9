/**
 * The route table (SPEC §2): every page of the app, its Taro page path and, on H5,
 * its custom path. Pure data, read by app.config.ts (pages list), config/index.ts
 * (H5 custom routes) and the router. Adding a page means one line here.
 */

/** A page of the app. `name` is the bare page name that `/pages/{name}/index` expands from. */
export interface RouteEntry {
  name: string
  /** Taro page path without a leading slash, as app.config.ts lists it. */
  page: string
  /** H5 path shown in the address bar instead of `/{page}` (SPEC §2 custom path). */
  customPath?: string
}

/** Expands a bare page name to its page path (SPEC §2: `/pages/{page}/index`). */
export function pagePathOf (name: string): string {
  return `pages/${name}/index`
}

/** Every page, entry page first (SPEC §2: the entry page path is configurable, see ENTRY_PAGE). */
export const ROUTES: RouteEntry[] = [
  { name: 'index', page: pagePathOf('index'), customPath: '/index.html' },
  { name: 'market', page: pagePathOf('market'), customPath: '/market/index.html' },
  { name: 'demo', page: pagePathOf('demo') },
  { name: 'me', page: pagePathOf('me') },
  // SPEC §2: unknown paths invoke a not-found handler (src/router sends them here).
  { name: 'not-found', page: pagePathOf('not-found') },
  // SPEC §2: rule pages open their URL in a web view in the mini-program.
  { name: 'webview', page: pagePathOf('webview') },
  { name: 'channel', page: pagePathOf('channel') },
  { name: 'post', page: pagePathOf('post') },
  // An invite link (?code=).
  { name: 'invite', page: pagePathOf('invite') },
  // The owner's server settings (?sid=).
  { name: 'server-settings', page: pagePathOf('server-settings') },
  { name: 'members', page: pagePathOf('members') }, // A server's members (?sid=)
  { name: 'audit-log', page: pagePathOf('audit-log') }, // Its audit log and open reports (?sid=)
  { name: 'voice-check', page: pagePathOf('voice-check') }, // the owner's check of its voice path (?sid=); H5 only (the mini-program says to open it in a browser)
  { name: 'search', page: pagePathOf('search') }, // a server's search (?sid=)
  { name: 'inbox', page: pagePathOf('inbox') }, // the notification inbox (通知)
  { name: 'conversations', page: pagePathOf('conversations') }, // my direct messages (私信)
  { name: 'conversation', page: pagePathOf('conversation') }, // one direct conversation (?conversation_id=)
  { name: 'space', page: pagePathOf('space') }, // a metaverse channel's gather space (?channel_id=&server_id=)
  { name: 'voice', page: pagePathOf('voice') }, // a voice channel's room (?channel_id=&server_id=); in the mini-program, the H5 room in a web-view
  { name: 'plaza', page: pagePathOf('plaza') }, // a game plaza channel's lobby, or one table of it (?channel_id=&server_id=[&table_id=&invite=])
]

/**
 * The page the app opens on (SPEC §2: the entry page path is configurable): the route
 * named by TARO_APP_ENTRY_PAGE at build time, else the first route.
 */
export const ENTRY_PAGE: string = ROUTES.find(route => route.name === process.env.TARO_APP_ENTRY_PAGE)?.name ?? ROUTES[0].name

/** Taro page paths in app.config.ts order (entry page first). */
export function pagePaths (entry: string = ENTRY_PAGE): string[] {
  const first = ROUTES.find(route => route.name === entry) ?? ROUTES[0]
  return [first.page, ...ROUTES.filter(route => route !== first).map(route => route.page)]
}

/** The H5 paths a page opens at: its page path, then its custom path if it has one (SPEC §2). */
export function h5PathsOf (route: RouteEntry): string[] {
  return [`/${route.page}`, ...(route.customPath ? [route.customPath] : [])]
}

/**
 * H5 custom routes (SPEC §2 lists both forms): `/pages/index/index` shows in the address
 * bar as `/index.html`, and each path a page opens at is routed to it. Taro's router
 * matches a page with custom paths only at those paths, so the page path is listed too
 * (after the custom one, which stays the address navigation writes): links already
 * shared with `/pages/market/index` open Market instead of a blank page.
 */
export function customRoutes (): Record<string, string[]> {
  const routes: Record<string, string[]> = {}
  for (const route of ROUTES) {
    if (route.customPath) routes[`/${route.page}`] = [route.customPath, `/${route.page}`]
  }
  return routes
}
