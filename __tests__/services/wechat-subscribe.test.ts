import Taro from '@tarojs/taro'
import { askSubscription } from '@/services/wechat-subscribe'

/** The mini-program's version (the H5 one is what '@/services/wechat-subscribe' resolves to here, as in the H5 build). */
const { askSubscription: inMiniProgram } = jest.requireActual<typeof import('@/services/wechat-subscribe')>('@/services/wechat-subscribe.ts')

const TEMPLATE = 'tmpl-live'

afterEach(() => jest.restoreAllMocks())

function fakeWechat (choice: string) {
  const request = jest.fn(async (_option: unknown) => ({ errMsg: 'requestSubscribeMessage:ok', [TEMPLATE]: choice }))
  jest.spyOn(Taro, 'requestSubscribeMessage').mockImplementation(request as never)
  jest.spyOn(Taro, 'login').mockResolvedValue({ code: 'code-1', errMsg: 'login:ok' })
  return request
}

describe('askSubscription in the mini-program', () => {
  it('asks for the template and, when accepted, hands the sign-in code to the server', async () => {
    const request = fakeWechat('accept')
    const bind = jest.fn(async () => ({ bound: true }))
    expect(await inMiniProgram(bind, [TEMPLATE])).toBe(true)
    expect(request).toHaveBeenCalledWith({ tmplIds: [TEMPLATE] })
    expect(bind).toHaveBeenCalledWith('code-1')
  })

  it('binds nothing when the member rejects, and never throws when WeChat or the server fails', async () => {
    fakeWechat('reject')
    const bind = jest.fn(async () => ({ bound: true }))
    expect(await inMiniProgram(bind, [TEMPLATE])).toBe(false)
    expect(bind).not.toHaveBeenCalled()
    fakeWechat('accept')
    jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(await inMiniProgram(async () => { throw new Error('502') }, [TEMPLATE])).toBe(false)
  })

  it('asks for several templates at once (a mention\'s and a DM\'s) and binds when the member accepts any of them', async () => {
    const request = jest.fn(async (_option: unknown) => ({ errMsg: 'requestSubscribeMessage:ok', 'tmpl-m': 'reject', 'tmpl-dm': 'accept' }))
    jest.spyOn(Taro, 'requestSubscribeMessage').mockImplementation(request as never)
    jest.spyOn(Taro, 'login').mockResolvedValue({ code: 'code-2', errMsg: 'login:ok' })
    const bind = jest.fn(async () => ({ bound: true }))
    expect(await inMiniProgram(bind, ['tmpl-m', '', 'tmpl-dm'])).toBe(true)
    expect(request).toHaveBeenCalledWith({ tmplIds: ['tmpl-m', 'tmpl-dm'] })
    expect(bind).toHaveBeenCalledWith('code-2')
  })

  it('asks nothing when the build names no template', async () => {
    const request = fakeWechat('accept')
    expect(await inMiniProgram(jest.fn(), [''])).toBe(false)
    expect(request).not.toHaveBeenCalled()
  })
})

describe('askSubscription on H5', () => {
  it('asks nothing: the reminder shows in the app instead', async () => {
    const request = fakeWechat('accept')
    const bind = jest.fn()
    expect(await askSubscription(bind, [TEMPLATE])).toBe(false)
    expect(request).not.toHaveBeenCalled()
    expect(bind).not.toHaveBeenCalled()
  })
})
