import { autorun } from 'mobx'
import { OnDemand } from '@/stores/on-demand'

describe('OnDemand', () => {
  it('creates the store once, on the first ask, and shows it to observers when it arrives', async () => {
    const create = jest.fn(async () => ({ name: 'inbox' }))
    const shared = new OnDemand(create)
    const seen: Array<string | null> = []
    const stop = autorun(() => { seen.push(shared.current?.name ?? null) })
    expect(create).not.toHaveBeenCalled()
    const [first, second] = await Promise.all([shared.load(), shared.load()])
    expect(first).toBe(second)
    expect(await shared.load()).toBe(first)
    expect(create).toHaveBeenCalledTimes(1)
    expect(seen).toEqual([null, 'inbox'])
    stop()
  })

  it('tries again on the next ask after its module failed to load', async () => {
    const create = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce('store')
    const shared = new OnDemand(create)
    await expect(shared.load()).rejects.toThrow('ChunkLoadError')
    expect(shared.current).toBeNull()
    expect(await shared.load()).toBe('store')
    expect(shared.current).toBe('store')
  })
})
