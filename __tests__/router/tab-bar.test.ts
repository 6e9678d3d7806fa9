import { tabBarFor, TABS } from '@/router/tab-bar'
import appConfig from '@/app.config'

describe('tab bar rule (SPEC §2, §9)', () => {
  it('emits no tab bar for a single tab', () => {
    expect(tabBarFor([{ pagePath: 'pages/index/index', text: 'Home' }])).toBeUndefined()
  })

  it('emits no tab bar when no tab is configured', () => {
    expect(tabBarFor([])).toBeUndefined()
  })

  it('emits a tab bar listing every tab when more than one is configured', () => {
    const tabs = [
      { pagePath: 'pages/index/index', text: 'Home' },
      { pagePath: 'pages/market/index', text: 'Market' },
    ]
    expect(tabBarFor(tabs)?.list).toEqual(tabs)
  })

  it('leaves the app config without a tab bar while only Home is a tab', () => {
    expect(TABS).toHaveLength(1)
    expect(appConfig.tabBar).toBeUndefined()
  })
})
