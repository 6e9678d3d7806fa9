/**
 * A page's sharing as a hook: in the messaging app's browser the JS-SDK share data
 * (H5), in the mini-program the share card (`useShareAppMessage`) and, with
 * `navShareHide`, the share menu hidden. The share button outside the messaging app is
 * src/components/share-button.
 */
import { useEffect, useState } from 'react'
import Taro, { useShareAppMessage, useShareTimeline } from '@tarojs/taro'
import { chooseServer } from '@core/domain/server'
import { queryString } from '@core/query/url'
import { currentParams, pageLocation } from '@/router'
import { isH5 } from '@/utils/platform'
import { homeShareOf, isShareHidden, isWechatBrowser, sharePath, shareImageUrl, shareQuery, type ShareContent, type SharedServer } from './index'

/** Shares `content` (null while the page has nothing to share yet); `hidden` hides sharing (navShareHide). */
export function useShare (content: ShareContent | null, hidden: boolean): void {
  const title = content?.title ?? ''
  const desc = content?.desc ?? ''
  const imageUrl = content?.imageUrl ?? ''
  const serverId = content?.target.serverId ?? ''
  const channelId = content?.target.channelId ?? null
  const postId = content?.target.postId ?? null
  const inviteCode = content?.target.inviteCode ?? null
  useEffect(() => {
    if (!isH5()) {
      if (hidden) Taro.hideShareMenu().catch(error => console.warn('[share] the share menu could not be hidden:', error))
      return
    }
    // the JS-SDK setup is a chunk of its own, fetched only inside the messaging app's browser
    if (!isWechatBrowser()) return
    const shared = serverId === '' ? null : { title, desc, imageUrl, target: { serverId, channelId, postId, inviteCode } }
    import(/* webpackChunkName: "wechat-share" */ './wechat')
      .then(({ setupWechatShare }) => setupWechatShare(shared, hidden))
      .catch(error => console.warn('[share] sharing could not be set up:', error))
  }, [title, desc, imageUrl, serverId, channelId, postId, inviteCode, hidden])
  // The mini-program's share card: the same link data as the H5 share.
  useShareAppMessage(() => ({ title, path: sharePath({ serverId, channelId, postId, inviteCode }), imageUrl: shareImageUrl(imageUrl) || undefined }))
  // The timeline opens the sharing page itself with this query: only pages whose config sets
  // enableShareTimeline (those a share leads back to: Home, a post) offer it.
  useShareTimeline(() => ({ title, query: queryString(shareQuery({ serverId, channelId, postId, inviteCode })).slice(1), imageUrl: shareImageUrl(imageUrl) || undefined }))
}

/**
 * Shares a server's Home from a page with nothing of its own a friend could open
 * (settings, the audit log, the inbox, search, not-found, a web view, the demo), so every
 * page's share menu sends a card: the server `serverId` names, else the one the page's
 * query chooses (SPEC §2: sid is read as server_id, and it is carried from page to page),
 * as every page chooses its server. `server` is the server store: its detail, when it is
 * that server's, adds the introduction and icon (an observer page re-renders when it
 * arrives, and the card follows). The page's `navShareHide` hides the card.
 */
export function useHomeShare (server: SharedServer, serverId?: string): void {
  const [params] = useState(() => currentParams())
  const shared = serverId ?? chooseServer(server.servers, pageLocation(params)).server.server_id
  useShare(homeShareOf(server, shared), isShareHidden(params))
}
