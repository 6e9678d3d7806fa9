/**
 * The voice rooms of this process (docs/voice.md "Rooms, permissions and signalling"): one
 * room per voice channel somebody is in, made at the first join and dropped when the last
 * member leaves. The gateway hands it every voice op of a session (core/wire/voice.ts); a
 * refusal is a {@link VoiceRefusal}, which the session sends as an error frame of code
 * VoiceRefused (the connection stays open). Media goes through {@link VoiceMedia} (the SFU
 * in its worker): the hub opens a peer per join, passes the browser's answer and candidates
 * on, and sends the worker's offers and candidates to the member's socket.
 *
 * Who may do what is decided here with the routes' permission function (effectivePermissions
 * through rules/access.ts): a voice channel (its row carries voice) the member may see (a
 * hidden one is answered like one that does not exist) and Connect to, whose room is not full
 * (`user_limit`, the member's own other device not counted). A member is silenced (the worker
 * forwards nothing of theirs) when server-muted, self-muted or without Speak there (a timeout
 * takes it: they stay in the room); deafened (sent nothing) when server- or self-deafened.
 *
 * One room per account: joining another room leaves the first, and joining from a second
 * device moves the voice there (the first session gets voice_left `elsewhere`). Every join,
 * change and leave is published as VOICE_STATE_UPDATE (a move is a leave and a join), who
 * speaks as VOICE_SPEAKING at most VOICE_SPEAKING_PER_SECOND times a second per member
 * (the latest state wins) and never for a silenced member. A socket that closes leaves its
 * room after {@link VOICE_RESUME_GRACE_MS} unless its session is resumed on a new socket
 * first, which then holds the room (the browser's media path never went through the socket).
 *
 * The hub follows the bus (the same events the gateway's grants follow): a member removed
 * from the server (kick, ban, leave) is out of its rooms at once (voice_left `hidden`), a
 * deleted channel's room empties (`gone`), and after a role, channel or override change, or a
 * member's own change (roles, timeout), each member in a room of the server is checked
 * again: out (`hidden`) without ViewChannel or Connect, silenced without Speak.
 */
import { randomBytes } from 'crypto'
import type { FastifyBaseLogger } from 'fastify'
import { channelTypeHas } from '@core/domain/channel-types'
import { hasPermission, Permission } from '@core/domain/permissions'
import { isDeafened, isSilenced, maySpeakWith } from '@core/domain/voice-room'
import { dispatchChanges } from '@core/wire/dispatch-codes'
import type { User } from '@core/wire/entities'
import {
  VOICE_BITRATE_DEFAULT, VOICE_SPEAKING_PER_SECOND, VOICE_USER_LIMIT_DEFAULT,
  type VoiceClientFrame, type VoiceLeftReason, type VoiceModerateBody, type VoiceState,
} from '@core/wire/voice'
import type { BusEvent, EventBus } from '../bus'
import type { AppContext } from '../context'
import { ApiError } from '../errors'
import { accessTo, channelPermissions } from '../rules/access'
import type { VoiceMedia, VoiceMediaEvents } from './media/types'
import { iceServersFor } from './turn'
import { VoiceRefusal, type VoiceMember, type VoiceService } from './types'

/**
 * How long a member whose socket closed keeps their place in a room: a resume of their
 * gateway session within it (a new socket after a network change, a backgrounded tab) takes
 * the room up again without a rejoin; after it they leave as if they had sent voice_leave.
 */
export const VOICE_RESUME_GRACE_MS = 15_000

/** Shortest time between two VOICE_SPEAKING of one member. */
const SPEAKING_INTERVAL_MS = 1000 / VOICE_SPEAKING_PER_SECOND

/** Opens the media side with the hub's ears (the worker's factory, or a fake in tests). */
export type VoiceMediaFactory = (events: VoiceMediaEvents) => VoiceMedia

