/**
 * Home's and the channel page's test fixtures (a server with a channel of every type,
 * live items in each state at one moment) and `openPage`: the shared page harness
 * (__tests__/support/page-harness.tsx) with the page's lifecycle played through
 * ./home-taro-hooks.
 */
import type { VoiceApi } from '@/services/api/voice'
import type * as React from 'react'
import { ChannelKind, ChannelType, LiveFlag, type ChannelGroup, type LiveItem, type User } from '@core/wire/entities'
import { setLanguage } from '@/i18n'
import type { TrustApi } from '@/services/api/trust'
import { channel, fakeApi, liveItem, paged, serverDetail, user, type FakeApi, type fakeMembersApi } from '../stores/support/fakes'
import type { FakeMessagesApi } from '../stores/support/chat-fakes'
import { mountPage, unmountPages, type MountedPage } from '../support/page-harness'
import type { FakePostsApi } from '../stores/support/posts-fakes'
import { forgetHooks, runHook, type PageHook } from './home-taro-hooks'

/** The moment the tests run at: 2024-01-01 12:00 UTC+8, in unix ms. */
export const NOW_MS = Date.UTC(2024, 0, 1, 4, 0, 0)
/** NOW_MS in unix seconds. */
export const NOW_S = NOW_MS / 1000

/** A page whose lifecycle hooks the test plays (./home-taro-hooks records them). */
export interface PlayedPage extends MountedPage {
  /** Plays a lifecycle hook of the page inside act (and lets its promises settle). */
  play: (hook: PageHook, ...args: unknown[]) => Promise<unknown>
}

/** What a test sets up before opening the page. */
export interface OpenOptions {
  /** Home's full fake API by default. */
  api?: FakeApi
  /** The fake posts API (a fresh one whose calls all fail by default). */
  postsApi?: FakePostsApi
  /** The membership calls (all failing by default). */
  members?: ReturnType<typeof fakeMembersApi>
  /** The chat's calls (a fresh fake by default). */
  messages?: FakeMessagesApi
  /** The page's query (raw, as the platform hands it over). */
  params?: Record<string, string>
  /** Someone already signed in on this device, restored as the app's launch does (nobody by default). */
  signedIn?: User
  /** The trust calls (permissions); the app's own when not given. */
  trust?: TrustApi
  /** The voice calls (who is in each room); nobody anywhere by default. */
  voice?: VoiceApi
  /** Play load and show right after mounting (default true). */
  start?: boolean
}

/** A server with one channel of every type: 公告 at top level; 综合 and 世界 groups; a live banner. */
export function channelGroups (): ChannelGroup[] {
  const general = channel('g1', { kind: ChannelKind.Group, name: '综合' })
  const world = channel('g2', { kind: ChannelKind.Group, name: '世界' })
  return [
    { group: null, channels: [channel('c-news', { name: '公告' })] },
    {
      group: general,
      channels: [
        channel('c-voice', { channel_type: ChannelType.Voice, name: '语音茶室', parent_id: 'g1' }),
        channel('c-posts', { channel_type: ChannelType.Post, name: '作品分享', parent_id: 'g1' }),
        channel('c-live', { channel_type: ChannelType.Live, kind: ChannelKind.LiveTab, name: '直播间', parent_id: 'g1' }),
        channel('c-banner', { channel_type: ChannelType.LiveBanner, name: '直播推荐', parent_id: 'g1' }),
      ],
    },
    {
      group: world,
      channels: [
        channel('c-map', { channel_type: ChannelType.Metaverse, name: '3D 展厅', parent_id: 'g2' }),
        channel('c-game', { channel_type: ChannelType.GamePlaza, name: '游戏广场', parent_id: 'g2' }),
        channel('c-site', { channel_type: ChannelType.ExternalLink, name: '官方网站', parent_id: 'g2', link_url: 'https://example.com/about' }),
        channel('c-bad', { channel_type: ChannelType.ExternalLink, name: '坏链接', parent_id: 'g2', link_url: 'javascript:alert(1)' }),
      ],
    },
  ]
}

/** Live items in each state at NOW: on air (banner channel), a replay, a reserved one, and an mp4 broadcast ending in 10 minutes. */
export function liveItems (): LiveItem[] {
  return [
    liveItem('l-on', { channel_id: 'c-banner', title: '正在直播：星空夜话', started_at: NOW_S - 600 }),
    liveItem('l-replay', { channel_id: 'c-live', title: '上周回放', is_live: LiveFlag.Ended, started_at: NOW_S - 86400, duration: 5400 }),
    liveItem('l-order', { channel_id: 'c-live', title: '明晚预告', is_live: LiveFlag.Reserved, started_at: NOW_S + 86400 }),
    liveItem('l-premiere', { channel_id: 'c-live', title: '首映', play_url: 'https://cdn.example/film.mp4', started_at: NOW_S - 3000, duration: 3600 }),
  ]
}

/** A fake API answering Home's calls with a full server: detail, grouped channels, one page of live items, a signed-in guest. */
export function homeApi (): FakeApi {
  const api = fakeApi()
  api.getServer.mockResolvedValue(serverDetail('723658', { name: '星海城', introduction: '<b>欢迎</b>来到星海', member_count: 12345 }))
  api.listChannels.mockResolvedValue(channelGroups())
  api.listServerLives.mockResolvedValue(paged(liveItems(), 1, false))
  api.guestLogin.mockResolvedValue({ token: 't1', user: user({ nickname: '游客0001' }) })
  return api
}

/** Mounts a page with the shared harness at NOW_MS (Home's full fake API by default); plays load and show unless told not to. */
export async function openPage (Page: React.ComponentType, options: OpenOptions = {}): Promise<PlayedPage> {
  const page = await mountPage(Page, { api: options.api ?? homeApi(), members: options.members, postsApi: options.postsApi, messages: options.messages, params: options.params, now: NOW_MS,
    signedIn: options.signedIn,
    trust: options.trust,
    voice: options.voice,
    beforeMount: root => { if (options.signedIn) root.session.restore() },
  })
  const play = async (hook: PageHook, ...args: unknown[]) => {
    let result: unknown
    await page.testUtils.act(async () => { result = runHook(hook, ...args) })
    await page.settle()
    return result
  }
  if (options.start !== false) {
    await play('useLoad')
    await play('useDidShow')
  }
  return { ...page, play }
}

/** Unmounts what a test opened and forgets its hooks; restores spies and the language. */
export function cleanUp (): void {
  unmountPages()
  forgetHooks()
  setLanguage(undefined)
  jest.restoreAllMocks()
}
