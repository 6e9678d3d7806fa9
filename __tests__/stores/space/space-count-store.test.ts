import type { SpaceCounts } from '@core/wire/space'
import { SpaceCountStore } from '@/stores/space/space-count-store'
import { deferred, failedRequest, fakeLogger } from '../support/fakes'

/** A gateway whose SPACE_COUNT dispatches the test delivers. */
function fakeGateway () {
  const handlers: Array<(d: { server_id: string, channel_id: string, count: number }) => void> = []
  return {
    on: jest.fn((_t: string, handler: (d: { server_id: string, channel_id: string, count: number }) => void) => { handlers.push(handler); return () => undefined }),
    dispatch: (d: { server_id: string, channel_id: string, count: number }) => { for (const handler of handlers) handler(d) },
  }
}

function setup (counts: jest.Mock<Promise<SpaceCounts>, [string]> = jest.fn(async (serverId: string) => ({ counts: [{ server_id: serverId, channel_id: 'c8', count: 23 }] }))) {
  const gateway = fakeGateway()
  const logger = fakeLogger()
  const store = new SpaceCountStore({ counts }, gateway as never, logger)
  return { store, gateway, counts, logger }
}

describe('SpaceCountStore', () => {
  it('shows the counts the server gives for its spaces', async () => {
    const { store, counts } = setup()
    await store.load('832828')
    expect(counts).toHaveBeenCalledWith('832828')
    expect(store.byChannel).toEqual({ c8: 23 })
  })

  it('keeps a count current from SPACE_COUNT dispatches of the server shown', async () => {
    const { store, gateway } = setup()
    await store.load('832828')
    gateway.dispatch({ server_id: '832828', channel_id: 'c8', count: 24 })
    gateway.dispatch({ server_id: '832828', channel_id: 'c9', count: 2 })
    gateway.dispatch({ server_id: '723658', channel_id: 'x1', count: 9 })
    expect(store.byChannel).toEqual({ c8: 24, c9: 2 })
  })

  it('forgets another server\'s counts and ignores a late answer for it', async () => {
    const first = deferred<SpaceCounts>()
    const counts = jest.fn<Promise<SpaceCounts>, [string]>()
      .mockReturnValueOnce(first.promise)
      .mockResolvedValueOnce({ counts: [{ server_id: '723658', channel_id: 'm1', count: 3 }] })
    const { store } = setup(counts)
    const late = store.load('832828')
    await store.load('723658')
    first.resolve({ counts: [{ server_id: '832828', channel_id: 'c8', count: 23 }] })
    await late
    expect(store.byChannel).toEqual({ m1: 3 })
  })

  it('shows no count when they cannot be loaded, with a warning', async () => {
    const { store, logger } = setup(jest.fn<Promise<SpaceCounts>, [string]>().mockRejectedValue(failedRequest()))
    await store.load('832828')
    expect(store.byChannel).toEqual({})
    expect(logger.warn).toHaveBeenCalled()
  })
})
