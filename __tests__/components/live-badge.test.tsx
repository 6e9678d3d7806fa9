import TestUtils from '@tarojs/test-utils-react'
import LiveBadge from '@/components/live-badge'
import { loadLanguage, setLanguage } from '@/i18n'
import type { LiveState } from '@core/domain/live-state'

afterEach(() => {
  setLanguage(undefined)
  document.body.innerHTML = ''
})

describe('LiveBadge', () => {
  it.each<[LiveState, string, string]>([
    ['live', '直播中', 'Live'],
    ['ended', '回放', 'Replay'],
    ['order', '预约', 'Reserved'],
  ])('names the %s state %s (%s in English)', async (state, zh, en) => {
    const testUtils = new TestUtils()
    await testUtils.mount(LiveBadge, { props: { state } })
    expect((await testUtils.queries.waitForQuerySelector(`.live-badge--${state}`)).textContent).toBe(zh)
    document.body.innerHTML = ''
    await loadLanguage('en')
    const english = new TestUtils()
    await english.mount(LiveBadge, { props: { state } })
    expect((await english.queries.waitForQuerySelector(`.live-badge--${state}`)).textContent).toBe(en)
  })
})
