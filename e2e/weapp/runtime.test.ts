/**
 * The mini-program build (dist/weapp) run page by page under a simulated WeChat runtime
 * (./simulator.ts): the app's own bundle drives each page through Taro's runtime and
 * `setData`, with real HTTP and a real WebSocket to the product started here on a
 * loopback port. Each test opens a page with its query, runs its lifecycle and reads what
 * the final page data says, as text. A page that throws, reports an error, shows no live
 * data or calls a `wx` API the simulation does not know fails its test.
 * Not covered: painting and layout (WeChat's compilers check templates and styles,
 * compile-check.test.ts), the WeChat client itself (sign-in, payments, subscribe dialogs).
 */
import { existsSync, mkdtempSync, rmSync } from 'fs'
import { tmpdir } from 'os'
import path from 'path'
import { startProduct, stopProduct, type RunningProduct } from '../support/product'
import { signInSeeded, type SeededLogin } from '../support/sessions'
import { MiniProgram, nodesWithClass, textOf, type TaroNode } from './simulator'

const ROOT = path.resolve(__dirname, '..', '..')
const DIST = path.join(ROOT, 'dist/weapp')
/** The API base the development build calls (src/constants/env.ts LOCAL_SERVER): the simulation sends it to the product. */
const BUILT_ORIGIN = 'http://localhost:3000'
const SERVER = '832828'
const SERVER_NAME = '云端集市'
const DEFAULT_SERVER = '723658'
const CHAT_CHANNEL = '83282802'
const POST_CHANNEL = '83282804'
const SHOWROOM = '83282810'
const OWNER_UID = '100001'
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

/** Lets the page finish what it asks for after its content shows (a negative assertion needs the page settled). */
function settled (): Promise<void> {
  return new Promise(resolve => setTimeout(resolve, SETTLE_MS))
}

/** Posts a message in a channel as a signed-in account, straight to the HTTP API. */
async function postMessage (login: SeededLogin, channelId: string, content: string): Promise<void> {
  const response = await fetch(`${product.url}/channels/${channelId}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content, nonce: `weapp-${Date.now()}` }),
  })
  expect(response.status).toBe(200)
}

describe('the mini-program at run time', () => {
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

  it('asks for the permissions of the channel\'s own server, not the default one', async () => {
    const app = launch(`/pages/channel/index?sid=${SERVER}&channel_id=${CHAT_CHANNEL}`)
    await sees(app, '大家好！')
    await until(app, 'the permission request', () => asked(app).includes(`GET /servers/${SERVER}/permissions/me`))
    await settled()
    expect(asked(app)).not.toContain(`GET /servers/${DEFAULT_SERVER}/permissions/me`)
  })

  it('shows a post channel\'s posts and opens a post from it', async () => {
    const app = launch(`/pages/channel/index?sid=${SERVER}&channel_id=${POST_CHANNEL}`)
    await sees(app, '写帖子', '作品分享 #1', '第 1 篇分享')
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
    const owner = signInSeeded(product, OWNER_UID)
    const response = await fetch(`${product.url}/servers/${SERVER}/invites`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ max_age_seconds: 1800, max_uses: 1 }),
    })
    const { data } = await response.json() as { data: { code: string } }
    const app = launch(`/pages/invite/index?code=${data.code}`)
    await sees(app, '林晓', '邀请你加入', SERVER_NAME, '加入')
    await tapWhenShown(app, 'invite__join')
    await until(app, 'the server after joining', () => app.current().route !== 'pages/invite/index')
    await sees(app, SERVER_NAME)
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

  it('fails a call to a wx API the simulation does not know', () => {
    const app = new MiniProgram({ dist: DIST, builtOrigin: BUILT_ORIGIN, serverOrigin: 'http://127.0.0.1:9' })
    expect(() => app.wx.openBluetoothAdapter).toThrow('wx.openBluetoothAdapter is not part of the simulated WeChat runtime')
    expect(app.record.unknown).toEqual(['openBluetoothAdapter'])
  })
})
