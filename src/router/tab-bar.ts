/**
 * SPEC §2, §9: a tab bar appears only when more than one tab is configured.
 * Pure: app.config.ts calls it at build time.
 */

/** One tab of the tab bar, in the mini-program's own shape. */
export interface TabItem {
  pagePath: string
  text: string
  iconPath?: string
  selectedIconPath?: string
}

/** The tab bar section of app.config, as Taro takes it. */
export interface TabBarConfig {
  color: string
  selectedColor: string
  backgroundColor: string
  list: TabItem[]
}

/** The tabs the app is configured with. One tab (Home) means no tab bar. */
export const TABS: TabItem[] = [
  { pagePath: 'pages/index/index', text: '首页' },
]

/**
 * The tab bar to emit, or undefined when there is none to show.
 * SPEC §9: "Tab bars appear only when more than 1 tab exists".
 */
export function tabBarFor (tabs: TabItem[]): TabBarConfig | undefined {
  if (tabs.length <= 1) return undefined
  return { color: '#999999', selectedColor: '#000000', backgroundColor: '#ffffff', list: tabs }
}