/** A voice room held here. */
interface Room {
  channelId: string
  serverId: string
  /** The channel's Opus bitrate when the room opened (a later edit applies to joins after the room empties). */
  bitrate: number
  /** Members by uid, in the order they joined. */
  occupants: Map<string, Occupant>
}

/** A member's last VOICE_SPEAKING and the one due. */
interface Speaking {
  /** What the member's last voice_speaking said. */
  wanted: boolean
  /** What the last VOICE_SPEAKING said. */
  shown: boolean
  at: number
  due: ReturnType<typeof setTimeout> | null
}

/** One member in a room. */
interface Occupant {
  room: Room
  /** The session holding the room; null while its socket is closed and the grace runs. */
  member: VoiceMember | null
  sessionId: string
  peerId: string
  state: VoiceState
  /** What the media worker was last told. */
  silenced: boolean
  deafened: boolean
  /** Whether the member holds Speak in the room's channel (last checked). */
  speaks: boolean
  speaking: Speaking
  grace: ReturnType<typeof setTimeout> | null
  /** When a timeout ends: Speak is checked again then. */
  recheck: ReturnType<typeof setTimeout> | null
}

/** Options of the hub: the grace a test shortens, its clock. */
export interface VoiceHubOptions {
  graceMs?: number
  /** Now, ms. */
  clock?: () => number
}

/** The voice rooms of this process. */
export class VoiceHub implements VoiceService {
  private readonly rooms = new Map<string, Room>()
  /** Every occupant by uid (one room per account on this process), by session, by peer. */
  private readonly byUid = new Map<string, Occupant>()
  private readonly byMember = new Map<VoiceMember, Occupant>()
  private readonly byPeer = new Map<string, Occupant>()
  /** Server mutes and deafens by `server uid`: they outlast a leave, so a rejoin keeps them (while this process runs). */
  private readonly moderated = new Map<string, { mute: boolean, deaf: boolean }>()
  private readonly media: VoiceMedia
  private readonly stopListening: () => void
  /** Bus events are followed one at a time, in order. */
  private following: Promise<void> = Promise.resolve()
  private readonly graceMs: number
  private readonly clock: () => number

  /** `ctxOf` gives the app's services (the hub is one of them, so it reads them once the app is built). */
  constructor (private readonly ctxOf: () => AppContext, bus: EventBus, openMedia: VoiceMediaFactory, private readonly log: FastifyBaseLogger, options: VoiceHubOptions = {}) {
    this.graceMs = options.graceMs ?? VOICE_RESUME_GRACE_MS
    this.clock = options.clock ?? Date.now
    this.media = openMedia({
      offer: (peerId, sdp, tracks) => { this.byPeer.get(peerId)?.member?.send({ op: 'voice_offer', d: { sdp, tracks: tracks.map(track => ({ mid: track.mid, uid: track.uid })) } }) },
      candidate: (peerId, candidate) => { this.byPeer.get(peerId)?.member?.send({ op: 'voice_ice', d: { candidate } }) },
      state: (peerId, state) => { this.mediaState(peerId, state) },
    })
    this.stopListening = bus.subscribe(event => {
      this.following = this.following.then(() => this.follow(event)).catch(error => this.log.warn({ err: error }, `voice: ${event.t} not followed`))
    })
  }

  /** Handles one voice op of `member` (throws {@link VoiceRefusal}). */
  async handle (member: VoiceMember, frame: VoiceClientFrame): Promise<void> {
    if (frame.op === 'voice_join') {
      await this.join(member, frame.d.channel_id, frame.d.self_mute, frame.d.self_deaf)
      return
    }
    const occupant = this.byMember.get(member)
    if (!occupant) throw new VoiceRefusal(`${frame.op}: not in a voice room (voice_join first)`)
    switch (frame.op) {
      case 'voice_answer': await this.mediaStep(frame.op, () => this.media.answer(occupant.peerId, frame.d.sdp)); break
      case 'voice_ice': await this.mediaStep(frame.op, () => this.media.addCandidate(occupant.peerId, frame.d.candidate)); break
      case 'voice_restart': await this.mediaStep(frame.op, () => this.media.restartIce(occupant.peerId)); break
      case 'voice_state':
        occupant.state = { ...occupant.state, self_mute: frame.d.self_mute, self_deaf: frame.d.self_deaf }
        await this.changed(occupant)
        break
      case 'voice_speaking':
        occupant.speaking.wanted = frame.d.speaking
        this.speakingChanged(occupant)
        break
      case 'voice_leave': await this.remove(occupant); break
    }
  }

