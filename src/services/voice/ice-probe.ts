/**
 * The voice check's look at the network path (docs/voice.md "Checking the path"): gathering
 * this browser's ICE candidates against one STUN or TURN server, to see whether it answers
 * (a server-reflexive candidate from STUN, a relayed one from TURN), and reading which
 * candidate pair a connected peer chose (getStats: direct UDP or relayed). The browser's part
 * is its own seam ({@link IceProbeRuntime}: ./ice-probe-browser.h5.ts; tests pass a fake).
 */

/** The parts of an RTCPeerConnection a probe uses: a data channel gives the offer something to gather for. */
export type IceProbeConnection = Pick<RTCPeerConnection, 'createDataChannel' | 'createOffer' | 'setLocalDescription' | 'close' | 'onicecandidate'>

/** What the voice check needs of the browser to gather candidates. */
export interface IceProbeRuntime {
  /** A new peer connection used only to gather candidates (RTCPeerConnection). */
  createProbe (config: RTCConfiguration): IceProbeConnection
}

/** An ICE candidate's type (RFC 8445 §5.1.1): on this machine, seen by a STUN server, found in checks, or on a TURN server. */
export type CandidateType = 'host' | 'srflx' | 'prflx' | 'relay'

const CANDIDATE_TYPES: readonly string[] = ['host', 'srflx', 'prflx', 'relay']

/** The type a candidate line names (`… typ srflx raddr …`, RFC 8839 §5.1), or null when it names none. */
export function candidateTypeOf (candidate: string): CandidateType | null {
  const match = /\btyp (\S+)/.exec(candidate)
  return match !== null && CANDIDATE_TYPES.includes(match[1]) ? match[1] as CandidateType : null
}

/** What one gathering found: the candidate types, and whether gathering ended before the time ran out. */
export interface Gathered {
  types: CandidateType[]
  complete: boolean
}

/**
 * Gathers this browser's candidates with `config` (one ICE server, and `iceTransportPolicy`
 * 'relay' to ask TURN only) until gathering ends or `timeoutMs` passes, then closes the probe.
 * Rejects only when the browser refuses the configuration (a malformed URL).
 */
export function gatherCandidates (runtime: IceProbeRuntime, config: RTCConfiguration, timeoutMs: number, schedule: (callback: () => void, delayMs: number) => () => void): Promise<Gathered> {
  return new Promise<Gathered>((resolve, reject) => {
    let probe: IceProbeConnection
    try {
      probe = runtime.createProbe(config)
    } catch (error) {
      reject(error)
      return
    }
    const types = new Set<CandidateType>()
    let done = false
    const finish = (complete: boolean): void => {
      if (done) return
      done = true
      cancelTimeout()
      probe.onicecandidate = null
      probe.close()
      resolve({ types: [...types], complete })
    }
    const cancelTimeout = schedule(() => finish(false), timeoutMs)
    probe.onicecandidate = event => {
      if (event.candidate === null) {
        finish(true)
        return
      }
      const type = candidateTypeOf(event.candidate.candidate)
      if (type !== null) types.add(type)
    }
    probe.createDataChannel('voice-check')
    probe.createOffer()
      .then(offer => probe.setLocalDescription(offer))
      .catch(error => {
        if (done) return
        done = true
        cancelTimeout()
        probe.close()
        reject(error)
      })
  })
}

/** The candidate pair a connected peer chose: each side's candidate type and the local one's transport. */
export interface SelectedPath {
  local: CandidateType | null
  remote: CandidateType | null
  /** 'udp' or 'tcp' (the local candidate's). */
  protocol: string | null
  /** Relayed through TURN when either side is a relay candidate; direct otherwise (host or srflx over UDP). */
  relayed: boolean
}

type StatsEntry = { id?: string, type?: string, selectedCandidatePairId?: string, selected?: boolean, nominated?: boolean, state?: string, localCandidateId?: string, remoteCandidateId?: string, candidateType?: string, protocol?: string }

/**
 * The selected candidate pair of a getStats report (W3C webrtc-stats: the transport's
 * `selectedCandidatePairId`; Firefox marks the pair `selected`; else the nominated pair that
 * succeeded), or null when none is chosen yet.
 */
export function selectedPathOf (report: RTCStatsReport): SelectedPath | null {
  const entries = new Map<string, StatsEntry>()
  report.forEach((entry: StatsEntry, key: string) => { entries.set(entry.id ?? key, entry) })
  const all = [...entries.values()]
  const transportPair = all.find(entry => entry.type === 'transport' && entry.selectedCandidatePairId !== undefined)?.selectedCandidatePairId
  const pair = (transportPair === undefined ? undefined : entries.get(transportPair)) ??
    all.find(entry => entry.type === 'candidate-pair' && entry.selected === true) ??
    all.find(entry => entry.type === 'candidate-pair' && entry.nominated === true && entry.state === 'succeeded')
  if (pair === undefined) return null
  const local = pair.localCandidateId === undefined ? undefined : entries.get(pair.localCandidateId)
  const remote = pair.remoteCandidateId === undefined ? undefined : entries.get(pair.remoteCandidateId)
  const typeOf = (entry: StatsEntry | undefined): CandidateType | null => entry?.candidateType !== undefined && CANDIDATE_TYPES.includes(entry.candidateType) ? entry.candidateType as CandidateType : null
  const localType = typeOf(local)
  const remoteType = typeOf(remote)
  return { local: localType, remote: remoteType, protocol: local?.protocol ?? null, relayed: localType === 'relay' || remoteType === 'relay' }
}
