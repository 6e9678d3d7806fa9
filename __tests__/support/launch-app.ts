/**
 * Boots the whole app (src/app.tsx under the real Taro H5 router, in hash mode) for the
 * app tests, and watches what the page ever showed.
 */
import TestUtils from '@tarojs/test-utils-react'

/**
 * Boots the app on the Home page, launched from a link with this query string (`?hl=en`).
 * The query is in the location's search, where the H5 build's browser-history router and
 * the app's first render read it, and in the hash the test router reads.
 */
export async function launchApp (query = ''): Promise<TestUtils> {
  window.history.replaceState(null, '', `/${query}#/pages/index/index${query}`)
  const testUtils = new TestUtils()
  await testUtils.createApp()
  await testUtils.PageLifecycle.onShow('pages/index/index')
  return testUtils
}

/** Every text the document showed since `watchTexts` was called: each text added and each one replaced, as it was then. */
export interface ShownTexts {
  texts: () => string[]
  stop: () => void
}

/**
 * Starts recording every text the document shows (a MutationObserver, so a text replaced
 * before anyone looked is still recorded). What was there before, and is only removed,
 * is not recorded: a launch clears the previous test's page.
 */
export function watchTexts (): ShownTexts {
  const seen: string[] = []
  const record = (mutations: MutationRecord[]) => {
    for (const mutation of mutations) {
      if (mutation.oldValue !== null) seen.push(mutation.oldValue)
      for (const node of mutation.addedNodes) seen.push(node.textContent ?? '')
    }
  }
  const observer = new MutationObserver(record)
  observer.observe(document, { subtree: true, childList: true, characterData: true, characterDataOldValue: true })
  return {
    texts: () => { record(observer.takeRecords()); return [...seen, document.body.textContent ?? ''] },
    stop: () => observer.disconnect(),
  }
}
