import { h5VoiceUrl, isOpenableOrigin, VoiceHandoffStore, type VoiceHandoffDeps } from '@/stores/voice-handoff/voice-handoff-store'
import { RequestError } from '@/services/request/errors'
import { fakeLogger } from '../support/fakes'

const CODE = 'c'.repeat(43)
const TARGET = { channelId: '83282803', serverId: '832828' }

function setup (overrides: Partial<VoiceHandoffDeps> = {}) {
  const calls: string[] = []
  const deps: VoiceHandoffDeps = {
    api: { handoff: jest.fn(async () => { calls.push('handoff'); return { code: CODE, expires_in: 60 } }) },
    ensureSignedIn: jest.fn(async () => { calls.push('signed in') }),
    h5Origin: 'https://h5.openrealm.example',
    webViewAvailable: true,
    httpsOnly: true,
    logger: fakeLogger(),
    ...overrides,
  }
  return { store: new VoiceHandoffStore(deps), deps, calls }
}

describe('VoiceHandoffStore', () => {
  it('shows the H5 voice page in the web-view with a fresh hand-off code, asked for once someone is signed in', async () => {
    const { store, calls } = setup()
    expect(store.view).toEqual({ kind: 'loading' })
    await store.open({ ...TARGET, hl: 'en' })
    expect(calls).toEqual(['signed in', 'handoff'])
    expect(store.view).toEqual({ kind: 'web-view', src: `https://h5.openrealm.example/pages/voice/index?handoff=${CODE}&channel_id=83282803&server_id=832828&hl=en` })
  })

  it('says so, asking for no code, where WeChat is too old for web-view', async () => {
    const { store, deps } = setup({ webViewAvailable: false })
    await store.open(TARGET)
    expect(store.view).toEqual({ kind: 'unavailable', reason: 'old-wechat' })
    expect(deps.api.handoff).not.toHaveBeenCalled()
  })

  it.each([
    ['no H5 origin at all', '', true],
    ['a relative base (an H5 build calling its own origin)', '/api', false],
    ['plain http where WeChat wants an https business domain', 'http://h5.openrealm.example', true],
  ])('says so, asking for no code, with %s', async (_name, h5Origin, httpsOnly) => {
    const { store, deps } = setup({ h5Origin, httpsOnly })
    await store.open(TARGET)
    expect(store.view).toEqual({ kind: 'unavailable', reason: 'no-h5-origin' })
    expect(deps.api.handoff).not.toHaveBeenCalled()
  })

  it('says the voice channel could not be opened when the server refuses a code, and tries again on asking', async () => {
    const handoff = jest.fn()
      .mockRejectedValueOnce(new RequestError({ kind: 'server', code: 401000, message: 'authorization: a Bearer token is required', status: 401 }))
      .mockResolvedValueOnce({ code: CODE, expires_in: 60 })
    const { store } = setup({ api: { handoff } })
    await store.open(TARGET)
    expect(store.view).toEqual({ kind: 'unavailable', reason: 'refused' })
    await store.open(TARGET)
    expect(store.view).toMatchObject({ kind: 'web-view' })
  })

  it('says the page did not load when the web-view reports an error (a domain that is not a business domain)', async () => {
    const { store } = setup()
    await store.open(TARGET)
    store.webViewFailed()
    expect(store.view).toEqual({ kind: 'unavailable', reason: 'web-view-failed' })
  })
})

describe('the H5 voice page URL', () => {
  it('carries the code, the channel and the server in its query, on the origin without a trailing slash', () => {
    expect(h5VoiceUrl('http://localhost:3000/', 'a-b_c', TARGET)).toBe('http://localhost:3000/pages/voice/index?handoff=a-b_c&channel_id=83282803&server_id=832828')
  })

  it('opens only absolute origins, and only https ones where WeChat asks for its business domain', () => {
    expect([isOpenableOrigin('http://localhost:3000', false), isOpenableOrigin('http://localhost:3000', true), isOpenableOrigin('https://h5.example', true), isOpenableOrigin('', false)]).toEqual([true, false, true, false])
  })
})
