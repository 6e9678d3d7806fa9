/**
 * First answers inside the pages that open with them (H5). When the reference server
 * serves Home or Market, it asks itself for the answer that page's first screen waits
 * for — Home's server card, its channel and live lists (a visitor's) and the live banner's
 * cover; Market's showroom — for the parameters and host the page is opened with, read
 * exactly as the client reads them (core/query/query.ts, core/domain/server.ts), and writes
 * them into the HTML under PAGE_ANSWERS_GLOBAL (core/wire/api.ts) with a preload of the
 * first screen's image. The client takes each answer once instead of asking again
 * (src/services/request/interceptors/page-answer.ts), so the first screen paints with the
 * first render rather than a round trip after start-up. Everything else (the guest
 * sign-in, a member's own channel list, retries) is asked for by the page as usual.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API_PATHS, PAGE_ANSWERS_GLOBAL, type PageAnswers } from '@core/wire/api'
import { CONFIGURED_SERVERS } from '@core/domain/servers'
import { chooseServer, showroomQueryOf, type ServerChoiceInput } from '@core/domain/server'
import { firstShowroomOf, flattenGroups } from '@core/domain/channel'
import { bannerEntryOf, liveBannerChannelOf } from '@core/domain/live-banner'
import { deriveLiveState, orderLiveItems } from '@core/domain/live-state'
import type { ChannelListData, Paged } from '@core/wire/api'
import { DEFAULT_PAGE_SIZE } from '@core/wire/codes'
import type { LiveItem } from '@core/wire/entities'
import { readParams } from '@core/query/query'
import { fillPath } from '@core/wire/paths'
import { parseQueryString, queryString } from '@core/query/url'
import { HISTORY_LIMIT_DEFAULT, MESSAGES_PATHS } from '@core/wire/messages-paths'
import { CARRY_WAIT_MS } from '../config'
import { withFirstScreen, withPagePreloads } from './first-screen'
import { chatFirstScreen, homeFirstScreen, marketFirstScreen, type ScreenElement } from '@core/view/first-screen'

/** A page whose HTML carries answers. */
export interface CarryingPage {
  /** Its route name (config/routes.ts). */
  route: string
  /** The API paths, with their query as the client writes it, of the calls its first screen waits for. */
  answerPaths (input: Required<ServerChoiceInput>): string[]
  /** The image its first screen shows from one such answer's data (to preload), if any. */
  imageOf (data: unknown): unknown
  /** True for an answer path whose answer differs for a signed-in member (carried as a visitor's: PageAnswer `visitorOnly`). */
  visitorOnly? (apiPath: string): boolean
  /** An image its first screen shows from several answers (the data of `answerPaths`' in their order, undefined where none is carried) at `nowSeconds`. */
  imageOfAll? (data: unknown[], nowSeconds: number): unknown
  /**
   * The API paths its first screen waits for that earlier answers name, asked once those came
   * (`data`: the data of `answerPaths`, in their order, undefined where none is carried); e.g.
   * the showroom of the server's first metaverse channel, named by its channel list.
   */
  followingPaths? (input: Required<ServerChoiceInput>, data: unknown[]): string[]
  /** Its first screen as a visitor sees it, from the data of `answerPaths` then `followingPaths` (in their order, undefined where none is carried) at `nowSeconds`; null when they cannot fill it. */
  firstScreen (data: unknown[], nowSeconds: number): DrawnScreen | null
}

/** A first screen as a carrying page draws it. */
export interface DrawnScreen {
  /** Its elements. */
  element: ScreenElement
  /** Selector of what the app renders once its own first screen is in place (the server's is then taken away). */
  takenOverBy: string
  /** The route (config/routes.ts) whose stylesheets lay it out. */
  route: string
}

/** `element` drawn as `route`'s first screen, taken over by `takenOverBy`; null without an element. */
function drawn (element: ScreenElement | null, takenOverBy: string, route: string): DrawnScreen | null {
  return element === null ? null : { element, takenOverBy, route }
}