  /** A step the worker takes for the member: its failure is logged and refused as one to try again (the worker's words stay in the log). */
  private async mediaStep (op: VoiceClientFrame['op'], step: () => Promise<void>): Promise<void> {
    try {
      await step()
    } catch (error) {
      this.log.warn({ err: error }, `voice: ${op} not taken by the media worker`)
      throw new VoiceRefusal(`${op}: the media worker did not take it (send voice_restart, or voice_join again)`)
    }
  }

  /** The member's bits in the channel, 0 when they have no standing there (a bot outside its server). */
  private async permissionsIn (serverId: string, channelId: string, user: User): Promise<{ bits: number, timeoutUntil: number | null }> {
    const ctx = this.ctxOf()
    try {
      const access = await accessTo(ctx, serverId, user)
      return { bits: await channelPermissions(ctx, access, channelId), timeoutUntil: access.member?.timeout_until ?? null }
    } catch (error) {
      if (error instanceof ApiError) return { bits: 0, timeoutUntil: null }
      throw error
    }
  }

  private async join (member: VoiceMember, channelId: string, selfMute: boolean, selfDeaf: boolean): Promise<void> {
    const user = member.user
    if (!user) throw new VoiceRefusal('voice_join: identify first')
    const channel = await this.ctxOf().repos.channels.get(channelId)
    const { bits, timeoutUntil } = channel ? await this.permissionsIn(channel.server_id, channelId, user) : { bits: 0, timeoutUntil: null }
    // a channel the member may not see is none to them
    if (!channel || !hasPermission(bits, Permission.ViewChannel)) throw new VoiceRefusal(`voice_join: no channel ${channelId}`)
    if (!channelTypeHas(channel.channel_type, 'carriesVoice')) throw new VoiceRefusal(`voice_join: channel ${channelId} is not a voice channel`)
    if (!hasPermission(bits, Permission.Connect)) throw new VoiceRefusal(`voice_join: missing permission: Connect in channel ${channelId}`)
    if (member.state !== 'open') return // the socket closed meanwhile
    const limit = channel.user_limit ?? VOICE_USER_LIMIT_DEFAULT
    const room = this.rooms.get(channelId)
    const others = room ? [...room.occupants.keys()].filter(uid => uid !== user.uid).length : 0
    if (others >= limit) throw new VoiceRefusal(`voice_join: the room of channel ${channelId} is full (${limit} members)`)
    // one room per account: the member's other room (or this one, from another device) is left first
    const previous = this.byUid.get(user.uid)
    if (previous) {
      if (previous.member !== member) previous.member?.send({ op: 'voice_left', d: { channel_id: previous.room.channelId, reason: 'elsewhere' } })
      this.take(previous)
    }
    const held = this.moderated.get(`${channel.server_id} ${user.uid}`)
    const open = this.rooms.get(channelId) ?? { channelId, serverId: channel.server_id, bitrate: channel.bitrate ?? VOICE_BITRATE_DEFAULT, occupants: new Map() }
    this.rooms.set(channelId, open)
    const occupant: Occupant = {
      room: open,
      member,
      sessionId: member.sessionId,
      peerId: randomBytes(12).toString('hex'),
      state: {
        server_id: channel.server_id, channel_id: channelId, uid: user.uid, nickname: user.nickname, avatar: user.avatar,
        mute: held?.mute ?? false, deaf: held?.deaf ?? false, self_mute: selfMute, self_deaf: selfDeaf, joined_at: this.clock(),
      },
      silenced: false,
      deafened: false,
      speaks: maySpeakWith(bits),
      speaking: { wanted: false, shown: false, at: Number.NEGATIVE_INFINITY, due: null },
      grace: null,
      recheck: null,
    }
    occupant.silenced = isSilenced(occupant.state, occupant.speaks)
    occupant.deafened = isDeafened(occupant.state)
    open.occupants.set(user.uid, occupant)
    this.byUid.set(user.uid, occupant)
    this.byMember.set(member, occupant)
    this.byPeer.set(occupant.peerId, occupant)
    this.recheckAt(occupant, timeoutUntil)
    const ctx = this.ctxOf()
    member.send({
      op: 'voice_ready',
      d: {
        channel_id: channelId,
        server_id: channel.server_id,
        members: [...open.occupants.values()].map(other => other.state),
        ice_servers: iceServersFor(ctx.config.voiceIce, user.uid, ctx.now()),
        bitrate: open.bitrate,
        relay_only: ctx.config.voiceIce.relayOnly,
      },
    })
    if (previous) await this.told(previous, true)
    await this.told(occupant, false)
    try {
      await this.media.join({
        roomId: channelId, peerId: occupant.peerId, uid: user.uid, bitrate: open.bitrate, silenced: occupant.silenced, deafened: occupant.deafened, iceServers: [],
      })
    } catch (error) {
      if (this.byPeer.get(occupant.peerId) === occupant) await this.remove(occupant)
      if (error instanceof VoiceRefusal) throw error
      this.log.error({ err: error }, 'voice: the media worker did not open a peer')
      throw new VoiceRefusal('voice_join: the media connection could not be opened; try again')
    }
  }

