/**
 * Waits for someone to be signed in before a page loads what only a session may read
 * (the inbox, the devices on Me). The app signs in at launch (src/stores/account/launch-sign-in.ts),
 * and a page opened first may mount before that finishes: a sign-in already under way is
 * waited for, never doubled (one guest, not two); none under way (and none failed) starts one.
 */
import { useEffect } from 'react'
import { useStores } from '@/stores/context'

/** True once someone is signed in; call it in an observer page, which renders again when that changes. */
export function useSignedIn (): boolean {
  const { session } = useStores()
  useEffect(() => {
    if (!session.isSignedIn && session.status !== 'loading') session.ensureSignedIn().catch(error => console.error('[page] sign-in failed:', error))
  }, [session])
  return session.isSignedIn
}
