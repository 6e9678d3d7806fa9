/**
 * The first screen inside an app page's HTML (H5), so the page paints before its scripts
 * run. A carrying page (plugins/page-answers.ts) gets its visitor's first screen described
 * by core/view/first-screen.ts from the answers it carries; any other page, or one whose
 * answers did not come, gets a skeleton. The screen sits over the app's root, laid out by
 * the page's own CSS (inlined here from the build, so nothing waits for a stylesheet), and
 * a small inline script takes it away once the app has rendered the element that replaces
 * it in the same place (or an error or empty state), so there is never a blank page and
 * no second layout.
 */
import { readFileSync } from 'fs'
import path from 'path'
import { ANY_LOGIN_KEY_SOURCE } from '@core/domain/login-key'
import { EARLY_JOIN_GLOBAL } from '@core/wire/page-answers'
import { escapeHtml, screenHtml, skeletonScreen, SKELETON_CSS, type ScreenElement } from '@core/view/first-screen'

/** The id of the element holding the server's first screen. */
export const FIRST_SCREEN_ID = 'first-screen'

/** What the app renders when it shows a state instead of content (the server's screen goes then too). */
const STATE_SHOWN = '.state-view--error, .state-view--empty'

/** What the app renders on any page once its page has content (a skeleton goes then). */
const PAGE_SHOWN = '.taro_page > *'

/**
 * What a visitor's chat screen offers (the 加入 bar where a member has the composer). On a
 * device that holds a login it is kept out of sight, its room kept: the drawn screen is
 * the visitor's, and a member who saw 加入 while the app took over would think they had
 * been dropped; someone signed in who is not a member sees it come with the app.
 */
const VISITOR_OFFER = '.chat-view__join'

/**
 * Home's 加入社区, drawn for a visitor (core/view/first-screen.ts): on a device that holds a
 * login it is taken out of the row, most such devices being members' (their app draws none),
 * so the row wraps as theirs does.
 */
const HOME_VISITOR_JOIN = '.server-header__actions .home__join'

/** The offer's button; a tap on it before the app renders is recorded (TAKE_OVER_SCRIPT) and marked `data-tapped`. */
const VISITOR_OFFER_BUTTON = '.chat-view__join-button'

/**
 * Before the app's root and above it, on the page's background, until taken away; in the
 * flow, so the document has the height the build's rem script measures (an absolute box
 * left the page 16 px high and the rem unit at its 20 px floor); with the body's margin
 * and line height Taro's base style gives the app.
 */
const HOLDER_CSS = `body{margin:0}#${FIRST_SCREEN_ID}{position:relative;z-index:999;min-height:100vh;background:#f5f6f8;line-height:1.6}`
  + `#${FIRST_SCREEN_ID} img{display:block}`
  + `#${FIRST_SCREEN_ID}[data-signed-in] ${VISITOR_OFFER}{visibility:hidden}`
  + `#${FIRST_SCREEN_ID}[data-signed-in] ${HOME_VISITOR_JOIN}{display:none}`
  + `#${FIRST_SCREEN_ID} ${VISITOR_OFFER_BUTTON}{cursor:pointer}#${FIRST_SCREEN_ID} ${VISITOR_OFFER_BUTTON}[data-tapped]{opacity:.6}`

/**
 * Sizes the rem unit again now that the screen is laid out (the build's rem script, which
 * listens to resize, ran in the head before the body had a height and fell to its 20 px
 * floor; the app's pages get 20.8 px on a 390 px phone), marks the screen `data-signed-in`
 * when this device holds a login of any environment (the visitor's offer then stays out
 * of sight, HOLDER_CSS; a storage that cannot be read marks nothing), records a tap on the
 * offer's 加入 under EARLY_JOIN_GLOBAL (the app joins once it knows the membership, so a tap
 * before it renders is not lost) and marks the button `data-tapped` (dimmed, as the app's
 * shows a join under way), then takes the server's screen away once `#app` holds an element
 * matching its `data-until` (checked on every change of the document, then never again).
 * Static text: the page's policy allows it by its hash (plugins/security-headers.ts).
 */
