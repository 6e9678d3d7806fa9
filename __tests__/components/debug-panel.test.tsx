import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import DebugPanel, { DEBUG_PANEL_REQUESTS, isDebugOn } from '@/components/debug-panel'
import DebugPanelWhenAskedOnH5 from '@/components/debug-panel/when-asked.h5'

// the mini-program's loader: jest resolves the bare path to the .h5 file, so it is asked for by its full name
const DebugPanelWhenAskedInMiniProgram = jest.requireActual<typeof import('@/components/debug-panel/when-asked')>('@/components/debug-panel/when-asked.tsx').default
import { clearRequestLog, request } from '@/services/request'
import { readEnvTestFlag } from '@/utils/storage'

afterEach(() => {
  clearRequestLog()
  localStorage.clear()
  document.body.innerHTML = ''
  jest.restoreAllMocks()
})

async function send (path: string, status: number): Promise<void> {
  jest.spyOn(Taro, 'request').mockImplementation((() => Promise.resolve({ statusCode: status, data: { code: 0, msg: '', data: {} }, header: {}, errMsg: 'request:ok' })) as never)
  await request({ path }).catch(() => undefined)
}

describe('DebugPanel', () => {
  it('shows the environment, the version code 10001 and the last requests, newest first', async () => {
    await send('/servers/723658', 200)
    await send('/servers/723658/channels', 200)
    const testUtils = new TestUtils()
    await testUtils.mount(DebugPanel)
    const panel = await testUtils.queries.waitForQuerySelector('.debug-panel')
    expect(panel.textContent).toContain('环境 dev · 按测试环境')
    expect(panel.textContent).toContain('版本号 10001')
    const lines = Array.from(panel.querySelectorAll('.debug-panel__request') as NodeListOf<Element>).map(node => node.textContent)
    expect(lines).toEqual([expect.stringMatching(/^GET \/servers\/723658\/channels 200 \d+ms$/), expect.stringMatching(/^GET \/servers\/723658 200 \d+ms$/)])
  })

  it('counts an online build as production until this device switches to test (SPEC §9)', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(DebugPanel, { props: { env: 'online' } })
    const panel = await testUtils.queries.waitForQuerySelector('.debug-panel')
    expect(panel.textContent).toContain('环境 online · 按生产环境')
    await testUtils.act(async () => { testUtils.fireEvent.click(testUtils.queries.queryByText('本机改按测试环境')) })
    expect(panel.textContent).toContain('环境 online · 按测试环境')
    expect(readEnvTestFlag()).toBe(true)
  })

  it('offers no switch to a build that is not production anyway', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(DebugPanel, { props: { env: 'test' } })
    await testUtils.queries.waitForQuerySelector('.debug-panel')
    expect(testUtils.queries.querySelector('.debug-panel__switch')).toBeNull()
  })

  it(`lists at most ${DEBUG_PANEL_REQUESTS} requests`, async () => {
    for (let index = 0; index < DEBUG_PANEL_REQUESTS + 3; index += 1) await send(`/r/${index}`, 200)
    const testUtils = new TestUtils()
    await testUtils.mount(DebugPanel)
    const panel = await testUtils.queries.waitForQuerySelector('.debug-panel')
    expect(panel.querySelectorAll('.debug-panel__request')).toHaveLength(DEBUG_PANEL_REQUESTS)
  })

  it('lists a call that finishes after the panel is shown', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(DebugPanel)
    await testUtils.act(() => send('/servers/832828/lives', 200))
    const line = await testUtils.queries.waitForQuerySelector('.debug-panel__request')
    expect(line.textContent).toMatch(/^GET \/servers\/832828\/lives 200 \d+ms$/)
  })

  it('says when there were no requests yet', async () => {
    const testUtils = new TestUtils()
    await testUtils.mount(DebugPanel)
    expect((await testUtils.queries.waitForQuerySelector('.debug-panel')).textContent).toContain('暂无请求')
  })

  it.each([['1', true], ['true', true], ['0', false], ['false', false], ['', false]])('reads debug=%p as %p', (value, on) => {
    expect(isDebugOn({ debug: value })).toBe(on)
  })

  it('is off without debug', () => {
    expect(isDebugOn({})).toBe(false)
  })

  it.each([['on H5 (fetched on demand)', DebugPanelWhenAskedOnH5], ['in the mini-program (in the page)', DebugPanelWhenAskedInMiniProgram]])('appears only when the page asks for it, %s', async (_where, WhenAsked) => {
    const testUtils = new TestUtils()
    await testUtils.mount(WhenAsked, { props: { params: {} } })
    expect(document.querySelector('.debug-panel')).toBeNull()
    document.body.innerHTML = ''
    await testUtils.mount(WhenAsked, { props: { params: { debug: '1' } } })
    await testUtils.queries.waitForQuerySelector('.debug-panel')
  })
})
