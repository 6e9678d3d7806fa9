/**
 * The first screen of Home, Market and a chat channel as a visitor sees it, described once
 * from the API answers the page opens with: a small element tree whose elements carry the
 * class names, nesting and texts of the app's own components (ServerHeader, LiveCard,
 * ChannelList, PageHeader, ShowroomMap, InteractionCard, ChatMessage, ChatAvatar), so the page's own CSS lays it out
 * where the app will. The reference server writes it into the page's HTML
 * ({@link screenHtml}, every text and URL escaped) so it paints before the scripts; the
 * app's first render then replaces it in the same place (e2e/first-screen.e2e.test.ts
 * compares the two in Chromium: texts, order and boxes). What the server cannot fill (an
 * unknown channel, an answer that came too late, a member's own view) is a skeleton
 * ({@link skeletonScreen}), never a blank page.
 * Pure: no I/O, no clock (the caller gives `nowSeconds`).
 */
import { avatarTone } from '../domain/avatar-tone'
import { flattenGroups } from '../domain/channel'
import { continuesAuthorGroup, type GroupedMessage } from '../domain/chat-grouping'
import { bannerEntryOf, liveBannerChannelOf } from '../domain/live-banner'
import { deriveLiveState, orderLiveItems, type LiveState } from '../domain/live-state'
import { isChatChannel } from '../domain/messages'
import type { ChannelListData, Paged } from '../wire/api'
import type { Channel, ChannelGroup, LiveItem } from '../wire/entities'

/** One element of a first screen: a block (`view`), a run of text (`text`) or a picture (`image`). */
export interface ScreenElement {
  kind: 'view' | 'text' | 'image'
  /** Its class names, as the app's component gives them. */
  className: string
  /** Its text (escaped when written). */
  text?: string
  /** The picture's URL (`image`); only http(s) and root-relative URLs are written. */
  src?: string
  /** Inline style declarations the app's component sets too (e.g. the map's aspect ratio). */
  style?: string
  /** A picture's width and height in CSS px, written as its attributes (its stylesheet's size wins once it applies). */
  box?: number
  children?: ScreenElement[]
}

/** The texts a first screen shows besides the data (zh-CN: the app's message table, src/constants/messages.ts, holds the same words). */
export const FIRST_SCREEN_TEXT = {
  members: (count: string) => `${count} 位成员`,
  online: (count: string) => `${count} 人在线`,
  channels: '频道',
  me: '我的',
  join: '加入社区',
  share: '分享',
  dmEntry: '私信',
  inboxEntry: '通知',
  search: '搜索',
  navHome: '首页',
  marketTitle: '销售演示平台',
  videoMissing: '视频暂不可用',
  chatJoinHint: '加入社区后即可发言',
  chatJoin: '加入',
  live: { live: '直播中', ended: '回放', order: '预约' } as Record<LiveState, string>,
  liveStart: (time: string) => `开播 ${time}`,
  liveDuration: (duration: string) => `时长 ${duration}`,
} as const

/** SPEC §9 count units 万 and 亿, one decimal cut (never rounded up), as the app's formatCount. */
export function displayCount (value: number): string {
  const count = Number.isFinite(value) && value > 0 ? Math.floor(value) : 0
  const cut = (unit: number) => String(Math.floor((count * 10) / unit) / 10)
  if (count >= 100000000) return `${cut(100000000)}亿`
  if (count >= 10000) return `${cut(10000)}万`
  return String(count)
}

/** `ms` as `MM-DD HH:mm` (or another of those tokens) at UTC+8, the app's display zone (SPEC §9). */
export function utc8Clock (ms: number, pattern: 'MM-DD HH:mm' | 'HH:mm'): string {
  const moment = new Date(ms + 8 * 3600 * 1000)
  const two = (value: number) => String(value).padStart(2, '0')
  const clock = `${two(moment.getUTCHours())}:${two(moment.getUTCMinutes())}`
  return pattern === 'HH:mm' ? clock : `${two(moment.getUTCMonth() + 1)}-${two(moment.getUTCDate())} ${clock}`
}

const view = (className: string, children: ScreenElement[] = [], style?: string): ScreenElement => ({ kind: 'view', className, children, ...(style ? { style } : {}) })
const text = (className: string, value: string): ScreenElement => ({ kind: 'text', className, text: value })
const image = (className: string, src: string): ScreenElement => ({ kind: 'image', className, src })

