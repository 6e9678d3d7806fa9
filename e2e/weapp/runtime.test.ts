/**
 * The mini-program build (dist/weapp) run page by page under a simulated WeChat runtime
 * (./simulator.ts): the app's own bundle drives each page through Taro's runtime and
 * `setData`, with real HTTP and a real WebSocket to the product started here on a
 * loopback port. Each test opens a page with its query, runs its lifecycle and reads what
 * the final page data says, as text. A page that throws, reports an error, shows no live
 * data or calls a `wx` API the simulation does not know fails its test. A 2d canvas is
 * not painted but its drawing calls are recorded (./canvas.ts): the space test reads where
 * a member's name lands.
 * Not covered: painting and layout (WeChat's compilers check templates and styles,
 * compile-check.test.ts), the WeChat client itself (sign-in, payments, subscribe dialogs).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'
import { startProduct, stopProduct, type RunningProduct } from '../support/product'
import { signInSeeded, type SeededLogin } from '../support/sessions'
import WebSocket from 'ws'
import type { Pose } from '@core/domain/space/motion'
import { applyTickPoses, bookOf, type PoseBook, type PosedAvatar, type TickPoses } from '@core/domain/space/poses'
import { cameraFollowing, mapToScreen } from '@/components/space/camera'
import { MiniProgram, nodesWithClass, textOf, type TaroNode } from './simulator'
import { SimulatedCanvas } from './canvas'

const ROOT = path.resolve(__dirname, '..', '..')
const DIST = path.join(ROOT, 'dist/weapp')
/** The API base the development build calls (src/constants/env.ts LOCAL_SERVER): the simulation sends it to the product. */
const BUILT_ORIGIN = 'http://localhost:3000'
const SERVER = '832828'
const SERVER_NAME = '云端集市'
const DEFAULT_SERVER = '723658'
const CHAT_CHANNEL = '83282802'
const POST_CHANNEL = '83282804'
/** 云端集市's 公告, a second discussion channel: the slow mode test sets it there, so 大厅's tests send freely. */
const SLOW_MODE_CHANNEL = '83282800'
const LIVE_CHANNEL = '83282807'
const SHOWROOM = '83282810'
const VOICE_CHANNEL = '83282803'
/** 云端集市's game plaza channel (the seed's). */
const PLAZA_CHANNEL = '83282812'
/** Where the development build's voice channel opens the H5 voice page in its web-view (src/stores/voice-handoff). */
const H5_VOICE_PAGE = `${BUILT_ORIGIN}/pages/voice/index?handoff=`
const OWNER_UID = '100001'
/** A member of server 832828 who is not its owner. */
const MEMBER_UID = '100003'
/** Another member, whose inbox stays empty here. */
const ALEX_UID = '100002'
/** A member (with the training role) mentioned in the inbox flow. */
const TRAINEE_UID = '100004'
/** What a page with nothing of its own to share sends: the server's Home. */
const HOME_CARD_PATH = `/pages/index/index?server_id=${SERVER}`
/** A web page the development build may show in its web view (its webview host, src/constants/env.ts). */
const RULE_URL = `${BUILT_ORIGIN}/rules/user-agreement.html`
/** The login key of the development build (src/utils/storage.ts loginKey). */
const LOGIN_KEY = 'openrealm:dev:login'
const WAIT_MS = 10000
/** How long a page is given to finish its requests before the test says one was never made. */
const SETTLE_MS = 1000

let product: RunningProduct
let noH5: string
const opened: MiniProgram[] = []

beforeAll(async () => {
  if (!existsSync(path.join(DIST, 'app.json'))) throw new Error(`no mini-program build at ${DIST}: run npm run build:weapp first`)
  // the API alone: an empty H5 folder keeps the server from building the H5 bundle
  noH5 = mkdtempSync(path.join(tmpdir(), 'openrealm-weapp-no-h5-'))
  product = await startProduct({ H5_DIR: noH5 })
})

afterAll(async () => {
  if (product) await stopProduct(product)
  rmSync(noH5, { recursive: true, force: true })
})

afterEach(() => {
  const apps = opened.splice(0)
  for (const app of apps) app.closeAll()
  for (const app of apps) {
    expect(app.errors.map(error => (error as { stack?: string }).stack ?? String(error))).toEqual([])
    expect(app.record.consoleErrors).toEqual([])
    expect(app.record.unknown).toEqual([])
  }
})

/** Launches the mini-program on `url` (`/pages/x/index?…`) as WeChat does, with what its storage already holds. */
function launch (url: string, storage: Record<string, unknown> = {}): MiniProgram {
  const app = new MiniProgram({ dist: DIST, builtOrigin: BUILT_ORIGIN, serverOrigin: product.url, storage })
  opened.push(app)
  const [page, query = ''] = url.slice(1).split('?')
  app.launch(page, Object.fromEntries(new URLSearchParams(query)))
  app.openFirst(url)
  return app
}

/** The storage of a WeChat client where `login` is signed in. */
function signedIn (login: SeededLogin): Record<string, unknown> {
  return { [LOGIN_KEY]: JSON.stringify(login) }
}

