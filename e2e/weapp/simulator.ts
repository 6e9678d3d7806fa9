/**
 * A simulated WeChat mini-program runtime for the built app (dist/weapp): the app's own
 * bundle (runtime.js, taro.js, vendors.js, common.js, app.js, comp.js and each page's
 * script) evaluated in a node `vm` context with a `require` shim, WeChat's `App`, `Page`
 * and `Component` constructors, and a `wx` that does for real what the app asks of it:
 * HTTP requests and one WebSocket to a server on a loopback port, storage in memory, a
 * page stack for navigation. Pages keep the data tree Taro's runtime sends with
 * `setData`, read back as the text a member would see.
 *
 * A `Canvas type="2d"` found by a selector query answers a canvas node whose 2d context
 * records what is drawn (./canvas.ts), read with `canvas(id)`.
 *
 * What it does not do: paint, lay out or run WXML/WXSS (WeChat's compilers check those,
 * compile-check.test.ts), nor anything of the WeChat client itself (login, payments).
 * `wx` is a Proxy that throws on any member it does not know, and every such attempt is
 * recorded, so an API the app starts to use is met here first.
 */
import { readFileSync } from 'fs'
import path from 'path'
import vm from 'vm'
import WebSocket from 'ws'
import { SimulatedCanvas, type CanvasHost } from './canvas'

/** One node of Taro's data tree (`root.cn.[0]…`): its template name, class, children and, for text, its value. */
export interface TaroNode {
  nn?: string | number
  sid?: string
  uid?: string
  cl?: string
  v?: string
  cn?: TaroNode[]
  [attribute: string]: unknown
}

/** A page on the simulated stack: WeChat's page instance with the data Taro set. */
export interface SimulatedPage {
  route: string
  options: Record<string, string>
  data: { root?: TaroNode, [key: string]: unknown }
  [member: string]: unknown
}

/** What the simulation records of the app's calls into `wx`. */
export interface WxRecord {
  /** `wx` members the app asked for that the simulation does not know. */
  unknown: string[]
  toasts: string[]
  modals: { title?: string, content?: string }[]
  requests: { method: string, url: string }[]
  /** Names of the `wx` functions the app called, in order. */
  calls: string[]
  /** What happened to the app's sockets (`open`, `close 4001 reason`, `error …`), for a failure's message. */
  socketEvents: string[]
  /** The text frames the app's sockets received, in order. */
  socketFrames: string[]
  /** Pages opened, in order (`/pages/x/index`). */
  navigations: string[]
  /** What the app warned about on the console. */
  warnings: string[]
  /** What the app reported as errors on the console. */
  consoleErrors: string[]
}

type Callbacks = { success?: (result: unknown) => void, fail?: (error: unknown) => void, complete?: (result: unknown) => void }
type WxFunction = (options?: Record<string, unknown> & Callbacks, ...rest: unknown[]) => unknown

/** Options of a simulation: the build, and the origin the build's API base stands for. */
export interface SimulatorOptions {
  /** dist/weapp */
  dist: string
  /** The origin the build calls (its dev API base, e.g. http://localhost:3000). */
  builtOrigin: string
  /** The real server's origin the calls are sent to (e.g. http://127.0.0.1:41234). */
  serverOrigin: string
  /** Storage entries the WeChat client already holds (a signed-in member's login). */
  storage?: Record<string, unknown>
}

const SYSTEM_INFO = {
  brand: 'devtools', model: 'iPhone 13', pixelRatio: 3, screenWidth: 390, screenHeight: 844, windowWidth: 390, windowHeight: 753,
  statusBarHeight: 47, language: 'zh_CN', version: '8.0.50', system: 'iOS 16.0', platform: 'devtools', SDKVersion: '3.5.0',
  safeArea: { top: 47, left: 0, right: 390, bottom: 810, width: 390, height: 763 }, theme: 'light', enableDebug: false,
  fontSizeSetting: 16, deviceOrientation: 'portrait', host: { env: 'WeChat' },
}

/** Text of a data tree as a member reads it: every text node's value, in order, one space apart. */
export function textOf (node: TaroNode | undefined): string {
  if (!node) return ''
  const own = typeof node.v === 'string' ? [node.v] : []
  const placeholder = typeof node.placeholder === 'string' ? [node.placeholder] : []
  return [...own, ...placeholder, ...(node.cn ?? []).map(textOf)].filter(text => text.trim() !== '').join(' ').replace(/\s+/g, ' ')
}

