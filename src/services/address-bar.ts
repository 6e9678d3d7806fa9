/**
 * The H5 address bar: a query key taken out of it in place (history.replaceState keeps the
 * router's state and navigates nowhere), so a secret the page was opened with (a hand-off
 * code) is gone from the bar, the browser's history entry and any URL copied from it.
 */

/** Removes `key` from the address bar's query; nothing when it is not there. */
export function dropQueryKeyFromAddressBar (key: string): void {
  const url = new URL(window.location.href)
  if (!url.searchParams.has(key)) return
  url.searchParams.delete(key)
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
}
