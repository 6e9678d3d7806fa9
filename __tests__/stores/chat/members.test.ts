import { ServerMembers } from '@/stores/chat/members'
import { fakeLogger } from '../support/fakes'
import { LIN, ME } from '../support/chat-fakes'

describe('ServerMembers', () => {
  it('loads the members for the picker, filters them by nickname and names a mentioned uid', async () => {
    const listMembers = jest.fn(() => Promise.resolve({ items: [LIN, ME].map(user => ({ user, joined_at: 1, online: true, role_ids: [] })), has_more: false, next: null, online_count: 2 }))
    const store = new ServerMembers('723658', { listMembers, logger: fakeLogger() })
    await store.load()
    expect(listMembers).toHaveBeenCalledWith('723658', { limit: 100 })
    expect(store.matching('林').map(member => member.user.uid)).toEqual([LIN.uid])
    expect([store.nicknameOf(LIN.uid), store.nicknameOf('B_nobody')]).toEqual(['林晓', null])
  })

  it('never offers me to myself in the @ picker', async () => {
    const listMembers = jest.fn(() => Promise.resolve({ items: [LIN, ME].map(user => ({ user, joined_at: 1, online: true, role_ids: [] })), has_more: false, next: null, online_count: 2 }))
    const store = new ServerMembers('723658', { listMembers, logger: fakeLogger(), myUid: () => ME.uid })
    await store.load()
    expect(store.matching('').map(member => member.user.uid)).toEqual([LIN.uid])
    expect(store.matching(ME.nickname)).toEqual([])
  })

  it('offers, after the loaded members, those the server finds by pinyin initials, each once and never me', async () => {
    const asMember = (user: typeof LIN) => ({ user, joined_at: 1, online: true, role_ids: [] })
    const zhang = { ...LIN, uid: 'u-zhang', nickname: '张三' }
    const listMembers = jest.fn(() => Promise.resolve({ items: [LIN, ME].map(asMember), has_more: false, next: null, online_count: 2 }))
    const findMembers = jest.fn(async () => ({ items: [zhang, ME].map(asMember) }))
    const store = new ServerMembers('723658', { listMembers, findMembers, logger: fakeLogger(), myUid: () => ME.uid })
    await store.load()
    await store.lookUp('  ')
    expect(findMembers).not.toHaveBeenCalled()
    expect(store.matching('zs')).toEqual([])
    await store.lookUp('zs')
    expect(findMembers).toHaveBeenCalledWith('723658', 'zs')
    expect(store.matching('ZS').map(member => member.user.uid)).toEqual(['u-zhang'])
    expect(store.matching('zsf')).toEqual([]) // the answer is for zs, not for what was typed since
  })
})
