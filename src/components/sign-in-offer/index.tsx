import { lazy, Suspense } from 'react'
import { observer } from 'mobx-react'
import type { AccountStore } from '@/stores/account-store'

/** The sheet: a chunk of its own, fetched only when it is offered. */
const SignInSheet = lazy(() => import(/* webpackChunkName: "sign-in-sheet" */ '@/components/sign-in-sheet'))

/**
 * The sign-in sheet the account store offers a guest who joined a server or wrote
 * something (AccountStore.offerSignIn), on the pages where that happens; nothing, and
 * nothing fetched, until then.
 */
function SignInOffer ({ account }: { account: AccountStore }) {
  if (!account.offering) return null
  return <Suspense fallback={null}><SignInSheet account={account} onClose={() => account.closeOffer()} /></Suspense>
}

export default observer(SignInOffer)
