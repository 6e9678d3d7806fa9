import { createAnswerCache, type AnswerCache } from '../../src/services/answer-cache'

/** A computation that counts its runs and answers `text #run`. */
function counting (text: string): { compute: () => Promise<Buffer>, runs: () => number } {
  let runs = 0
  return { compute: async () => Buffer.from(`${text} #${++runs}`), runs: () => runs }
}

/** The answer of `cache` as text; `text` is what a miss computes. */
async function answer (cache: AnswerCache, scope: string, variant: string, text: string | (() => Promise<Buffer>)): Promise<string> {
  const compute = typeof text === 'string' ? async () => Buffer.from(text) : text
  return (await cache.answer(scope, variant, compute)).toString()
}

describe('the answer cache', () => {
  it('computes an answer once and answers it again from the cache', async () => {
    const cache = createAnswerCache()
    const source = counting('list')
    expect(await answer(cache, 'server 1', 'channels', source.compute)).toBe('list #1')
    expect(await answer(cache, 'server 1', 'channels', source.compute)).toBe('list #1')
    expect(source.runs()).toBe(1)
  })

  it('keeps variants and scopes apart', async () => {
    const cache = createAnswerCache()
    expect(await answer(cache, 'server 1', 'http://a channels', 'a')).toBe('a')
    expect(await answer(cache, 'server 1', 'http://b channels', 'b')).toBe('b')
    expect(await answer(cache, 'server 2', 'http://a channels', 'c')).toBe('c')
    expect(await answer(cache, 'server 1', 'http://a channels', 'never')).toBe('a')
  })

  it('computes afresh after its scope is invalidated, and keeps other scopes', async () => {
    const cache = createAnswerCache()
    const one = counting('one')
    const two = counting('two')
    await answer(cache, 'server 1', 'channels', one.compute)
    await answer(cache, 'server 1', 'lives 1 20', one.compute)
    await answer(cache, 'server 2', 'channels', two.compute)
    cache.invalidate('server 1')
    expect(await answer(cache, 'server 1', 'channels', one.compute)).toBe('one #3')
    expect(await answer(cache, 'server 2', 'channels', two.compute)).toBe('two #1')
  })

  it('shares one computation between requests that miss at the same time', async () => {
    const cache = createAnswerCache()
    const source = counting('list')
    const answers = await Promise.all([1, 2, 3].map(() => answer(cache, 'server 1', 'channels', source.compute)))
    expect(answers).toEqual(['list #1', 'list #1', 'list #1'])
    expect(source.runs()).toBe(1)
  })

  it('does not keep a computation that was running when its scope was invalidated', async () => {
    const cache = createAnswerCache()
    let finish: (value: string) => void = () => undefined
    const before = answer(cache, 'server 1', 'channels', () => new Promise<Buffer>(resolve => { finish = text => resolve(Buffer.from(text)) }))
    cache.invalidate('server 1') // a write committed while the old answer was being read
    finish('before the write')
    expect(await before).toBe('before the write')
    expect(await answer(cache, 'server 1', 'channels', 'after the write')).toBe('after the write')
  })

  it('does not keep a failed computation', async () => {
    const cache = createAnswerCache()
    await expect(answer(cache, 'server 1', 'channels', async () => { throw new Error('no server 1') })).rejects.toThrow('no server 1')
    expect(await answer(cache, 'server 1', 'channels', 'list')).toBe('list')
  })

  it('drops the least recently used answer beyond its size', async () => {
    const cache = createAnswerCache(2)
    await answer(cache, 's', 'a', 'a1')
    await answer(cache, 's', 'b', 'b1')
    await answer(cache, 's', 'a', 'a2') // a is now the most recently used
    await answer(cache, 's', 'c', 'c1') // b goes
    expect(await answer(cache, 's', 'a', 'a3')).toBe('a1')
    expect(await answer(cache, 's', 'b', 'b2')).toBe('b2')
  })
})
