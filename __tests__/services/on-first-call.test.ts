import { callsOnFirstUse } from '@/services/api/on-first-call'

interface Calls {
  get (id: string): Promise<string>
  put (id: string, value: number): Promise<void>
}

/** Calls that record what they were asked, and a loader that counts its loads. */
function loadable () {
  const calls: Calls = { get: jest.fn(async (id: string) => `got ${id}`), put: jest.fn(async () => undefined) }
  const load = jest.fn(async () => calls)
  return { calls, load }
}

describe('calls loaded at the first call', () => {
  it('loads nothing until a call is made', () => {
    const { load } = loadable()
    callsOnFirstUse(load)
    expect(load).not.toHaveBeenCalled()
  })

  it('makes the real call with its arguments once loaded, and loads the module once', async () => {
    const { calls, load } = loadable()
    const lazy = callsOnFirstUse(load)
    await expect(lazy.get('a')).resolves.toBe('got a')
    await expect(Promise.all([lazy.put('b', 2), lazy.get('c')])).resolves.toEqual([undefined, 'got c'])
    expect(calls.put).toHaveBeenCalledWith('b', 2)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('rejects the call when the module does not load (offline), and loads again at the next call', async () => {
    const { calls, load } = loadable()
    load.mockRejectedValueOnce(new Error('ChunkLoadError: offline'))
    const lazy = callsOnFirstUse(load)
    await expect(lazy.get('a')).rejects.toThrow('ChunkLoadError')
    await expect(lazy.get('a')).resolves.toBe('got a')
    expect(load).toHaveBeenCalledTimes(2)
    expect(calls.get).toHaveBeenCalledTimes(1)
  })

  it('is not a promise itself: awaiting the calls gives them back at once', async () => {
    const { load } = loadable()
    const lazy = callsOnFirstUse(load)
    await expect(Promise.resolve(lazy)).resolves.toBe(lazy)
    expect(load).not.toHaveBeenCalled()
  })

  it('makes a call at hand without loading the module', async () => {
    const { calls, load } = loadable()
    const lazy = callsOnFirstUse(load, { get: async (id: string) => `at hand ${id}` })
    await expect(lazy.get('a')).resolves.toBe('at hand a')
    expect(load).not.toHaveBeenCalled()
    expect(calls.get).not.toHaveBeenCalled()
  })

  it('uses a call set on the calls in place of the loaded one, as an object would', async () => {
    const { calls, load } = loadable()
    const lazy = callsOnFirstUse(load)
    Object.assign(lazy, { get: async () => 'stand-in' })
    await expect(lazy.get('a')).resolves.toBe('stand-in')
    expect(calls.get).not.toHaveBeenCalled()
  })
})
