/**
 * The page's title in the current language (SPEC §2: the title comes from the page
 * configuration — its zh-CN text — and is set for the page's language when it loads).
 * Written as text through setPageTitle, never as HTML, so a channel's or post's name
 * may be the title. On H5 Taro's router writes the configured title after every page
 * show; this writes ours right after it, and again whenever the text changes.
 */
import { useEffect, useRef } from 'react'
import { useDidShow } from '@tarojs/taro'
import { setPageTitle } from '@/utils/page-title'

function showTitle (text: string): void {
  // Taro's router sets the configured title synchronously after the page's show handlers: ours follows it.
  Promise.resolve()
    .then(() => setPageTitle(text))
    .catch(error => console.error('[page] setting the title failed:', error))
}

/** Shows `title` as the page's title while the page is shown; an empty title leaves the configured one. */
export function usePageTitle (title: string): void {
  const latest = useRef(title)
  latest.current = title
  useDidShow(() => { if (latest.current !== '') showTitle(latest.current) })
  useEffect(() => { if (title !== '') showTitle(title) }, [title])
}
