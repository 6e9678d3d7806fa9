import { timeoutScheduler } from '@/stores/support/timer-scheduler'

describe('timeoutScheduler', () => {
  afterEach(() => {
    jest.useRealTimers()
  })

  it('runs the callback after the delay', () => {
    jest.useFakeTimers()
    const callback = jest.fn()
    timeoutScheduler.schedule(callback, 1000)
    jest.advanceTimersByTime(1000)
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it('does not run a cancelled callback', () => {
    jest.useFakeTimers()
    const callback = jest.fn()
    const cancel = timeoutScheduler.schedule(callback, 1000)
    cancel()
    jest.advanceTimersByTime(1000)
    expect(callback).not.toHaveBeenCalled()
  })
})