export const TAKE_OVER_SCRIPT = `(function(){window.dispatchEvent(new Event("resize"));var s=document.getElementById(${JSON.stringify(FIRST_SCREEN_ID)});if(!s)return;`
  + `try{var k=new RegExp(${JSON.stringify(ANY_LOGIN_KEY_SOURCE)});for(var i=0;i<localStorage.length;i++)if(k.test(localStorage.key(i)))s.setAttribute("data-signed-in","")}catch(e){}`
  + `s.addEventListener("click",function(e){var b=e.target&&e.target.closest&&e.target.closest(${JSON.stringify(VISITOR_OFFER_BUTTON)});if(b){window[${JSON.stringify(EARLY_JOIN_GLOBAL)}]=true;b.setAttribute("data-tapped","")}});`
  + 'var u=s.getAttribute("data-until"),o=new MutationObserver(function(){var a=document.getElementById("app");'
  + 'if(a&&a.querySelector(u)){o.disconnect();s.parentNode.removeChild(s)}});'
  + 'o.observe(document.documentElement,{childList:true,subtree:true})})()'

/** The build's map of page paths to the files each preloads (src/index.html's preload script), read from `html`. */
function preloadMapOf (html: string): Record<string, string[]> {
  const match = /\}\((\{"\/[^<]*\})\)<\/script>/.exec(html)
  if (!match) return {}
  try {
    return JSON.parse(match[1]) as Record<string, string[]>
  } catch {
    return {}
  }
}

const styleCache = new Map<string, string>()

/** The text of the built stylesheet `file` under `h5Dir` (read once; '' when missing). */
function stylesheetText (h5Dir: string, file: string): string {
  const full = path.join(h5Dir, file)
  if (!full.startsWith(path.resolve(h5Dir))) return ''
  let text = styleCache.get(full)
  if (text === undefined) {
    try {
      text = readFileSync(full, 'utf8').replace(/<\//g, '<\\/')
    } catch {
      text = ''
    }
    styleCache.set(full, text)
  }
  return text
}

/** The CSS the page at `pagePath` (e.g. `/pages/index/index`) loads with its chunk, from the build in `h5Dir` whose index is `html`. */
export function pageStylesOf (html: string, pagePath: string, h5Dir: string): string {
  const files = preloadMapOf(html)[pagePath] ?? []
  return files.filter(file => file.endsWith('.css')).map(file => stylesheetText(h5Dir, file)).join('\n')
}

/** The files (scripts and stylesheets) the page at `pagePath` loads with its chunk, as the build's preload map in `html` names them (root-relative paths). */
export function pageFilesOf (html: string, pagePath: string): string[] {
  return (preloadMapOf(html)[pagePath] ?? []).filter(file => /^\/[\w./-]+\.(js|css)$/.test(file))
}

/** `html` preloading `files` (root-relative scripts and stylesheets, as pageFilesOf gives them) at low priority, at the end of its head; as it is when there are none. */
export function withPagePreloads (html: string, files: readonly string[]): string {
  const headEnd = html.indexOf('</head>')
  if (headEnd < 0 || files.length === 0) return html
  const links = files.map(file => `<link rel="preload" as="${file.endsWith('.css') ? 'style' : 'script'}" fetchpriority="low" href="${escapeHtml(file)}">`)
  return html.slice(0, headEnd) + links.join('') + html.slice(headEnd)
}

/**
 * `html` with `screen` (or, when null, a skeleton) over its app root, taken away once the
 * app renders `takenOverBy`, laid out by `styles` (the page's CSS) inlined in its head.
 * A page without a head or a body is returned as it is.
 */
export function withFirstScreen (html: string, screen: ScreenElement | null, takenOverBy: string, styles: string): string {
  const headEnd = html.indexOf('</head>')
  const bodyStart = /<body[^>]*>/.exec(html)
  if (headEnd < 0 || !bodyStart) return html
  const until = screen === null ? PAGE_SHOWN : `${takenOverBy}, ${STATE_SHOWN}`
  const holder = `<div id="${FIRST_SCREEN_ID}" data-until="${escapeHtml(until)}">${screenHtml(screen ?? skeletonScreen())}</div><script>${TAKE_OVER_SCRIPT}</script>`
  const bodyAt = bodyStart.index + bodyStart[0].length
  // a drawn screen paints first: its pictures (preloaded, plugins/page-answers.ts) go before the app's scripts
  const head = screen === null ? html.slice(0, headEnd) : html.slice(0, headEnd).replace(/<script defer="defer" src=/g, '<script defer="defer" fetchpriority="low" src=')
  return head + `<style>${HOLDER_CSS}${SKELETON_CSS}${styles}</style>` + html.slice(headEnd, bodyAt) + holder + html.slice(bodyAt)
}
