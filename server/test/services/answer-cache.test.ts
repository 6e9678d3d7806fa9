import { createAnswerCache } from '../../src/services/answer-cache'

/** A computation that counts its runs and answers `text #run`. */
function counting (text: string): { compute: () => Promise<string>, runs: () => number } {
  let runs = 0
  return { compute: async () => `${text} #${++runs}`, runs: () => runs }
}

describe('the answer cache', () => {
  it('computes an answer once and answers it again from the cache', async () => {
    const cache = createAnswerCache()
    const source = counting('list')
    expect(await cache.answer('server 1', 'channels', source.compute)).toBe('list #1')
    expect(await cache.answer('server 1', 'channels', source.compute)).toBe('list #1')
    expect(source.runs()).toBe(1)
  })

  it('keeps variants and scopes apart', async () => {
    const cache = createAnswerCache()
    expect(await cache.answer('server 1', 'http://a channels', async () => 'a')).toBe('a')
    expect(await cache.answer('server 1', 'http://b channels', async () => 'b')).toBe('b')
    expect(await cache.answer('server 2', 'http://a channels', async () => 'c')).toBe('c')
    expect(await cache.answer('server 1', 'http://a channels', async () => 'never')).toBe('a')
  })

  it('computes afresh after its scope is invalidated, and keeps other scopes', async () => {
    const cache = createAnswerCache()
    const one = counting('one')
    const two = counting('two')
    await cache.answer('server 1', 'channels', one.compute)
    await cache.answer('server 1', 'lives 1 20', one.compute)
    await cache.answer('server 2', 'channels', two.compute)
    cache.invalidate('server 1')
    expect(await cache.answer('server 1', 'channels', one.compute)).toBe('one #3')
    expect(await cache.answer('server 2', 'channels', two.compute)).toBe('two #1')
  })

  it('shares one computation between requests that miss at the same time', async () => {
    const cache = createAnswerCache()
    const source = counting('list')
    const answers = await Promise.all([1, 2, 3].map(() => cache.answer('server 1', 'channels', source.compute)))
    expect(answers).toEqual(['list #1', 'list #1', 'list #1'])
    expect(source.runs()).toBe(1)
  })

  it('does not keep a computation that was running when its scope was invalidated', async () => {
    const cache = createAnswerCache()
    let finish: (value: string) => void = () => undefined
    const before = cache.answer('server 1', 'channels', () => new Promise<string>(resolve => { finish = resolve }))
    cache.invalidate('server 1') // a write committed while the old answer was being read
    finish('before the write')
    expect(await before).toBe('before the write')
    expect(await cache.answer('server 1', 'channels', async () => 'after the write')).toBe('after the write')
  })

  it('does not keep a failed computation', async () => {
    const cache = createAnswerCache()
    await expect(cache.answer('server 1', 'channels', async () => { throw new Error('no server 1') })).rejects.toThrow('no server 1')
    expect(await cache.answer('server 1', 'channels', async () => 'list')).toBe('list')
  })

  it('drops the least recently used answer beyond its size', async () => {
    const cache = createAnswerCache(2)
    await cache.answer('s', 'a', async () => 'a1')
    await cache.answer('s', 'b', async () => 'b1')
    await cache.answer('s', 'a', async () => 'a2') // a is now the most recently used
    await cache.answer('s', 'c', async () => 'c1') // b goes
    expect(await cache.answer('s', 'a', async () => 'a3')).toBe('a1')
    expect(await cache.answer('s', 'b', async () => 'b2')).toBe('b2')
  })
})
