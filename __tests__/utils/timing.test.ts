import { debounce, throttle } from '@/utils/timing'

beforeEach(() => jest.useFakeTimers())
afterEach(() => jest.useRealTimers())

describe('debounce (SPEC §9: 100 ms by default)', () => {
  it('calls once with the last arguments after 100 ms of quiet', () => {
    const fn = jest.fn()
    const debounced = debounce(fn)
    debounced(1)
    debounced(2)
    jest.advanceTimersByTime(99)
    expect(fn).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(fn).toHaveBeenCalledWith(2)
  })

  it('waits a given time instead', () => {
    const fn = jest.fn()
    const debounced = debounce(fn, 500)
    debounced()
    jest.advanceTimersByTime(499)
    expect(fn).not.toHaveBeenCalled()
    jest.advanceTimersByTime(1)
    expect(fn).toHaveBeenCalledTimes(1)
  })

  it('drops a pending call when cancelled', () => {
    const fn = jest.fn()
    const debounced = debounce(fn)
    debounced()
    debounced.cancel()
    jest.advanceTimersByTime(1000)
    expect(fn).not.toHaveBeenCalled()
  })
})

describe('throttle (SPEC §9: 100 ms by default)', () => {
  it('calls at once, then folds calls inside 100 ms into one trailing call with the last arguments', () => {
    const fn = jest.fn()
    const throttled = throttle(fn)
    throttled(1)
    throttled(2)
    throttled(3)
    expect(fn).toHaveBeenCalledTimes(1)
    expect(fn).toHaveBeenLastCalledWith(1)
    jest.advanceTimersByTime(100)
    expect(fn).toHaveBeenCalledTimes(2)
    expect(fn).toHaveBeenLastCalledWith(3)
  })

  it('calls again at once after a quiet window', () => {
    const fn = jest.fn()
    const throttled = throttle(fn, 200)
    throttled('a')
    jest.advanceTimersByTime(200)
    throttled('b')
    expect(fn).toHaveBeenCalledTimes(2)
    expect(fn).toHaveBeenLastCalledWith('b')
  })

  it('drops the trailing call when cancelled', () => {
    const fn = jest.fn()
    const throttled = throttle(fn)
    throttled(1)
    throttled(2)
    throttled.cancel()
    jest.advanceTimersByTime(1000)
    expect(fn).toHaveBeenCalledTimes(1)
    throttled(3)
    expect(fn).toHaveBeenLastCalledWith(3)
  })
})
