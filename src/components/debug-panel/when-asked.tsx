/**
 * The diagnostics panel in the mini-program when a page is opened with `debug`: there at
 * once, in the page's package (the H5 build fetches it on demand: when-asked.h5.tsx).
 */
import DebugPanel from './index'
import { isDebugOn } from './is-debug-on'

/** The diagnostics panel when the page's parameters ask for it (`debug`), else nothing. */
export default function DebugPanelWhenAsked ({ params }: { params: Readonly<Record<string, string | undefined>> }) {
  return isDebugOn(params) ? <DebugPanel /> : null
}
