/**
 * The answer of a write that carries nothing the client needs, shared by the chat's and
 * the direct messages' calls (its own module, so neither brings the other into a chunk).
 */
import { isRequestError } from '@/services/request/errors'

/** A write whose answer carries nothing the client needs: an answer without data (999997) is still a success. */
export async function done (answer: Promise<unknown>): Promise<void> {
  try {
    await answer
  } catch (error) {
    if (!isRequestError(error) || error.kind !== 'no-data') throw error
  }
}
