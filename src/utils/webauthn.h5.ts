/**
 * Passkeys in the browser: @simplewebauthn/browser's ceremonies over
 * navigator.credentials — loaded when a ceremony starts (a chunk of its own, never part of
 * the first load) — or none where the browser has no WebAuthn (the sign-in sheet then
 * offers the e-mail code).
 */
import type { WebauthnCeremonies } from '@/stores/account/account-store'

type Browser = typeof import('@simplewebauthn/browser')
type RegistrationOptions = Parameters<Browser['startRegistration']>[0]['optionsJSON']
type AuthenticationOptions = Parameters<Browser['startAuthentication']>[0]['optionsJSON']

const loadBrowser = (): Promise<Browser> => import(/* webpackChunkName: "webauthn" */ '@simplewebauthn/browser')

/** The browser's WebAuthn ceremonies, or null where it has none. */
export function platformWebauthn (): WebauthnCeremonies | null {
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function') return null
  return {
    // the options are the server's JSON as @simplewebauthn/server made them
    register: async options => (await loadBrowser()).startRegistration({ optionsJSON: options as unknown as RegistrationOptions }),
    authenticate: async options => (await loadBrowser()).startAuthentication({ optionsJSON: options as unknown as AuthenticationOptions }),
  }
}