  /** Publishes the occupant's state, joined or changed (`left` false) or left. */
  private async told (occupant: Occupant, left: boolean): Promise<void> {
    const target = { server_id: occupant.room.serverId, channel_id: occupant.room.channelId }
    await this.ctxOf().bus.publish('VOICE_STATE_UPDATE', target, { ...occupant.state, left })
  }

  /** Takes the occupant out of the maps and its room at once (nothing awaited): the worker and the readers are told after. */
  private take (occupant: Occupant): void {
    const { room, state } = occupant
    if (room.occupants.get(state.uid) === occupant) room.occupants.delete(state.uid)
    if (room.occupants.size === 0 && this.rooms.get(room.channelId) === room) this.rooms.delete(room.channelId)
    if (this.byUid.get(state.uid) === occupant) this.byUid.delete(state.uid)
    if (occupant.member && this.byMember.get(occupant.member) === occupant) this.byMember.delete(occupant.member)
    this.byPeer.delete(occupant.peerId)
    for (const timer of [occupant.grace, occupant.recheck, occupant.speaking.due]) if (timer) clearTimeout(timer)
    occupant.grace = occupant.recheck = occupant.speaking.due = null
    this.media.leave(occupant.peerId).catch(error => this.log.warn({ err: error }, 'voice: the media worker did not close a peer'))
  }

  /** The occupant leaves its room: out of it, the worker and the channel's readers told. */
  private async remove (occupant: Occupant): Promise<void> {
    if (this.byPeer.get(occupant.peerId) !== occupant) return
    this.take(occupant)
    await this.told(occupant, true)
  }

  /** Out of the room by someone else's doing: the member is told why (voice_left), then it leaves. */
  private async removeFor (occupant: Occupant, reason: VoiceLeftReason, to?: string): Promise<void> {
    if (this.byPeer.get(occupant.peerId) !== occupant) return
    occupant.member?.send({ op: 'voice_left', d: { channel_id: occupant.room.channelId, reason, ...(to !== undefined ? { to } : {}) } })
    await this.remove(occupant)
  }