/** Resolves once `check` holds, polling; fails with what the page shows after WAIT_MS. */
async function until (app: MiniProgram, what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + WAIT_MS
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${WAIT_MS} ms; sockets: ${app.record.socketEvents.join(', ') || 'none'}; warnings: ${app.record.warnings.join(' | ').slice(0, 600) || 'none'}; the page shows: ${app.text().slice(0, 600)}`)
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}

/** Waits until the page on top shows every one of `texts`. */
async function sees (app: MiniProgram, ...texts: string[]): Promise<void> {
  await until(app, `seeing ${texts.join(', ')}`, () => texts.every(text => app.text().includes(text)))
}

/** The first node of the page on top with `className` (and, when given, holding `text`). */
function node (app: MiniProgram, className: string, text?: string): TaroNode {
  const found = nodesWithClass(app.current().data.root, className).find(candidate => text === undefined || textOf(candidate).includes(text))
  if (!found) throw new Error(`no .${className}${text ? ` with "${text}"` : ''} on ${app.current().route}: ${app.text().slice(0, 600)}`)
  return found
}

/** Waits until the page on top shows a node with `className` (holding `text`, when given) and taps it. */
async function tapWhenShown (app: MiniProgram, className: string, text?: string): Promise<void> {
  await until(app, `.${className}${text ? ` with "${text}"` : ''} on screen`, () => nodesWithClass(app.current().data.root, className).some(candidate => text === undefined || textOf(candidate).includes(text)))
  app.tap(node(app, className, text))
}

/** Waits for the page on top to become `route`. */
async function arrivesAt (app: MiniProgram, route: string): Promise<void> {
  await until(app, `opening ${route}`, () => app.current().route === route)
}

/** The paths the app asked the server for, in order. */
function asked (app: MiniProgram): string[] {
  return app.record.requests.map(request => `${request.method} ${request.url}`)
}

/** How many times the app asked for `request` (`GET /path`, whatever query followed). */
function timesAsked (app: MiniProgram, request: string): number {
  return asked(app).filter(made => made === request || made.startsWith(`${request}?`)).length
}

/** How many times the app called `wx.<name>`. */
function timesCalled (app: MiniProgram, name: string): number {
  return app.record.calls.filter(call => call === name).length
}

/** Pulls the page on top down and waits until it asks for `request` again and stops the spinner. */
async function pullsDownAndAsksAgain (app: MiniProgram, request: string): Promise<void> {
  const before = timesAsked(app, request)
  const stopped = timesCalled(app, 'stopPullDownRefresh')
  app.pullDown()
  await until(app, `${request} asked again on a pull-down`, () => timesAsked(app, request) > before)
  await until(app, 'the spinner stopped', () => timesCalled(app, 'stopPullDownRefresh') > stopped)
}

/** Makes an invite to server 832828 as its owner, straight through the HTTP API, and answers its code. */
async function inviteCode (): Promise<string> {
  const owner = signInSeeded(product, OWNER_UID)
  const response = await fetch(`${product.url}/servers/${SERVER}/invites`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ max_age_seconds: 1800, max_uses: 1 }),
  })
  expect(response.status).toBe(200)
  const { data } = await response.json() as { data: { code: string } }
  return data.code
}

/** Lets the page finish what it asks for after its content shows (a negative assertion needs the page settled). */
function settled (): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, SETTLE_MS))
}

/**
 * True when a button node is disabled: its `disabled` is set under the key the build's button
 * template reads it from (Taro shortens attribute names in the page data: base.wxml
 * `<button … disabled="{{i.p2}}"`).
 */
function isDisabled (button: TaroNode): boolean {
  const alias = /<button[^>]*\sdisabled="\{\{i\.(\w+)\}\}"/.exec(readFileSync(path.join(DIST, 'base.wxml'), 'utf8'))?.[1]
  if (alias === undefined) throw new Error('no disabled attribute on the button template of dist/weapp/base.wxml')
  return button[alias] === true
}

/** Sets `channelId`'s slow mode as `login` (its owner) over HTTP. */
async function setSlowMode (login: SeededLogin, channelId: string, seconds: number): Promise<void> {
  const response = await fetch(`${product.url}/channels/${channelId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ slow_mode_seconds: seconds }),
  })
  expect(response.status).toBe(200)
}

/** Posts a message in a channel as a signed-in account, straight to the HTTP API; answers its id. */
async function postMessage (login: SeededLogin, channelId: string, content: string): Promise<string> {
  const response = await fetch(`${product.url}/channels/${channelId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content, nonce: `weapp-${Date.now()}` }),
  })
  expect(response.status).toBe(200)
  return (await response.json() as { data: { message_id: string } }).data.message_id
}

/** The one-to-one conversation of `login` with `uid`, found or started straight through the HTTP API; answers its id. */
async function directConversation (login: SeededLogin, uid: string): Promise<string> {
  const response = await fetch(`${product.url}/conversations/direct`, {
    method: 'POST',
    headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ uid }),
  })
  expect(response.status).toBe(200)
  const { data } = await response.json() as { data: { conversation_id: string } }
  return data.conversation_id
}

/** Sends a direct message in `conversationId` as `login`, straight to the HTTP API. */
async function postDirectMessage (login: SeededLogin, conversationId: string, content: string): Promise<void> {
  const response = await fetch(`${product.url}/conversations/${conversationId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content, nonce: `weapp-dm-${Date.now()}` }),
  })
  expect(response.status).toBe(200)
}

/** The owner's conversation with 周末 (MEMBER_UID), with a first message from 周末 so the page has something to show. */
async function ownersConversation (): Promise<string> {
  const conversationId = await directConversation(signInSeeded(product, OWNER_UID), MEMBER_UID)
  await postDirectMessage(signInSeeded(product, MEMBER_UID), conversationId, '私信你好')
  return conversationId
}

/** A plaza call straight to the HTTP API as `login` (the other player, who plays from H5 or anywhere). */
async function plazaCall<T> (login: SeededLogin, method: string, url: string, body?: unknown): Promise<T> {
  const response = await fetch(`${product.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${login.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const envelope = await response.json() as { msg: string, data: T }
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${envelope.msg}`)
  return envelope.data
}

/** The point (x, y) of the 五子棋 board on the page on top (its cells in row order), and whether a stone of `colour` is on it. */
function hasStone (app: MiniProgram, x: number, y: number, colour: 'black' | 'white'): boolean {
  const cell = nodesWithClass(app.current().data.root, 'game-board__cell')[y * 15 + x]
  return nodesWithClass(cell, `game-board__stone--${colour}`).length > 0
}

/** How a member opens a page: its URL (with its query), who is signed in (a seeded account; a new guest when none), and what it shows once its data is in. */
interface PageVisit {
  url: () => Promise<string>
  as?: string
  /** Texts the page shows once loaded. */
  shows: string[]
  /** A value somewhere in the page's data (an attribute, such as a web view's src), for a page that shows no text of its own. */
  holds?: string
}

/** Every page of app.json, as a member opens it. */
const EVERY_PAGE: Readonly<Record<string, PageVisit>> = {
  'pages/index/index': { url: async () => `/pages/index/index?sid=${SERVER}`, shows: [SERVER_NAME, '大厅', '直播中'] },
  'pages/market/index': { url: async () => `/pages/market/index?sid=${SERVER}&cid=${SHOWROOM}`, shows: ['欢迎台', '新品展台'] },
  'pages/demo/index': { url: async () => `/pages/demo/index?sid=${SERVER}`, shows: ['身份标识', '99+'] },
  'pages/me/index': { url: async () => `/pages/me/index?sid=${SERVER}`, shows: ['游客', '本设备'] },
  'pages/not-found/index': { url: async () => `/pages/not-found/index?sid=${SERVER}&from=${encodeURIComponent('/pages/gone/index')}`, shows: ['页面不存在', '/pages/gone/index'] },
  'pages/webview/index': { url: async () => `/pages/webview/index?sid=${SERVER}&url=${encodeURIComponent(RULE_URL)}&title=${encodeURIComponent('用户协议')}`, shows: [], holds: RULE_URL },
  'pages/channel/index': { url: async () => `/pages/channel/index?sid=${SERVER}&channel_id=${CHAT_CHANNEL}`, shows: ['大家好！'] },
  'pages/post/index': { url: async () => `/pages/post/index?sid=${SERVER}&post_id=${SERVER}-post-01`, shows: ['第 1 篇分享', '还没有评论'] },
  'pages/invite/index': { url: async () => `/pages/invite/index?code=${await inviteCode()}`, shows: ['林晓 邀请你加入', SERVER_NAME] },
  'pages/server-settings/index': { url: async () => `/pages/server-settings/index?sid=${SERVER}`, as: OWNER_UID, shows: ['审计日志', '资料'] },
  'pages/members/index': { url: async () => `/pages/members/index?sid=${SERVER}`, shows: ['林晓', '管理员'] },
  'pages/audit-log/index': { url: async () => `/pages/audit-log/index?sid=${SERVER}`, as: OWNER_UID, shows: ['操作记录', '待处理举报'] },
  'pages/search/index': { url: async () => `/pages/search/index?sid=${SERVER}`, shows: ['输入词语'] },
  // a member's own inbox (Alex: nobody mentions or answers Alex in these tests)
  'pages/inbox/index': { url: async () => `/pages/inbox/index?sid=${SERVER}`, as: ALEX_UID, shows: ['全部已读', '还没有通知'] },
  // the owner's direct messages with 周末 (Alex stays out of them: Alex's inbox stays empty)
  'pages/conversations/index': { url: async () => { await ownersConversation(); return `/pages/conversations/index?sid=${SERVER}` }, as: OWNER_UID, shows: ['谁可以给我发私信', '周末', '私信你好'] },
  'pages/conversation/index': { url: async () => `/pages/conversation/index?conversation_id=${await ownersConversation()}`, as: OWNER_UID, shows: ['私信你好'] },
  // the 3D showroom's gather space: its first interaction event's card and the talk bar
  'pages/space/index': { url: async () => `/pages/space/index?sid=${SERVER}&channel_id=${SHOWROOM}&server_id=${SERVER}`, as: MEMBER_UID, shows: ['欢迎来到3D 展厅', '挥手'] },
  // a voice channel: the H5 voice page in a web-view, with a hand-off code
  'pages/voice/index': { url: async () => `/pages/voice/index?sid=${SERVER}&channel_id=${VOICE_CHANNEL}&server_id=${SERVER}`, as: MEMBER_UID, shows: [], holds: H5_VOICE_PAGE },
  // a game plaza channel: the games on offer and the seeded table, live
  'pages/plaza/index': { url: async () => `/pages/plaza/index?sid=${SERVER}&channel_id=${PLAZA_CHANNEL}&server_id=${SERVER}`, as: MEMBER_UID, shows: ['五子棋', '黑白棋', '创建牌桌', '等待中'] },
  // the owner's voice check: the mini-program has no WebRTC, so it says to open the page in a browser
  'pages/voice-check/index': { url: async () => `/pages/voice-check/index?sid=${SERVER}`, as: OWNER_UID, shows: ['小程序里不能检测语音'] },
}

