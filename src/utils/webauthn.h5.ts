/**
 * Passkeys in the browser: @simplewebauthn/browser's ceremonies over
 * navigator.credentials, or none where the browser has no WebAuthn (the sign-in sheet
 * then offers the e-mail code).
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser'
import type { WebauthnCeremonies } from '@/stores/account-store'

type RegistrationOptions = Parameters<typeof startRegistration>[0]['optionsJSON']
type AuthenticationOptions = Parameters<typeof startAuthentication>[0]['optionsJSON']

/** The browser's WebAuthn ceremonies, or null where it has none. */
export function platformWebauthn (): WebauthnCeremonies | null {
  if (typeof window === 'undefined' || !browserSupportsWebAuthn()) return null
  return {
    // the options are the server's JSON as @simplewebauthn/server made them
    register: options => startRegistration({ optionsJSON: options as unknown as RegistrationOptions }),
    authenticate: options => startAuthentication({ optionsJSON: options as unknown as AuthenticationOptions }),
  }
}