/** A message of an answer as the grouping rule reads it (undefined before the first). */
function groupingOf (message: Record<string, unknown> | undefined): GroupedMessage | undefined {
  if (message === undefined) return undefined
  const author = (message.author ?? {}) as Record<string, unknown>
  return { author: { uid: stringOf(author.uid) }, created_at: typeof message.created_at === 'number' ? message.created_at : 0 }
}

function stringOf (value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** The first character of `name` (by code point), as the app shows a missing picture. */
function initialOf (name: string): string {
  return Array.from(name.trim())[0] ?? ''
}

/** What Home's first screen is made of: the answers of its server, channel list and live list (undefined where none came). */
export interface HomeScreenInput {
  server: unknown
  channels: unknown
  lives: unknown
  nowSeconds: number
}

/** ServerHeader's card (a visitor's: no online count until the gateway says, the Me chip unsigned). */
function serverCard (detail: Record<string, unknown>): ScreenElement {
  const name = stringOf(detail.name)
  const icon = stringOf(detail.icon)
  const introduction = stringOf(detail.introduction)
  return view('server-header', [
    view('server-header__top', [
      view('server-header__icon', [icon !== '' ? image('server-header__icon-image', icon) : text('', initialOf(name))]),
      view('server-header__titles', [
        text('server-header__name', name),
        ...(typeof detail.member_count === 'number' ? [text('server-header__members', FIRST_SCREEN_TEXT.members(displayCount(detail.member_count)))] : []),
        ...(typeof detail.online_count === 'number' ? [text('server-header__online', FIRST_SCREEN_TEXT.online(displayCount(detail.online_count)))] : []),
      ]),
      view('server-header__me', [text('server-header__avatar server-header__avatar--initial', ''), text('server-header__nickname', FIRST_SCREEN_TEXT.me)]),
    ]),
    ...(introduction !== '' ? [text('server-header__intro', introduction)] : []),
    // a visitor's row as the app draws it once its launch signed them in (a guest at least): join, direct messages,
    // inbox, search, share — so the row wraps where the app's does; a member's answer (`is_member` true) draws no join,
    // and on a device holding a login the server's plugin takes the join out (HOME_VISITOR_JOIN)
    view('server-header__actions', [
      ...(detail.is_member !== true ? [text('home__join', FIRST_SCREEN_TEXT.join)] : []),
      text('inbox-entries__button inbox-entries__button--dm', FIRST_SCREEN_TEXT.dmEntry),
      text('inbox-entries__button inbox-entries__button--inbox', FIRST_SCREEN_TEXT.inboxEntry),
      text('search-entry', FIRST_SCREEN_TEXT.search),
      text('share-button', FIRST_SCREEN_TEXT.share),
    ]),
  ])
}

/** A length in seconds as `1:05:09` or `05:09`; '' when unknown, as LiveCard shows it. */
export function lengthText (seconds: unknown): string {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) return ''
  const whole = Math.floor(seconds)
  const two = (value: number) => String(value).padStart(2, '0')
  const hours = Math.floor(whole / 3600)
  const rest = `${two(Math.floor((whole % 3600) / 60))}:${two(whole % 60)}`
  return hours > 0 ? `${hours}:${rest}` : rest
}

/** LiveCard's banner variant of `item` in `state`, under the banner channel's name. */
function liveBanner (item: LiveItem, state: LiveState, eyebrow: string): ScreenElement {
  const cover = stringOf(item.cover)
  return view('home__banner', [
    view('live-card live-card--banner', [
      view('live-card__cover', [
        ...(cover !== '' ? [image('live-card__image', cover)] : []),
        view('live-card__badge', [{ kind: 'text', className: `live-badge live-badge--${state}`, children: state === 'live' ? [text('live-badge__dot', '')] : [], text: FIRST_SCREEN_TEXT.live[state] }]),
      ]),
      view('live-card__body', [
        ...(eyebrow !== '' ? [text('live-card__eyebrow', eyebrow)] : []),
        text('live-card__title', stringOf(item.title)),
        view('live-card__meta', [
          ...(typeof item.started_at === 'number' && Number.isFinite(item.started_at) ? [text('live-card__start', FIRST_SCREEN_TEXT.liveStart(utc8Clock(item.started_at * 1000, 'MM-DD HH:mm')))] : []),
          ...(lengthText(item.duration) !== '' ? [text('live-card__duration', FIRST_SCREEN_TEXT.liveDuration(lengthText(item.duration)))] : []),
        ]),
      ]),
    ]),
  ])
}