/** A member in a space over a plain WebSocket to the gateway (as the H5 app's socket is): what it hears of the space, and a way to send space frames. */
interface RawSpaceMember {
  selfId: number
  /** The name the space shows under this member's avatar. */
  nickname: string
  /** The poses it was told of the avatars in view. */
  positions: PoseBook
  send: (frame: object) => void
  close: () => void
}

/** Identifies `login` on the product's gateway and stands in `channelId`'s space. */
async function rawSpaceMember (login: SeededLogin, channelId: string): Promise<RawSpaceMember> {
  const socket = new WebSocket(`${product.url.replace(/^http/, 'ws')}/gateway`)
  let positions: PoseBook = new Map()
  let selfId = 0
  let nickname = ''
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('error', reject)
    socket.on('message', data => {
      const frame = JSON.parse(data.toString()) as { op: string, d: Record<string, unknown> }
      if (frame.op === 'ready') socket.send(JSON.stringify({ op: 'space_enter', d: { channel_id: channelId } }))
      if (frame.op === 'space_ready') {
        selfId = frame.d.self as number
        const avatars = frame.d.avatars as Array<PosedAvatar & { nickname: string }>
        nickname = avatars.find(avatar => avatar.id === selfId)?.nickname ?? ''
        positions = bookOf(avatars)
        resolve()
      }
      // moves are changes against the pose last told: core's one decoder applies them
      if (frame.op === 'space_tick') applyTickPoses(positions, frame.d as unknown as TickPoses)
    })
  })
  socket.on('open', () => socket.send(JSON.stringify({ op: 'identify', d: { token: login.token } })))
  await ready
  return { selfId, nickname, get positions () { return positions }, send: frame => socket.send(JSON.stringify(frame)), close: () => socket.close() }
}

/** The space frames the mini-program's socket received, parsed. */
function spaceFramesOf (app: MiniProgram): Array<{ op: string, d: Record<string, unknown> }> {
  return app.record.socketFrames.filter(text => text.includes('"space_')).map(text => JSON.parse(text) as { op: string, d: Record<string, unknown> })
}

/** Where the mini-program's socket last placed avatar `id` (its space_ready, then its ticks, decoded by core's one decoder), or undefined. */
function positionInApp (app: MiniProgram, id: number): Pose | undefined {
  let book: PoseBook = new Map()
  let position: Pose | undefined
  for (const frame of spaceFramesOf(app)) {
    if (frame.op === 'space_ready') book = bookOf(frame.d.avatars as PosedAvatar[])
    else if (frame.op === 'space_tick') applyTickPoses(book, frame.d as unknown as TickPoses)
    position = book.get(id) ?? position
  }
  return position
}

/** The space canvas's id (src/components/space/index.tsx CANVAS_ID). */
const SPACE_CANVAS = 'space-canvas'
/** Device pixels per CSS pixel of the simulated phone (simulator.ts SYSTEM_INFO). */
const PIXEL_RATIO = 3
/** How far below an avatar's feet its name is drawn, map pixels (src/components/space/renderer.ts drawAvatar). */
const NAME_BELOW_FEET = 4

/** The size in map pixels of `channelId`'s space map, straight from the HTTP API. */
async function spaceMapSize (login: SeededLogin, channelId: string): Promise<{ width: number, height: number }> {
  const response = await fetch(`${product.url}/channels/${channelId}/space`, { headers: { authorization: `Bearer ${login.token}` } })
  expect(response.status).toBe(200)
  const { data: { map } } = await response.json() as { data: { map: { width: number, height: number, tilewidth: number, tileheight: number } } }
  return { width: map.width * map.tilewidth, height: map.height * map.tileheight }
}

/**
 * Where on the canvas (device pixels) the renderer puts the name of an avatar standing at
 * `at` while mine stands at `self`: the camera follows me over the map (camera.ts), the
 * name hangs under the feet.
 */
function nameOnCanvas (canvas: SimulatedCanvas, map: { width: number, height: number }, self: { x: number, y: number }, at: { x: number, y: number }): { x: number, y: number } {
  const camera = cameraFollowing(self, map, { width: canvas.width / PIXEL_RATIO, height: canvas.height / PIXEL_RATIO })
  const point = mapToScreen(camera, { x: at.x, y: at.y + NAME_BELOW_FEET })
  return { x: point.x * PIXEL_RATIO, y: point.y * PIXEL_RATIO }
}

/** The anchors of `text` in the canvas's newest frame. */
function drawnAt (canvas: SimulatedCanvas, text: string): Array<{ x: number, y: number }> {
  return canvas.textsDrawn().filter(drawn => drawn.text === text).map(drawn => drawn.at)
}

