import TestUtils from '@tarojs/test-utils-react'
import Taro from '@tarojs/taro'
import VoiceBar from '@/components/voice-bar'
import type { VoiceRoomStore } from '@/stores/voice/voice-room-store'

/** The page stack with `route` shown on top. */
function showing (route: string): void {
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue([{ route } as unknown as Taro.Page])
}

beforeEach(() => { showing('pages/channel/index') })

afterEach(() => {
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

/** The bar's face of a room store. */
function room (overrides: Partial<VoiceRoomStore> = {}): VoiceRoomStore {
  return {
    active: true, barShown: true, status: 'connected', selfMute: false, selfDeaf: false,
    room: { serverId: '723658', channelId: 'c-voice', name: '语音茶室' },
    setSelfMute: jest.fn(), setSelfDeaf: jest.fn(), leave: jest.fn(),
    ...overrides,
  } as unknown as VoiceRoomStore
}

describe('VoiceBar', () => {
  it('stands under the page header, and at the top of Home, which has none', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(VoiceBar, { props: { room: room() } })
    expect((await testUtils.queries.waitForQuerySelector('[data-testid="voice-bar"]'))?.className).not.toContain('voice-bar--top')
    document.body.innerHTML = ''
    showing('pages/index/index')
    const onHome = new TestUtils()
    await onHome.mount(VoiceBar, { props: { room: room() } })
    expect((await onHome.queries.waitForQuerySelector('[data-testid="voice-bar"]'))?.className).toContain('voice-bar--top')
  })

  it('shows the room\'s name and state with mute, deafen and leave while connected', async () => {
    const store = room()
    const testUtils = new TestUtils()
    await testUtils.mount(VoiceBar, { props: { room: store } })
    const bar = await testUtils.queries.waitForQuerySelector('[data-testid="voice-bar"]')
    expect(bar?.textContent).toContain('语音茶室')
    expect(bar?.textContent).toContain('已连接')
    const buttons = Array.from(document.querySelectorAll('.voice-bar__button')) as HTMLElement[]
    expect(buttons.map(button => button.textContent)).toEqual(['静音', '关闭声音', '离开'])
    testUtils.act(() => { buttons[0].click() })
    testUtils.act(() => { buttons[2].click() })
    expect(store.setSelfMute).toHaveBeenCalledWith(true)
    expect(store.leave).toHaveBeenCalled()
  })

  it('stands aside on the room\'s own page', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(VoiceBar, { props: { room: room({ barShown: false }) } })
    expect(document.querySelector('[data-testid="voice-bar"]')).toBeNull()
  })

  it('says it is reconnecting', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(VoiceBar, { props: { room: room({ status: 'reconnecting' }) } })
    const bar = await testUtils.queries.waitForQuerySelector('[data-testid="voice-bar"]')
    expect(bar?.textContent).toContain('重新连接中…')
  })

  it('opens the room on a tap on its name', async () => {
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
    const testUtils = new TestUtils()
    await testUtils.mount(VoiceBar, { props: { room: room() } })
    const name = await testUtils.queries.waitForQuerySelector('.voice-bar__room')
    testUtils.act(() => { (name as HTMLElement).click() })
    await new Promise(resolve => setTimeout(resolve, 0))
    expect(navigateTo).toHaveBeenCalledWith(expect.objectContaining({ url: '/pages/voice/index?channel_id=c-voice&server_id=723658' }))
  })
})
