import { afterNextPaint } from '@/hooks/use-after-first-paint'

describe('afterNextPaint (the live cards follow the banner by one frame)', () => {
  const realFrame = globalThis.requestAnimationFrame
  const realCancel = globalThis.cancelAnimationFrame
  let frames: Array<() => void>

  beforeEach(() => {
    jest.useFakeTimers()
    frames = []
    globalThis.requestAnimationFrame = ((callback: FrameRequestCallback) => frames.push(() => callback(0))) as typeof requestAnimationFrame
    globalThis.cancelAnimationFrame = ((id: number) => { frames[id - 1] = () => undefined }) as typeof cancelAnimationFrame
  })

  afterEach(() => {
    globalThis.requestAnimationFrame = realFrame
    globalThis.cancelAnimationFrame = realCancel
    jest.useRealTimers()
  })

  it('runs after the next animation frame and a task after it, not before', () => {
    const run = jest.fn()
    afterNextPaint(run)
    jest.runOnlyPendingTimers()
    expect(run).not.toHaveBeenCalled() // no frame yet: the page has not painted
    frames.forEach(frame => frame())
    expect(run).not.toHaveBeenCalled() // the frame is being painted now
    jest.runOnlyPendingTimers()
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('runs nothing once cancelled, before or after the frame', () => {
    const beforeFrame = jest.fn()
    afterNextPaint(beforeFrame)()
    const afterFrame = jest.fn()
    const cancel = afterNextPaint(afterFrame)
    frames.forEach(frame => frame())
    cancel()
    jest.runAllTimers()
    expect(beforeFrame).not.toHaveBeenCalled()
    expect(afterFrame).not.toHaveBeenCalled()
  })

  it('waits a task where there are no animation frames (the mini-program)', () => {
    // @ts-expect-error the mini-program's global has no requestAnimationFrame
    delete globalThis.requestAnimationFrame
    const run = jest.fn()
    afterNextPaint(run)
    expect(run).not.toHaveBeenCalled()
    jest.runOnlyPendingTimers()
    expect(run).toHaveBeenCalledTimes(1)
  })
})
