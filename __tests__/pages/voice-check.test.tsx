import { Permission } from '@core/domain/permissions'
import type { MyPermissions } from '@core/wire/trust'
import Taro from '@tarojs/taro'
import VoiceCheckPage from '@/pages/voice-check/index'
import { mountPage, unmountPages } from '../support/page-harness'

const SERVER_ID = '832828'
const OWNER = { uid: '100001', user_type: 1, addtime: 0, nickname: '站长', avatar: '', signature: '' }

function answerPermissions (mine: MyPermissions): void {
  jest.spyOn(Taro, 'request').mockImplementation(((options: { url: string }) => {
    const known = /\/permissions\/me/.test(options.url.split('?')[0])
    return Promise.resolve({ statusCode: known ? 200 : 404, data: known ? { code: 0, msg: 'ok', data: mine } : { code: 404000, msg: 'no', data: null }, header: {}, errMsg: 'request:ok' })
  }) as unknown as typeof Taro.request)
}

afterEach(() => {
  unmountPages()
  jest.restoreAllMocks()
})

describe('the voice check page', () => {
  it('asks to be opened in a browser where there is no WebRTC (the mini-program), with nothing to start', async () => {
    answerPermissions({ server_id: SERVER_ID, is_member: true, is_owner: true, permissions: Permission.ManageServer, channels: [], role_ids: [], timeout_until: null, rank: -1 })
    const page = await mountPage(VoiceCheckPage, { params: { sid: SERVER_ID }, signedIn: OWNER })
    await page.settle()
    expect(page.text()).toContain('小程序里不能检测语音')
    expect(document.querySelector('[data-testid="voice-check-start"]')).toBeNull()
  })
})
