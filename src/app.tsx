import { lazy, Suspense, useEffect, useState, type PropsWithChildren } from 'react'
import Taro, { useLaunch } from '@tarojs/taro'
import { reaction } from 'mobx'
import { currentLanguage, languageOf, loadLanguage, type Language } from '@/i18n'
import { useDesktopLayout } from '@/hooks/use-desktop-layout'
import { installNotFoundHandler, readParams } from '@/router'
import { api } from '@/services/api'
import { configureRequest } from '@/services/request'
import SignedOutNotice from '@/components/signed-out-notice'
import { StoresProvider } from '@/stores/context'
import { signInAtLaunch } from '@/stores/account/launch-sign-in'
import { wechatBrowserLaunch } from '@/services/wechat-browser-launch'
import { dropQueryKeyFromAddressBar } from '@/services/address-bar'
import { createRootStore, type RootStore } from '@/stores/root-store'
import type { VoiceRoomStore } from '@/stores/voice/voice-room-store'
import { taroKeyValueStorage } from '@/stores/support/taro-storage'
import { isH5 } from '@/utils/platform'
import { loginKey } from '@/utils/storage'
import './app.scss'

/** The desktop layout's left columns: a chunk of their own, fetched only when the width (or `viewpc`) asks. */
const DesktopColumns = lazy(() => import(/* webpackChunkName: "desktop-columns" */ '@/components/desktop-columns'))

/** The bar of the voice room the member is in: a chunk of its own, fetched only once they join one. */
const VoiceBar = lazy(() => import(/* webpackChunkName: "voice-bar" */ '@/components/voice-bar'))

/**
 * Where the voice bar stands on every page: nothing until the voice room store exists and the
 * member is in a room (nor on that room's own page). It follows the store with a reaction
 * rather than `observer`, so mobx-react stays out of the first load (the pages' chunks bring it).
 */
function VoiceBarSlot ({ root }: { root: RootStore }) {
  const [room, setRoom] = useState<VoiceRoomStore | null>(null)
  useEffect(() => reaction(() => {
    const current = root.voice.current
    return current !== null && current.barShown ? current : null
  }, setRoom, { fireImmediately: true }), [root])
  return room === null ? null : <Suspense fallback={null}><VoiceBar room={room} /></Suspense>
}

/** The notice of a direct message that arrived elsewhere: a chunk of its own, fetched with the first notice. */
const DmNotice = lazy(() => import(/* webpackChunkName: "dm-notice" */ '@/components/dm-notice'))

/**
 * Where the direct-message notice stands on every page: nothing until one is to be shown.
 * Like the voice bar's slot it follows the store with a reaction, keeping mobx-react out of
 * the first load. H5 only, as the voice bar's slot.
 */
function DmNoticeSlot ({ root }: { root: RootStore }) {
  const [shown, setShown] = useState(false)
  useEffect(() => reaction(() => root.dmNotice.shown !== null, setShown, { fireImmediately: true }), [root])
  return shown ? <Suspense fallback={null}><DmNotice store={root.dmNotice} /></Suspense> : null
}

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
  configureRequest({ getToken: () => root.session.token, onTokenRefused: token => root.session.signedOutHere(token) })
  root.connectWhenSignedIn()
  return root
}

/** The launch language as the app's renders wait for it: `pending` while its table is being fetched. */
interface LaunchLanguage {
  shown: Promise<Language>
  pending: boolean
}

/**
 * Loads and selects the language the launch query's `hl` asks for (SPEC §2 carries it
 * on) and marks the H5 document with the language shown. Pending only while English is
 * being fetched (H5); zh-CN, and English in the mini-program, are shown at once. Never
 * rejects: when English cannot be fetched the page shows zh-CN (loadLanguage logs it).
 */
function applyLaunchLanguage (hl: string | undefined): LaunchLanguage {
  const shown = loadLanguage(hl)
  const launch: LaunchLanguage = { shown, pending: currentLanguage() !== languageOf(hl) }
  shown.then(language => {
    launch.pending = false
    if (isH5() && typeof document !== 'undefined') document.documentElement.lang = language
  })
  return launch
}

/**
 * Holds every render of the app, the pages' mounts among them, while the launch
 * language is still loading (H5 with `hl=en`: English is a chunk of its own). It
 * suspends with no Suspense boundary above it, so React commits nothing until the
 * table has arrived, and Taro, which runs a page's onLoad only once its mount has been
 * committed, shows no page in Chinese first. Rendered only after launch:
 * the app's first render must commit, or its useLaunch would miss the launch.
 */
function AwaitLaunchLanguage ({ launch }: { launch: LaunchLanguage }): null {
  if (launch.pending) throw launch.shown
  return null
}

// SPEC §2: installed before the router resolves the first page. On H5 the router looks
// the entry path up before React has mounted this component (useLaunch runs after
// that), so a handler installed at launch would miss an unknown entry path.
installNotFoundHandler()

/**
 * The app shell: creates the stores once and provides them to every page (Taro renders
 * each page as a child); on launch it applies the query and makes sure someone is signed
 * in (a guest when nobody is). On a wide H5 window (or with `viewpc`) the servers rail
 * and channel list stand left of the pages (the desktop layout). While the member is in a
 * voice room, its bar stands over every page, and so does the notice of a direct message
 * that arrives while they are elsewhere.
 */
function App ({ children }: PropsWithChildren) {
  const [root] = useState(createAppStores)
  const [launchQuery] = useState(launchQueryOfLocation)
  const [viewpc, setViewpc] = useState(() => isViewpc(launchQuery))
  // H5: the language is asked for before the first render, so English (a chunk of its
  // own) is on its way while the first page loads; the pages wait for it (below).
  const [launchLanguage, setLaunchLanguage] = useState(() => applyLaunchLanguage(launchQuery.hl))
  const [launched, setLaunched] = useState(false)
  const desktop = useDesktopLayout(viewpc)
  useLaunch(options => {
    const query = readParams(options?.query)
    // The mini-program's launch query arrives here only (English is bundled there, so it
    // is selected before this returns); on H5 it is the query read above, already applied.
    if (languageOf(query.hl) !== languageOf(launchQuery.hl)) setLaunchLanguage(applyLaunchLanguage(query.hl))
    setLaunched(true)
    setViewpc(isViewpc(query))
    // H5: a hand-off code, a development link or WeChat's authorisation signs in as the account; the mini-program signs in with Taro.login
    const miniProgramLogin = isH5() ? null : async () => (await Taro.login()).code
    // inside WeChat's browser with no account stored, the silent snsapi_base sign-in first (when the server has an Official Account)
    const dropFromAddressBar = isH5() ? dropQueryKeyFromAddressBar : null
    signInAtLaunch(isH5() ? launchQuery : query, { account: () => root.account.load(), session: root.session, miniProgramLogin, wechatBrowser: wechatBrowserLaunch(), dropFromAddressBar })
      .catch(error => console.error('[app] sign-in failed:', error))
  })
  return (
    <StoresProvider value={root}>
      {launched && <AwaitLaunchLanguage launch={launchLanguage} />}
      <SignedOutNotice />
      {desktop && <Suspense fallback={null}><DesktopColumns /></Suspense>}
      {/* before the pages, as the desktop columns: Taro's H5 router takes the app's last element for the current page */}
      {isH5() && <VoiceBarSlot root={root} />}
      {isH5() && <DmNoticeSlot root={root} />}
      {children}
    </StoresProvider>
  )
}

export default App
