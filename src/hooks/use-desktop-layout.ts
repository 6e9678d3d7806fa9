/**
 * Which layout the H5 window asks for, by its width alone (no user-agent sniffing): the
 * desktop layout from DESKTOP_MIN_WIDTH_PX on, or whenever `viewpc` asks for it; the
 * phone layout below. The width is read through a CSS media query, which tells when the
 * window crosses the line; the answer is written as a class on the root element, which
 * the styles key on (app.scss).
 */
import { useEffect, useLayoutEffect, useState } from 'react'
import { isH5 } from '@/utils/platform'

/** From this window width (CSS px) on, H5 shows the desktop layout: servers rail, channel list, content. */
export const DESKTOP_MIN_WIDTH_PX = 1024

/** The root element's class while the desktop layout is shown (app.scss). */
export const DESKTOP_LAYOUT_CLASS = 'desktop-layout'

/** True when a window this wide (CSS px), or a `viewpc` link, asks for the desktop layout. */
export function wantsDesktopLayout (width: number, viewpc: boolean): boolean {
  return viewpc || width >= DESKTOP_MIN_WIDTH_PX
}

/** The media query that holds while the window is wide enough for the desktop layout. */
function wideWindow (): MediaQueryList | null {
  return isH5() && typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(`(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`)
    : null
}

function windowWidth (): number {
  return isH5() && typeof window !== 'undefined' ? window.innerWidth : 0
}

/** True while the desktop layout is shown (never in the mini-program); keeps the root element's class in step. */
export function useDesktopLayout (viewpc: boolean): boolean {
  const [width, setWidth] = useState(windowWidth)
  useEffect(() => {
    const query = wideWindow()
    if (query === null) return
    const follow = () => setWidth(windowWidth())
    query.addEventListener('change', follow)
    return () => query.removeEventListener('change', follow)
  }, [])
  const desktop = isH5() && wantsDesktopLayout(width, viewpc)
  useLayoutEffect(() => {
    if (isH5()) document.documentElement.classList.toggle(DESKTOP_LAYOUT_CLASS, desktop)
  }, [desktop])
  return desktop
}

/** From this window width (CSS px) on, the desktop layout adds the members as a fourth column. */
export const MEMBERS_COLUMN_MIN_WIDTH_PX = 1280

/** The root element's class while the members column is shown (app.scss keeps the pages clear of it). */
export const MEMBERS_COLUMN_CLASS = 'members-column'

/** True while the H5 window is at least `px` CSS pixels wide (never in the mini-program); follows resizes. */
export function useWindowAtLeast (px: number): boolean {
  const [matches, setMatches] = useState(() => isH5() && typeof window !== 'undefined' && window.innerWidth >= px)
  useEffect(() => {
    if (!isH5() || typeof window === 'undefined' || typeof window.matchMedia !== 'function') return
    const query = window.matchMedia(`(min-width: ${px}px)`)
    const follow = () => setMatches(query.matches)
    follow()
    query.addEventListener('change', follow)
    return () => query.removeEventListener('change', follow)
  }, [px])
  return matches
}
