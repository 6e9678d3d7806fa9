import type { SpaceContext } from '@/components/space/renderer'

/** One recorded call of a fake 2d context, with the fill style and alpha at that moment. */
export interface DrawCall {
  method: string
  args: unknown[]
  fillStyle: unknown
  globalAlpha: number
}

/** A 2d context that records what is drawn; text measures 7 pixels per character. */
export function recordingContext (): SpaceContext & { calls: DrawCall[], texts: () => string[] } {
  const calls: DrawCall[] = []
  const state = { fillStyle: '#000' as unknown, strokeStyle: '#000' as unknown, lineWidth: 1, font: '', textAlign: 'left', textBaseline: 'top', globalAlpha: 1 }
  const record = (method: string) => (...args: unknown[]) => { calls.push({ method, args, fillStyle: state.fillStyle, globalAlpha: state.globalAlpha }) }
  const context = {
    ...state,
    calls,
    texts: () => calls.filter(call => call.method === 'fillText').map(call => String(call.args[0])),
    measureText: (text: string) => ({ width: Array.from(text).length * 7 }),
  } as Record<string, unknown>
  for (const method of ['save', 'restore', 'setTransform', 'fillRect', 'strokeRect', 'beginPath', 'arc', 'fill', 'stroke', 'moveTo', 'lineTo', 'closePath', 'fillText', 'drawImage', 'clip']) {
    context[method] = record(method)
  }
  // the styles are read when a call is recorded
  for (const key of Object.keys(state) as Array<keyof typeof state>) {
    Object.defineProperty(context, key, { get: () => state[key], set: (value: never) => { state[key] = value } })
  }
  return context as unknown as SpaceContext & { calls: DrawCall[], texts: () => string[] }
}
