/**
 * The simulated WeChat runtime's `Canvas type="2d"` node (./simulator.ts answers it to a
 * selector query's `fields({ node: true })`): settable width and height (300 × 150 at
 * first, as WeChat's; setting either resets the context, as a canvas does), `getContext('2d')`,
 * `requestAnimationFrame` / `cancelAnimationFrame` on the simulation's timers, and
 * `createImage()`, whose image loads its `src` from the product over real HTTP and fires
 * onload or onerror as WeChat's does.
 *
 * Nothing is painted: the 2d context RECORDS each frame's drawing calls with the transform
 * they were made under, so a test reads which texts, arcs, rectangles and images a frame
 * drew and where on the canvas (device pixels) they land. The node and the context are
 * Proxies like the simulation's `wx`: a member the recorder does not know throws and is
 * recorded as unknown, so an API the renderer starts to use is met here first.
 */

/** A 2d affine transform [a, b, c, d, e, f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = [number, number, number, number, number, number]

/** A point on the canvas, device pixels. */
export interface CanvasPoint {
  x: number
  y: number
}

/** One drawing call of a frame: its name and arguments, the transform and the styles it was made under. */
export interface DrawCall {
  op: string
  args: unknown[]
  transform: Matrix
  fillStyle: unknown
  font: string
  globalAlpha: number
  /** fillText / strokeText: the text's anchor on the canvas (device pixels). */
  at?: CanvasPoint
  /** drawImage: the source of the image drawn. */
  src?: string
}

/** How the simulation hands work to later: its own timers, which stop when it closes. */
export interface CanvasHost {
  later: (run: () => void, ms: number) => unknown
  cancel: (handle: unknown) => void
  /** The URL the product answers for one the build asks for. */
  mapUrl: (url: string) => string
  /** Records a member the app asked for that the simulation does not know. */
  unknown: (name: string) => void
}

/** WeChat's canvas node runs its animation frames at the display's rate. */
const FRAME_MS = 16
/** Frames kept for a test to read (older ones are dropped). */
const FRAMES_KEPT = 12
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0]

function multiply (m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
  ]
}

/** Where point (x, y) lands under `m`. */
export function apply (m: Matrix, x: number, y: number): CanvasPoint {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] }
}

function numbers (op: string, args: unknown[], count: number): number[] {
  if (args.length < count || args.slice(0, count).some(arg => typeof arg !== 'number' || !Number.isFinite(arg))) {
    throw new TypeError(`CanvasRenderingContext2D.${op}: expected ${count} finite numbers, got ${JSON.stringify(args)}`)
  }
  return args.slice(0, count) as number[]
}

/** The px size of a CSS font (`bold 13px sans-serif`), 10 when it names none (the canvas default). */
function fontSize (font: string): number {
  const match = /(\d+(?:\.\d+)?)px/.exec(font)
  return match ? Number(match[1]) : 10
}

/** A text's width as the simulation measures it: a wide (CJK, emoji) character one em, any other six tenths of one. */
export function measuredWidth (text: string, font: string): number {
  const size = fontSize(font)
  return Array.from(text).reduce((width, character) => width + (character.charCodeAt(0) > 0x2e80 ? size : size * 0.6), 0)
}

/** A Proxy that answers `known` members and throws (recording the name) on any other. */
function strict<T extends object> (target: T, name: string, host: CanvasHost, settable: ReadonlySet<string>): T {
  const refuse = (key: string): never => {
    host.unknown(`${name}.${key}`)
    throw new TypeError(`${name}.${key} is not part of the simulated WeChat canvas`)
  }
  return new Proxy(target, {
    get (object, key) {
      if (typeof key === 'symbol' || key === 'then' || key === 'toJSON') return undefined
      if (key in object) return Reflect.get(object, key)
      return refuse(key)
    },
    set (object, key, value) {
      if (typeof key === 'string' && !settable.has(key)) return refuse(key)
      return Reflect.set(object, key, value)
    },
  })
}

/** An image of `canvas.createImage()`: setting `src` loads it from the product; onload or onerror follows. */
class SimulatedImage {
  width = 0
  height = 0
  complete = false
  onload: (() => void) | null = null
  onerror: ((error: unknown) => void) | null = null
  private source = ''

  constructor (private readonly host: CanvasHost, private readonly loads: string[]) {}

  get src (): string {
    return this.source
  }