/** The node of the tree whose id is `id` (Taro's templates write `id="{{i.uid||i.sid}}"`), or undefined. */
function nodeWithId (node: TaroNode | undefined, id: string): TaroNode | undefined {
  if (!node) return undefined
  if ((node.uid ?? node.sid) === id) return node
  for (const child of node.cn ?? []) {
    const found = nodeWithId(child, id)
    if (found) return found
  }
  return undefined
}

/** Nodes of the tree whose class list holds `className`, in document order. */
export function nodesWithClass (node: TaroNode | undefined, className: string): TaroNode[] {
  if (!node) return []
  const own = typeof node.cl === 'string' && node.cl.split(/\s+/).includes(className) ? [node] : []
  return [...own, ...(node.cn ?? []).flatMap(child => nodesWithClass(child, className))]
}

/** Sets `value` at a setData path (`root.cn.[0].cn.[2].v`, `a.b[1]`) inside `target`. */
function setAtPath (target: Record<string, unknown>, key: string, value: unknown): void {
  const steps = key.split('.').flatMap(part => {
    const match = /^([^[]*)((?:\[\d+\])*)$/.exec(part)
    if (!match) return [part]
    const indices = [...match[2].matchAll(/\[(\d+)\]/g)].map(index => Number(index[1]))
    return [...(match[1] === '' ? [] : [match[1]]), ...indices]
  })
  let cursor: Record<string | number, unknown> = target
  steps.forEach((step, position) => {
    if (position === steps.length - 1) {
      cursor[step] = value
      return
    }
    if (typeof cursor[step] !== 'object' || cursor[step] === null) cursor[step] = typeof steps[position + 1] === 'number' ? [] : {}
    cursor = cursor[step] as Record<string | number, unknown>
  })
}

function parseQuery (query: string): Record<string, string> {
  const options: Record<string, string> = {}
  for (const pair of query.split('&').filter(Boolean)) {
    const [key, value = ''] = pair.split('=')
    options[decodeURIComponent(key)] = decodeURIComponent(value)
  }
  return options
}

/** A page path as WeChat names it: no leading slash, relative paths resolved against `from`. */
function resolveRoute (url: string, from: string): { route: string, options: Record<string, string> } {
  const [pathPart, query = ''] = url.split('?')
  const route = pathPart.startsWith('/') ? pathPart.slice(1) : path.posix.join(path.posix.dirname(from), pathPart)
  return { route, options: parseQuery(query) }
}

/** The simulated WeChat client running one mini-program. */
export class MiniProgram {
  readonly record: WxRecord = { socketEvents: [], socketFrames: [], calls: [], unknown: [], toasts: [], modals: [], requests: [], navigations: [], warnings: [], consoleErrors: [] }
  /** Errors the app threw or reported (a page that throws fails its test). */
  readonly errors: unknown[] = []
  readonly stack: SimulatedPage[] = []
  /** The `wx` the app sees. */
  readonly wx: Record<string, unknown>
  private readonly context: vm.Context
  private readonly modules = new Map<string, { exports: unknown }>()
  private readonly pageConfigs = new Map<string, Record<string, unknown>>()
  private readonly componentConfigs = new Map<string, Record<string, unknown>>()
  private readonly storage = new Map<string, string>()
  private readonly sockets = new Set<WebSocket>()
  private readonly timers = new Set<NodeJS.Timeout>()
  /** The canvas nodes handed out, by page and canvas id. */
  private readonly canvases = new Map<string, SimulatedCanvas>()
  private loading: string | null = null
  /** Set by closeAll: the app's late timers and sockets are refused, so nothing outlives a test. */
  private closed = false
  private app: Record<string, unknown> | null = null
  private webviewId = 0
  /** How Taro's templates (base.wxml) write a `<canvas>`: its node name and the data key its `type` is read from. */
  private readonly canvasTemplate: { nn: string, typeKey: string } | null
  private readonly appJson: { pages: string[], subPackages?: { root: string, pages: string[] }[], window?: { enablePullDownRefresh?: boolean } }

  constructor (private readonly options: SimulatorOptions) {
    for (const [key, value] of Object.entries(options.storage ?? {})) this.storage.set(key, JSON.stringify(value))
    this.appJson = JSON.parse(readFileSync(path.join(options.dist, 'app.json'), 'utf8')) as MiniProgram['appJson']
    const canvas = /<template name="tmpl_\d+_(\w+)">\s*<canvas\b[^>]*\stype="\{\{i\.(\w+)\}\}"/.exec(readFileSync(path.join(options.dist, 'base.wxml'), 'utf8'))
    this.canvasTemplate = canvas ? { nn: canvas[1], typeKey: canvas[2] } : null
    const timers = this.timers
    const record = this.record
    const sandbox: Record<string, unknown> = {
      // Taro answers an API the platform lacks with a stub that only warns 小程序暂不支持 X:
      // such a call counts as an unknown API too
      console: {
        ...console,
        log: () => undefined,
        info: () => undefined,
        debug: () => undefined,
        warn: (...args: unknown[]) => {
          const unsupported = typeof args[0] === 'string' ? /小程序暂不支持 (\S+)/.exec(args[0]) : null
          if (unsupported) record.unknown.push(`Taro.${unsupported[1]}`)
          else record.warnings.push(args.map(String).join(' '))
        },
        error: (...args: unknown[]) => { record.consoleErrors.push(args.map(arg => (arg as { stack?: string } | null)?.stack ?? String(arg)).join(' ')) },
      },
      setTimeout: (callback: (...parameters: unknown[]) => void, ms?: number, ...args: unknown[]) => this.later(() => callback(...args), ms),
      clearTimeout: (timer: NodeJS.Timeout) => { timers.delete(timer); clearTimeout(timer) },
      setInterval: (callback: () => void, ms?: number) => {
        if (this.closed) return undefined
        const timer = setInterval(() => this.guard(callback), ms)
        timers.add(timer)
        return timer
      },
      clearInterval: (timer: NodeJS.Timeout) => { timers.delete(timer); clearInterval(timer) },
      App: (config: Record<string, unknown>) => { this.app = config },
      Page: (config: Record<string, unknown>) => { this.pageConfigs.set(this.currentModule(), config) },
      Component: (config: Record<string, unknown>) => { this.componentConfigs.set(this.currentModule(), config) },
      Behavior: (config: Record<string, unknown>) => config,
      getApp: () => this.app,
      getCurrentPages: () => [...this.stack],
    }
    this.wx = this.createWx()
    sandbox.wx = this.wx
    this.context = vm.createContext(sandbox)
  }

  /** Runs `run` after `ms` on the app's timers (guarded; refused once the simulation closed). */
  private later (run: () => void, ms?: number): NodeJS.Timeout | undefined {
    if (this.closed) return undefined
    const timer = setTimeout(() => { this.timers.delete(timer); this.guard(run) }, ms)
    this.timers.add(timer)
    return timer
  }

  /** Values handed to the app are made in its own realm (mobx tells plain objects by their prototype). */
  private inContext<T> (value: T): T {
    if (value === undefined) return value
    const parse = vm.runInContext('JSON.parse', this.context) as (text: string) => T
    return parse(JSON.stringify(value))
  }

  private guard (run: () => void): void {
    try {
      run()
    } catch (error) {
      this.errors.push(error)
    }
  }

  private currentModule (): string {
    if (this.loading === null) throw new Error('Page or Component called outside a module')
    return this.loading
  }

  /** Evaluates a script of the build (relative to dist/weapp, without `.js`) once, as WeChat's module system does. */
  private requireModule (file: string): unknown {
    const normalized = path.posix.normalize(file.replace(/\.js$/, ''))
    const cached = this.modules.get(normalized)
    if (cached) return cached.exports
    const module = { exports: {} as unknown }
    this.modules.set(normalized, module)
    const filename = path.join(this.options.dist, `${normalized}.js`)
    const code = readFileSync(filename, 'utf8')
    const wrapped = vm.runInContext(`(function (require, module, exports) {${code}\n})`, this.context, { filename }) as (require: (name: string) => unknown, module: unknown, exports: unknown) => void
    const previous = this.loading
    this.loading = normalized
    try {
      wrapped((name: string) => this.requireModule(path.posix.join(path.posix.dirname(normalized), name)), module, module.exports)
    } finally {
      this.loading = previous
    }
    return module.exports
  }

  /** Launches the app (app.js and the shared component), running its onLaunch and onShow with `query`. */
  launch (entry: string, query: Record<string, string> = {}): void {
    this.requireModule('app')
    if (!this.app) throw new Error('app.js did not call App()')
    this.requireModule('comp')
    const launch = this.inContext({ path: entry, query, scene: 1001, referrerInfo: {} })
    const app = this.app as { onLaunch?: (options: unknown) => void, onShow?: (options: unknown) => void }
    app.onLaunch?.call(this.app, launch)
    app.onShow?.call(this.app, launch)
  }

  /** Every page path of app.json, subpackages included. */
  pagePaths (): string[] {
    return [...this.appJson.pages, ...(this.appJson.subPackages ?? []).flatMap(sub => sub.pages.map(page => path.posix.join(sub.root, page)))]
  }

  /** The page on top of the stack. */
  current (): SimulatedPage {
    const page = this.stack[this.stack.length - 1]
    if (!page) throw new Error('no page is open')
    return page
  }

  /** The rendered text of the page on top. */
  text (): string {
    return textOf(this.current().data.root)
  }

  private call (page: SimulatedPage, hook: string, ...args: unknown[]): unknown {
    const method = page[hook]
    if (typeof method !== 'function') return undefined
    try {
      return (method as (...parameters: unknown[]) => unknown).apply(page, args)
    } catch (error) {
      this.errors.push(error)
      throw error
    }
  }

  /** Opens `url` (`/pages/x/index?a=1`) on top of the stack: onLoad, onShow, onReady, as WeChat does. */
  private open (url: string): SimulatedPage {
    const from = this.stack.length > 0 ? this.current().route : ''
    const { route, options } = resolveRoute(url, from)
    if (!this.pagePaths().includes(route)) throw new Error(`navigate:fail page "${route}" is not found`)
    this.requireModule(route)
    const config = this.pageConfigs.get(route)
    if (!config) throw new Error(`${route}.js did not call Page()`)
    const data = this.inContext(config.data ?? {}) as SimulatedPage['data']
    const page: SimulatedPage = Object.assign(Object.create(null) as object, config, {
      route,
      __route__: route,
      __webviewId__: ++this.webviewId,
      options,
      data,
      setData: (changes: Record<string, unknown>, callback?: () => void) => {
        for (const [key, value] of Object.entries(changes)) setAtPath(page.data, key, value)
        if (callback) sandboxTimeout(() => this.guard(callback))
      },
    })
    this.stack.forEach(below => { if (below === this.stack[this.stack.length - 1]) this.call(below, 'onHide') })
    this.stack.push(page)
    this.record.navigations.push(`/${route}`)
    this.call(page, 'onLoad', this.inContext(options))
    this.call(page, 'onShow')
    this.call(page, 'onReady')
    return page
  }

  private close (page: SimulatedPage): void {
    this.call(page, 'onUnload')
    this.stack.splice(this.stack.indexOf(page), 1)
  }

  /** Opens `url` as the first page after launch (reLaunch). */
  openFirst (url: string): SimulatedPage {
    while (this.stack.length > 0) this.close(this.current())
    return this.open(url)
  }

  /** Closes the `delta` pages on top (their onUnload) and shows the one below again (its onShow), as WeChat goes back; never the first page. */
  private goBack (delta: number): void {
    if (this.stack.length < 2) throw new Error('navigateBack:fail cannot navigate back at first page')
    for (let closed = 0; closed < delta && this.stack.length > 1; closed++) this.close(this.current())
    this.call(this.current(), 'onShow')
  }

  /**
   * The back button of WeChat's own navigation bar (the mini-program's way back: the app's
   * H5 header renders nothing there): the page on top closes and the one below shows
   * again, as `wx.navigateBack({ delta: 1 })` does.
   */
  back (): void {
    this.goBack(1)
  }

  /** Hides the page on top (the member switched away) and shows it again. */
  hideAndShow (): void {
    const page = this.current()
    this.call(page, 'onHide')
    this.call(page, 'onShow')
  }

  /**
   * The `Canvas type="2d"` with id `id` of the page on top, as a selector query answered
   * it to the app (what its 2d context drew), or undefined when the app never asked for it.
   */
  canvas (id: string): SimulatedCanvas | undefined {
    return this.canvases.get(`${String(this.current().__webviewId__)}#${id}`)
  }

  /** The canvas node of the page's `Canvas type="2d"` with id `id` (the same node each time), or null when the page has none. */
  private canvasNode (page: SimulatedPage, id: string): object | null {
    const element = nodeWithId(page.data.root, id)
    const template = this.canvasTemplate
    if (!element || template === null || String(element.nn) !== template.nn || element[template.typeKey] !== '2d') return null
    const key = `${String(page.__webviewId__)}#${id}`
    let canvas = this.canvases.get(key)
    if (!canvas) {
      const host: CanvasHost = {
        later: (run, ms) => this.later(run, ms),
        cancel: timer => { this.timers.delete(timer as NodeJS.Timeout); clearTimeout(timer as NodeJS.Timeout) },
        mapUrl: url => this.mapUrl(url),
        unknown: name => { this.record.unknown.push(name) },
      }
      canvas = new SimulatedCanvas(host)
      this.canvases.set(key, canvas)
    }
    return canvas.node
  }

  /** Closes every page (their onUnload) and every socket, and stops the app's timers. */
  closeAll (): void {
    while (this.stack.length > 0) this.close(this.current())
    this.closed = true
    for (const socket of this.sockets) socket.terminate()
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
  }

  /** Taps a node as WeChat's tap event reaches Taro's event handler. */
  tap (node: TaroNode): void {
    const page = this.current()
    const target = { id: node.uid ?? node.sid, dataset: { sid: node.sid } }
    const event = this.inContext({ type: 'tap', timeStamp: Date.now(), target, currentTarget: target, detail: { x: 1, y: 1 }, touches: [], changedTouches: [] })
    this.call(page, 'eh', event)
  }

  /** Sends a touch event to a node with one finger at (x, y), as a finger landing, moving or lifting on it does. */
  touch (node: TaroNode, type: 'touchstart' | 'touchmove' | 'touchend', x: number, y: number): void {
    const page = this.current()
    const target = { id: node.uid ?? node.sid, dataset: { sid: node.sid } }
    const finger = { identifier: 0, clientX: x, clientY: y, pageX: x, pageY: y, x, y }
    this.call(page, 'eh', this.inContext({ type, timeStamp: Date.now(), target, currentTarget: target, detail: { x, y }, touches: type === 'touchend' ? [] : [finger], changedTouches: [finger] }))
  }

  /** Sends an input event (`input`, with `detail.value`) to a node, as typing in a field does. */
  input (node: TaroNode, value: string): void {
    const page = this.current()
    const target = { id: node.uid ?? node.sid, dataset: { sid: node.sid } }
    this.call(page, 'eh', this.inContext({ type: 'input', timeStamp: Date.now(), target, currentTarget: target, detail: { value, cursor: value.length } }))
  }

  /** What the page's share menu would send: its onShareAppMessage result. */
  shareCard (from: 'menu' | 'button' = 'menu'): Record<string, unknown> | undefined {
    return this.call(this.current(), 'onShareAppMessage', this.inContext({ from })) as Record<string, unknown> | undefined
  }

  /** What sharing the page to the timeline would send: its onShareTimeline result. */
  shareTimeline (): Record<string, unknown> | undefined {
    return this.call(this.current(), 'onShareTimeline') as Record<string, unknown> | undefined
  }

  /**
   * A pull-down on the page: its onPullDownRefresh. WeChat offers the gesture only on a
   * page whose JSON (or app.json's window) sets `enablePullDownRefresh`: elsewhere this throws.
   */
  pullDown (): void {
    const page = this.current()
    const own = JSON.parse(readFileSync(path.join(this.options.dist, `${page.route}.json`), 'utf8')) as { enablePullDownRefresh?: boolean }
    if ((own.enablePullDownRefresh ?? this.appJson.window?.enablePullDownRefresh) !== true) throw new Error(`${page.route} does not enable pull-down refresh (enablePullDownRefresh in its page config): WeChat offers no pull-down there`)
    this.call(page, 'onPullDownRefresh')
  }

  private mapUrl (url: string): string {
    const built = this.options.builtOrigin
    const wsBuilt = built.replace(/^http/, 'ws')
    if (url.startsWith(built)) return this.options.serverOrigin + url.slice(built.length)
    if (url.startsWith(wsBuilt)) return this.options.serverOrigin.replace(/^http/, 'ws') + url.slice(wsBuilt.length)
    return url
  }

  private succeed (name: string, options: Callbacks | undefined, result: Record<string, unknown> = {}): void {
    const answer = this.inContext({ errMsg: `${name}:ok`, ...result })
    sandboxTimeout(() => this.guard(() => { options?.success?.(answer); options?.complete?.(answer) }))
  }

  private fail (name: string, options: Callbacks | undefined, reason: string): void {
    const answer = this.inContext({ errMsg: `${name}:fail ${reason}` })
    sandboxTimeout(() => this.guard(() => { options?.fail?.(answer); options?.complete?.(answer) }))
  }

  private request (options: Record<string, unknown> & Callbacks): unknown {
    const method = String(options.method ?? 'GET').toUpperCase()
    let url = this.mapUrl(String(options.url))
    const headers: Record<string, string> = {}
    for (const [key, value] of Object.entries((options.header ?? {}) as Record<string, unknown>)) headers[key.toLowerCase()] = String(value)
    let body: string | undefined
    const data = options.data
    if (method === 'GET' || method === 'HEAD') {
      if (data && typeof data === 'object') {
        const query = Object.entries(data as Record<string, unknown>).filter(([, value]) => value !== undefined).map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`).join('&')
        if (query) url += (url.includes('?') ? '&' : '?') + query
      }
    } else if (data !== undefined) {
      if (typeof data === 'string') body = data
      else {
        body = JSON.stringify(data)
        headers['content-type'] ??= 'application/json'
      }
    }
    this.record.requests.push({ method, url: url.replace(this.options.serverOrigin, '') })
    const controller = new AbortController()
    fetch(url, { method, headers, body, signal: controller.signal }).then(async response => {
      const text = await response.text()
      let parsed: unknown = text
      if (options.dataType !== 'text') {
        try { parsed = JSON.parse(text) } catch { parsed = text }
      }
      const header: Record<string, string> = {}
      response.headers.forEach((value, key) => { header[key] = value })
      this.succeed('request', options, { data: parsed, statusCode: response.status, header, cookies: [] })
    }, (error: Error) => this.fail('request', options, error.name === 'AbortError' ? 'abort' : error.message))
    return { abort: () => controller.abort(), onHeadersReceived: () => undefined, offHeadersReceived: () => undefined }
  }

  private connectSocket (options: Record<string, unknown> & Callbacks): unknown {
    if (this.closed) throw new Error('connectSocket after the simulation closed')
    const socket = new WebSocket(this.mapUrl(String(options.url)), (options.protocols as string[] | undefined) ?? [])
    this.sockets.add(socket)
    const listeners: Record<string, ((result: unknown) => void)[]> = { open: [], close: [], error: [], message: [] }
    const emit = (name: string, result: unknown): void => listeners[name].forEach(listener => this.guard(() => listener(this.inContext(result))))
    socket.on('open', () => { this.record.socketEvents.push('open'); emit('open', { header: {} }) })
    socket.on('message', (data, isBinary) => {
      if (!isBinary) this.record.socketFrames.push(data.toString())
      emit('message', { data: isBinary ? '' : data.toString() })
    })
    socket.on('close', (code, reason) => {
      this.sockets.delete(socket)
      this.record.socketEvents.push(`close ${code} ${reason.toString()}`)
      emit('close', { code, reason: reason.toString() })
    })
    socket.on('error', error => { this.record.socketEvents.push(`error ${error.message}`); emit('error', { errMsg: error.message }) })
    this.succeed('connectSocket', options)
    return {
      get readyState () { return socket.readyState },
      send: (sent: Record<string, unknown> & Callbacks) => {
        if (socket.readyState !== WebSocket.OPEN) return this.fail('sendSocketMessage', sent, 'socket is not connected')
        socket.send(String(sent.data))
        this.succeed('sendSocketMessage', sent)
      },
      close: (closing: Record<string, unknown> & Callbacks = {}) => {
        socket.close(typeof closing.code === 'number' ? closing.code : 1000, typeof closing.reason === 'string' ? closing.reason : undefined)
        this.succeed('closeSocket', closing)
      },
      onOpen: (listener: (result: unknown) => void) => listeners.open.push(listener),
      onClose: (listener: (result: unknown) => void) => listeners.close.push(listener),
      onError: (listener: (result: unknown) => void) => listeners.error.push(listener),
      onMessage: (listener: (result: unknown) => void) => listeners.message.push(listener),
    }
  }

  private selectorQuery (): object {
    const answers: ((result: unknown) => void)[] = []
    const results: unknown[] = []
    /** Per result: whether it asks for the node (fields with `node`, or node()), and the id its selector names. */
    const nodeAsks: { asked: boolean, id: string | null }[] = []
    const window = { id: '', dataset: {}, left: 0, top: 0, right: SYSTEM_INFO.windowWidth, bottom: SYSTEM_INFO.windowHeight, width: SYSTEM_INFO.windowWidth, height: SYSTEM_INFO.windowHeight, scrollTop: 0, scrollLeft: 0, scrollHeight: SYSTEM_INFO.windowHeight, scrollWidth: SYSTEM_INFO.windowWidth }
    const query = {
      in: () => query,
      select: (selector: string) => nodes(false, selector),
      selectAll: () => nodes(true),
      selectViewport: () => nodes(false),
      exec: (callback?: (all: unknown[]) => void) => {
        sandboxTimeout(() => this.guard(() => {
          const answered = this.inContext(results)
          const page = this.stack[this.stack.length - 1]
          nodeAsks.forEach(({ asked, id }, index) => {
            if (asked) (answered[index] as Record<string, unknown>).node = page && id !== null ? this.canvasNode(page, id) : null
          })
          answered.forEach((result, index) => answers[index]?.(result))
          callback?.(answered)
        }))
        return query
      },
    }
    // one node (select, the viewport) measures as the window; a list of nodes (selectAll) as none;
    // the node of `select('#id')` is that page's Canvas type="2d" (null for any other element)
    const nodes = (all: boolean, selector?: string): object => {
      const id = !all && selector !== undefined && /^#[\w-]+$/.test(selector) ? selector.slice(1) : null
      const measure = (callback?: (result: unknown) => void, node = false): object => {
        results.push(all ? [] : window)
        nodeAsks.push({ asked: node && !all, id })
        answers.push(callback ?? (() => undefined))
        return query
      }
      return {
        boundingClientRect: (callback?: (result: unknown) => void) => measure(callback),
        scrollOffset: (callback?: (result: unknown) => void) => measure(callback),
        fields: (fields: { node?: boolean } | undefined, callback?: (result: unknown) => void) => measure(callback, fields?.node === true),
        node: (callback?: (result: unknown) => void) => measure(callback, true),
        context: (callback?: (result: unknown) => void) => measure(callback),
      }
    }
    return query
  }

  private navigate (name: string, options: Record<string, unknown> & Callbacks, change: () => void): void {
    try {
      change()
      this.succeed(name, options)
    } catch (error) {
      this.fail(name, options, (error as Error).message)
    }
  }

  /** The `wx` members the simulation knows; anything else throws and is recorded. */
  private wxApis (): Record<string, WxFunction | object> {
    const noop = (name: string): WxFunction => options => { this.succeed(name, options) }
    const storageGet = (key: string): unknown => {
      const stored = this.storage.get(key)
      return stored === undefined ? '' : this.inContext(JSON.parse(stored) as unknown)
    }
    return {
      env: { USER_DATA_PATH: 'wxfile://usr' },
      cloud: { init: () => undefined }, // Taro keeps wx.cloud as Taro.cloud; the app never calls it
      // network
      request: options => this.request(options ?? {}),
      connectSocket: options => this.connectSocket(options ?? {}),
      // storage
      getStorageSync: key => storageGet(String(key)),
      setStorageSync: (key, value) => { this.storage.set(String(key), JSON.stringify(value)) },
      removeStorageSync: key => { this.storage.delete(String(key)) },
      clearStorageSync: () => { this.storage.clear() },
      getStorageInfoSync: () => this.inContext({ keys: [...this.storage.keys()], currentSize: 0, limitSize: 10240 }),
      getStorage: options => {
        const key = String(options?.key)
        if (this.storage.has(key)) this.succeed('getStorage', options, { data: storageGet(key) })
        else this.fail('getStorage', options, 'data not found')
      },
      setStorage: options => { this.storage.set(String(options?.key), JSON.stringify(options?.data)); this.succeed('setStorage', options) },
      removeStorage: options => { this.storage.delete(String(options?.key)); this.succeed('removeStorage', options) },
      // system
      getSystemInfoSync: () => this.inContext(SYSTEM_INFO),
      getSystemInfo: options => this.succeed('getSystemInfo', options, SYSTEM_INFO),
      getWindowInfo: () => this.inContext(SYSTEM_INFO),
      getDeviceInfo: () => this.inContext(SYSTEM_INFO),
      getAppBaseInfo: () => this.inContext(SYSTEM_INFO),
      getSystemSetting: () => this.inContext({ deviceOrientation: 'portrait' }),
      getMenuButtonBoundingClientRect: () => this.inContext({ width: 87, height: 32, top: 51, right: 380, bottom: 83, left: 293 }),
      getLaunchOptionsSync: () => this.inContext({ path: this.appJson.pages[0], query: {}, scene: 1001 }),
      getEnterOptionsSync: () => this.inContext({ path: this.appJson.pages[0], query: {}, scene: 1001 }),
      getNetworkType: options => this.succeed('getNetworkType', options, { networkType: 'wifi' }),
      onNetworkStatusChange: () => undefined,
      offNetworkStatusChange: () => undefined,
      onAppShow: () => undefined,
      onAppHide: () => undefined,
      offAppShow: () => undefined,
      offAppHide: () => undefined,
      onError: () => undefined,
      onUnhandledRejection: (listener: unknown) => { void listener },
      onPageNotFound: () => undefined,
      onMemoryWarning: () => undefined,
      onWindowResize: () => undefined,
      offWindowResize: () => undefined,
      canIUse: () => true,
      // no layout: every node measures as the whole window, scrolled to the top
      createSelectorQuery: () => this.selectorQuery(),
      nextTick: callback => { Promise.resolve().then(() => this.guard(() => (callback as unknown as () => void)())) },
      // feedback
      showToast: options => { this.record.toasts.push(String(options?.title)); this.succeed('showToast', options) },
      hideToast: noop('hideToast'),
      showLoading: noop('showLoading'),
      hideLoading: noop('hideLoading'),
      showModal: options => { this.record.modals.push({ title: options?.title as string, content: options?.content as string }); this.succeed('showModal', options, { confirm: true, cancel: false }) },
      showActionSheet: options => this.fail('showActionSheet', options, 'cancel'),
      vibrateShort: noop('vibrateShort'),
      setClipboardData: noop('setClipboardData'),
      // navigation (the app's wrappers call these)
      navigateTo: options => this.navigate('navigateTo', options ?? {}, () => { this.open(String(options?.url)) }),
      redirectTo: options => this.navigate('redirectTo', options ?? {}, () => { const leaving = this.current(); this.open(String(options?.url)); this.close(leaving) }),
      reLaunch: options => this.navigate('reLaunch', options ?? {}, () => { this.openFirst(String(options?.url)) }),
      switchTab: options => this.navigate('switchTab', options ?? {}, () => { this.openFirst(String(options?.url)) }),
      navigateBack: options => this.navigate('navigateBack', options ?? {}, () => { this.goBack(Math.max(1, Number(options?.delta ?? 1))) }),
      // the page's chrome
      setNavigationBarTitle: noop('setNavigationBarTitle'),
      setNavigationBarColor: noop('setNavigationBarColor'),
      showNavigationBarLoading: noop('showNavigationBarLoading'),
      hideNavigationBarLoading: noop('hideNavigationBarLoading'),
      startPullDownRefresh: noop('startPullDownRefresh'),
      stopPullDownRefresh: noop('stopPullDownRefresh'),
      pageScrollTo: noop('pageScrollTo'),
      showShareMenu: noop('showShareMenu'),
      hideShareMenu: noop('hideShareMenu'),
      hideHomeButton: noop('hideHomeButton'),
      // sign-in: no WeChat account behind the simulation
      login: options => this.fail('login', options, 'the simulated WeChat client has no account'),
      checkSession: options => this.fail('checkSession', options, 'no session'),
      requestSubscribeMessage: options => this.fail('requestSubscribeMessage', options, 'the simulated WeChat client shows no dialog'),
    }
  }

  private createWx (): Record<string, unknown> {
    const apis = this.wxApis()
    const own = new Map<string | symbol, unknown>() // what the bundle itself keeps on wx (webpackJsonp)
    const record = this.record
    return new Proxy(apis as Record<string, unknown>, {
      get (target, key) {
        if (own.has(key)) return own.get(key)
        if (typeof key === 'string' && key in Object.prototype) return Reflect.get(target, key) // hasOwnProperty and the like
        if (typeof key === 'string' && Object.prototype.hasOwnProperty.call(target, key)) {
          const member = target[key]
          return typeof member === 'function' ? (...args: unknown[]) => { record.calls.push(key); return (member as (...parameters: unknown[]) => unknown)(...args) } : member
        }
        if (key === 'webpackJsonp' || typeof key === 'symbol' || key === 'then' || key === 'toJSON') return undefined
        record.unknown.push(key)
        throw new TypeError(`wx.${key} is not part of the simulated WeChat runtime`)
      },
      set (_target, key, value) {
        own.set(key, value)
        return true
      },
      has (target, key) {
        return own.has(key) || key in target
      },
      ownKeys (target) {
        return [...Reflect.ownKeys(target), ...[...own.keys()]]
      },
      getOwnPropertyDescriptor (target, key) {
        if (own.has(key)) return { value: own.get(key), writable: true, enumerable: true, configurable: true }
        return Reflect.getOwnPropertyDescriptor(target, key)
      },
    })
  }
}

function sandboxTimeout (run: () => void): void {
  setTimeout(run, 0).unref()
}
