import { lazy, Suspense, useState, type PropsWithChildren } from 'react'
import { useLaunch } from '@tarojs/taro'
import { currentLanguage, setLanguage } from '@/constants/messages'
import { useDesktopLayout } from '@/hooks/use-desktop-layout'
import { installNotFoundHandler, readParams } from '@/router'
import { api } from '@/services/api'
import { configureRequest } from '@/services/request'
import { StoresProvider } from '@/stores/context'
import { createRootStore, type RootStore } from '@/stores/root-store'
import { taroKeyValueStorage } from '@/stores/taro-storage'
import { isH5 } from '@/utils/platform'
import { loginKey } from '@/utils/storage'
import './app.scss'

/** The desktop layout's left columns: a chunk of their own, fetched only when the width (or `viewpc`) asks. */
const DesktopColumns = lazy(() => import(/* webpackChunkName: "desktop-columns" */ '@/components/desktop-columns'))

/** True when a launch query's `viewpc` asks for the desktop layout (any value but 0 or false). */
export function isViewpc (query: Record<string, string | undefined>): boolean {
  return query.viewpc !== undefined && !['0', 'false'].includes(query.viewpc)
}

/** The H5 launch query, read before the first render so the layout need not wait for useLaunch. */
function launchQueryOfLocation (): Record<string, string> {
  return isH5() && typeof window !== 'undefined' ? readParams(Object.fromEntries(new URLSearchParams(window.location.search))) : {}
}

/** The app's stores on the real API, with the session's token plugged into every request. */
function createAppStores (): RootStore {
  const root = createRootStore(api, { storage: taroKeyValueStorage, loginKey: loginKey() })
  configureRequest({ getToken: () => root.session.token })
  root.connectWhenSignedIn()
  return root
}

/** Applies the launch query: `hl` picks the language (SPEC §2 carries it on). */
function applyLaunchQuery (query: Record<string, string>): void {
  setLanguage(query.hl)
  if (isH5() && typeof document !== 'undefined') document.documentElement.lang = currentLanguage()
}

// SPEC §2: installed before the router resolves the first page. On H5 the router looks
// the entry path up before React has mounted this component (useLaunch runs after
// that), so a handler installed at launch would miss an unknown entry path.
installNotFoundHandler()

/**
 * The app shell: creates the stores once and provides them to every page (Taro renders
 * each page as a child); on launch it applies the query and makes sure someone is signed
 * in (a guest when nobody is). On a wide H5 window (or with `viewpc`) the servers rail
 * and channel list stand left of the pages (the desktop layout).
 */
function App ({ children }: PropsWithChildren) {
  const [root] = useState(createAppStores)
  const [viewpc, setViewpc] = useState(() => isViewpc(launchQueryOfLocation()))
  const desktop = useDesktopLayout(viewpc)
  useLaunch(options => {
    const query = readParams(options?.query)
    applyLaunchQuery(query)
    setViewpc(isViewpc(query))
    root.session.ensureSignedIn().catch(error => console.error('[app] sign-in failed:', error))
  })
  return (
    <StoresProvider value={root}>
      {desktop && <Suspense fallback={null}><DesktopColumns /></Suspense>}
      {children}
    </StoresProvider>
  )
}

export default App