/** ChannelList's rows (a visitor's: no unread badges). */
function channelList (groups: readonly ChannelGroup[]): ScreenElement {
  return view('channel-list', groups.map(entry => view('channel-list__group', [
    ...(entry.group ? [text('channel-list__header', entry.group.name)] : []),
    ...entry.channels.map((channel: Channel) => view('channel-list__row', [
      stringOf(channel.icon) !== '' ? image('channel-list__icon', channel.icon) : text(`channel-list__icon channel-list__icon--t${channel.channel_type}`, initialOf(channel.name)),
      text('channel-list__name', channel.name),
      text('channel-list__chevron', '›'),
    ])),
  ])))
}

/** Home's first screen: the server card, the live banner and the channel list; null without the server's answer. */
export function homeFirstScreen ({ server, channels, lives, nowSeconds }: HomeScreenInput): ScreenElement | null {
  if (typeof server !== 'object' || server === null || stringOf((server as Record<string, unknown>).name) === '') return null
  const groups = (channels as Partial<ChannelListData> | undefined)?.groups
  const items = (lives as Partial<Paged<LiveItem>> | undefined)?.list
  const content: ScreenElement[] = []
  if (Array.isArray(groups)) {
    const banner = liveBannerChannelOf(flattenGroups(groups))
    const featured = Array.isArray(items) ? bannerEntryOf(banner, orderLiveItems(items, nowSeconds).map(item => ({ item, state: deriveLiveState(item, nowSeconds) }))) : null
    if (banner && featured) content.push(liveBanner(featured.item, featured.state, banner.name))
    content.push(view('home__section home__channels', [text('home__section-title', FIRST_SCREEN_TEXT.channels), channelList(groups)]))
  } else {
    content.push(view('home__section home__channels', [text('home__section-title', FIRST_SCREEN_TEXT.channels), skeletonRows(4)]))
  }
  return view('home', [serverCard(server as Record<string, unknown>), view('home__content', content)])
}

/** PageHeader as a page opened by a link shows it (back to Home). */
function pageHeader (title: string): ScreenElement {
  return view('page-header', [
    view('page-header__back', [text('page-header__arrow', '‹'), text('page-header__back-text', FIRST_SCREEN_TEXT.navHome)]),
    text('page-header__title', title),
  ])
}

/** A fraction as the CSS percentage ShowroomMap writes (`0.5625` → `56.25%`). */
function percent (fraction: number): string {
  return `${Number((fraction * 100).toFixed(4))}%`
}

