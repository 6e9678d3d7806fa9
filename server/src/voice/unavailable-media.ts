/**
 * The media side of a server whose voice media worker is not plugged in
 * (server/src/app.ts `openVoiceMedia`): every join is refused with words a member can read,
 * so the rooms' rules, states and moderation work and say plainly that no audio flows.
 */
import type { VoiceMedia } from './media/types'
import { VoiceRefusal } from './types'

/** Voice media that opens no peer: joins are refused (VoiceRefused), everything else has nothing to do. */
export function unavailableVoiceMedia (): VoiceMedia {
  const none = async (): Promise<void> => undefined
  return {
    join: async () => { throw new VoiceRefusal('voice_join: this server runs no voice media worker') },
    answer: none,
    addCandidate: none,
    setSilenced: none,
    setDeafened: none,
    restartIce: none,
    leave: none,
    stats: async () => [],
    close: none,
  }
}
