import { createMembersApi } from '@/services/api/members'
import { recordingRequester } from '../support/recording-requester'

describe('createMembersApi', () => {
  it('joins with POST and leaves with DELETE on the server membership path of the caller', async () => {
    const { send, sent } = recordingRequester({ server_id: '723658', is_member: true, member_count: 1, online_count: 0 })
    const members = createMembersApi(send)
    await expect(members.join('723658')).resolves.toMatchObject({ is_member: true })
    await members.leave('723658')
    expect(sent).toEqual([
      { path: '/servers/723658/members/me', method: 'POST' },
      { path: '/servers/723658/members/me', method: 'DELETE' },
    ])
  })

  it('asks a member page after a cursor', async () => {
    const { send, sent } = recordingRequester({ items: [], has_more: false, next: null, online_count: 0 })
    await createMembersApi(send).list('723658', { after: '1.u1', limit: 20 })
    await createMembersApi(send).list('723658')
    expect(sent).toEqual([
      { path: '/servers/723658/members', query: { after: '1.u1', limit: 20 } },
      { path: '/servers/723658/members', query: { after: undefined, limit: undefined } },
    ])
  })

  it('finds members by nickname on the server\'s member search path', async () => {
    const { send, sent } = recordingRequester({ items: [] })
    await createMembersApi(send).find('723658', 'zs')
    expect(sent).toEqual([{ path: '/servers/723658/search/members', query: { q: 'zs' } }])
  })
})
