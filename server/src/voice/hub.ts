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
 *
 * Several processes (./relay.ts): a room lives on the process holding its lease, and a member
 * whose socket is elsewhere is relayed — their process asks the holder to take each voice op
 * (the holder runs it as its own member's, through the same code) and passes the holder's
 * frames back. The holder keeps its rooms' states beside the lease and publishes their
 * VOICE_STATE_UPDATEs; every process follows them, so a join anywhere takes the voice from the
 * same account's older room on any process (`elsewhere`). When a holder dies its lease runs
 * out: each relayed member's process sends them `voice_left holder`, and the next join takes the
 * lease (telling the readers that the dead holder's members left). A process whose members stop
 * being said alive for a lease has them leave its rooms.
 */
import { randomBytes } from 'crypto'
import type { FastifyBaseLogger } from 'fastify'
import { channelTypeHas } from '@core/domain/channel-types'
import { hasPermission, Permission, rankOf } from '@core/domain/permissions'
import { isDeafened, isSilenced, maySpeakWith } from '@core/domain/voice-room'
import { dispatchChanges } from '@core/wire/dispatch-codes'
import type { User } from '@core/wire/entities'
import {
  VOICE_BITRATE_DEFAULT, VOICE_SPEAKING_PER_SECOND, VOICE_USER_LIMIT_DEFAULT,
  type VoiceClientFrame, type VoiceLeftReason, type VoiceModerateBody, type VoiceServerFrame, type VoiceState,
} from '@core/wire/voice'
import type { BusEvent, EventBus } from '../bus'
import type { AppContext } from '../context'
import { ApiError } from '../errors'
import { accessTo, channelPermissions } from '../rules/access'
import type { VoiceMedia, VoiceMediaEvents } from './media/types'
import { VOICE_MODERATED_HELD, VOICE_SESSION_KEPT, VOICE_STATES_KEPT, type RelayedVoiceMember, type VoiceQuestion, type VoiceRelay, type VoiceRelayMessage } from './relay'
import { iceServersFor } from './turn'
import { voiceFailureMessageOf, VoiceRefusal, type VoiceMember, type VoiceService } from './types'

/**
 * How long a member whose socket closed keeps their place in a room: a resume of their
 * gateway session within it (a new socket after a network change, a backgrounded tab) takes
 * the room up again without a rejoin; after it they leave as if they had sent voice_leave.
 */
export const VOICE_RESUME_GRACE_MS = 15_000

/** Shortest time between two VOICE_SPEAKING of one member. */
const SPEAKING_INTERVAL_MS = 1000 / VOICE_SPEAKING_PER_SECOND
/** Longest time between two passes of the relay's upkeep (leases, kept states, liveness). */
const UPKEEP_MAX_MS = 1000

/** What the hub reads of a member's standing in a channel: their bits there, when their timeout ends, their place in the role order. */
interface Standing {
  bits: number
  timeoutUntil: number | null
  rank: number | null
}

/** No standing: not a member (a bot outside its server, an account gone). */
const NO_STANDING: Standing = { bits: 0, timeoutUntil: null, rank: null }

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

/** A member of another process in a room held here: the member the hub's code sees, and when their process last said they are there. */
interface Relayed {
  member: VoiceMember
  seenAt: number
}

/** A member of this process in a room another process holds. */
interface Away {
  key: string
  holder: string
  channelId: string
  sessionId: string
  /** The session holding it; null while its socket is closed and the grace runs. */
  member: VoiceMember | null
  /** How many of the holder's frames for this member arrived (each is numbered). */
  received: number
  grace: ReturnType<typeof setTimeout> | null
}

/** A question asked of another process, waiting for its answer. */
interface Pending {
  resolve (answer: unknown): void
  reject (error: Error): void
  timer: ReturnType<typeof setTimeout>
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
  /** Sessions resumed here whose place another process holds, until the holder answered (their ops wait for it). */
  private readonly attaching = new Map<VoiceMember, Promise<void>>()
  private readonly media: VoiceMedia
  private readonly stopListening: () => void
  /** Bus events are followed one at a time, in order. */
  private following: Promise<void> = Promise.resolve()
  private readonly graceMs: number
  private readonly clock: () => number
  /** Members of other processes in rooms held here, by `process/key`. */
  private readonly relayed = new Map<string, Relayed>()
  /** Members of this process in rooms held elsewhere, by key and by session. */
  private readonly away = new Map<string, Away>()
  private readonly awayOf = new Map<VoiceMember, Away>()
  /** Questions asked of other processes, by number. */
  private readonly pending = new Map<number, Pending>()
  private asked = 0
  private readonly upkeep: ReturnType<typeof setInterval> | null = null
  /** The process is closing: its rooms' leases are left to lapse (their kept states tell the next holder who was in them). */
  private closing = false

  /** `ctxOf` gives the app's services (the hub is one of them, so it reads them once the app is built); `relay` says where each room lives. */
  constructor (private readonly ctxOf: () => AppContext, bus: EventBus, private readonly relay: VoiceRelay, openMedia: VoiceMediaFactory, private readonly log: FastifyBaseLogger, options: VoiceHubOptions = {}) {
    this.graceMs = options.graceMs ?? VOICE_RESUME_GRACE_MS
    this.clock = options.clock ?? Date.now
    relay.listen(message => { this.heard(message).catch(error => this.log.warn({ err: error }, `voice: relayed ${message.t} not handled`)) })
    if (relay.process !== 'local') {
      this.upkeep = setInterval(() => { this.keepUp().catch(error => this.log.warn({ err: error }, 'voice: upkeep failed')) }, Math.min(UPKEEP_MAX_MS, Math.floor(relay.leaseMs / 3)))
      this.upkeep.unref()
    }
    this.media = openMedia({
      offer: (peerId, sdp, tracks) => { this.byPeer.get(peerId)?.member?.send({ op: 'voice_offer', d: { sdp, tracks: tracks.map(track => ({ mid: track.mid, uid: track.uid })) } }) },
      candidate: (peerId, candidate) => { this.byPeer.get(peerId)?.member?.send({ op: 'voice_ice', d: { candidate } }) },
      state: (peerId, state) => { this.mediaState(peerId, state) },
    })
    this.stopListening = bus.subscribe(event => {
      this.following = this.following.then(() => this.follow(event)).catch(error => this.log.warn({ err: error }, `voice: ${event.t} not followed`))
    })
  }

  /** Handles one voice op of `member` (throws {@link VoiceRefusal}): here when its room is held here, else asked of the room's holder. */
  async handle (member: VoiceMember, frame: VoiceClientFrame): Promise<void> {
    await this.attaching.get(member)
    if (frame.op === 'voice_join') {
      const holder = await this.relay.claim(frame.d.channel_id)
      if (holder !== this.relay.process) {
        await this.joinElsewhere(member, holder, frame)
        return
      }
      this.leaveAway(member)
      try {
        await this.join(member, frame.d.channel_id, frame.d.self_mute, frame.d.self_deaf)
      } finally {
        // a refused join of a room nobody is in holds no lease
        if (!this.rooms.has(frame.d.channel_id)) this.release(frame.d.channel_id)
      }
      return
    }
    const away = this.awayOf.get(member)
    if (away) {
      if (frame.op === 'voice_leave') this.forgetAway(away)
      await this.askOp(away, member, frame)
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

  /**
   * A join of a room another process holds: out of a room held here first (a move), out of a
   * room held by a third process too, then the join asked of the holder. The member's key stays
   * the same while it moves between rooms of one holder, so the holder sees one member.
   */
  private async joinElsewhere (member: VoiceMember, holder: string, frame: Extract<VoiceClientFrame, { op: 'voice_join' }>): Promise<void> {
    const here = this.byMember.get(member)
    if (here) await this.remove(here)
    let away = this.awayOf.get(member)
    if (away && away.holder !== holder) {
      this.leaveAway(member)
      away = undefined
    }
    const previous = away?.channelId ?? null
    if (!away) {
      away = { key: randomBytes(8).toString('hex'), holder, channelId: frame.d.channel_id, sessionId: member.sessionId, member, received: 0, grace: null }
      this.away.set(away.key, away)
      this.awayOf.set(member, away)
    }
    away.channelId = frame.d.channel_id
    try {
      await this.askOp(away, member, frame)
    } catch (error) {
      // refused: still in the room it was in on that holder, or in none
      if (previous !== null) away.channelId = previous
      else this.forgetAway(away)
      throw error
    }
  }

  /** Asks the holder of the member's room to take op `frame`; its refusal is thrown here as the same VoiceRefusal. */
  private async askOp (away: Away, member: VoiceMember, frame: VoiceClientFrame): Promise<void> {
    if (!member.user) throw new VoiceRefusal(`${frame.op}: identify first`)
    const refused = await this.ask(away.holder, frame.op, { q: 'op', member: { process: this.relay.process, key: away.key }, user: member.user, session_id: member.sessionId, frame })
    if (typeof refused === 'string') throw new VoiceRefusal(refused)
  }

  /** Asks process `to` a question and waits for its answer (a lease at most: then `op` is refused, to be tried again). */
  private async ask (to: string, op: string, question: VoiceQuestion): Promise<unknown> {
    const ask = ++this.asked
    const answered = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(ask)
        reject(new VoiceRefusal(`${op}: the process holding the voice room did not answer; try again`))
      }, this.relay.leaseMs)
      this.pending.set(ask, { resolve, reject, timer })
    })
    await this.relay.send(to, { t: 'ask', from: this.relay.process, ask, question })
    return answered
  }

  /** The member is out of its room held elsewhere: forgotten here, the holder told it left (not waited for). */
  private leaveAway (member: VoiceMember): void {
    const away = this.awayOf.get(member)
    if (!away) return
    this.forgetAway(away)
    this.askOp(away, member, { op: 'voice_leave', d: null }).catch(error => this.log.warn({ err: error }, 'voice: a relayed leave was not taken'))
  }

  private forgetAway (away: Away): void {
    if (this.away.get(away.key) === away) this.away.delete(away.key)
    if (away.member && this.awayOf.get(away.member) === away) this.awayOf.delete(away.member)
    if (away.grace) clearTimeout(away.grace)
    away.grace = null
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

  /**
   * The member's bits in the channel, when their timeout ends and their place in the role order (the voice state's `rank`);
   * 0 and no rank when they have no standing there (a bot outside its server).
   */
  private async permissionsIn (serverId: string, channelId: string, user: User): Promise<Standing> {
    const ctx = this.ctxOf()
    try {
      const access = await accessTo(ctx, serverId, user)
      const { member } = access
      return { bits: await channelPermissions(ctx, access, channelId), timeoutUntil: member?.timeout_until ?? null, rank: member ? rankOf(access.server, member) : null }
    } catch (error) {
      if (error instanceof ApiError) return NO_STANDING
      throw error
    }
  }

  private async join (member: VoiceMember, channelId: string, selfMute: boolean, selfDeaf: boolean): Promise<void> {
    const user = member.user
    if (!user) throw new VoiceRefusal('voice_join: identify first')
    const channel = await this.ctxOf().repos.channels.get(channelId)
    const { bits, timeoutUntil, rank } = channel ? await this.permissionsIn(channel.server_id, channelId, user) : NO_STANDING
    // a channel the member may not see is none to them
    if (!channel || !hasPermission(bits, Permission.ViewChannel)) throw new VoiceRefusal(`voice_join: no channel ${channelId}`)
    if (!channelTypeHas(channel.channel_type, 'carriesVoice')) throw new VoiceRefusal(`voice_join: channel ${channelId} is not a voice channel`)
    if (!hasPermission(bits, Permission.Connect)) throw new VoiceRefusal(`voice_join: missing permission: Connect in channel ${channelId}`)
    const held = await this.moderationOf(channel.server_id, user.uid)
    if (member.state !== 'open') return // the socket closed meanwhile
    const limit = channel.user_limit ?? VOICE_USER_LIMIT_DEFAULT
    const room = this.rooms.get(channelId)
    const others = room ? [...room.occupants.keys()].filter(uid => uid !== user.uid).length : 0
    if (others >= limit) throw new VoiceRefusal(`voice_join: the room of channel ${channelId} is full (${limit} members)`)
    // one room per account: the member's other room (or this one, from another device) is left first
    const previous = this.byUid.get(user.uid)
    if (previous) {
      if (previous.member !== member) previous.member?.send({ op: 'voice_left', d: { channel_id: previous.room.channelId, reason: 'elsewhere' } })
      // a rejoin of the same room keeps its lease, even when the member was alone in it
      this.take(previous, previous.room.channelId !== channelId)
    }
    const open = this.rooms.get(channelId) ?? { channelId, serverId: channel.server_id, bitrate: channel.bitrate ?? VOICE_BITRATE_DEFAULT, occupants: new Map() }
    const takenUp = this.rooms.has(channelId)
      ? null
      : this.relay.keptOf([channelId], VOICE_STATES_KEPT).then(([kept]) => kept, error => { this.log.warn({ err: error }, 'voice: the states a dead holder kept were not read'); return null })
    this.rooms.set(channelId, open)
    const occupant: Occupant = {
      room: open,
      member,
      sessionId: member.sessionId,
      peerId: randomBytes(12).toString('hex'),
      state: {
        server_id: channel.server_id, channel_id: channelId, uid: user.uid, nickname: user.nickname, avatar: user.avatar,
        mute: held?.mute ?? false, deaf: held?.deaf ?? false, self_mute: selfMute, self_deaf: selfDeaf, joined_at: this.clock(), rank,
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
    if (takenUp) await this.takeUp(open, await takenUp)
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

  /**
   * Publishes the occupant's state, joined or changed (`left` false) or left, once its room's
   * states are kept for the other processes (a reader told of the change finds it listed).
   */
  private async told (occupant: Occupant, left: boolean): Promise<void> {
    const { room } = occupant
    if (room.occupants.size > 0 && this.rooms.get(room.channelId) === room) await this.keepStates(room)
    const target = { server_id: room.serverId, channel_id: room.channelId }
    await this.ctxOf().bus.publish('VOICE_STATE_UPDATE', target, { ...occupant.state, left })
  }

  private async keepStates (room: Room): Promise<void> {
    await this.relay.keep(room.channelId, VOICE_STATES_KEPT, JSON.stringify([...room.occupants.values()].map(occupant => occupant.state)))
  }

  /**
   * A room opened here that another process held until it died (its lease ran out with states
   * kept): its members left with it, and the channel's readers are told so (the holder that
   * would have told them is gone).
   */
  private async takeUp (room: Room, kept: string | null): Promise<void> {
    if (kept === null) return
    const target = { server_id: room.serverId, channel_id: room.channelId }
    for (const state of JSON.parse(kept) as VoiceState[]) {
      if (room.occupants.has(state.uid)) continue
      await this.ctxOf().bus.publish('VOICE_STATE_UPDATE', target, { ...state, left: true })
    }
  }

  /** Gives up the lease of a room nobody is in here (not when the process closes: then it lapses). */
  private release (channelId: string): void {
    if (this.closing || this.rooms.has(channelId)) return
    this.relay.release(channelId).catch(error => this.log.warn({ err: error }, 'voice: lease not released'))
  }

  /** Takes the occupant out of the maps and its room at once (nothing awaited): the worker and the readers are told after; a room left empty gives up its lease unless `releasing` is false (the same member joins it again). */
  private take (occupant: Occupant, releasing = true): void {
    const { room, state } = occupant
    if (room.occupants.get(state.uid) === occupant) room.occupants.delete(state.uid)
    if (room.occupants.size === 0 && this.rooms.get(room.channelId) === room) {
      this.rooms.delete(room.channelId)
      if (releasing) this.release(room.channelId)
    }
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

  /** `member`'s socket closed: its occupant waits VOICE_RESUME_GRACE_MS for a resume of its session, then leaves (a room held elsewhere: its holder runs the grace). */
  detach (member: VoiceMember): void {
    const away = this.awayOf.get(member)
    if (away) {
      this.awayOf.delete(member)
      away.member = null
      away.grace = setTimeout(() => { this.forgetAway(away) }, this.graceMs)
      this.tellHolder(away, 'detach')
    }
    const occupant = this.byMember.get(member)
    if (!occupant) return
    this.byMember.delete(member)
    occupant.member = null
    occupant.grace = setTimeout(() => {
      occupant.grace = null
      this.remove(occupant).catch(error => this.log.warn({ err: error }, 'voice: a member whose socket closed did not leave cleanly'))
    }, this.graceMs)
    // a resume on another process finds the room through its session
    if (this.relay.process !== 'local') {
      this.relay.keep(occupant.sessionId, VOICE_SESSION_KEPT, occupant.room.channelId, this.graceMs)
        .catch(error => this.log.warn({ err: error }, 'voice: the closed session\'s room was not kept'))
    }
  }

  /**
   * A session opened: a resume of a session that held a room takes it up (its socket's frames
   * go to the new one) — a room held here or relayed from here at once; one whose socket was on
   * another process through the room's holder, found by the session (its ops wait for that).
   */
  attach (member: VoiceMember): void {
    let found = false
    for (const away of this.away.values()) {
      if (away.sessionId !== member.sessionId || away.member === member) continue
      if (away.member) this.awayOf.delete(away.member)
      if (away.grace) clearTimeout(away.grace)
      away.grace = null
      away.member = member
      this.awayOf.set(member, away)
      this.tellHolder(away, 'attach')
      found = true
    }
    for (const occupant of this.byUid.values()) {
      if (occupant.sessionId !== member.sessionId || occupant.member === member) continue
      this.takeUpSession(occupant, member)
      found = true
    }
    if (found || this.relay.process === 'local' || !member.user) return
    const attaching = this.resumeElsewhere(member, member.user)
      .catch(error => { this.log.warn({ err: error }, 'voice: a resumed session\'s room was not taken up') })
      .finally(() => { if (this.attaching.get(member) === attaching) this.attaching.delete(member) })
    this.attaching.set(member, attaching)
  }

  /** The occupant's place is `member`'s now (its session resumed): its frames go there, the grace stops. */
  private takeUpSession (occupant: Occupant, member: VoiceMember): void {
    if (occupant.member) this.byMember.delete(occupant.member)
    if (occupant.grace) clearTimeout(occupant.grace)
    occupant.grace = null
    occupant.member = member
    this.byMember.set(member, occupant)
  }

  /**
   * A session resumed here whose socket closed on another process: when it held a place in a
   * room (kept under its session for the grace), the room's holder is asked to hand that place
   * to it, relayed from here as any member of this process in a room held elsewhere.
   */
  private async resumeElsewhere (member: VoiceMember, user: User): Promise<void> {
    const [channelId] = await this.relay.keptOf([member.sessionId], VOICE_SESSION_KEPT)
    const holder = channelId === null ? null : await this.relay.holderOf(channelId)
    if (channelId === null || holder === null || holder === this.relay.process || member.state !== 'open') return
    const away: Away = { key: randomBytes(8).toString('hex'), holder, channelId, sessionId: member.sessionId, member, received: 0, grace: null }
    this.away.set(away.key, away)
    this.awayOf.set(member, away)
    const question: VoiceQuestion = { q: 'resume', member: { process: this.relay.process, key: away.key }, user, session_id: member.sessionId }
    let taken = false
    try {
      taken = await this.ask(holder, 'resume', question) === true
    } finally {
      if (!taken) this.forgetAway(away)
    }
  }

  /** The holder's side of {@link resumeElsewhere}: the place `sessionId` holds here, now the relayed member's; false when it holds none. */
  private resumedElsewhere (from: RelayedVoiceMember, user: User, sessionId: string): boolean {
    const occupant = [...this.byUid.values()].find(candidate => candidate.sessionId === sessionId && candidate.state.uid === user.uid)
    if (!occupant) return false
    this.takeUpSession(occupant, this.relayedMember(from, user, sessionId))
    return true
  }

  private tellHolder (away: Away, t: 'detach' | 'attach'): void {
    this.relay.send(away.holder, { t, member: { process: this.relay.process, key: away.key } })
      .catch(error => this.log.warn({ err: error }, `voice: a relayed ${t} was not sent`))
  }

  /**
   * Everyone in a voice room of `serverId`, room by room in the order they joined: the rooms
   * held here, and those other processes hold as their holders last kept them.
   */
  async statesOf (serverId: string): Promise<VoiceState[]> {
    const here = [...this.rooms.values()].filter(room => room.serverId === serverId).flatMap(room => [...room.occupants.values()].map(occupant => occupant.state))
    if (this.relay.process === 'local') return here
    const elsewhere = (await this.ctxOf().repos.channels.listByServer(serverId))
      .filter(channel => channelTypeHas(channel.channel_type, 'carriesVoice') && !this.rooms.has(channel.channel_id))
      .map(channel => channel.channel_id)
    const [holders, kept] = await Promise.all([this.relay.holdersOf(elsewhere), this.relay.keptOf(elsewhere, VOICE_STATES_KEPT)])
    // a room whose lease ran out is nobody's: its kept states are its dead holder's last word
    return [...here, ...kept.flatMap((text, index) => text !== null && holders[index] !== null ? JSON.parse(text) as VoiceState[] : [])]
  }

  /** The voice state of `uid` in `serverId`, or null. */
  async stateOf (serverId: string, uid: string): Promise<VoiceState | null> {
    const occupant = this.byUid.get(uid)
    if (occupant?.room.serverId === serverId) return occupant.state
    return (await this.statesOf(serverId)).find(state => state.uid === uid) ?? null
  }

  /** The process holding the room `uid` is in within `serverId`, when it is another one. */
  private async holderElsewhereOf (serverId: string, uid: string): Promise<string | null> {
    if (this.byUid.get(uid)?.room.serverId === serverId || this.relay.process === 'local') return null
    const state = await this.stateOf(serverId, uid)
    const holder = state ? await this.relay.holderOf(state.channel_id) : null
    return holder === this.relay.process ? null : holder
  }

  /** A moderator's mute, deafen or move of `uid` in `serverId` (checked by the route), applied by the process holding their room; null when they are in no room there. */
  async moderate (serverId: string, uid: string, change: VoiceModerateBody): Promise<VoiceState | null> {
    const holder = await this.holderElsewhereOf(serverId, uid)
    if (holder !== null) return await this.ask(holder, 'moderate', { q: 'moderate', server_id: serverId, uid, change }) as VoiceState | null
    return this.moderateHere(serverId, uid, change)
  }

  private async moderateHere (serverId: string, uid: string, change: VoiceModerateBody): Promise<VoiceState | null> {
    const occupant = this.byUid.get(uid)
    if (occupant?.room.serverId !== serverId) return null
    if (change.mute !== undefined || change.deaf !== undefined) {
      const held = { mute: change.mute ?? occupant.state.mute, deaf: change.deaf ?? occupant.state.deaf }
      await this.relay.hold(VOICE_MODERATED_HELD, `${serverId} ${uid}`, held.mute || held.deaf ? JSON.stringify(held) : null)
      if (this.byPeer.get(occupant.peerId) !== occupant) return null // left meanwhile (the mute is held for the rejoin)
      occupant.state = { ...occupant.state, ...held }
      await this.changed(occupant)
    }
    if (change.channel_id !== undefined && change.channel_id !== occupant.room.channelId) {
      // the member's client joins the channel it is told to (voice_left moved, `to`): their own join, with their own checks
      await this.removeFor(occupant, 'moved', change.channel_id)
    }
    return occupant.state
  }

  /** A moderator takes `uid` out of their room in `serverId` (on the process holding it); false when they are in none. */
  async disconnect (serverId: string, uid: string): Promise<boolean> {
    const holder = await this.holderElsewhereOf(serverId, uid)
    if (holder !== null) return await this.ask(holder, 'disconnect', { q: 'disconnect', server_id: serverId, uid }) === true
    return this.disconnectHere(serverId, uid)
  }

  private async disconnectHere (serverId: string, uid: string): Promise<boolean> {
    const occupant = this.byUid.get(uid)
    if (occupant?.room.serverId !== serverId) return false
    await this.removeFor(occupant, 'disconnected')
    return true
  }

  /** The server mute and deafen held for `uid` in `serverId` (they outlast a leave and every process). */
  private async moderationOf (serverId: string, uid: string): Promise<{ mute: boolean, deaf: boolean } | null> {
    const text = await this.relay.heldOf(VOICE_MODERATED_HELD, `${serverId} ${uid}`)
    return text === null ? null : JSON.parse(text) as { mute: boolean, deaf: boolean }
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

  /**
   * Checks the occupant's standing in its channel again: out (hidden) without ViewChannel or Connect, silenced or heard as Speak
   * says, and their state told again when their place in the role order moved (a role given or taken, the roles reordered).
   */
  private async check (occupant: Occupant): Promise<void> {
    const user = await this.ctxOf().repos.users.get(occupant.state.uid)
    const { bits, timeoutUntil, rank } = user ? await this.permissionsIn(occupant.room.serverId, occupant.room.channelId, user) : NO_STANDING
    if (this.byPeer.get(occupant.peerId) !== occupant) return // left meanwhile
    if (!hasPermission(bits, Permission.ViewChannel | Permission.Connect)) {
      await this.removeFor(occupant, 'hidden')
      return
    }
    this.recheckAt(occupant, timeoutUntil)
    const speaks = maySpeakWith(bits)
    if (speaks === occupant.speaks && rank === occupant.state.rank) return
    occupant.speaks = speaks
    occupant.state = { ...occupant.state, rank }
    await this.changed(occupant)
  }

  /**
   * One bus event, in order: a join of an account in a room here elsewhere (another process's
   * room: the newer join takes the voice), removals, deleted channels and changes of who may do
   * what in a server with rooms here.
   */
  private async follow (event: BusEvent): Promise<void> {
    if (event.t === 'VOICE_STATE_UPDATE') {
      const occupant = this.byUid.get(event.d.uid)
      if (!event.d.left && occupant && occupant.room.channelId !== event.d.channel_id && occupant.state.joined_at <= event.d.joined_at) await this.removeFor(occupant, 'elsewhere')
      return
    }
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

  /** A message from another process. */
  private async heard (message: VoiceRelayMessage): Promise<void> {
    switch (message.t) {
      case 'ask': {
        const answer = await this.answer(message.question)
        await this.relay.send(message.from, { t: 'answer', ask: message.ask, answer })
        break
      }
      case 'answer': {
        const pending = this.pending.get(message.ask)
        if (!pending) break
        this.pending.delete(message.ask)
        clearTimeout(pending.timer)
        pending.resolve(message.answer)
        break
      }
      case 'detach':
      case 'attach': {
        const relayed = this.relayed.get(`${message.member.process}/${message.member.key}`)
        if (!relayed) break
        if (message.t === 'detach') this.detach(relayed.member)
        else this.attach(relayed.member)
        break
      }
      case 'alive': {
        const now = this.clock()
        for (const key of message.keys) {
          const relayed = this.relayed.get(`${message.process}/${key}`)
          if (relayed) relayed.seenAt = now
        }
        break
      }
      case 'frame': this.relayedFrame(message.key, message.frame, message.n); break
    }
  }

  /** Answers a question of another process: a relayed member's op (the refusal's words, or null), a moderation. */
  private async answer (question: VoiceQuestion): Promise<string | VoiceState | boolean | null> {
    if (question.q === 'moderate') return await this.moderateHere(question.server_id, question.uid, question.change)
    if (question.q === 'disconnect') return await this.disconnectHere(question.server_id, question.uid)
    if (question.q === 'resume') return this.resumedElsewhere(question.member, question.user, question.session_id)
    const { frame } = question
    try {
      // a join comes here because this process holds the room: one that lost it meanwhile sends the member to try again
      if (frame.op === 'voice_join' && await this.relay.claim(frame.d.channel_id) !== this.relay.process) throw new VoiceRefusal('voice_join: the voice room moved to another process; try again')
      await this.handle(this.relayedMember(question.member, question.user, question.session_id), frame)
      return null
    } catch (error) {
      return voiceFailureMessageOf(frame.op, error, unexpected => this.log.error({ err: unexpected }, 'voice: a relayed op failed'))
    }
  }

  /** The member of another process as the hub's code sees it: one per relayed key, its frames numbered and sent back to its process. */
  private relayedMember (from: RelayedVoiceMember, user: User, sessionId: string): VoiceMember {
    const key = `${from.process}/${from.key}`
    const known = this.relayed.get(key)
    if (known) {
      known.seenAt = this.clock()
      return known.member
    }
    let sent = 0
    const member: VoiceMember = {
      uid: user.uid,
      user,
      sessionId,
      state: 'open',
      send: frame => {
        this.relay.send(from.process, { t: 'frame', key: from.key, frame, n: ++sent }).catch(error => this.log.warn({ err: error }, 'voice: a relayed frame was not sent'))
      },
    }
    this.relayed.set(key, { member, seenAt: this.clock() })
    return member
  }

  /** A frame the holder sent a member of this process; one lost on the way (a gap in the numbers) sends them voice_left holder: they join again. */
  private relayedFrame (key: string, frame: VoiceServerFrame, n: number): void {
    const away = this.away.get(key)
    if (!away) return
    if (n !== away.received + 1) {
      const member = away.member
      if (member) {
        this.leaveAway(member)
        member.send({ op: 'voice_left', d: { channel_id: away.channelId, reason: 'holder' } })
      } else {
        this.forgetAway(away)
      }
      return
    }
    away.received = n
    if (frame.op === 'voice_left' && frame.d.channel_id === away.channelId) this.forgetAway(away)
    away.member?.send(frame)
  }

  /**
   * One pass of the upkeep with several processes: renew the leases of the rooms held here (a
   * lost one: its members get voice_left holder), keep their states for the other processes,
   * take out relayed members whose process stopped saying they are there, tell the holders of
   * this process's members' rooms that they still are, and send those members voice_left holder
   * when their room's holder is gone.
   */
  private async keepUp (): Promise<void> {
    const now = this.clock()
    for (const channelId of await this.relay.renew([...this.rooms.keys()])) {
      const room = this.rooms.get(channelId)
      for (const occupant of room ? [...room.occupants.values()] : []) await this.removeFor(occupant, 'holder')
    }
    for (const room of this.rooms.values()) await this.keepStates(room)
    for (const [key, relayed] of [...this.relayed]) {
      if (now - relayed.seenAt <= this.relay.leaseMs) continue
      this.relayed.delete(key)
      // a detached one runs out its grace as it is
      const occupant = this.byMember.get(relayed.member)
      if (occupant) await this.remove(occupant)
    }
    const aways = [...this.away.values()]
    const holders = await this.relay.holdersOf(aways.map(away => away.channelId))
    const byHolder = new Map<string, string[]>()
    aways.forEach((away, index) => {
      if (holders[index] !== away.holder) {
        this.forgetAway(away)
        away.member?.send({ op: 'voice_left', d: { channel_id: away.channelId, reason: 'holder' } })
        return
      }
      byHolder.set(away.holder, [...byHolder.get(away.holder) ?? [], away.key])
    })
    for (const [holder, keys] of byHolder) await this.relay.send(holder, { t: 'alive', process: this.relay.process, keys })
  }

  /** Closes every room and the media worker (the process is closing). */
  async close (): Promise<void> {
    this.closing = true
    if (this.upkeep) clearInterval(this.upkeep)
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer)
      pending.reject(new VoiceRefusal('the process is closing; try again'))
    }
    this.pending.clear()
    for (const away of [...this.away.values()]) this.forgetAway(away)
    this.stopListening()
    for (const occupant of [...this.byUid.values()]) this.take(occupant)
    await this.following
    await this.media.close()
  }
}
