import { useEffect } from 'react'
import { reaction } from 'mobx'
import { t } from '@/i18n'
import { relaunch } from '@/router'
import { useStores } from '@/stores/context'
import { modal } from '@/utils/feedback'

/**
 * Tells the member, once, that this device was signed out from elsewhere (another device
 * ended its session, or signed out everywhere: SessionStore.signedOutElsewhere), and goes
 * back to Home, where the app stands as for a fresh visitor (a guest). Renders nothing.
 */
export default function SignedOutNotice (): null {
  const { session } = useStores()
  useEffect(() => reaction(() => session.signedOutElsewhere, signedOut => {
    if (!signedOut) return
    session.noticeSeen()
    // the dialog does not wait for the way back: a relaunch raced by the closing page's own
    // navigation may never settle, and the member was then told nothing (the dialog lies
    // above every page, so the relaunch under it leaves it standing)
    relaunch().catch(error => console.error('[app] going back to Home after signing out failed:', error))
    modal({ content: t('signedOutOnThisDevice'), showCancel: false })
      .catch(error => console.error('[app] the signed-out notice failed:', error))
  }, { fireImmediately: true }), [session])
  return null
}