/** Home's server: the one its parameters and host choose. */
function homeServerId (input: Required<ServerChoiceInput>): string {
  return chooseServer(CONFIGURED_SERVERS, input).server.server_id
}

/** SPEC §2, §4: the cover of the item Home's live banner features, from the channel list's and live list's data. */
export function bannerCoverOf (channels: unknown, lives: unknown, nowSeconds: number): unknown {
  const groups = (channels as Partial<ChannelListData> | undefined)?.groups
  const items = (lives as Partial<Paged<LiveItem>> | undefined)?.list
  if (!Array.isArray(groups) || !Array.isArray(items)) return null
  // in the live list's order (on air first), as Home features it
  const entries = orderLiveItems(items, nowSeconds).map(item => ({ item, state: deriveLiveState(item, nowSeconds) }))
  return bannerEntryOf(liveBannerChannelOf(flattenGroups(groups)), entries)?.item.cover ?? null
}

/** A chat's history: a signed-in caller's marks which reactions are theirs. */
const isChatHistory = (apiPath: string): boolean => /\/messages(\?|$)/.test(apiPath)

/** A member's channel list carries their unread counts and the channels only members see. */
const isChannelList = (apiPath: string): boolean => /\/channels$/.test(apiPath)

/** A chat channel's page: its detail (the header's name) and its newest messages, as the chat store asks for them. */
const CHAT_PAGE: CarryingPage = {
  route: 'channel',
  answerPaths: input => {
    const channelId = input.params.channel_id ?? ''
    if (channelId === '') return []
    return [
      fillPath(API_PATHS.channel, { channel_id: channelId }),
      fillPath(MESSAGES_PATHS.messages, { channel_id: channelId }) + queryString({ limit: HISTORY_LIMIT_DEFAULT }),
    ]
  },
  imageOf: () => null,
  visitorOnly: apiPath => isChatHistory(apiPath),
  firstScreen: ([channel, history]) => drawn(chatFirstScreen(channel, history), '.chat-message', 'channel'),
}

/**
 * What Home renders when it does not go on to a channel its link names (the channel is
 * not in its list, or opens elsewhere): its content then takes the chat's first screen away.
 */
const HOME_CONTENT = '.home__content'

/** The pages that carry answers, and which. */
export const CARRYING_PAGES: readonly CarryingPage[] = [
  {
    // Home: the detail of the server it shows (its card) and its icon; its channel and live lists and the live banner's cover;
    // and, for a link naming a channel (SPEC §2 `cid`/`channel_id`, what a channel's share button makes), that chat's answers
    route: 'index',
    answerPaths: input => {
      const serverId = homeServerId(input)
      return [
        fillPath(API_PATHS.server, { server_id: serverId }),
        // The live banner (its largest paint) needs both lists; the live list's first page as the client asks for it
        fillPath(API_PATHS.serverChannels, { server_id: serverId }),
        fillPath(API_PATHS.serverLives, { server_id: serverId }) + queryString({ page: 1, page_size: DEFAULT_PAGE_SIZE }),
        ...CHAT_PAGE.answerPaths(input),
      ]
    },
    imageOf: data => (data as { icon?: unknown } | null)?.icon,
    visitorOnly: apiPath => isChannelList(apiPath) || isChatHistory(apiPath),
    imageOfAll: ([, channels, lives], nowSeconds) => bannerCoverOf(channels, lives, nowSeconds),
    // SPEC §2: Home opened with a chat channel opens that channel, so the chat is what paints first (Home never shows)
    firstScreen: ([server, channels, lives, ...linked], nowSeconds) => {
      const chat = CHAT_PAGE.firstScreen(linked, nowSeconds)
      if (chat !== null) return { ...chat, takenOverBy: `${chat.takenOverBy}, ${HOME_CONTENT}` }
      return drawn(homeFirstScreen({ server, channels, lives, nowSeconds }), HOME_CONTENT, 'index')
    },
  },
  {
    // Market: the showroom it opens on — the named channel's, else the server's first showroom (named by its channel list,
    // as the showroom store finds it) — and its map
    route: 'market',
    answerPaths: input => {
      const query = showroomQueryOf(CONFIGURED_SERVERS, input)
      if (query.channel_id === '') return [fillPath(API_PATHS.serverChannels, { server_id: query.server_id })]
      return [showroomPath(query)]
    },
    followingPaths: (input, [channels]) => {
      const query = showroomQueryOf(CONFIGURED_SERVERS, input)
      const groups = (channels as Partial<ChannelListData> | undefined)?.groups
      const first = query.channel_id === '' && Array.isArray(groups) ? firstShowroomOf(groups) : null
      return first === null ? [] : [showroomPath({ server_id: query.server_id, channel_id: first.channel_id })]
    },
    imageOf: data => (data as { map?: { background?: unknown } } | null)?.map?.background,
    visitorOnly: isChannelList,
    // the showroom's answer is the last (after the channel list that named it, when the link named no channel)
    firstScreen: data => drawn(marketFirstScreen(data[data.length - 1]), '.showroom-map', 'market'),
  },
  CHAT_PAGE,
]