  /** After a change of the occupant's flags or Speak: the worker told what changed, the readers the new state, a silenced member no longer shown speaking. */
  private async changed (occupant: Occupant): Promise<void> {
    const silenced = isSilenced(occupant.state, occupant.speaks)
    const deafened = isDeafened(occupant.state)
    if (silenced !== occupant.silenced) {
      occupant.silenced = silenced
      await this.media.setSilenced(occupant.peerId, silenced)
    }
    if (deafened !== occupant.deafened) {
      occupant.deafened = deafened
      await this.media.setDeafened(occupant.peerId, deafened)
    }
    this.speakingChanged(occupant)
    await this.told(occupant, false)
  }

  /**
   * VOICE_SPEAKING when what the member says differs from what was shown (a silenced member
   * is shown silent): at once, unless one went out less than 1/VOICE_SPEAKING_PER_SECOND s
   * ago; then once when that ends, with what the member says then.
   */
  private speakingChanged (occupant: Occupant): void {
    const speaking = occupant.speaking
    const shown = speaking.wanted && !occupant.silenced
    if (shown === speaking.shown || speaking.due) return
    const wait = speaking.at + SPEAKING_INTERVAL_MS - this.clock()
    if (wait > 0) {
      speaking.due = setTimeout(() => {
        speaking.due = null
        this.speakingChanged(occupant)
      }, wait)
      return
    }
    speaking.shown = shown
    speaking.at = this.clock()
    const target = { server_id: occupant.room.serverId, channel_id: occupant.room.channelId }
    this.ctxOf().bus.publish('VOICE_SPEAKING', target, { ...target, uid: occupant.state.uid, speaking: shown })
      .catch(error => this.log.warn({ err: error }, 'voice: VOICE_SPEAKING not published'))
  }

  /** The worker's word on a peer's connection: a failed one is out of the room, told to join again (voice_left holder: the media path the room's holder kept for them is gone). */
  private mediaState (peerId: string, state: string): void {
    const occupant = this.byPeer.get(peerId)
    if (!occupant || state !== 'failed') return
    this.removeFor(occupant, 'holder').catch(error => this.log.warn({ err: error }, 'voice: a failed peer did not leave cleanly'))
  }

  /** `member`'s socket closed: its occupant waits VOICE_RESUME_GRACE_MS for a resume of its session, then leaves. */
  detach (member: VoiceMember): void {
    const occupant = this.byMember.get(member)
    if (!occupant) return
    this.byMember.delete(member)
    occupant.member = null
    occupant.grace = setTimeout(() => {
      occupant.grace = null
      this.remove(occupant).catch(error => this.log.warn({ err: error }, 'voice: a member whose socket closed did not leave cleanly'))
    }, this.graceMs)
  }

  /** A session opened: a resume of a session that held a room takes it up (its socket's frames go to the new one). */
  attach (member: VoiceMember): void {
    for (const occupant of this.byUid.values()) {
      if (occupant.sessionId !== member.sessionId || occupant.member === member) continue
      if (occupant.member) this.byMember.delete(occupant.member)
      if (occupant.grace) clearTimeout(occupant.grace)
      occupant.grace = null
      occupant.member = member
      this.byMember.set(member, occupant)
    }
  }

  /** Everyone in a voice room of `serverId` held here, room by room in the order they joined. */
  statesOf (serverId: string): VoiceState[] {
    return [...this.rooms.values()].filter(room => room.serverId === serverId).flatMap(room => [...room.occupants.values()].map(occupant => occupant.state))
  }

  /** The voice state of `uid` in `serverId`, or null. */
  stateOf (serverId: string, uid: string): VoiceState | null {
    const occupant = this.byUid.get(uid)
    return occupant?.room.serverId === serverId ? occupant.state : null
  }