  set src (value: string) {
    this.source = value
    this.complete = false
    fetch(this.host.mapUrl(value)).then(async response => {
      const type = response.headers.get('content-type') ?? ''
      const body = Buffer.from(await response.arrayBuffer())
      if (!response.ok || !type.startsWith('image/')) throw new Error(`${response.status} ${type}`)
      const size = imageSize(type, body)
      this.width = size.width
      this.height = size.height
      this.complete = true
      this.loads.push(`load ${value}`)
      this.host.later(() => this.onload?.(), 0)
    }).catch((error: Error) => {
      if (this.source !== value) return
      this.loads.push(`error ${value} ${error.message}`)
      this.host.later(() => this.onerror?.({ errMsg: error.message }), 0)
    })
  }
}

/** The pixel size of a PNG (its IHDR) or an SVG (its width and height, else its viewBox); 0 × 0 for another kind. */
function imageSize (type: string, body: Buffer): { width: number, height: number } {
  if (type === 'image/png' && body.length >= 24) return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) }
  if (type.startsWith('image/svg')) {
    const svg = body.toString('utf8')
    const attribute = (name: string): number => Number(new RegExp(`<svg[^>]*\\s${name}="(\\d+(?:\\.\\d+)?)`).exec(svg)?.[1] ?? 0)
    const box = /viewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(svg)
    return { width: attribute('width') || Number(box?.[1] ?? 0), height: attribute('height') || Number(box?.[2] ?? 0) }
  }
  return { width: 0, height: 0 }
}

interface DrawingState {
  transform: Matrix
  fillStyle: unknown
  strokeStyle: unknown
  lineWidth: number
  lineCap: string
  lineJoin: string
  font: string
  textAlign: string
  textBaseline: string
  globalAlpha: number
  globalCompositeOperation: string
  lineDash: number[]
}

function initialState (): DrawingState {
  return {
    transform: [...IDENTITY], fillStyle: '#000000', strokeStyle: '#000000', lineWidth: 1, lineCap: 'butt', lineJoin: 'miter',
    font: '10px sans-serif', textAlign: 'start', textBaseline: 'alphabetic', globalAlpha: 1, globalCompositeOperation: 'source-over', lineDash: [],
  }
}

/** The style properties a context has (its state), settable by the app. */
const STYLE_PROPERTIES = new Set(['fillStyle', 'strokeStyle', 'lineWidth', 'lineCap', 'lineJoin', 'font', 'textAlign', 'textBaseline', 'globalAlpha', 'globalCompositeOperation'])
/** Path calls: recorded, nothing to track. */
const PATH_CALLS = ['beginPath', 'closePath', 'moveTo', 'lineTo', 'arc', 'arcTo', 'rect', 'ellipse', 'quadraticCurveTo', 'bezierCurveTo', 'fill', 'stroke', 'clip', 'fillRect', 'strokeRect', 'clearRect']

/** The recording 2d context of one canvas. */
function recordingContext (canvas: SimulatedCanvas, host: CanvasHost, images: WeakSet<object>): object {
  let state = initialState()
  const saved: DrawingState[] = []
  const record = (op: string, args: unknown[], extra: Partial<DrawCall> = {}): void => {
    canvas.currentFrame().push({ op, args, transform: [...state.transform], fillStyle: state.fillStyle, font: state.font, globalAlpha: state.globalAlpha, ...extra })
  }
  const target: Record<string, unknown> = {
    get canvas () { return canvas.node },
    save: () => { saved.push({ ...state, transform: [...state.transform], lineDash: [...state.lineDash] }) },
    restore: () => { state = saved.pop() ?? state },
    setTransform: (...args: unknown[]) => { state.transform = numbers('setTransform', args, 6) as Matrix },
    resetTransform: () => { state.transform = [...IDENTITY] },
    transform: (...args: unknown[]) => { state.transform = multiply(state.transform, numbers('transform', args, 6) as Matrix) },
    translate: (...args: unknown[]) => { const [x, y] = numbers('translate', args, 2); state.transform = multiply(state.transform, [1, 0, 0, 1, x, y]) },
    scale: (...args: unknown[]) => { const [x, y] = numbers('scale', args, 2); state.transform = multiply(state.transform, [x, 0, 0, y, 0, 0]) },
    rotate: (...args: unknown[]) => { const [angle] = numbers('rotate', args, 1); state.transform = multiply(state.transform, [Math.cos(angle), Math.sin(angle), -Math.sin(angle), Math.cos(angle), 0, 0]) },
    setLineDash: (dash: unknown) => { state.lineDash = Array.isArray(dash) ? dash.map(Number) : [] },
    getLineDash: () => [...state.lineDash],
    measureText: (text: unknown) => ({ width: measuredWidth(String(text), state.font) }),
    fillText: (...args: unknown[]) => {
      const [x, y] = numbers('fillText', args.slice(1), 2)
      record('fillText', args, { at: apply(state.transform, x, y) })
    },
    strokeText: (...args: unknown[]) => {
      const [x, y] = numbers('strokeText', args.slice(1), 2)
      record('strokeText', args, { at: apply(state.transform, x, y) })
    },
    drawImage: (image: unknown, ...rest: unknown[]) => {
      // WeChat's 2d canvas draws an image of canvas.createImage() once it has loaded
      if (typeof image !== 'object' || image === null || !images.has(image)) throw new TypeError('CanvasRenderingContext2D.drawImage: not an image of canvas.createImage()')
      const loaded = image as SimulatedImage
      if (!loaded.complete) throw new TypeError(`CanvasRenderingContext2D.drawImage: ${loaded.src} has not loaded`)
      if (![2, 4, 8].includes(rest.length)) throw new TypeError(`CanvasRenderingContext2D.drawImage: 2, 4 or 8 numbers after the image, got ${rest.length}`)
      numbers('drawImage', rest, rest.length)
      record('drawImage', rest, { src: loaded.src })
    },
  }
  for (const op of PATH_CALLS) target[op] = (...args: unknown[]) => record(op, args)
  for (const property of STYLE_PROPERTIES) {
    Object.defineProperty(target, property, {
      get: () => state[property as keyof DrawingState],
      set: (value: unknown) => { (state as unknown as Record<string, unknown>)[property] = value },
      enumerable: true,
    })
  }
  canvas.onReset = () => {
    state = initialState()
    saved.length = 0
  }
  return strict(target, "canvas.getContext('2d')", host, STYLE_PROPERTIES)
}

