/**
 * The ICE servers a member joining a voice room is handed (`voice_ready`'s `ice_servers`):
 * the configured STUN servers, and the TURN servers with credentials minted for this member
 * and this join — coturn's REST-API time-limited credentials (coturn `use-auth-secret`,
 * `static-auth-secret` = TURN_SECRET): username `<expiry unix seconds>:<uid>`, credential
 * base64(HMAC-SHA1(secret, username)). coturn checks them with the same secret and refuses
 * them once the expiry has passed; nothing is stored.
 */
import { createHmac } from 'crypto'
import type { VoiceIceServer } from '@core/wire/voice'
import type { VoiceIceConfig } from '../config'

/** A time-limited TURN credential of `uid`, good until `nowSeconds + ttlSeconds`. */
export function turnCredentialOf (secret: string, uid: string, nowSeconds: number, ttlSeconds: number): { username: string, credential: string } {
  const username = `${nowSeconds + ttlSeconds}:${uid}`
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') }
}

/** The ICE servers of a member `uid` joining at `nowSeconds`: STUN without credentials, TURN with freshly minted ones. */
export function iceServersFor (config: VoiceIceConfig, uid: string, nowSeconds: number): VoiceIceServer[] {
  const servers: VoiceIceServer[] = []
  if (config.stunUrls.length > 0) servers.push({ urls: [...config.stunUrls] })
  if (config.turnUrls.length > 0 && config.turnSecret !== null) {
    servers.push({ urls: [...config.turnUrls], ...turnCredentialOf(config.turnSecret, uid, nowSeconds, config.turnTtlSeconds) })
  }
  return servers
}
