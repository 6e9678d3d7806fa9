/**
 * Why a written or edited post was refused (issue 17): an audit rejection names the field
 * it is shown under (SPEC §5, §8), anything else is shown above the button.
 */
import { SERVER_CODES } from '@core/wire/codes'
import { isRequestError } from '@/services/request/errors'
import { failureMessage, type StoreLogger } from './load-tracker'

/** The fields of a post an audit rejection can name. */
export type ComposerField = 'title' | 'content' | 'images'

/** SPEC §5, §8: the field of a rejection code (the cover is the first image, so 104006 lands on the images). */
function fieldOfRejection (code: number): ComposerField | null {
  if (code === SERVER_CODES.AUDIT_TITLE) return 'title'
  if (code === SERVER_CODES.AUDIT_CONTENT) return 'content'
  if (code === SERVER_CODES.AUDIT_COVER) return 'images'
  return null
}

/**
 * Why a written or edited post was refused, in words, and the field it is shown under
 * (an audit rejection names one, SPEC §5, §8); null: above the button.
 */
export function postRefusal (error: unknown, logger: StoreLogger): { field: ComposerField | null, message: string } {
  return { field: isRequestError(error) ? fieldOfRejection(error.code) : null, message: failureMessage(error, logger) }
}

