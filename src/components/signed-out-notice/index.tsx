import { useEffect } from 'react'
import { reaction } from 'mobx'
import { onPageShown } from '@/hooks/use-page-lifecycle'
import { t } from '@/i18n'
import { relaunch } from '@/router'
import { useStores } from '@/stores/context'
import { modal } from '@/utils/feedback'

/**
 * Tells the member that this device was signed out from elsewhere (another device ended
 * its session, or signed out everywhere: SessionStore.signedOutElsewhere) and goes back to
 * Home, where the app stands as for a fresh visitor (a guest). The dialog opens on the page
 * shown after that relaunch, and again on any page shown until the member confirms it: on
 * H5, Taro's dialog belongs to the page shown when it opened and is hidden at the next
 * route change, so one opened before the relaunch had landed (or before a page's own
 * navigation racing it) was gone before anyone read it. Renders nothing.
 */
export default function SignedOutNotice (): null {
  const { session } = useStores()
  useEffect(() => {
    const tell = (): void => {
      modal({ content: t('signedOutOnThisDevice'), showCancel: false })
        .then(() => session.noticeSeen())
        .catch(error => console.error('[app] the signed-out notice failed:', error))
    }
    const stopListening = onPageShown(() => { if (session.signedOutElsewhere) tell() })
    const stopReacting = reaction(() => session.signedOutElsewhere, signedOut => {
      if (signedOut) relaunch().catch(error => console.error('[app] going back to Home after signing out failed:', error))
    }, { fireImmediately: true })
    return () => {
      stopListening()
      stopReacting()
    }
  }, [session])
  return null
}
