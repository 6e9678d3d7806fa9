/**
 * The diagnostics panel on H5 when a page is opened with `debug`: its code is a chunk of
 * its own, fetched only then, so no page's first load carries it. The
 * mini-program build uses when-asked.tsx instead.
 */
import { lazy, Suspense } from 'react'
import { isDebugOn } from './is-debug-on'

const DebugPanel = lazy(() => import(/* webpackChunkName: "debug-panel" */ './index'))

/** The diagnostics panel when the page's parameters ask for it (`debug`), else nothing. */
export default function DebugPanelWhenAsked ({ params }: { params: Readonly<Record<string, string | undefined>> }) {
  return isDebugOn(params) ? <Suspense fallback={null}><DebugPanel /></Suspense> : null
}
