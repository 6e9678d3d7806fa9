/**
 * A post's title and text while they are written or edited, and why a post
 * was refused: an audit rejection names the field it is shown under (SPEC §5, §8),
 * anything else is shown above the button. Shared by writing a post and editing one.
 */
import { makeAutoObservable } from 'mobx'
import { SERVER_CODES } from '@core/wire/codes'
import { isRequestError } from '@/services/request/errors'
import { failureMessage, type StoreLogger } from '../support/load-tracker'

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


/** The title and text of a post being written or edited, with a message under each field. */
export class PostTextDraft {
  title: string
  content: string
  /** A message under a field (audit rejection, a required title), by field. */
  fieldErrors: Partial<Record<ComposerField, string>> = {}

  constructor (title = '', content = '') {
    this.title = title
    this.content = content
    makeAutoObservable(this)
  }

  /** A new title forgets the title's refusal. */
  setTitle (text: string): void {
    this.title = text
    delete this.fieldErrors.title
  }

  /** A new text forgets the text's refusal. */
  setContent (text: string): void {
    this.content = text
    delete this.fieldErrors.content
  }

  /** Shows why the post was refused: under the field an audit rejection names, else resolves the message for above the button. */
  refused (error: unknown, logger: StoreLogger): string | null {
    const { field, message } = postRefusal(error, logger)
    if (field === null) return message
    this.fieldErrors = { [field]: message }
    return null
  }
}
