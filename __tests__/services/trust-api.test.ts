import { createTrustApi } from '@/services/api/trust'
import { recordingRequester } from '../support/recording-requester'

describe('createTrustApi', () => {
  it('sends each role and permission call to its path with its method and body', async () => {
    const { send, sent } = recordingRequester({ done: true })
    const trust = createTrustApi(send)
    await trust.myPermissions('832828')
    await trust.roles('832828')
    await trust.createRole('832828', { name: '画师', color: '#123abc' })
    await trust.updateRole('832828', 'r1', { permissions: 3 })
    await trust.deleteRole('832828', 'r1')
    await trust.setMemberRole('832828', '100004', 'r1', true)
    await trust.setMemberRole('832828', '100004', 'r1', false)
    await trust.setOverride('83282800', 'role', '832828', { allow: 0, deny: 2 })
    await trust.setOverride('83282800', 'member', '100004', null)
    expect(sent).toEqual([
      { path: '/servers/832828/permissions/me' },
      { path: '/servers/832828/roles' },
      { path: '/servers/832828/roles', method: 'POST', data: { name: '画师', color: '#123abc' } },
      { path: '/servers/832828/roles/r1', method: 'POST', data: { permissions: 3 } },
      { path: '/servers/832828/roles/r1', method: 'DELETE' },
      { path: '/servers/832828/members/100004/roles/r1', method: 'PUT' },
      { path: '/servers/832828/members/100004/roles/r1', method: 'DELETE' },
      { path: '/channels/83282800/overrides/role/832828', method: 'PUT', data: { allow: 0, deny: 2 } },
      { path: '/channels/83282800/overrides/member/100004', method: 'DELETE' },
    ])
  })

  it('sends the moderation calls, the reason of a kick in the query', async () => {
    const { send, sent } = recordingRequester({ done: true })
    const trust = createTrustApi(send)
    await trust.timeout('832828', 'B_1', 1_800_000_000, 'spam')
    await trust.timeout('832828', 'B_1', null)
    await trust.kick('832828', 'B_1', 'rude')
    await trust.ban('832828', 'B_1')
    await trust.unban('832828', 'B_1')
    await trust.bans('832828')
    await trust.auditLog('832828', '1800000000000000000')
    await trust.report({ target_type: 'member', target_id: 'B_1', server_id: '832828', reason: 'spam' })
    await trust.serverReports('832828', '1800000000000000001')
    expect(sent).toEqual([
      { path: '/servers/832828/members/B_1/timeout', method: 'PUT', data: { until: 1_800_000_000, reason: 'spam' } },
      { path: '/servers/832828/members/B_1/timeout', method: 'PUT', data: { until: null, reason: undefined } },
      { path: '/servers/832828/members/B_1', method: 'DELETE', query: { reason: 'rude' } },
      { path: '/servers/832828/bans/B_1', method: 'PUT', data: { reason: undefined } },
      { path: '/servers/832828/bans/B_1', method: 'DELETE' },
      { path: '/servers/832828/bans' },
      { path: '/servers/832828/audit-log', query: { before: '1800000000000000000' } },
      { path: '/reports', method: 'POST', data: { target_type: 'member', target_id: 'B_1', server_id: '832828', reason: 'spam' } },
      { path: '/servers/832828/reports', query: { before: '1800000000000000001' } },
    ])
  })

  it('sends the invite and session calls', async () => {
    const { send, sent } = recordingRequester({ done: true })
    const trust = createTrustApi(send)
    await trust.invites('832828')
    await trust.createInvite('832828', { max_age_seconds: 1800, max_uses: 1 })
    await trust.invite('abcDEF2345')
    await trust.revokeInvite('abcDEF2345')
    await trust.acceptInvite('abcDEF2345')
    await trust.logout()
    await trust.sessions()
    await trust.revokeSession('ab12')
    expect(sent).toEqual([
      { path: '/servers/832828/invites' },
      { path: '/servers/832828/invites', method: 'POST', data: { max_age_seconds: 1800, max_uses: 1 } },
      { path: '/invites/abcDEF2345' },
      { path: '/invites/abcDEF2345', method: 'DELETE' },
      { path: '/invites/abcDEF2345/accept', method: 'POST' },
      { path: '/auth/logout', method: 'POST' },
      { path: '/auth/sessions' },
      { path: '/auth/sessions/ab12', method: 'DELETE' },
    ])
  })

  it('uses the app request chain when given no sender', () => {
    expect(typeof createTrustApi().roles).toBe('function')
  })
})
