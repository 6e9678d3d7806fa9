import { useState, type PropsWithChildren } from 'react'
import { useLaunch } from '@tarojs/taro'
import { currentLanguage, setLanguage } from '@/constants/messages'
import { installNotFoundHandler, readParams } from '@/router'
import { api } from '@/services/api'
import { configureRequest } from '@/services/request'
import { StoresProvider } from '@/stores/context'
import { createRootStore, type RootStore } from '@/stores/root-store'
import { taroKeyValueStorage } from '@/stores/taro-storage'
import { isH5 } from '@/utils/platform'
import { loginKey } from '@/utils/storage'
import './app.scss'

/** The class the `viewpc` query puts on the H5 body: the pages in a centred desktop column (app.scss). */
export const VIEWPC_CLASS = 'viewpc'

/** The app's stores on the real API, with the session's token plugged into every request. */
function createAppStores (): RootStore {
  const root = createRootStore(api, { storage: taroKeyValueStorage, loginKey: loginKey() })
  configureRequest({ getToken: () => root.session.token })
  root.connectWhenSignedIn()
  return root
}

/** Applies the launch query: `hl` picks the language (SPEC §2 carries it on), `viewpc` the desktop layout on H5. */
function applyLaunchQuery (query: Record<string, string>): void {
  setLanguage(query.hl)
  if (!isH5() || typeof document === 'undefined') return
  document.documentElement.lang = currentLanguage()
  document.body.classList.toggle(VIEWPC_CLASS, query.viewpc !== undefined && !['0', 'false'].includes(query.viewpc))
}

// SPEC §2: installed before the router resolves the first page. On H5 the router looks
// the entry path up before React has mounted this component (useLaunch runs after
// that), so a handler installed at launch would miss an unknown entry path.
installNotFoundHandler()

/**
 * The app shell: creates the stores once and provides them to every page (Taro renders
 * each page as a child); on launch it applies the query and makes sure someone is signed in (a guest when nobody is).
 */
function App ({ children }: PropsWithChildren) {
  const [root] = useState(createAppStores)
  useLaunch(options => {
    applyLaunchQuery(readParams(options?.query))
    root.session.ensureSignedIn().catch(error => console.error('[app] sign-in failed:', error))
  })
  return <StoresProvider value={root}>{children}</StoresProvider>
}

export default App
