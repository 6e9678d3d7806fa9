/**
 * Which layout the H5 window asks for, by its width alone (no user-agent sniffing): the
 * desktop layout from DESKTOP_MIN_WIDTH_PX on, or whenever `viewpc` asks for it; the
 * phone layout below. The answer is written as a class on the root element, which the
 * styles key on (app.scss), and follows the window as it is resized.
 */
import { useEffect, useLayoutEffect, useState } from 'react'
import { DESKTOP_MIN_WIDTH_PX } from '@/constants/layout'
import { isH5 } from '@/utils/platform'
import { throttle } from '@/utils/timing'

/** The root element's class while the desktop layout is shown (app.scss). */
export const DESKTOP_LAYOUT_CLASS = 'desktop-layout'

/** True when a window this wide (CSS px), or a `viewpc` link, asks for the desktop layout. */
export function wantsDesktopLayout (width: number, viewpc: boolean): boolean {
  return viewpc || width >= DESKTOP_MIN_WIDTH_PX
}

function windowWidth (): number {
  return isH5() && typeof window !== 'undefined' ? window.innerWidth : 0
}

/** True while the desktop layout is shown (never in the mini-program); keeps the root element's class in step. */
export function useDesktopLayout (viewpc: boolean): boolean {
  const [width, setWidth] = useState(windowWidth)
  useEffect(() => {
    if (!isH5()) return
    const follow = throttle(() => setWidth(windowWidth()))
    window.addEventListener('resize', follow)
    return () => {
      window.removeEventListener('resize', follow)
      follow.cancel()
    }
  }, [])
  const desktop = isH5() && wantsDesktopLayout(width, viewpc)
  useLayoutEffect(() => {
    if (isH5()) document.documentElement.classList.toggle(DESKTOP_LAYOUT_CLASS, desktop)
  }, [desktop])
  return desktop
}