/** The showroom call's path with its query as src/services/api writes it. */
function showroomPath (query: { server_id: string, channel_id: string }): string {
  return API_PATHS.mapcfg + queryString(query)
}

/** Headers of the page request the inner API calls keep, so their file URLs are the ones the page itself would get (plugins/public-url.ts). */
const FORWARDED_HEADERS = ['host', 'x-forwarded-host', 'x-forwarded-proto'] as const

/** The parameters and host a page opened with the query string `search` (with or without `?`) at `host` is read with (SPEC §2 parameters: `nwp` unpacked, sid/cid read as server_id/channel_id). */
function inputOf (search: string, host: string): Required<ServerChoiceInput> {
  return { params: readParams(Object.fromEntries(parseQueryString(search))), host }
}

/** The API paths `page` asks first when opened with the query string `search` at `host`. */
export function answerPathsOf (page: CarryingPage, search: string, host: string): string[] {
  return page.answerPaths(inputOf(search, host))
}

/** The language a page opened with the query string `search` shows (SPEC §2 `hl`): the first screen is written in zh-CN only, other languages get the skeleton. */
function languageOf (search: string): 'zh-CN' | 'other' {
  const hl = parseQueryString(search).find(([key]) => key === 'hl')?.[1] ?? ''
  return hl === '' || /^zh/i.test(hl) ? 'zh-CN' : 'other'
}


/** The answer `inject` gives, or null when it takes longer than `waitMs`. */
function within<T> (answer: Promise<T>, waitMs: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>(resolve => { timer = setTimeout(() => resolve(null), waitMs) })
  return Promise.race([answer, late]).finally(() => clearTimeout(timer))
}

/**
 * The answers of `paths` as this app gives them to the page's own client (same IP for
 * the rate limit, same host for file URLs). Only successful answers given within
 * `waitMs` are carried: a failure or a slow answer is left for the page to meet, and to
 * retry, as it would without them.
 */
export async function answersFor (
  fastify: Pick<FastifyInstance, 'inject'>, request: Pick<FastifyRequest, 'headers' | 'ip'>, paths: readonly string[], waitMs = CARRY_WAIT_MS,
): Promise<PageAnswers> {
  const headers: Record<string, string> = {}
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const answers: PageAnswers = {}
  await Promise.all(paths.map(async apiPath => {
    const response = await within(fastify.inject({ method: 'GET', url: apiPath, headers, remoteAddress: request.ip }), waitMs)
    if (response?.statusCode === 200) answers[apiPath] = { statusCode: response.statusCode, body: response.body }
  }))
  return answers
}

