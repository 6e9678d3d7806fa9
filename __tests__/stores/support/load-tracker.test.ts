import { LoadTracker, auditRejectionOf, failureMessage } from '@/stores/support/load-tracker'
import { auditRejection, deferred, failedRequest, fakeLogger } from './fakes'

describe('LoadTracker', () => {
  it('starts idle with no error', () => {
    const tracker = new LoadTracker(fakeLogger())
    expect([tracker.status, tracker.error]).toEqual(['idle', null])
  })

  it('is loading while a request is under way', () => {
    const tracker = new LoadTracker(fakeLogger())
    void tracker.run(() => new Promise(() => undefined), () => 'ready')
    expect(tracker.isLoading).toBe(true)
  })

  it('ends in the status the answer decides', async () => {
    const tracker = new LoadTracker(fakeLogger())
    await expect(tracker.run(() => Promise.resolve([]), list => list.length ? 'ready' : 'empty')).resolves.toBe(true)
    expect(tracker.status).toBe('empty')
  })

  it("ends in 'error' with the RequestError's message", async () => {
    const tracker = new LoadTracker(fakeLogger())
    await expect(tracker.run(() => Promise.reject(failedRequest()), () => 'ready')).resolves.toBe(false)
    expect([tracker.status, tracker.error]).toEqual(['error', '请求异常'])
  })

  it('ignores the answer of a run overtaken by a later run', async () => {
    const tracker = new LoadTracker(fakeLogger())
    const slow = deferred<string>()
    const applied: string[] = []
    const first = tracker.run(() => slow.promise, value => { applied.push(value); return 'ready' })
    const second = tracker.run(() => Promise.resolve('new'), value => { applied.push(value); return 'ready' })
    await second
    slow.resolve('old')
    await expect(first).resolves.toBe(false)
    expect(applied).toEqual(['new'])
  })

  it('ignores the failure of a run overtaken by a reset', async () => {
    const tracker = new LoadTracker(fakeLogger())
    const slow = deferred<string>()
    const run = tracker.run(() => slow.promise, () => 'ready')
    tracker.reset()
    slow.reject(failedRequest())
    await run
    expect([tracker.status, tracker.error]).toEqual(['idle', null])
  })

  it('lets the caller record more about a failure', async () => {
    const tracker = new LoadTracker(fakeLogger())
    const seen: unknown[] = []
    const error = failedRequest()
    await tracker.run(() => Promise.reject(error), () => 'ready', failure => { seen.push(failure) })
    expect(seen).toEqual([error])
  })

  it('settles without a request', () => {
    const tracker = new LoadTracker(fakeLogger())
    tracker.fail('x')
    tracker.settle('ready')
    expect([tracker.status, tracker.error]).toEqual(['ready', null])
  })
})

describe('failureMessage', () => {
  it("shows a RequestError's own message", () => {
    expect(failureMessage(auditRejection(104001, '标题未通过审核'), fakeLogger())).toBe('标题未通过审核')
  })

  it('shows the SPEC §8 request error text for anything else and logs it', () => {
    const logger = fakeLogger()
    expect(failureMessage(new TypeError('x is undefined'), logger)).toBe('请求异常')
    expect(logger.error).toHaveBeenCalled()
  })
})

describe('auditRejectionOf', () => {
  it('gives the rejected field and message of an audit RequestError', () => {
    expect(auditRejectionOf(auditRejection(104004, '图标未通过审核', 'icon'), ['title', 'icon'])).toEqual({ field: 'icon', message: '图标未通过审核' })
  })

  it('gives nothing for an error that is not a RequestError', () => {
    expect(auditRejectionOf(new Error('104001'), ['title'])).toBeNull()
  })

  it('gives nothing for a RequestError that is not an audit rejection', () => {
    expect(auditRejectionOf(failedRequest(), ['title'])).toBeNull()
  })
})
