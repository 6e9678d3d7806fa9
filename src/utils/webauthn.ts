/**
 * Passkeys on this platform: the mini-program has no WebAuthn, so none (it signs in with
 * WeChat, AccountStore.signInInMiniProgram); the H5 build uses webauthn.h5.ts instead.
 */
import type { WebauthnCeremonies } from '@/stores/account/account-store'

/** The platform's WebAuthn ceremonies, or null where there are none. */
export function platformWebauthn (): WebauthnCeremonies | null {
  return null
}