/** JSON that is safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators JavaScript would trip on. */
function scriptJson (value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

function attributeText (text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

/** The `data` of an API answer's body, or undefined when the body is not such JSON. */
function dataOf (body: string): unknown {
  try {
    return (JSON.parse(body) as { data?: unknown }).data ?? null
  } catch {
    return undefined
  }
}

/** `image` when it is an http(s) or root-relative URL, else null. */
function preloadableUrl (image: unknown): string | null {
  return typeof image === 'string' && /^(https?:\/\/|\/(?!\/))/.test(image) ? image : null
}

/**
 * `html` carrying `answers` (a script setting PAGE_ANSWERS_GLOBAL) and a preload of the
 * image `page` shows from each, and of each of `moreImages` (chosen from several answers),
 * all at the end of its head, so they exist before the app's deferred scripts
 * run. A page without a head, or with nothing to carry or preload, is returned as it is.
 */
export function withPageAnswers (html: string, page: CarryingPage, answers: PageAnswers, moreImages: readonly unknown[] = []): string {
  const headEnd = html.indexOf('</head>')
  const images = [...Object.values(answers).map(answer => page.imageOf(dataOf(answer.body) ?? null)), ...moreImages]
    .map(preloadableUrl)
    .filter((image, index, all): image is string => image !== null && all.indexOf(image) === index)
  if (headEnd < 0 || (Object.keys(answers).length === 0 && images.length === 0)) return html
  // the first screen's pictures come before the scripts: the server draws that screen, so they are its largest paint
  const preloads = images.map(image => `<link rel="preload" as="image" fetchpriority="high" href="${attributeText(image)}">`)
  const script = Object.keys(answers).length > 0 ? `<script>window[${JSON.stringify(PAGE_ANSWERS_GLOBAL)}]=${scriptJson(answers)}</script>` : ''
  return html.slice(0, headEnd) + script + preloads.join('') + html.slice(headEnd)
}

/** What the build gives a route's page: its stylesheets' text (inlined under its first screen) and the files its chunk loads. */
export interface PageAssets {
  stylesOf (route: string): string
  filesOf (route: string): readonly string[]
}

/** No build to read (a page is served without the app's assets). */
const NO_ASSETS: PageAssets = { stylesOf: () => '', filesOf: () => [] }

/** The data of the answer to `apiPath` among `answers`, undefined when none is carried. */
function carriedData (answers: PageAnswers, apiPath: string): unknown {
  return answers[apiPath] ? dataOf(answers[apiPath].body) : undefined
}

/**
 * `html` as `page` is served to `request`, opened with the query string `search` at
 * `host`: carrying its answers (those its first answers name asked after them; a visitor's
 * marked `visitorOnly`), with preloads of its first screen's images, including the one
 * chosen from several answers at `nowMs`, and its visitor's first screen (a skeleton where
 * the answers cannot fill it) laid out by its route's CSS from `assets` (plugins/first-screen.ts), and
 * when that screen is another page's, that page's files preloaded.
 */
export async function carryingPageHtml (
  fastify: Pick<FastifyInstance, 'inject'>, request: Pick<FastifyRequest, 'headers' | 'ip'>, page: CarryingPage,
  html: string, search: string, host: string, nowMs = Date.now(), assets: PageAssets = NO_ASSETS, waitMs = CARRY_WAIT_MS,
): Promise<string> {
  const input = inputOf(search, host)
  const paths = page.answerPaths(input)
  const answers = await answersFor(fastify, request, paths, waitMs)
  const following = page.followingPaths?.(input, paths.map(apiPath => carriedData(answers, apiPath))) ?? []
  Object.assign(answers, await answersFor(fastify, request, following, waitMs))
  for (const [apiPath, answer] of Object.entries(answers)) if (page.visitorOnly?.(apiPath)) answer.visitorOnly = true
  const data = [...paths, ...following].map(apiPath => carriedData(answers, apiPath))
  const image = page.imageOfAll?.(data, nowMs / 1000)
  const screen = languageOf(search) === 'zh-CN' ? page.firstScreen(data, nowMs / 1000) : null
  const withAnswers = withPageAnswers(html, page, answers, image === undefined ? [] : [image])
  if (screen === null) return withFirstScreen(withAnswers, null, '', assets.stylesOf(page.route))
  // a screen of another page (Home's link to a chat) is taken over by that page: its files are fetched beside the page's own
  const preloaded = screen.route === page.route ? withAnswers : withPagePreloads(withAnswers, assets.filesOf(screen.route))
  return withFirstScreen(preloaded, screen.element, screen.takenOverBy, assets.stylesOf(screen.route))
}
