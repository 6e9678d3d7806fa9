/**
 * Who is signed in when the app launches: a hand-off code (`handoff`, H5: the mini-program
 * opened this page in its web-view, docs/voice.md), dropped from the address bar before it
 * is redeemed, a development sign-in link (`dev_signin`, H5, printed by `npm start`) or the code WeChat's browser came back with (`code` and `state`
 * of the web authorisation) signs in as the account; the mini-program signs in silently
 * with `Taro.login`'s code (no guest step unless WeChat refuses); inside WeChat's browser,
 * where no account is stored, the page first leaves once for WeChat's silent authorisation
 * (`snsapi_base`) when the server has an Official Account (it comes back with `code` and
 * `state`); otherwise the stored login, or a guest (SessionStore.ensureSignedIn).
 */
import { DEV_SIGN_IN_QUERY_KEY, HANDOFF_QUERY_KEY } from '@core/wire/accounts-paths'
import type { PageParams } from '@core/query/query'
import type { AccountStore } from './account-store'
import type { SessionStore } from './session-store'

/** What the launch sign-in needs. */
export interface LaunchSignInSources {
  /** The account store, loaded when a sign-in needs it (its code is not part of the first load). */
  account: () => Promise<Pick<AccountStore, 'signInWithHandoff' | 'signInWithLink' | 'signInWithWechatWeb' | 'signInInMiniProgram' | 'silentWechatUrl'>>
  session: Pick<SessionStore, 'ensureSignedIn' | 'duringLaunch' | 'restore' | 'isSignedIn' | 'identityKind'>
  /** The mini-program's `Taro.login` (its code), or null on H5. */
  miniProgramLogin: (() => Promise<string>) | null
  /** Inside WeChat's browser (H5): the silent sign-in's page and way out; null elsewhere. */
  wechatBrowser: WechatBrowserLaunch | null
  /** H5: removes a query key from the address bar without a navigation (history.replaceState); null in the mini-program. */
  dropFromAddressBar: ((key: string) => void) | null
}

/** What the silent WeChat sign-in at launch needs of the browser. */
export interface WechatBrowserLaunch {
  /** The page WeChat comes back to (this one, without its fragment). */
  here: string
  /** Leaves for WeChat's authorisation. */
  leave (url: string): void
  /** True the first time it is asked in this browser tab (a sign-in WeChat's answer did not finish is not tried again, so no loop). */
  firstTry (): boolean
}

/**
 * Signs in at launch from `query`; resolves once someone (an account or a guest) is signed in
 * or sign-in failed. The launch's own sign-in runs as the session's launch step, so a page
 * asking for a guest meanwhile waits for it instead of minting one.
 */
export async function signInAtLaunch (query: PageParams, sources: LaunchSignInSources): Promise<void> {
  const { session } = sources
  const left = await session.duringLaunch(() => signInAsAccount(query, sources))
  if (!left) await session.ensureSignedIn()
}

/** The launch's own sign-in as an account, when the query or the platform brings one; resolves true when the page left for WeChat. */
async function signInAsAccount (query: PageParams, { account, session, miniProgramLogin, wechatBrowser, dropFromAddressBar }: LaunchSignInSources): Promise<boolean> {
  const handoff = query[HANDOFF_QUERY_KEY]
  const link = query[DEV_SIGN_IN_QUERY_KEY]
  // a stored guest signs up through WeChat (keeping everything); a stored account stays as it is
  const storedAccount = (): boolean => session.restore() && session.isSignedIn && session.identityKind !== 'guest'
  if (handoff) {
    // a single-use code: never left in the address bar (a shared or reloaded URL carries none), whether or not it signs in
    dropFromAddressBar?.(HANDOFF_QUERY_KEY)
    await (await account()).signInWithHandoff(handoff)
  } else if (link) await (await account()).signInWithLink(link)
  else if (query.code && query.state) await (await account()).signInWithWechatWeb(query.code, query.state)
  else if (miniProgramLogin && !storedAccount()) await (await account()).signInInMiniProgram(miniProgramLogin)
  else if (wechatBrowser && !storedAccount() && wechatBrowser.firstTry()) {
    const url = await (await account()).silentWechatUrl(wechatBrowser.here)
    if (url !== null) {
      // the page goes to WeChat and comes back signed in: no guest is made for it meanwhile
      wechatBrowser.leave(url)
      return true
    }
  }
  return false
}
