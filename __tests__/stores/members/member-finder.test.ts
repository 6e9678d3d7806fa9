import type { Member } from '@core/wire/members'
import { MemberFinder } from '@/stores/members/member-finder'
import { deferred, failedRequest, fakeLogger, user } from '../support/fakes'

function member (uid: string, nickname: string): Member {
  return { user: user({ uid, nickname }), joined_at: 1, online: false, role_ids: [] }
}

function finderWith (find: jest.Mock) {
  return new MemberFinder('s1', { find, logger: fakeLogger() })
}

describe('MemberFinder', () => {
  it('asks the server for the members matching a query and shows them best first', async () => {
    const find = jest.fn().mockResolvedValue({ items: [member('u1', '张三'), member('u2', '张三丰')] })
    const finder = finderWith(find)
    await finder.find('  zs ')
    expect(find).toHaveBeenCalledWith('s1', 'zs')
    expect([finder.status, finder.query, finder.found.map(found => found.user.nickname)]).toEqual(['ready', 'zs', ['张三', '张三丰']])
  })

  it('says nobody matches, and an empty query clears the answer without asking', async () => {
    const find = jest.fn().mockResolvedValue({ items: [] })
    const finder = finderWith(find)
    await finder.find('nobody')
    expect(finder.status).toBe('empty')
    await finder.find('')
    expect([finder.status, finder.found]).toEqual(['idle', []])
    expect(find).toHaveBeenCalledTimes(1)
  })

  it('keeps the newest query\'s answer when an older one answers late, and asks the same query once', async () => {
    const slow = deferred<{ items: Member[] }>()
    const find = jest.fn().mockReturnValueOnce(slow.promise).mockResolvedValueOnce({ items: [member('u2', '李四')] })
    const finder = finderWith(find)
    const first = finder.find('zs')
    await finder.find('ls')
    await finder.find('ls')
    slow.resolve({ items: [member('u1', '张三')] })
    await first
    expect(finder.found.map(found => found.user.nickname)).toEqual(['李四'])
    expect(find).toHaveBeenCalledTimes(2)
  })

  it('says a failed lookup, and asking the same query again is the retry', async () => {
    const find = jest.fn().mockRejectedValueOnce(failedRequest()).mockResolvedValueOnce({ items: [member('u1', '张三')] })
    const finder = finderWith(find)
    await finder.find('zs')
    expect([finder.status, finder.error]).toEqual(['error', '请求异常'])
    await finder.find('zs')
    expect(finder.status).toBe('ready')
  })
})