describe('the mini-program at run time', () => {
  it('has a lifecycle visit for every page of app.json', () => {
    const app = new MiniProgram({ dist: DIST, builtOrigin: BUILT_ORIGIN, serverOrigin: 'http://127.0.0.1:9' })
    expect(Object.keys(EVERY_PAGE).sort()).toEqual(app.pagePaths().sort())
  })

  it.each(Object.keys(EVERY_PAGE))('runs %s through load, show and ready, hide and show, and unload without an error', async route => {
    const visit = EVERY_PAGE[route]
    const app = launch(await visit.url(), visit.as === undefined ? {} : signedIn(signInSeeded(product, visit.as)))
    expect(app.current().route).toBe(route)
    await sees(app, ...visit.shows)
    if (visit.holds !== undefined) await until(app, `${visit.holds} in the page's data`, () => JSON.stringify(app.current().data).includes(String(visit.holds)))
    app.hideAndShow()
    await sees(app, ...visit.shows)
    app.closeAll()
    expect(app.stack).toEqual([])
  })

  it('registers a page for every path of app.json', () => {
    const app = new MiniProgram({ dist: DIST, builtOrigin: BUILT_ORIGIN, serverOrigin: 'http://127.0.0.1:9' })
    expect(app.pagePaths()).toEqual(expect.arrayContaining(['pages/index/index', 'pages/channel/index', 'pages/post/index', 'pages/market/index', 'pages/me/index', 'pages/members/index', 'pages/server-settings/index', 'pages/invite/index', 'pages/not-found/index']))
  })

  it('shows Home of server 832828: its name, its channel list and the live banner, through hide, show and unload', async () => {
    const app = launch(`/pages/index/index?sid=${SERVER}`)
    await sees(app, SERVER_NAME, '大厅', '作品分享', '3D 展厅', '直播中', '正在直播')
    expect(textOf(node(app, 'server-header__name'))).toBe(SERVER_NAME)
    app.hideAndShow()
    await sees(app, SERVER_NAME, '大厅')
  })

  it('shares Home as a card that opens the same server', async () => {
    const app = launch(`/pages/index/index?sid=${SERVER}`)
    await sees(app, SERVER_NAME)
    await until(app, 'a share card with the server', () => String(app.shareCard()?.path ?? '').includes(`server_id=${SERVER}`))
    expect(app.shareCard()).toEqual(expect.objectContaining({ title: expect.stringContaining(SERVER_NAME) }))
  })

  it('shares Home to the timeline with the server in its query', async () => {
    const app = launch(`/pages/index/index?sid=${SERVER}`)
    await sees(app, SERVER_NAME)
    await until(app, 'a timeline card with the server', () => String(app.shareTimeline()?.query ?? '').includes(`server_id=${SERVER}`))
  })

  it('reloads Home\'s server, channels and live items on a pull-down and stops the spinner', async () => {
    const app = launch(`/pages/index/index?sid=${SERVER}`)
    await sees(app, '大厅', '直播中')
    const before = asked(app).filter(request => request === `GET /servers/${SERVER}/channels`).length
    app.pullDown()
    await until(app, 'the channels asked again', () => asked(app).filter(request => request === `GET /servers/${SERVER}/channels`).length > before)
    await until(app, 'the spinner stopped', () => app.record.calls.includes('stopPullDownRefresh'))
    await sees(app, '大厅', '直播中')
  })

  it('opens a channel from Home\'s list through the app\'s navigation and comes back', async () => {
    const app = launch(`/pages/index/index?sid=${SERVER}`)
    await sees(app, '大厅')
    await tapWhenShown(app, 'channel-list__row', '大厅')
    await arrivesAt(app, 'pages/channel/index')
    expect(app.current().options).toEqual(expect.objectContaining({ channel_id: CHAT_CHANNEL }))
    await sees(app, '大家好！')
    expect(app.stack.map(page => page.route)).toEqual(['pages/index/index', 'pages/channel/index'])
    app.back()
    expect(app.stack.map(page => page.route)).toEqual(['pages/index/index'])
    await sees(app, SERVER_NAME, '大厅', '作品分享', '直播中')
    // Home is the app's current page again: a tap there navigates with Home's own query
    await tapWhenShown(app, 'channel-list__row', '作品分享')
    await arrivesAt(app, 'pages/channel/index')
    expect(app.current().options).toEqual(expect.objectContaining({ sid: SERVER, channel_id: POST_CHANNEL }))
    await sees(app, '作品分享 #1')
    expect(app.stack.map(page => page.route)).toEqual(['pages/index/index', 'pages/channel/index'])
  })

  it('counts a message as unread on Home once the member went back from its channel (the channel page let go of it)', async () => {
    const app = launch(`/pages/index/index?sid=${SERVER}`, signedIn(signInSeeded(product, MEMBER_UID)))
    await sees(app, '大厅')
    await tapWhenShown(app, 'channel-list__row', '大厅')
    await arrivesAt(app, 'pages/channel/index')
    await sees(app, '大家好！')
    app.back()
    await sees(app, SERVER_NAME, '大厅')
    expect(nodesWithClass(node(app, 'channel-list__row', '大厅'), 'channel-list__unread')).toEqual([])
    // the message is written once the gateway session is up: one written while it still identifies reaches no
    // session (a fresh session starts after it) and the list answered before it — a connect race, not this test's
    await until(app, 'the gateway session', () => app.record.socketFrames.some(text => text.startsWith('{"op":"ready"')))
    await postMessage(signInSeeded(product, OWNER_UID), CHAT_CHANNEL, `回到首页之后的消息 ${Date.now()}`)
    await until(app, 'an unread count on the lobby\'s row', () => textOf(nodesWithClass(node(app, 'channel-list__row', '大厅'), 'channel-list__unread')[0]) === '1')
  })

  it('relaunches Home through the app\'s navigation when the member signs out on Me, closing every page', async () => {
    const app = launch(`/pages/index/index?sid=${SERVER}`)
    await sees(app, SERVER_NAME)
    await tapWhenShown(app, 'server-header__me')
    await arrivesAt(app, 'pages/me/index')
    await sees(app, '游客', '本设备')
    expect(app.stack.map(page => page.route)).toEqual(['pages/index/index', 'pages/me/index'])
    await tapWhenShown(app, 'me__sign-out')
    await until(app, 'the relaunch', () => app.record.calls.includes('reLaunch'))
    expect(app.stack.map(page => page.route)).toEqual(['pages/index/index'])
    expect(app.current().options).toEqual(expect.objectContaining({ sid: SERVER }))
    await sees(app, SERVER_NAME, '大厅', '直播中')
  })

  it('lets a guest join a chat channel, send a message, and shows a second member\'s message live over the socket', async () => {
    const app = launch(`/pages/channel/index?sid=${SERVER}&channel_id=${CHAT_CHANNEL}`)
    await sees(app, '大家好！')
    await tapWhenShown(app, 'chat-view__join-button')
    await until(app, 'the composer after joining', () => nodesWithClass(app.current().data.root, 'chat-composer__input').length > 0)
    const mine = `来自小程序的消息 ${Date.now()}`
    app.input(node(app, 'chat-composer__input'), mine)
    await tapWhenShown(app, 'chat-composer__send')
    await until(app, 'the sent message in the list', () => nodesWithClass(app.current().data.root, 'chat-message').some(row => textOf(row).includes(mine)))
    const theirs = `群主的实时消息 ${Date.now()}`
    await postMessage(signInSeeded(product, OWNER_UID), CHAT_CHANNEL, theirs)
    await until(app, 'the other member\'s message arriving live', () => nodesWithClass(app.current().data.root, 'chat-message').some(row => textOf(row).includes(theirs)))
  })

  it('holds a guest under a channel\'s slow mode: the owner turns it on, the composer says so live, and after a send counts down with 发送 held', async () => {
    const app = launch(`/pages/channel/index?sid=${SERVER}&channel_id=${SLOW_MODE_CHANNEL}`)
    await tapWhenShown(app, 'chat-view__join-button')
    await until(app, 'the composer after joining', () => nodesWithClass(app.current().data.root, 'chat-composer__input').length > 0)
    const owner = signInSeeded(product, OWNER_UID)
    try {
      await setSlowMode(owner, SLOW_MODE_CHANNEL, 30)
      await sees(app, '慢速模式已开启：每 30 秒可发一条')
      const mine = `小程序慢速模式 ${Date.now()}`
      app.input(node(app, 'chat-composer__input'), mine)
      await tapWhenShown(app, 'chat-composer__send')
      await until(app, 'the sent message in the list', () => nodesWithClass(app.current().data.root, 'chat-message').some(row => textOf(row).includes(mine)))
      await until(app, 'the countdown', () => /还需等待 (2\d|30) 秒/.test(textOf(node(app, 'chat-composer__slow-mode'))))
      app.input(node(app, 'chat-composer__input'), '第二条')
      expect(isDisabled(node(app, 'chat-composer__send'))).toBe(true)
      await setSlowMode(owner, SLOW_MODE_CHANNEL, 0)
      await until(app, '发送 free once slow mode is off', () => !isDisabled(node(app, 'chat-composer__send')) && !app.text().includes('慢速模式已开启'))
    } finally {
      await setSlowMode(owner, SLOW_MODE_CHANNEL, 0)
    }
  })

  it('opens a direct conversation from the 私信 list, sends in it, and shows the other member\'s message live over the socket', async () => {
    const conversationId = await ownersConversation()
    const app = launch(`/pages/conversations/index?sid=${SERVER}`, signedIn(signInSeeded(product, OWNER_UID)))
    await tapWhenShown(app, 'conversations__row', '周末')
    await arrivesAt(app, 'pages/conversation/index')
    expect(app.current().options).toEqual(expect.objectContaining({ conversation_id: conversationId }))
    await until(app, 'the composer', () => nodesWithClass(app.current().data.root, 'chat-composer__input').length > 0)
    const mine = `小程序里的私信 ${Date.now()}`
    app.input(node(app, 'chat-composer__input'), mine)
    await tapWhenShown(app, 'chat-composer__send')
    await until(app, 'the sent message in the conversation', () => nodesWithClass(app.current().data.root, 'chat-message').some(row => textOf(row).includes(mine) && !textOf(row).includes('发送中')))
    const theirs = `周末的实时私信 ${Date.now()}`
    await postDirectMessage(signInSeeded(product, MEMBER_UID), conversationId, theirs)
    await until(app, 'the other member\'s direct message arriving live', () => nodesWithClass(app.current().data.root, 'chat-message').some(row => textOf(row).includes(theirs)))
  })

  it('asks for the permissions of the channel\'s own server, not the default one', async () => {
    const app = launch(`/pages/channel/index?sid=${SERVER}&channel_id=${CHAT_CHANNEL}`)
    await sees(app, '大家好！')
    await until(app, 'the permission request', () => asked(app).includes(`GET /servers/${SERVER}/permissions/me`))
    await settled()
    expect(asked(app)).not.toContain(`GET /servers/${DEFAULT_SERVER}/permissions/me`)
  })

  it('shows a post channel\'s posts and opens a post from it', async () => {
    const app = launch(`/pages/channel/index?sid=${SERVER}&channel_id=${POST_CHANNEL}`)
    // a visitor (a fresh guest, no member) is offered to join where 写帖子 goes
    await sees(app, '加入社区后即可发帖', '作品分享 #1', '第 1 篇分享')
    await tapWhenShown(app, 'post-card__open')
    await arrivesAt(app, 'pages/post/index')
    await sees(app, '第 1 篇分享', '还没有评论')
  })

  it('shows a post with its comments and asks for the permissions of the post\'s server', async () => {
    const app = launch(`/pages/post/index?sid=${SERVER}&post_id=${SERVER}-post-01`)
    await sees(app, '林晓', '作品分享 #1', '第 1 篇分享', '还没有评论')
    await until(app, 'the permission request', () => asked(app).includes(`GET /servers/${SERVER}/permissions/me`))
    await settled()
    expect(asked(app)).not.toContain(`GET /servers/${DEFAULT_SERVER}/permissions/me`)
    expect(String(app.shareCard()?.path)).toContain(`post_id=${SERVER}-post-01`)
  })

  it('opens Market\'s showroom with its hotspots and first interaction card, and a tapped hotspot\'s card', async () => {
    const app = launch(`/pages/market/index?sid=${SERVER}&cid=${SHOWROOM}`)
    await sees(app, '欢迎台', '新品展台', '放映厅', '欢迎来到3D 展厅')
    await tapWhenShown(app, 'showroom-map__hotspot', '新品展台')
    await sees(app, '¥')
  })

  it('stands in a space and exchanges positions with a member on a plain socket: the stick walks the mini-program\'s avatar, the other\'s steps and words arrive', async () => {
    const app = launch(`/pages/space/index?sid=${SERVER}&channel_id=${SHOWROOM}&server_id=${SERVER}`, signedIn(signInSeeded(product, MEMBER_UID)))
    await until(app, 'standing in the space', () => spaceFramesOf(app).some(frame => frame.op === 'space_ready'))
    const mine = spaceFramesOf(app).find(frame => frame.op === 'space_ready')?.d.self as number
    const other = await rawSpaceMember(signInSeeded(product, ALEX_UID), SHOWROOM)
    try {
      await until(app, 'the other member coming into view', () => positionInApp(app, other.selfId) !== undefined)
      // standing side by side, the other speaks: the words show in the talk log
      const words = `小程序你好 ${Date.now().toString(36)}`
      other.send({ op: 'space_say', d: { text: words } })
      await sees(app, words)
      // the mini-program's member drags the stick to the left: the other sees the avatar walk that way
      const start = other.positions.get(mine)
      expect(start).toBeDefined()
      await until(app, 'the stick on screen', () => nodesWithClass(app.current().data.root, 'space-page__stick').length > 0)
      const stick = node(app, 'space-page__stick')
      app.touch(stick, 'touchstart', 100, 600)
      app.touch(stick, 'touchmove', 40, 600)
      await until(app, 'the other seeing the avatar walk left', () => (other.positions.get(mine)?.x ?? Infinity) < (start?.x ?? 0) - 32)
      app.touch(stick, 'touchend', 40, 600)
      // the other walks right: the mini-program's socket sees the steps
      const theirStart = positionInApp(app, other.selfId) as { x: number, y: number }
      other.send({ op: 'space_walk', d: { x: theirStart.x + 64, y: theirStart.y } })
      await until(app, 'the other\'s steps arriving', () => (positionInApp(app, other.selfId)?.x ?? 0) >= theirStart.x + 48)
    } finally {
      other.close()
    }
  })

  it('draws a member on a plain socket on the space\'s 2d canvas where the frames place them, and no longer once they left', async () => {
    const login = signInSeeded(product, MEMBER_UID)
    const map = await spaceMapSize(login, SHOWROOM)
    const app = launch(`/pages/space/index?sid=${SERVER}&channel_id=${SHOWROOM}&server_id=${SERVER}`, signedIn(login))
    await until(app, 'standing in the space', () => spaceFramesOf(app).some(frame => frame.op === 'space_ready'))
    const mine = spaceFramesOf(app).find(frame => frame.op === 'space_ready')?.d.self as number
    const myName = (spaceFramesOf(app).find(frame => frame.op === 'space_ready')?.d.avatars as Array<{ id: number, nickname: string }>).find(avatar => avatar.id === mine)?.nickname as string
    // the page asked WeChat for its canvas node and draws on it, frame after frame, sized to its box
    await until(app, 'the space drawn on its canvas', () => (app.canvas(SPACE_CANVAS)?.framesRun ?? 0) > 2 && drawnAt(app.canvas(SPACE_CANVAS) as SimulatedCanvas, myName).length === 1)
    const canvas = app.canvas(SPACE_CANVAS) as SimulatedCanvas
    expect({ width: canvas.width, height: canvas.height }).toEqual({ width: 390 * PIXEL_RATIO, height: 753 * PIXEL_RATIO })
    // the map's background came from the product over HTTP and is drawn under everything
    await until(app, 'the map\'s background drawn', () => canvas.lastFrame().some(call => call.op === 'drawImage'))
    expect(canvas.imageLoads.filter(load => load.startsWith('error'))).toEqual([])
    const other = await rawSpaceMember(signInSeeded(product, ALEX_UID), SHOWROOM)
    try {
      expect(other.nickname).not.toBe('')
      expect(other.nickname).not.toBe(myName)
      // the other walks right into view: the name lands under their feet as the frames placed them
      await until(app, 'the other member coming into view', () => positionInApp(app, other.selfId) !== undefined)
      const theirStart = positionInApp(app, other.selfId) as { x: number, y: number }
      other.send({ op: 'space_walk', d: { x: theirStart.x + 64, y: theirStart.y } })
      await until(app, 'the other\'s steps arriving', () => (positionInApp(app, other.selfId)?.x ?? 0) >= theirStart.x + 48)
      const near = (): boolean => {
        const self = positionInApp(app, mine)
        const theirs = positionInApp(app, other.selfId)
        if (!self || !theirs) return false
        const expected = nameOnCanvas(canvas, map, self, theirs)
        return drawnAt(canvas, other.nickname).some(at => Math.abs(at.x - expected.x) <= 4 * PIXEL_RATIO && Math.abs(at.y - expected.y) <= 4 * PIXEL_RATIO)
      }
      await until(app, `${other.nickname}'s name drawn where the frames put them (drawn at ${JSON.stringify(drawnAt(canvas, other.nickname))})`, near)
    } finally {
      other.close()
    }
    // gone: a later frame draws me and no longer them
    const framesBefore = canvas.framesRun
    await until(app, 'the other member no longer drawn', () => canvas.framesRun > framesBefore && drawnAt(canvas, other.nickname).length === 0)
    expect(drawnAt(canvas, myName)).toHaveLength(1)
    // the page unloads: its canvas asks for no more frames
    app.openFirst(`/pages/me/index?sid=${SERVER}`)
    const framesAtUnload = canvas.framesRun
    await new Promise(resolve => setTimeout(resolve, 200))
    expect(canvas.framesRun - framesAtUnload).toBeLessThanOrEqual(1)
  })

  it('shows Me: the guest\'s own profile and signed-in devices', async () => {
    const app = launch(`/pages/me/index?sid=${SERVER}`)
    await sees(app, '游客', '个性签名', '登录设备', '本设备', '退出登录')
    expect(asked(app)).toContain('GET /auth/sessions')
  })

  it('lists a server\'s members with their roles', async () => {
    const app = launch(`/pages/members/index?sid=${SERVER}`)
    await sees(app, '林晓', 'Alex', '管理员', '周末', '版主', 'Mia', '新手学员')
    const before = asked(app).filter(request => request === `GET /servers/${SERVER}/members`).length
    app.pullDown()
    await until(app, 'the members asked again on a pull-down', () => asked(app).filter(request => request === `GET /servers/${SERVER}/members`).length > before)
    await until(app, 'the spinner stopped', () => app.record.calls.includes('stopPullDownRefresh'))
  })

  it('shows the server settings to its owner', async () => {
    const app = launch(`/pages/server-settings/index?sid=${SERVER}`, signedIn(signInSeeded(product, OWNER_UID)))
    await sees(app, SERVER_NAME, '审计日志', '资料', '身份组', '频道', '邀请', '屏蔽词')
  })

  it('shows an invite made by the owner, and joins the server with one tap', async () => {
    const app = launch(`/pages/invite/index?code=${await inviteCode()}`)
    await sees(app, '林晓', '邀请你加入', SERVER_NAME, '加入')
    await tapWhenShown(app, 'invite__join')
    await until(app, 'the server after joining', () => app.current().route !== 'pages/invite/index')
    await sees(app, SERVER_NAME)
  })

  it('shares an invite as a card of the invite itself: who invites, and its code', async () => {
    const code = await inviteCode()
    const app = launch(`/pages/invite/index?code=${code}`)
    await sees(app, '林晓 邀请你加入', SERVER_NAME)
    await until(app, 'a share card of the invite', () => app.shareCard()?.path === `/pages/invite/index?server_id=${SERVER}&code=${code}`)
    expect(app.shareCard()?.title).toBe('林晓 邀请你加入')
  })

  it('shows not-found and leads back to Home', async () => {
    const app = launch('/pages/not-found/index')
    await sees(app, '404', '页面不存在', '返回首页')
    await tapWhenShown(app, 'not-found__home')
    await arrivesAt(app, 'pages/index/index')
    await sees(app, '频道')
  })

  it.each([
    ['a chat channel', `/pages/index/index?server_id=832828&channel_id=${CHAT_CHANNEL}`, `/pages/channel/index?sid=${SERVER}&channel_id=${CHAT_CHANNEL}`],
    ['a post', `/pages/post/index?server_id=832828&post_id=${SERVER}-post-01`, `/pages/post/index?sid=${SERVER}&post_id=${SERVER}-post-01`],
    ['Market', `/pages/index/index?server_id=832828&channel_id=${SHOWROOM}`, `/pages/market/index?sid=${SERVER}&cid=${SHOWROOM}`],
    ['Me', '/pages/index/index?server_id=832828', `/pages/me/index?sid=${SERVER}`],
    ['Members', '/pages/index/index?server_id=832828', `/pages/members/index?sid=${SERVER}`],
    ['the audit log', '/pages/index/index?server_id=832828', `/pages/audit-log/index?sid=${SERVER}`],
  ])('shares %s from the menu as a card that opens %s', async (_name, path, url) => {
    const app = launch(url)
    await until(app, `a share card for ${path}`, () => app.shareCard()?.path === path)
    expect(String(app.shareCard()?.title)).not.toBe('')
  })

  it('shares the server settings as a card of the server\'s Home', async () => {
    const app = launch(`/pages/server-settings/index?sid=${SERVER}`, signedIn(signInSeeded(product, OWNER_UID)))
    await sees(app, '审计日志')
    await until(app, 'a share card of Home', () => app.shareCard()?.path === '/pages/index/index?server_id=832828')
    expect(app.shareCard()?.title).toBe(SERVER_NAME)
  })

  it.each([
    ['the inbox', 'pages/inbox/index'],
    ['search', 'pages/search/index'],
    ['not-found', 'pages/not-found/index'],
    ['the demo', 'pages/demo/index'],
    ['a web view', 'pages/webview/index'],
  ])('shares %s from the menu as a card of the server\'s Home (the server its query names)', async (_name, route) => {
    const visit = EVERY_PAGE[route]
    const app = launch(await visit.url(), visit.as === undefined ? {} : signedIn(signInSeeded(product, visit.as)))
    await sees(app, ...visit.shows)
    await until(app, 'a share card of Home', () => app.shareCard()?.path === HOME_CARD_PATH)
    expect(app.shareCard()?.title).toBe(SERVER_NAME)
  })

  it('opens a voice channel as the H5 voice page in a web-view, with a hand-off code that signs in once as the member', async () => {
    const app = launch(`/pages/voice/index?sid=${SERVER}&channel_id=${VOICE_CHANNEL}&server_id=${SERVER}`, signedIn(signInSeeded(product, MEMBER_UID)))
    await until(app, 'the web-view on the H5 voice page', () => JSON.stringify(app.current().data).includes(H5_VOICE_PAGE))
    // the web-view's src, wherever Taro's data tree keeps it
    const src = JSON.stringify(app.current().data).split('"').find(part => part.startsWith(H5_VOICE_PAGE)) ?? ''
    const opened = new URL(src)
    expect(`${opened.origin}${opened.pathname}`).toBe(`${BUILT_ORIGIN}/pages/voice/index`)
    expect(Object.fromEntries(opened.searchParams)).toEqual({ handoff: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), channel_id: VOICE_CHANNEL, server_id: SERVER })
    expect(asked(app)).toContain('POST /auth/handoff')
    // the H5 page in the web-view redeems it: once, as the mini-program's member
    const redeem = () => fetch(`${product.url}/auth/handoff/redeem`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: opened.searchParams.get('handoff') }) })
    const first = await redeem()
    expect(first.status).toBe(200)
    expect(((await first.json()) as { data: { user: { uid: string } } }).data.user.uid).toBe(MEMBER_UID)
    expect((await redeem()).status).toBe(400)
  })

  it('reloads a post channel\'s feed on a pull-down', async () => {
    const app = launch(`/pages/channel/index?sid=${SERVER}&channel_id=${POST_CHANNEL}`)
    await sees(app, '作品分享 #1')
    await pullsDownAndAsksAgain(app, `GET /channels/${POST_CHANNEL}/posts`)
    await sees(app, '作品分享 #1', '第 1 篇分享')
  })

  it('reloads a live channel\'s items on a pull-down', async () => {
    const app = launch(`/pages/channel/index?sid=${SERVER}&channel_id=${LIVE_CHANNEL}`)
    await sees(app, '精彩回放 #4', '预约直播 #1')
    const items = textOf(node(app, 'channel-page__list'))
    await pullsDownAndAsksAgain(app, `GET /channels/${LIVE_CHANNEL}/lives`)
    await sees(app, '精彩回放 #4', '预约直播 #1')
    expect(textOf(node(app, 'channel-page__list'))).toBe(items)
  })

  it('stops the spinner of a pull-down on a chat, which has no list to reload', async () => {
    const app = launch(`/pages/channel/index?sid=${SERVER}&channel_id=${CHAT_CHANNEL}`)
    await sees(app, '大家好！')
    app.pullDown()
    await until(app, 'the spinner stopped', () => timesCalled(app, 'stopPullDownRefresh') === 1)
    await sees(app, '大家好！')
  })

  it('reloads the audit log\'s entries and reports on a pull-down', async () => {
    const app = launch(`/pages/audit-log/index?sid=${SERVER}`, signedIn(signInSeeded(product, OWNER_UID)))
    await sees(app, '操作记录', '待处理举报')
    await pullsDownAndAsksAgain(app, `GET /servers/${SERVER}/audit-log`)
    await sees(app, '操作记录', '待处理举报')
  })

  it('reloads the inbox on a pull-down', async () => {
    const owner = signInSeeded(product, OWNER_UID)
    await postMessage(signInSeeded(product, MEMBER_UID), CHAT_CHANNEL, `<@${OWNER_UID}> 收件箱里的提及 ${Date.now()}`)
    const app = launch(`/pages/inbox/index?sid=${SERVER}`, signedIn(owner))
    await sees(app, '周末 提到了你', '收件箱里的提及')
    await pullsDownAndAsksAgain(app, 'GET /notifications')
    await sees(app, '周末 提到了你', '收件箱里的提及')
  })

  it('searches the shown query again on a pull-down', async () => {
    const app = launch(`/pages/search/index?sid=${SERVER}`)
    await sees(app, '输入词语')
    app.pullDown()
    await until(app, 'the spinner stopped before any search', () => timesCalled(app, 'stopPullDownRefresh') === 1)
    expect(timesAsked(app, `GET /servers/${SERVER}/search`)).toBe(0)
    app.input(node(app, 'search-page__input'), '直播')
    await tapWhenShown(app, 'search-page__go')
    await sees(app, '记得预约', 'LiveBot')
    await pullsDownAndAsksAgain(app, `GET /servers/${SERVER}/search`)
    expect(asked(app).filter(request => request.startsWith(`GET /servers/${SERVER}/search?`)).every(request => request.includes(`q=${encodeURIComponent('直播')}`))).toBe(true)
    await sees(app, '记得预约')
  })

  it('finds a Chinese message with a search and opens its channel at that message, highlighted', async () => {
    const tag = `wx${Date.now().toString(36)}`
    await postMessage(signInSeeded(product, OWNER_UID), CHAT_CHANNEL, `小程序里的展厅消息 ${tag}`)
    const app = launch(`/pages/search/index?sid=${SERVER}`)
    await sees(app, '输入词语')
    app.input(node(app, 'search-page__input'), `展厅 ${tag}`)
    await tapWhenShown(app, 'search-page__go')
    await sees(app, tag)
    expect(nodesWithClass(node(app, 'search-hit', tag), 'search-hit__match').map(textOf)).toEqual(expect.arrayContaining(['展厅']))
    await tapWhenShown(app, 'search-hit', tag)
    await arrivesAt(app, 'pages/channel/index')
    expect(app.current().options).toEqual(expect.objectContaining({ channel_id: CHAT_CHANNEL, around: expect.stringMatching(/^\d+$/) }))
    await until(app, 'the found message highlighted', () => nodesWithClass(app.current().data.root, 'chat-list__row--found').some(row => textOf(row).includes(tag)))
  })

  it('puts a mention in the open inbox live, and a tap opens the message in its channel', async () => {
    const app = launch(`/pages/inbox/index?sid=${SERVER}`, signedIn(signInSeeded(product, TRAINEE_UID)))
    await sees(app, '全部已读', '还没有通知') // the list is in: a row from now on came over the socket
    await until(app, 'the inbox\'s socket', () => app.record.socketEvents.includes('open'))
    await settled() // the session identified
    const tag = `wxm${Date.now().toString(36)}`
    await postMessage(signInSeeded(product, OWNER_UID), CHAT_CHANNEL, `<@${TRAINEE_UID}> 小程序收件箱 ${tag}`)
    await until(app, 'the mention arriving live', () => nodesWithClass(app.current().data.root, 'inbox__row').some(row => textOf(row).includes(tag)))
    expect(textOf(node(app, 'inbox__row', tag))).toContain('林晓 提到了你')
    await tapWhenShown(app, 'inbox__row', tag)
    await arrivesAt(app, 'pages/channel/index')
    expect(app.current().options).toEqual(expect.objectContaining({ channel_id: CHAT_CHANNEL, around: expect.stringMatching(/^\d+$/) }))
    await until(app, 'the mentioning message highlighted', () => nodesWithClass(app.current().data.root, 'chat-list__row--found').some(row => textOf(row).includes(tag)))
  })

  it('shows a moderator\'s pin live in 精华消息 and as a system line in the chat, over the socket', async () => {
    const tag = `wxp${Date.now().toString(36)}`
    const messageId = await postMessage(signInSeeded(product, OWNER_UID), CHAT_CHANNEL, `小程序精华 ${tag}`)
    const app = launch(`/pages/channel/index?sid=${SERVER}&channel_id=${CHAT_CHANNEL}`, signedIn(signInSeeded(product, ALEX_UID)))
    await sees(app, tag)
    await until(app, 'the chat\'s socket', () => app.record.socketEvents.includes('open'))
    await settled() // the session identified
    await tapWhenShown(app, 'chat-view__pins')
    await until(app, 'the 精华消息 panel loaded', () => nodesWithClass(app.current().data.root, 'chat-pins').length > 0 && !app.text().includes('加载中'))
    const moderator = signInSeeded(product, MEMBER_UID)
    const pinned = await fetch(`${product.url}/channels/${CHAT_CHANNEL}/pins/${messageId}`, { method: 'PUT', headers: { authorization: `Bearer ${moderator.token}` } })
    expect(pinned.status).toBe(200)
    await until(app, 'the pin arriving live', () => nodesWithClass(app.current().data.root, 'chat-pins__item').some(row => textOf(row).includes(tag)))
    await tapWhenShown(app, 'chat-pins__close')
    await until(app, 'the system line in the chat', () => nodesWithClass(app.current().data.root, 'chat-message__notice').some(line => textOf(line).includes('将一条消息设为精华')))
  })

  it('offers no pull-down on a page whose config does not enable it, as WeChat does', async () => {
    const app = launch(`/pages/post/index?sid=${SERVER}&post_id=${SERVER}-post-01`)
    await sees(app, '第 1 篇分享')
    expect(() => app.pullDown()).toThrow('pages/post/index does not enable pull-down refresh')
  })

  it('records where a canvas\'s drawing lands and fails a 2d context member the simulation does not know', () => {
    const unknown: string[] = []
    const canvas = new SimulatedCanvas({ later: () => undefined, cancel: () => undefined, mapUrl: url => url, unknown: name => unknown.push(name) })
    const ctx = (canvas.node as { getContext: (type: string) => CanvasRenderingContext2D }).getContext('2d')
    ctx.setTransform(3, 0, 0, 3, -30, -60)
    ctx.save()
    ctx.translate(10, 5)
    ctx.fillText('A', 1, 2)
    ctx.restore()
    ctx.fillText('B', 1, 2)
    expect(canvas.textsDrawn()).toEqual([{ text: 'A', at: { x: 3, y: -39 } }, { text: 'B', at: { x: -27, y: -54 } }])
    expect(() => ctx.createLinearGradient(0, 0, 1, 1)).toThrow("canvas.getContext('2d').createLinearGradient is not part of the simulated WeChat canvas")
    expect(unknown).toEqual(["canvas.getContext('2d').createLinearGradient"])
  })

  it('plays 五子棋 in the plaza against a player on HTTP: sits, says ready, sees each of the other\'s moves live and taps its own', async () => {
    const alex = signInSeeded(product, ALEX_UID)
    type Answer = { table: { table_id: string, version: number, status: string, seats: Array<{ uid: string | null }> }, view: { view: { board: number[] } } | null }
    const { table } = await plazaCall<Answer>(alex, 'POST', `/channels/${PLAZA_CHANNEL}/tables`, { game: 'gomoku' })
    const app = launch(`/pages/plaza/index?sid=${SERVER}&channel_id=${PLAZA_CHANNEL}&table_id=${table.table_id}`, signedIn(signInSeeded(product, MEMBER_UID)))
    await sees(app, '五子棋', 'Alex', '坐下')
    await tapWhenShown(app, 'plaza-table__action', '坐下')
    // the sit's own answer, not only the gateway's update, before the next tap (a busy store takes none)
    await until(app, 'the sit answered', () => app.record.requests.some(request => request.method === 'POST' && request.url.endsWith('/seats')) && nodesWithClass(app.current().data.root, 'plaza-table__action').some(button => textOf(button).includes('准备') && !isDisabled(button)))
    await tapWhenShown(app, 'plaza-table__action', '准备')
    await until(app, 'ready said', () => app.text().includes('取消准备'))
    let answer = await plazaCall<Answer>(alex, 'PUT', `/tables/${table.table_id}/ready`, { ready: true })
    expect(answer.table.status).toBe('playing')
    await sees(app, '等待 Alex')
    // Alex (black) plays down column 7 from HTTP; the mini-program (white) answers down column 8
    for (let step = 0; step < 3; step++) {
      answer = await plazaCall<Answer>(alex, 'POST', `/tables/${table.table_id}/moves`, { nonce: `weapp-plaza-${table.table_id}-${step}`, version: answer.table.version, move: { x: 7, y: 7 + step } })
      await until(app, `Alex's stone ${step + 1} arriving live`, () => hasStone(app, 7, 7 + step, 'black'))
      await sees(app, '轮到你了')
      const cell = nodesWithClass(app.current().data.root, 'game-board__cell')[(7 + step) * 15 + 8]
      app.tap(cell)
      await until(app, `its own stone ${step + 1} on the board`, () => hasStone(app, 8, 7 + step, 'white'))
      answer = await plazaCall<Answer>(alex, 'GET', `/tables/${table.table_id}`)
      expect(answer.view?.view.board[(7 + step) * 15 + 8]).toBe(1)
      await sees(app, '等待 Alex')
    }
  })

  it('fails a call to a wx API the simulation does not know', () => {
    const app = new MiniProgram({ dist: DIST, builtOrigin: BUILT_ORIGIN, serverOrigin: 'http://127.0.0.1:9' })
    expect(() => app.wx.openBluetoothAdapter).toThrow('wx.openBluetoothAdapter is not part of the simulated WeChat runtime')
    expect(app.record.unknown).toEqual(['openBluetoothAdapter'])
  })
})
