/**
 * Who is in each voice room of the current server, and who of them speaks (the channel
 * rows' avatars and rings, before joining, and the room page's tiles): the server's GET
 * voice-states with each channel list and again whenever the gateway is back (what happened
 * while it was away), then VOICE_STATE_UPDATE and VOICE_SPEAKING dispatches through the one
 * gateway store. A joining member's `voice_ready` list is applied too.
 */
import { makeAutoObservable, observable } from 'mobx'
import type { VoiceSpeaking, VoiceState, VoiceStateUpdate } from '@core/wire/voice'
import type { VoiceApi } from '@/services/api/voice'
import { GATEWAY_ONLINE, GATEWAY_RESYNC, type GatewaySubscriptions } from '../gateway-store'
import { failureMessage, mayRetry, type StoreLogger } from '../support/load-tracker'

/** The voice rooms of one server as the client knows them. */
export class VoiceStatesStore {
  /** Each member in a room by uid (one room at a time per member). */
  readonly byUid = observable.map<string, VoiceState>()
  /** The uids speaking now. */
  readonly speaking = observable.set<string>()
  /** Whether the server's list has come for the current server. */
  loaded = false
  /** Why the last list did not come (the room page says so, with a retry), or null. */
  error: string | null = null
  /** Whether retrying the failed list may help (false for a refusal the same request gets again). */
  retryable = true
  private serverId: string | null = null

  constructor (private readonly api: Pick<VoiceApi, 'states'>, gateway: GatewaySubscriptions, private readonly logger: StoreLogger) {
    makeAutoObservable<VoiceStatesStore, 'api' | 'logger' | 'serverId'>(this, { api: false, logger: false, serverId: false })
    gateway.on('VOICE_STATE_UPDATE', update => this.applyUpdate(update))
    gateway.on('VOICE_SPEAKING', speaking => this.applySpeaking(speaking))
    // comings and goings while the socket was away reach nobody: the list is asked again
    gateway.on(GATEWAY_ONLINE, () => { void this.refresh() })
    gateway.on(GATEWAY_RESYNC, () => { void this.refresh() })
  }

  /** The members in the room of `channelId`, in the order they joined. */
  inRoom (channelId: string): VoiceState[] {
    return [...this.byUid.values()].filter(state => state.channel_id === channelId).sort((a, b) => a.joined_at - b.joined_at)
  }

  /** The rooms as the channel rows read them: channel id → its members in join order (a plain snapshot, so a list re-renders when one changes). */
  get byChannel (): Readonly<Record<string, VoiceState[]>> {
    const rooms: Record<string, VoiceState[]> = {}
    for (const state of this.byUid.values()) (rooms[state.channel_id] ??= []).push(state)
    for (const members of Object.values(rooms)) members.sort((a, b) => a.joined_at - b.joined_at)
    return rooms
  }

  /** The uids speaking now, as the channel rows read them (a plain snapshot, so a list re-renders when one changes). */
  get speakingNow (): ReadonlySet<string> {
    return new Set(this.speaking)
  }

  /** Whether `uid` is speaking now. */
  isSpeaking (uid: string): boolean {
    return this.speaking.has(uid)
  }

  /** The voice state of `uid`, if they are in a room. */
  stateOf (uid: string): VoiceState | undefined {
    return this.byUid.get(uid)
  }

  /** Asks the server for the rooms of `serverId`; a failure keeps what is known (the rows simply show nobody). */
  async load (serverId: string): Promise<void> {
    if (this.serverId !== serverId) {
      this.byUid.clear()
      this.speaking.clear()
      this.loaded = false
    }
    this.serverId = serverId
    try {
      const answer = await this.api.states(serverId)
      if (this.serverId === serverId) this.replace(answer.items)
    } catch (error) {
      this.logger.warn('[voice] the voice states could not be loaded:', error)
      if (this.serverId === serverId) this.failed(failureMessage(error, this.logger), mayRetry(error))
    }
  }

  /** Asks again for the current server (the gateway came back); nothing before a first load. */
  async refresh (): Promise<void> {
    if (this.serverId !== null) await this.load(this.serverId)
  }

  /** The room's members as `voice_ready` gave them to the joining member. */
  applyRoom (serverId: string, channelId: string, members: readonly VoiceState[]): void {
    if (this.serverId !== null && serverId !== this.serverId) return
    for (const [uid, state] of [...this.byUid]) if (state.channel_id === channelId) this.byUid.delete(uid)
    for (const member of members) this.byUid.set(member.uid, member)
  }

  private failed (message: string, retryable: boolean): void {
    this.error = message
    this.retryable = retryable
  }

  private replace (items: readonly VoiceState[]): void {
    this.error = null
    this.byUid.replace(items.map(state => [state.uid, state]))
    for (const uid of [...this.speaking]) if (!this.byUid.has(uid)) this.speaking.delete(uid)
    this.loaded = true
  }

  private applyUpdate (update: VoiceStateUpdate): void {
    if (this.serverId !== null && update.server_id !== this.serverId) return
    const { left, ...state } = update
    if (left) {
      // a move is a leave of one room and a join of another, in either order: only the room left is forgotten
      if (this.byUid.get(state.uid)?.channel_id === state.channel_id) {
        this.byUid.delete(state.uid)
        this.speaking.delete(state.uid)
      }
      return
    }
    this.byUid.set(state.uid, state)
  }

  private applySpeaking (speaking: VoiceSpeaking): void {
    if (this.serverId !== null && speaking.server_id !== this.serverId) return
    if (speaking.speaking && this.byUid.get(speaking.uid)?.channel_id === speaking.channel_id) this.speaking.add(speaking.uid)
    else this.speaking.delete(speaking.uid)
  }
}