/** A `Canvas type="2d"` node of the simulation and what was drawn on it, frame by frame. */
export class SimulatedCanvas {
  /** The node the app gets (a Proxy refusing members WeChat's node lacks). */
  readonly node: object
  /** Images the app created and what became of them (`load <src>`, `error <src> <why>`), in order. */
  readonly imageLoads: string[] = []
  /** How many animation frames have run. */
  framesRun = 0
  /** Set by the context: a new width or height resets its state. */
  onReset: () => void = () => undefined
  private readonly frames: DrawCall[][] = [[]]
  private context: object | null = null
  private size = { width: 300, height: 150 }
  private readonly pending = new Map<number, unknown>()
  private nextHandle = 1

  constructor (host: CanvasHost) {
    const images = new WeakSet<object>()
    const node = {
      getContext: (type: unknown) => {
        if (type !== '2d') {
          host.unknown(`canvas.getContext('${String(type)}')`)
          throw new TypeError(`the simulated WeChat canvas draws in 2d only, not ${String(type)}`)
        }
        this.context ??= recordingContext(this, host, images)
        return this.context
      },
      requestAnimationFrame: (callback: (time: number) => void) => {
        const handle = this.nextHandle++
        this.pending.set(handle, host.later(() => {
          this.pending.delete(handle)
          this.frames.push([])
          if (this.frames.length > FRAMES_KEPT) this.frames.shift()
          this.framesRun++
          callback(Date.now())
        }, FRAME_MS))
        return handle
      },
      cancelAnimationFrame: (handle: number) => {
        const timer = this.pending.get(handle)
        this.pending.delete(handle)
        if (timer !== undefined) host.cancel(timer)
      },
      createImage: () => {
        const image = strict(new SimulatedImage(host, this.imageLoads), 'canvas.createImage()', host, new Set(['src', 'onload', 'onerror', 'width', 'height']))
        images.add(image)
        return image
      },
    }
    Object.defineProperties(node, {
      width: { get: () => this.size.width, set: (value: number) => this.resize({ ...this.size, width: value }), enumerable: true },
      height: { get: () => this.size.height, set: (value: number) => this.resize({ ...this.size, height: value }), enumerable: true },
    })
    this.node = strict(node, 'canvas', host, new Set(['width', 'height']))
  }

  private resize (size: { width: number, height: number }): void {
    this.size = { width: Math.max(0, Math.floor(Number(size.width))), height: Math.max(0, Math.floor(Number(size.height))) }
    this.onReset()
  }

  /** The canvas's size in device pixels. */
  get width (): number {
    return this.size.width
  }

  get height (): number {
    return this.size.height
  }

  /** The frame being drawn (the calls since the last animation frame began). */
  currentFrame (): DrawCall[] {
    return this.frames[this.frames.length - 1]
  }

  /** The calls of the newest frame. */
  lastFrame (): readonly DrawCall[] {
    return this.currentFrame()
  }

  /** The texts the newest frame filled, with where each lands on the canvas. */
  textsDrawn (): Array<{ text: string, at: CanvasPoint }> {
    return this.lastFrame().filter(call => call.op === 'fillText').map(call => ({ text: String(call.args[0]), at: call.at as CanvasPoint }))
  }
}