  /** A moderator's mute, deafen or move of `uid` in `serverId` (checked by the route); null when they are in no room there. */
  async moderate (serverId: string, uid: string, change: VoiceModerateBody): Promise<VoiceState | null> {
    const occupant = this.byUid.get(uid)
    if (occupant?.room.serverId !== serverId) return null
    if (change.mute !== undefined || change.deaf !== undefined) {
      const key = `${serverId} ${uid}`
      const held = { mute: change.mute ?? occupant.state.mute, deaf: change.deaf ?? occupant.state.deaf }
      if (held.mute || held.deaf) this.moderated.set(key, held)
      else this.moderated.delete(key)
      occupant.state = { ...occupant.state, ...held }
      await this.changed(occupant)
    }
    if (change.channel_id !== undefined && change.channel_id !== occupant.room.channelId) {
      // the member's client joins the channel it is told to (voice_left moved, `to`): their own join, with their own checks
      await this.removeFor(occupant, 'moved', change.channel_id)
    }
    return occupant.state
  }

  /** A moderator takes `uid` out of their room in `serverId`; false when they are in none. */
  async disconnect (serverId: string, uid: string): Promise<boolean> {
    const occupant = this.byUid.get(uid)
    if (occupant?.room.serverId !== serverId) return false
    await this.removeFor(occupant, 'disconnected')
    return true
  }

  /** Schedules a check of the occupant's Speak when their timeout ends (a timeout ends with no event). */
  private recheckAt (occupant: Occupant, timeoutUntil: number | null): void {
    if (occupant.recheck) clearTimeout(occupant.recheck)
    occupant.recheck = null
    const ms = timeoutUntil === null ? 0 : timeoutUntil * 1000 - this.ctxOf().now() * 1000
    if (ms <= 0) return
    occupant.recheck = setTimeout(() => {
      occupant.recheck = null
      this.check(occupant).catch(error => this.log.warn({ err: error }, 'voice: Speak not checked after a timeout'))
    }, ms + 1000)
    occupant.recheck.unref()
  }

  /** Checks the occupant's standing in its channel again: out (hidden) without ViewChannel or Connect, silenced or heard as Speak says. */
  private async check (occupant: Occupant): Promise<void> {
    const user = await this.ctxOf().repos.users.get(occupant.state.uid)
    const { bits, timeoutUntil } = user ? await this.permissionsIn(occupant.room.serverId, occupant.room.channelId, user) : { bits: 0, timeoutUntil: null }
    if (this.byPeer.get(occupant.peerId) !== occupant) return // left meanwhile
    if (!hasPermission(bits, Permission.ViewChannel | Permission.Connect)) {
      await this.removeFor(occupant, 'hidden')
      return
    }
    this.recheckAt(occupant, timeoutUntil)
    const speaks = maySpeakWith(bits)
    if (speaks === occupant.speaks) return
    occupant.speaks = speaks
    await this.changed(occupant)
  }

  /** One bus event, in order: removals, deleted channels and changes of who may do what in a server with rooms here. */
  private async follow (event: BusEvent): Promise<void> {
    const inServer = [...this.byUid.values()].filter(occupant => occupant.room.serverId === event.server_id)
    if (inServer.length === 0) return
    if (event.t === 'MEMBER_REMOVE') {
      for (const occupant of inServer) if (occupant.state.uid === event.d.uid) await this.removeFor(occupant, 'hidden')
      return
    }
    if (event.t === 'CHANNEL_DELETE') {
      for (const occupant of inServer) if (occupant.room.channelId === event.d.channel_id) await this.removeFor(occupant, 'gone')
      return
    }
    const named = event.t === 'MEMBER_UPDATE' ? event.d.uid : null
    if (!dispatchChanges(event.t, 'access') && named === null) return
    for (const occupant of inServer) if (named === null || occupant.state.uid === named) await this.check(occupant)
  }

  /** Closes every room and the media worker (the process is closing). */
  async close (): Promise<void> {
    this.stopListening()
    for (const occupant of [...this.byUid.values()]) this.take(occupant)
    await this.following
    await this.media.close()
  }
}