/** A price in fen as the app's interaction card shows it (`123456` → `¥1,234.56`); '' when not a price. */
export function priceText (fen: unknown): string {
  if (typeof fen !== 'number' || !Number.isSafeInteger(fen) || fen < 0) return ''
  const yuan = String(Math.floor(fen / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `¥${yuan}.${String(fen % 100).padStart(2, '0')}`
}

/** InteractionCard of the showroom's first event, which the app opens with the page (SPEC §7). */
function interactionCard (event: Record<string, unknown>): ScreenElement {
  const kind = ['welcome', 'product', 'video'].includes(stringOf(event.type)) ? stringOf(event.type) : 'welcome'
  const picture = stringOf(event.image)
  const price = kind === 'product' ? priceText(event.price) : ''
  let media: ScreenElement[] = []
  if (kind === 'video') {
    if (stringOf(event.video_url) === '') media = [text('interaction-card__missing', FIRST_SCREEN_TEXT.videoMissing)]
    else media = [picture !== '' ? image('interaction-card__video', picture) : view('interaction-card__video')] // its poster until the player comes
  } else if (picture !== '') {
    media = [image('interaction-card__image', picture)]
  }
  return view('market__card', [view(`interaction-card interaction-card--${kind}`, [
    text('interaction-card__close', '×'),
    ...media,
    view('interaction-card__body', [
      text('interaction-card__title', stringOf(event.title)),
      ...(price !== '' ? [text('interaction-card__price', price)] : []),
      ...(stringOf(event.text) !== '' ? [text('interaction-card__text', stringOf(event.text))] : []),
    ]),
  ])])
}

/** Market's first screen: its header, the showroom map with its hotspots and the card of the first event, open; null without the showroom's answer. */
export function marketFirstScreen (showroom: unknown): ScreenElement | null {
  const map = (showroom as { map?: { background?: unknown, width?: unknown, height?: unknown } } | null | undefined)?.map
  if (!map || typeof map.width !== 'number' || typeof map.height !== 'number' || map.width <= 0) return null
  const { hotspots, interaction_events: events } = showroom as { hotspots?: unknown, interaction_events?: unknown }
  const spots = Array.isArray(hotspots) ? hotspots as Array<{ x: number, y: number, title?: unknown, event_id?: unknown }> : []
  const first = Array.isArray(events) && typeof events[0] === 'object' && events[0] !== null ? events[0] as Record<string, unknown> : null
  const background = stringOf(map.background)
  return view('market', [
    pageHeader(FIRST_SCREEN_TEXT.marketTitle),
    view('showroom-map', [
      ...(background !== '' ? [image('showroom-map__background', background)] : []),
      ...spots.map(spot => view(`showroom-map__hotspot${first !== null && spot.event_id === first.event_id ? ' showroom-map__hotspot--active' : ''}`, [
        view('showroom-map__dot'),
        ...(stringOf(spot.title) !== '' ? [text('showroom-map__label', stringOf(spot.title))] : []),
      ], `left: ${percent(spot.x)}; top: ${percent(spot.y)}`)),
    ], `padding-top: ${percent(map.height / map.width)}`),
    ...(first !== null ? [interactionCard(first)] : []),
  ])
}

/** The chat's list as the app shows it on opening: scrolled to the newest, which sit at its bottom. */
const CHAT_SCROLLED_TO_NEWEST = 'display: flex; flex-direction: column; justify-content: flex-end; overflow: hidden'

/** The box Taro's H5 runtime style gives a mini button (taro-button-core[size=mini]), which arrives only with the scripts. */
const TARO_MINI_BUTTON_STYLE = 'display: inline-block; padding: 0 1.32em; font-size: 13px; line-height: 2.3; border-radius: 5px; text-align: center'

/** How many of the newest messages a chat's first screen shows (more than a phone's screen holds). */
export const CHAT_FIRST_SCREEN_MESSAGES = 12

/** The box (CSS px) of a chat avatar on a phone, written on its picture so it has its size before any stylesheet applies (the app's is 64 design px, 1.6rem). */
export const CHAT_AVATAR_PX = 32

/** ChatAvatar as a message shows it: the member's picture, or their initial on their tone. */
function chatAvatar (uid: string, nickname: string, avatar: string): ScreenElement {
  if (avatar !== '') return { ...image('chat-avatar', avatar), box: CHAT_AVATAR_PX }
  return view(`chat-avatar chat-avatar--initial chat-avatar--tone-${avatarTone(uid)}`, [text('', initialOf(nickname))])
}

/** A chat channel's first screen: its header and its newest messages (oldest first, as the app lists them); null without both answers, or for a channel that is not a discussion. */
export function chatFirstScreen (channel: unknown, history: unknown): ScreenElement | null {
  const detail = (channel ?? {}) as { name?: unknown, channel_type?: unknown, kind?: unknown }
  const name = stringOf(detail.name)
  const items = (history as { items?: unknown } | null | undefined)?.items
  // only a discussion's page is a chat (a post, live or showroom channel's page is drawn by the app alone)
  if (name === '' || !Array.isArray(items) || typeof detail.channel_type !== 'number' || !isChatChannel({ channel_type: detail.channel_type, kind: Number(detail.kind) })) return null
  const messages = items as Array<Record<string, unknown>>
  const nicknames = new Map(messages.map(message => (message.author ?? {}) as Record<string, unknown>).map(author => [stringOf(author.uid), stringOf(author.nickname)]))
  // a mention `<@uid>` reads as `@nickname` (an author of the loaded page), or `@uid` when unknown, as the chat shows it
  const contentOf = (content: string) => content.replace(/<@([A-Za-z0-9_-]{1,64})>/g, (_whole, uid: string) => `@${nicknames.get(uid) || uid}`)
  const newest = messages.slice(-CHAT_FIRST_SCREEN_MESSAGES)
  return view('channel-page', [
    pageHeader(name),
    view('chat-view', [
      view('chat-view__status'),
      view('chat-list', [view('chat-list__scroll', newest.map((message, index) => {
        const author = (message.author ?? {}) as Record<string, unknown>
        const avatar = stringOf(author.avatar)
        const nickname = stringOf(author.nickname)
        // the app's grouping: a message continuing its author's group shows no avatar or name again
        const previous = groupingOf(messages[messages.length - newest.length + index - 1])
        if (previous !== undefined && continuesAuthorGroup(previous, { author: { uid: stringOf(author.uid) }, created_at: Number(message.created_at) })) {
          return view('chat-list__row', [view('chat-message chat-message--sent chat-message--grouped', [
            view('chat-message__gutter'),
            view('chat-message__body', [
              view('chat-message__head'),
              ...(stringOf(message.content) !== '' ? [text('chat-message__text', contentOf(stringOf(message.content)))] : []),
            ]),
          ])])
        }
        return view('chat-list__row', [view('chat-message chat-message--sent', [
          chatAvatar(stringOf(author.uid), nickname, avatar),
          view('chat-message__body', [
            view('chat-message__head', [
              text('chat-message__author', nickname),
              text('chat-message__time', typeof message.created_at === 'number' ? utc8Clock(message.created_at * 1000, 'HH:mm') : ''),
            ]),
            ...(stringOf(message.content) !== '' ? [text('chat-message__text', contentOf(stringOf(message.content)))] : []),
          ]),
        ])])
      }), CHAT_SCROLLED_TO_NEWEST)]),
      view('chat-view__typing'),
      // a visitor is offered to join; Taro's mini button box (its runtime style) for the button
      view('chat-view__join', [text('chat-view__join-text', FIRST_SCREEN_TEXT.chatJoinHint), { ...text('chat-view__join-button', FIRST_SCREEN_TEXT.chatJoin), style: TARO_MINI_BUTTON_STYLE }]),
    ]),
  ])
}

/** `count` grey rows where a list will be. */
function skeletonRows (count: number): ScreenElement {
  return view('first-screen-skeleton__rows', Array.from({ length: count }, () => view('first-screen-skeleton__row')))
}

/** The skeleton of a page whose first screen the server cannot fill: a header bar and grey rows. */
export function skeletonScreen (): ScreenElement {
  return view('first-screen-skeleton', [view('first-screen-skeleton__header'), skeletonRows(6)])
}

/** CSS of the skeleton, inline in the page so it paints before the app's styles arrive. */
export const SKELETON_CSS = '.first-screen-skeleton{padding:12px;min-height:100vh;box-sizing:border-box;background:#f5f6f8}'
  + '.first-screen-skeleton__header{height:88px;border-radius:14px;background:#e4e6eb;margin-bottom:12px}'
  + '.first-screen-skeleton__rows{padding:6px 0}'
  + '.first-screen-skeleton__row{height:44px;margin:8px 0;border-radius:10px;background:#e9ebef}'

/** `value` safe as HTML text and inside a double-quoted attribute. */
export function escapeHtml (value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

/** `src` when a page may load it as a picture (http(s) or root-relative), else ''. */
function loadableSrc (src: string | undefined): string {
  return typeof src === 'string' && /^(https?:\/\/|\/(?!\/))/.test(src) ? src : ''
}

/** `element` as HTML: a view is a `div`, a text a `span`, a picture an `img` filling its box; every text and attribute escaped. */
export function screenHtml (element: ScreenElement): string {
  const classAttribute = element.className === '' ? '' : ` class="${escapeHtml(element.className)}"`
  const styleAttribute = element.style ? ` style="${escapeHtml(element.style)}"` : ''
  if (element.kind === 'image') {
    const src = loadableSrc(element.src)
    const box = typeof element.box === 'number' && Number.isFinite(element.box) ? ` width="${Math.round(element.box)}" height="${Math.round(element.box)}"` : ''
    return `<img${classAttribute} style="object-fit:cover" alt=""${box}${src === '' ? '' : ` src="${escapeHtml(src)}"`}>`
  }
  const tag = element.kind === 'view' ? 'div' : 'span'
  const inner = (element.children ?? []).map(screenHtml).join('') + escapeHtml(element.text ?? '')
  return `<${tag}${classAttribute}${styleAttribute}>${inner}</${tag}>`
}
