import type { Invite } from '@core/wire/trust'
import type { TrustApi } from '@/services/api/trust'
import { RequestError } from '@/services/request/errors'
import { InviteStore, problemOf } from '@/stores/servers/invite-store'

function invite (state: Invite['state'] = 'valid'): Invite {
  return {
    code: 'abcDEF2345',
    server: { server_id: '832828', name: '云端集市', sub_domain: 'market', icon: '/i.svg', introduction: '', member_count: 7 },
    inviter: { uid: '100004', user_type: 1, addtime: 0, nickname: 'Mia', avatar: '/a.svg', signature: '' },
    max_uses: 0, uses: 0, expires_at: null, created_at: 0, state,
  }
}

function refusal (status: number, code: number): RequestError {
  return new RequestError({ kind: 'server', code, message: 'refused', status })
}

function fakeApi (answer: () => Promise<Invite>, accept: () => Promise<{ server_id: string, already_member: boolean }> = async () => ({ server_id: '832828', already_member: false }), member: () => Promise<boolean> = async () => false) {
  const calls: string[] = []
  const api: Pick<TrustApi, 'invite' | 'acceptInvite' | 'myPermissions'> = {
    invite: async code => { calls.push(`invite ${code}`); return answer() },
    acceptInvite: async code => { calls.push(`accept ${code}`); return accept() },
    myPermissions: async serverId => { calls.push(`membership ${serverId}`); return { server_id: serverId, is_member: await member(), is_owner: false, permissions: 0, channels: [], role_ids: [], timeout_until: null, rank: null } },
  }
  return { api, calls }
}

const signedIn = { isSignedIn: true, ensureSignedIn: async () => undefined }

describe('InviteStore', () => {
  it('shows who invited to which server and joins with one tap after signing in', async () => {
    const { api, calls } = fakeApi(async () => invite())
    const order: string[] = []
    const store = new InviteStore({ isSignedIn: false, ensureSignedIn: async () => { order.push('sign in') } }, api)
    await store.load('abcDEF2345')
    expect(store).toMatchObject({ status: 'ready', problem: null, canJoin: true })
    expect(store.invite?.inviter.nickname).toBe('Mia')
    await store.accept()
    expect(store).toMatchObject({ status: 'joined', joinedServerId: '832828' })
    expect([...order, ...calls]).toEqual(['sign in', 'invite abcDEF2345', 'accept abcDEF2345'])
  })

  it.each(['expired', 'used_up'] as const)('says a %s invite plainly and offers no join', async state => {
    const { api, calls } = fakeApi(async () => invite(state))
    const store = new InviteStore(signedIn, api)
    await store.load('abcDEF2345')
    expect(store).toMatchObject({ status: 'ready', problem: state, canJoin: false })
    await store.accept()
    expect(calls).toEqual(['invite abcDEF2345', 'membership 832828'])
  })

  it('tells a member of the server they are one, offers no join and opens the server instead', async () => {
    const { api, calls } = fakeApi(async () => invite(), undefined, async () => true)
    const store = new InviteStore(signedIn, api)
    await store.load('abcDEF2345')
    expect(store).toMatchObject({ status: 'ready', problem: null, alreadyMember: true, canJoin: false })
    await store.accept()
    expect(store.joinedServerId).toBeNull()
    store.openServer()
    expect(store.joinedServerId).toBe('832828')
    expect(calls).toEqual(['invite abcDEF2345', 'membership 832828'])
  })

  it('offers a member the server even when the invite has expired', async () => {
    const { api } = fakeApi(async () => invite('expired'), undefined, async () => true)
    const store = new InviteStore(signedIn, api)
    await store.load('abcDEF2345')
    expect(store).toMatchObject({ problem: null, alreadyMember: true, canJoin: false })
  })

  it('offers the join when the membership cannot be asked', async () => {
    const { api } = fakeApi(async () => invite(), undefined, async () => { throw refusal(500, 500000) })
    const store = new InviteStore(signedIn, api)
    jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    await store.load('abcDEF2345')
    expect(store).toMatchObject({ alreadyMember: false, canJoin: true })
  })

  it('says an unknown invite is unknown', async () => {
    const { api } = fakeApi(async () => { throw refusal(404, 404000) })
    const store = new InviteStore(signedIn, api)
    await store.load('nope')
    expect(store).toMatchObject({ status: 'error', problem: 'unknown', invite: null })
  })

  it('says a link without a code names no invite, and asks nothing', async () => {
    const { api, calls } = fakeApi(async () => { throw new Error('not asked') })
    const store = new InviteStore(signedIn, api)
    await store.load(' ')
    expect(store).toMatchObject({ status: 'error', problem: 'unknown', invite: null })
    expect(calls).toEqual([])
  })

  it('keeps the invite on screen with the reason when joining is refused', async () => {
    const { api } = fakeApi(async () => invite(), async () => { throw refusal(403, 403001) })
    const store = new InviteStore(signedIn, api)
    await store.load('abcDEF2345')
    await store.accept()
    expect(store).toMatchObject({ status: 'ready', problem: 'banned', canJoin: false })
  })

  it('reads the refusal codes of the invite calls', () => {
    expect(problemOf(refusal(410, 410001))).toBe('expired')
    expect(problemOf(refusal(410, 410002))).toBe('used_up')
    expect(problemOf(refusal(500, 500000))).toBe('failed')
    expect(problemOf(new Error('offline'))).toBe('failed')
  })
})
