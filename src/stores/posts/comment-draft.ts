/**
 * A comment being written: the text, whether it is on its way and why the
 * last one was refused. Shared by a post's comments (PostDetailStore) and a live item's
 * chat (LiveChatStore), which differ only in where the comment goes.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { failureMessage, type StoreLogger } from '../support/load-tracker'

/** The comment composer's state and its one way to send. */
export class CommentDraft {
  /** What the member typed. */
  text = ''
  /** True while a comment is on its way (the send button waits). */
  sending = false
  /** Why the last comment was refused (audit, comments off, network), shown under the composer; null otherwise. */
  error: string | null = null

  constructor (private readonly logger: StoreLogger) {
    makeAutoObservable<CommentDraft, 'logger'>(this, { logger: false })
  }

  /** True when there is something to send and nothing is on its way. */
  get canSend (): boolean {
    return !this.sending && this.text.trim() !== ''
  }

  /** Replaces the text (the input's typing); a new text forgets the last refusal. */
  setText (text: string): void {
    this.text = text
    this.error = null
  }

  /**
   * Sends the trimmed text through `write`, then `sent` applies the answer and the text
   * clears. On refusal nothing is applied and the text stays where the member
   * typed it, with the reason in `error`. Resolves true when sent.
   */
  async send<T> (write: (content: string) => Promise<T>, sent: (answer: T) => void): Promise<boolean> {
    const content = this.text.trim()
    if (content === '' || this.sending) return false
    this.sending = true
    this.error = null
    try {
      const answer = await write(content)
      runInAction(() => {
        sent(answer)
        this.text = ''
      })
      return true
    } catch (error) {
      runInAction(() => { this.error = failureMessage(error, this.logger) })
      return false
    } finally {
      runInAction(() => { this.sending = false })
    }
  }

  /** Forgets the text and the refusal (another item opened). */
  clear (): void {
    this.text = ''
    this.error = null
  }
}
