/**
 * A voice channel in the mini-program (docs/voice.md): WeChat's mini-program runtime has no
 * WebRTC, but its `web-view` hosts an H5 page that does. This store decides what the
 * mini-program's voice page shows: the H5 voice page in a web-view, opened with a fresh
 * single-use hand-off code (POST /auth/handoff) so it signs in as this member without the
 * session token ever being in a URL — or, where the web-view cannot be used, why not: no
 * H5 origin this build could open (none configured, or not https where WeChat asks for its
 * business domain), a WeChat too old for `web-view`, the code refused, or the page failing
 * to load (its domain not among the mini-program's business domains).
 */
import { makeAutoObservable } from 'mobx'
import { HANDOFF_QUERY_KEY } from '@core/wire/accounts-paths'
import { APP_ENV, ENV_BASES } from '@/constants/env'
import { createAccountApi, type AccountApi } from '@/services/api/accounts'
import type { StoreLogger } from '../support/load-tracker'

/** The H5 voice page's path (the `voice` route, config/routes.ts, as the H5 router serves a page without a custom path). */
export const H5_VOICE_PAGE_PATH = '/pages/voice/index'

/** Why the web-view is not shown. */
export type VoiceHandoffUnavailable = 'no-h5-origin' | 'old-wechat' | 'refused' | 'web-view-failed'

/** What the mini-program's voice page shows. */
export type VoiceHandoffView =
  | { kind: 'loading' }
  | { kind: 'web-view', src: string }
  | { kind: 'unavailable', reason: VoiceHandoffUnavailable }

/** Which voice channel to open: its ids, and the language the H5 page should speak (`hl`, when the mini-program was given one). */
export interface VoiceChannelTarget {
  channelId: string
  serverId: string
  hl?: string
}

/** What the store needs. */
export interface VoiceHandoffDeps {
  api: Pick<AccountApi, 'handoff'>
  /** Makes sure someone is signed in (a visitor is let in as a guest) before a code is asked for. */
  ensureSignedIn: () => Promise<void>
  /** The H5 app's origin (src/constants/env.ts ENV_BASES.web): '' or a relative base when this build has none to open. */
  h5Origin: string
  /** True where WeChat's base library has the `web-view` component (`canIUse('web-view')`). */
  webViewAvailable: boolean
  /** True where WeChat loads only https business domains in a web-view (every build but the local development one). */
  httpsOnly: boolean
  logger: StoreLogger
}

/** True when `origin` is one a web-view can open: absolute, and https where `httpsOnly`. */
export function isOpenableOrigin (origin: string, httpsOnly: boolean): boolean {
  return httpsOnly ? /^https:\/\/[^/]+/.test(origin) : /^https?:\/\/[^/]+/.test(origin)
}

/** The H5 voice page of `target` at `origin`, signing in once with `code` (the H5 app drops it from the address bar). */
export function h5VoiceUrl (origin: string, code: string, target: VoiceChannelTarget): string {
  const query = new URLSearchParams({ [HANDOFF_QUERY_KEY]: code, channel_id: target.channelId, server_id: target.serverId })
  if (target.hl) query.set('hl', target.hl)
  return `${origin.replace(/\/+$/, '')}${H5_VOICE_PAGE_PATH}?${query.toString()}`
}

/** The mini-program's way into a voice channel: the H5 voice page in a web-view, signed in by a hand-off code. */
export class VoiceHandoffStore {
  /** What the page shows now. */
  view: VoiceHandoffView = { kind: 'loading' }

  constructor (private readonly deps: VoiceHandoffDeps) {
    makeAutoObservable<VoiceHandoffStore, 'deps'>(this, { deps: false })
  }

  /** Asks for a hand-off code and shows `target`'s H5 voice page with it, or says why it cannot. */
  async open (target: VoiceChannelTarget): Promise<void> {
    const { api, ensureSignedIn, h5Origin, webViewAvailable, httpsOnly, logger } = this.deps
    if (!webViewAvailable) return this.show({ kind: 'unavailable', reason: 'old-wechat' })
    if (!isOpenableOrigin(h5Origin, httpsOnly)) return this.show({ kind: 'unavailable', reason: 'no-h5-origin' })
    this.show({ kind: 'loading' })
    try {
      await ensureSignedIn()
      const { code } = await api.handoff()
      this.show({ kind: 'web-view', src: h5VoiceUrl(h5Origin, code, target) })
    } catch (error) {
      logger.warn('[voice-handoff] no hand-off code:', error)
      this.show({ kind: 'unavailable', reason: 'refused' })
    }
  }

  /** The web-view could not load the page (WeChat refuses a domain that is not one of the mini-program's business domains). */
  webViewFailed (): void {
    this.show({ kind: 'unavailable', reason: 'web-view-failed' })
  }

  private show (view: VoiceHandoffView): void {
    this.view = view
  }
}

/** The store on the real account calls and this build's H5 origin; `webViewAvailable` says whether WeChat has `web-view` here. */
export function openVoiceHandoff (root: { session: { ensureSignedIn: () => Promise<void> }, logger: StoreLogger }, webViewAvailable: boolean): VoiceHandoffStore {
  return new VoiceHandoffStore({
    api: createAccountApi(),
    ensureSignedIn: () => root.session.ensureSignedIn(),
    h5Origin: ENV_BASES.web,
    webViewAvailable,
    // the local development build opens http://localhost, which only WeChat's developer tools load (with domain checks off)
    httpsOnly: APP_ENV !== 'dev',
    logger: root.logger,
  })
}
