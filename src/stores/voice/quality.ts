/**
 * A voice connection's quality as a tile shows it, from the path's numbers (getStats):
 * good under 150 ms round trip and 2 % loss (ITU-T G.114's "most users satisfied" delay
 * and Opus's loss concealment hiding such gaps); poor over 400 ms or 10 % (talk-over and
 * broken words); fair between. Pure.
 */

/** How a member's connection sounds. */
export type VoiceQuality = 'good' | 'fair' | 'poor'

/** Round trip (ms) under which, with loss under {@link GOOD_LOSS}, the path is good. */
export const GOOD_RTT_MS = 150
/** Loss fraction under which, with round trip under {@link GOOD_RTT_MS}, the path is good. */
export const GOOD_LOSS = 0.02
/** Round trip (ms) over which the path is poor. */
export const POOR_RTT_MS = 400
/** Loss fraction over which the path is poor. */
export const POOR_LOSS = 0.1

/** The quality of a path with round trip `rttMs` (null: not measured yet, counted as good) and loss `loss` (0…1). */
export function qualityOf (rttMs: number | null, loss: number): VoiceQuality {
  const rtt = rttMs ?? 0
  if (rtt > POOR_RTT_MS || loss > POOR_LOSS) return 'poor'
  if (rtt < GOOD_RTT_MS && loss < GOOD_LOSS) return 'good'
  return 'fair'
}
