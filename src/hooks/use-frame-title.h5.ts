/**
 * H5: names the iframe Taro's WebView renders (axe frame-title: a frame without a
 * title is read as "frame" and nothing more). Taro's WebView takes no title, so the title is
 * set on its iframe once Stencil has rendered it.
 */
import { useEffect } from 'react'

/** Gives the iframe inside the element matching `selector` the title `title`, as soon as it is there. */
export function useFrameTitle (selector: string, title: string): void {
  useEffect(() => {
    const host = document.querySelector(selector)
    if (!host) return
    const apply = (): boolean => {
      const frame = host.querySelector('iframe')
      if (frame) frame.title = title
      return frame !== null
    }
    if (apply()) return
    const observer = new MutationObserver(() => { if (apply()) observer.disconnect() })
    observer.observe(host, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [selector, title])
}
