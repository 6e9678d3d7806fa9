/**
 * Editing the signed-in user's profile (SPEC §5): nickname, signature and avatar go
 * through the server's audit. A rejection keeps the old value (the session's user is
 * replaced only by what the server accepted) and shows the rejection's message on the
 * field it names. A new avatar is uploaded here first (SPEC §7), so the Me page reaches
 * the API only through this store.
 */
import { makeAutoObservable } from 'mobx'
import type { ProfilePatchBody } from '@core/wire/api'
import type { ApiClient } from '@/services/api/api-client'
import { uploadFileToStorage } from '@/services/api/storage-upload'
import { LoadTracker, auditRejectionOf, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import type { SessionStore } from './session-store'

/** The profile fields a user edits; all three are audited (SPEC §5). */
export type ProfileField = keyof ProfilePatchBody

const PROFILE_FIELDS: readonly ProfileField[] = ['nickname', 'signature', 'avatar']

/**
 * Where a new avatar comes from. SPEC §7: a picked photo (its local path and, on H5, its
 * mime type) goes to the storage service with a token from POST /v2/qn/upfiles; a
 * generated image (a data URL) goes through POST /resource/base64.
 */
export type AvatarSource = { photo: string, mime?: string } | { generated: string }

/** Uploads a picked photo or a generated image (SPEC §7); resolves with its URL, rejects when the upload fails. */
export function uploadImage (api: Pick<ApiClient, 'uploadBase64' | 'getUploadToken'>, source: AvatarSource): Promise<string> {
  if ('generated' in source) return api.uploadBase64(source.generated)
  return uploadFileToStorage(api, source.photo, { mime: source.mime })
}

/** Saving profile edits and the audit messages of rejected fields. */
export class ProfileStore {
  /**
   * SPEC §5, §8: the message of an audit rejection, per rejected field (the text comes
   * from the RequestError). A field without an entry has no rejection to show.
   */
  fieldErrors: Partial<Record<ProfileField, string>> = {}
  private readonly saving: LoadTracker

  constructor (private readonly api: ApiClient, private readonly session: SessionStore, private readonly logger: StoreLogger) {
    this.saving = new LoadTracker(logger)
    makeAutoObservable<ProfileStore, 'api' | 'session' | 'logger'>(this, { api: false, session: false, logger: false })
  }

  /** Save status: 'loading' while saving, 'ready' after a save, 'error' after a failed one. */
  get status (): StoreStatus {
    return this.saving.status
  }

  /** The message of the last failed save (for an audit rejection, the same text as in fieldErrors), else null. */
  get error (): string | null {
    return this.saving.error
  }

  /** The audit message to show under a field, or null. */
  errorOf (field: ProfileField): string | null {
    return this.fieldErrors[field] ?? null
  }

  /** Hides the audit message of a field (the user is editing it again). */
  clearError (field: ProfileField): void {
    delete this.fieldErrors[field]
  }

  /** Uploads a new avatar (SPEC §7); resolves with its URL, or null (logged) when the upload failed. Saves nothing. */
  async uploadAvatar (source: AvatarSource): Promise<string | null> {
    try {
      return await uploadImage(this.api, source)
    } catch (error) {
      this.logger.error('[profile] avatar upload failed:', error)
      return null
    }
  }

  /**
   * Sends the changed fields. Resolves true when the server accepted them (the session's
   * user is then the server's answer, and no earlier refusal's message is left). On an audit rejection the user keeps the old values
   * and the message goes to the rejected field (SPEC §5). Sends nothing for an empty patch.
   */
  async update (patch: ProfilePatchBody): Promise<boolean> {
    const fields = PROFILE_FIELDS.filter(field => patch[field] !== undefined)
    if (fields.length === 0) return false
    for (const field of fields) this.clearError(field)
    return this.saving.run(
      () => this.api.updateProfile(patch),
      user => {
        this.session.setUser(user)
        this.fieldErrors = {} // an earlier refusal no longer describes what is on screen
        return 'ready'
      },
      error => {
        const rejection = auditRejectionOf(error, fields) // SPEC §5: 104xxx names the rejected field
        if (rejection) this.fieldErrors[rejection.field] = rejection.message
      },
    )
  }
}
