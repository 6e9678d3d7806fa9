/**
 * Who is signed in when the app launches: a development sign-in link (`dev_signin`, H5,
 * printed by `npm start`) or the code WeChat's browser came back with (`code` and `state`
 * of the web authorisation) signs in as the account; the mini-program signs in silently
 * with `Taro.login`'s code (no guest step unless WeChat refuses); otherwise the stored
 * login, or a guest (SessionStore.ensureSignedIn).
 */
import { DEV_SIGN_IN_QUERY_KEY } from '@core/wire/accounts-paths'
import type { PageParams } from '@core/query/query'
import type { AccountStore } from './account-store'
import type { SessionStore } from './session-store'

/** What the launch sign-in needs. */
export interface LaunchSignInSources {
  account: Pick<AccountStore, 'signInWithLink' | 'signInWithWechatWeb' | 'signInInMiniProgram'>
  session: Pick<SessionStore, 'ensureSignedIn' | 'restore' | 'isSignedIn' | 'identityKind'>
  /** The mini-program's `Taro.login` (its code), or null on H5. */
  miniProgramLogin: (() => Promise<string>) | null
}

/** Signs in at launch from `query`; resolves once someone (an account or a guest) is signed in or sign-in failed. */
export async function signInAtLaunch (query: PageParams, sources: LaunchSignInSources): Promise<void> {
  const { account, session, miniProgramLogin } = sources
  const link = query[DEV_SIGN_IN_QUERY_KEY]
  if (link) await account.signInWithLink(link)
  else if (query.code && query.state) await account.signInWithWechatWeb(query.code, query.state)
  // a stored guest signs up through WeChat (keeping everything); a stored account stays as it is
  else if (miniProgramLogin && !(session.restore() && session.isSignedIn && session.identityKind !== 'guest')) await account.signInInMiniProgram(miniProgramLogin)
  await session.ensureSignedIn()
}
