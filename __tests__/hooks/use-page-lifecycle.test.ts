import { act, createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { PAGE_PHASES, onPageShown, usePageLifecycle, type PageLifecycleHandlers, type PagePhase } from '@/hooks/use-page-lifecycle'

/** The callbacks the page registered with Taro's lifecycle hooks, by the hook's name. */
const registered: Record<string, () => void> = {}

// The seam: Taro's page hooks record the page's callback, and the test plays the lifecycle.
jest.mock('@tarojs/taro', () => {
  const hook = (name: string) => (callback: () => void) => { registered[name] = callback }
  return { useLoad: hook('useLoad'), useReady: hook('useReady'), useDidShow: hook('useDidShow'), useDidHide: hook('useDidHide'), useUnload: hook('useUnload') }
})

const HOOK_OF: Record<PagePhase, string> = { load: 'useLoad', ready: 'useReady', show: 'useDidShow', hide: 'useDidHide', unload: 'useUnload' }

function mountPage (pagePath: string, handlers?: PageLifecycleHandlers): void {
  function Page () {
    usePageLifecycle(pagePath, handlers)
    return null
  }
  act(() => createRoot(document.createElement('div')).render(createElement(Page)))
}

function play (phase: PagePhase): void {
  registered[HOOK_OF[phase]]()
}

describe('usePageLifecycle (SPEC §4)', () => {
  let info: jest.SpyInstance

  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
  })

  beforeEach(() => {
    info = jest.spyOn(console, 'info').mockImplementation(() => undefined)
  })

  afterEach(() => {
    info.mockRestore()
  })

  it('logs load, ready, show, hide and unload with the page path, in the order they happen', () => {
    mountPage('pages/index/index')
    for (const phase of PAGE_PHASES) play(phase)
    expect(info.mock.calls.map(call => call[0])).toEqual([
      '[page] pages/index/index load',
      '[page] pages/index/index ready',
      '[page] pages/index/index show',
      '[page] pages/index/index hide',
      '[page] pages/index/index unload',
    ])
  })

  it("runs the page's handler of a step after logging it", () => {
    const order: string[] = []
    info.mockImplementation((line: string) => { order.push(line) })
    mountPage('pages/market/index', { show: () => order.push('start clock'), hide: () => order.push('stop clock') })
    play('show')
    play('hide')
    expect(order).toEqual(['[page] pages/market/index show', 'start clock', '[page] pages/market/index hide', 'stop clock'])
  })

  it("tells the app's listeners of every page's show, with its path, after the page's own handler, until they stop listening", () => {
    const order: string[] = []
    const stop = onPageShown(path => order.push(`shown ${path}`))
    mountPage('pages/index/index', { show: () => order.push('page handler') })
    play('show')
    play('hide')
    stop()
    play('show')
    expect(order).toEqual(['page handler', 'shown pages/index/index', 'page handler'])
  })

  it('logs a step the page has no handler for', () => {
    mountPage('pages/demo/index', { show: jest.fn() })
    play('unload')
    expect(info).toHaveBeenCalledWith('[page] pages/demo/index unload')
  })
})
