import { pagePaths } from '../config/routes'
import { PAGE_ANIMATION_DELAY_MS, PAGE_ANIMATION_DURATION_MS } from './constants/ui'
import { TABS, tabBarFor } from './router/tab-bar'

/** App-wide configuration (SPEC §2): pages, window style and the tab-bar rule. */
export default defineAppConfig({
  pages: pagePaths(),
  window: {
    // SPEC §2: a short name with a world-themed word; white bar, black text, light background text.
    navigationBarTitleText: 'OpenRealm 世界',
    navigationBarBackgroundColor: '#ffffff',
    navigationBarTextStyle: 'black',
    backgroundTextStyle: 'light',
  },
  // SPEC §2, §9: emitted only when more than one tab is configured.
  tabBar: tabBarFor(TABS),
  // SPEC §9: the page animation's defaults, stated rather than left to Taro's (H5 route
  // transitions; the mini-program's app.json has no such field and WeChat animates its own)
  ...(process.env.TARO_ENV === 'h5' ? { animation: { duration: PAGE_ANIMATION_DURATION_MS, delay: PAGE_ANIMATION_DELAY_MS } } : {}),
  // SPEC §2: pages are loaded on demand.
  lazyCodeLoading: 'requiredComponents',
})
