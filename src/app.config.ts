import { pagePaths } from '../config/routes'
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
  // SPEC §2: pages are loaded on demand.
  lazyCodeLoading: 'requiredComponents',
})
