/**
 * The gather spaces of this process: one {@link Space} per metaverse channel
 * somebody stands in, made at the first entry (its map from the showroom, its hosts at their
 * spots) and dropped when the last person leaves. The gateway hands it every space op of a
 * session (core/wire/space.ts); a refusal is a {@link SpaceRefusal}, which the session sends
 * as an error frame of code SpaceRefused (the connection stays open). The space count of
 * each channel reaches its readers as SPACE_COUNT, at most once per channel per
 * {@link SPACE_COUNT_INTERVAL_MS}.
 *
 * Who may do what is decided here, on the process of the member's socket: only a metaverse
 * channel (type 8) the member may read (the gateway's grants; a hidden one is answered like
 * one that does not exist); guests (SPEC §3 B_ uids) look but do not walk or talk; saying
 * passes the gates of a channel message (SendMessages, so a muted or timed-out member is
 * refused; the message rate limit; the server's audit).
 *
 * Several processes (./relay.ts): a space lives on the process holding its lease; a member
 * whose socket is elsewhere is relayed (their ops go to the holder, their frames come back)
 * and their process tells the holder each pass that they are still there. When the holder
 * dies its lease runs out: its relayed members get space_left `moved`, enter again, and the
 * next holder puts them where they last stood. An entry the holder refuses comes back as the
 * same SpaceRefused error frame. The holder numbers a relayed member's frames; one lost on the
 * way (a tick's moves are changes against the poses before) sends them space_left `moved` too.
 */
import { randomBytes } from 'crypto'
import type { FastifyBaseLogger } from 'fastify'
import { channelTypeHas } from '@core/domain/channel-types'
import { identityKindOf } from '@core/domain/identity'
import { Permission } from '@core/domain/permissions'
import { readSpaceMap, type Point } from '@core/domain/space'
import type { Channel, User } from '@core/wire/entities'
import type { SpaceClientFrame } from '@core/wire/space'
import type { AppContext } from '../context'
import { ApiError } from '../errors'
import { accessTo, requireChannelOfMember, visibleChannels } from '../rules/access'
import { requireServerAuditPass } from '../rules/content'
import { contentOf, requireMessageAllowance } from '../rules/messages'
import type { RelayedMember, RelayMessage, SpaceRelay } from './relay'
import { Space, type SpacePerson, type SpaceViewer } from './space'
import { failureMessageOf, SpaceRefusal, type SpaceMember, type SpaceService } from './types'

/** Shortest time between two SPACE_COUNT dispatches of one channel. */
export const SPACE_COUNT_INTERVAL_MS = 1000
/**
 * Entries (space_enter) one account may make per SPACE_ENTRY_WINDOW_MS, on all processes
 * together (the shared hit counter): enough to hop between spaces and jump to friends; one
 * more is refused before anything is read, and the member stays where they stand.
 */
export const SPACE_ENTRIES_PER_WINDOW = 20
/** The entry limit's window. */
export const SPACE_ENTRY_WINDOW_MS = 60_000
/** Longest time between two passes of the relay's upkeep (leases, liveness, positions kept for the next holder). */
const UPKEEP_MAX_MS = 1000

/** What `gate` answers, a refusal of a route's (ApiError) turned into one of space op `op`. */
async function refusedAs<T> (op: SpaceClientFrame['op'], gate: () => Promise<T>): Promise<T> {
  try {
    return await gate()
  } catch (error) {
    if (error instanceof ApiError) throw new SpaceRefusal(`${op}: ${error.message}`)
    throw error
  }
}

/** An avatar standing in a space held here: a member of this process, or one relayed from another. */
interface Standing {
  space: Space
  id: number
  uid: string
  viewer: SpaceViewer
}

/** A member of this process standing in a space another process holds. */
interface Away {
  channelId: string
  serverId: string
  holder: string
  key: string
  /** How many of the holder's frames for this member arrived (each is numbered). */
  received: number
}

/** The last SPACE_COUNT of a channel and the one due. */
interface CountState { at: number, due: ReturnType<typeof setTimeout> | null }

/** The spaces of this process. */
export class SpaceHub implements SpaceService {
  private readonly spaces = new Map<string, Space>()
  private readonly opening = new Map<string, Promise<Space>>()
  /** Members of this process in spaces held here. */
  private readonly standing = new Map<SpaceMember, Standing>()
  /** Members of other processes in spaces held here, by `process/key`, with when their process last said they are there. */
  private readonly relayed = new Map<string, Standing & { seenAt: number }>()
  /** Members of this process in spaces held elsewhere, and by key. */
  private readonly away = new Map<SpaceMember, Away>()
  private readonly awayByKey = new Map<string, SpaceMember>()
  private readonly counts = new Map<string, CountState>()
  private readonly upkeep: ReturnType<typeof setInterval> | null = null

  /** `ctxOf` gives the app's services (the hub is one of them, so it reads them once the app is built). */
  constructor (private readonly ctxOf: () => AppContext, private readonly relay: SpaceRelay, private readonly log: FastifyBaseLogger, private readonly clock: () => number = Date.now) {
    relay.listen(message => { this.heard(message).catch(error => this.log.warn({ err: error }, `space: relayed ${message.t} not handled`)) })
    if (relay.process !== 'local') {
      this.upkeep = setInterval(() => { this.keepUp().catch(error => this.log.warn({ err: error }, 'space: upkeep failed')) }, Math.min(UPKEEP_MAX_MS, Math.floor(relay.leaseMs / 3)))
      this.upkeep.unref()
    }
  }

  /** People standing in the space of `channelId` (on the process holding it). */
  async countOf (channelId: string): Promise<number> {
    const space = this.spaces.get(channelId)
    return space ? space.count : await this.relay.countOf(channelId)
  }

  /**
   * The uids of the people standing in the space of `channelId`: here, the space's own; held by
   * another process, the positions it keeps for the next holder (at most a second old).
   */
  async peopleOf (channelId: string): Promise<string[]> {
    const space = this.spaces.get(channelId)
    return Object.keys(space ? space.positions() : await this.relay.positionsOf(channelId))
  }

  /** Handles one space op of `member` (throws {@link SpaceRefusal}). */
  async handle (member: SpaceMember, frame: SpaceClientFrame): Promise<void> {
    if (frame.op === 'space_enter') {
      await this.requireEntryAllowance(member)
      await this.enter(member, frame.d.channel_id, frame.d.near_uid)
      return
    }
    const here = this.standing.get(member)
    const away = this.away.get(member)
    if (!here && !away) throw new SpaceRefusal(`${frame.op}: not in a space (space_enter first)`)
    if (frame.op === 'space_leave') {
      this.leave(member)
      return
    }
    if (identityKindOf(member.user ?? { uid: member.uid }) === 'guest') throw new SpaceRefusal(`${frame.op}: a guest may look but not walk or talk (sign in)`)
    if (member.grantIn(here?.space.serverId ?? away?.serverId ?? '') === undefined) throw new SpaceRefusal(`${frame.op}: only members of the server walk and talk in its spaces (join it)`)
    const text = frame.op === 'space_say' ? await this.sayable(member, here?.space.channelId ?? away?.channelId ?? '', here?.space.serverId ?? away?.serverId ?? '', frame.d.text) : ''
    // an emote is said to those near as a bubble is: it counts against the same per-account message limit
    if (frame.op === 'space_emote') await refusedAs('space_emote', () => requireMessageAllowance(this.ctxOf(), { ip: member.ip }, member.user as User))
    const now = { here: this.standing.get(member), away: this.away.get(member) } // it may have left meanwhile
    if (now.here) this.apply(now.here, frame.op === 'space_say' ? { op: 'space_say', d: { text } } : frame)
    else if (now.away) await this.relay.send(now.away.holder, { t: 'op', from: { process: this.relay.process, key: now.away.key }, frame: frame.op === 'space_say' ? { op: 'space_say', d: { text } } : frame })
  }

  /** An op of an avatar standing here (its gates already passed). */
  private apply (standing: Standing, frame: SpaceClientFrame): void {
    const { space, id } = standing
    switch (frame.op) {
      case 'space_walk': space.walk(id, frame.d); break
      case 'space_steer': space.steer(id, frame.d.dx, frame.d.dy); break
      case 'space_emote': space.emote(id, frame.d.emote); break
      case 'space_say': space.say(id, frame.d.text, this.clock()); break
    }
  }

  private async enter (member: SpaceMember, channelId: string, nearUid: string | undefined): Promise<void> {
    const ctx = this.ctxOf()
    const user = member.user
    if (!user) throw new SpaceRefusal('space_enter: identify first')
    const channel = await ctx.repos.channels.get(channelId)
    // a channel the member may not read is none to them (a hidden space is invisible); someone who has not joined
    // the server looks at a space a visitor may see, as GET /channels/:id/space shows it to them
    const grant = channel ? member.grantIn(channel.server_id) : undefined
    const visible = channel !== null && (grant ? grant.readable.has(channelId) : await this.visitorSees(channel, user))
    if (!channel || !visible) throw new SpaceRefusal(`space_enter: no channel ${channelId}`)
    if (!channelTypeHas(channel.channel_type, 'carriesSpace')) throw new SpaceRefusal(`space_enter: channel ${channelId} is not a metaverse channel`)
    // a space open here has its map: an entry reads and checks the stored one only when it may have to open it
    if (!this.spaces.has(channelId) && !await ctx.repos.showrooms.spaceMap(channelId)) throw new SpaceRefusal(`space_enter: channel ${channelId} has no space`)
    // a guest account, or anyone not a member of the server, looks but does not walk or talk
    const person: SpacePerson = { uid: user.uid, nickname: user.nickname, avatar: user.avatar, kind: identityKindOf(user) === 'guest' || !grant ? 'guest' : 'member' }
    const holder = await this.relay.claim(channelId)
    if (holder !== this.relay.process) {
      if (member.state !== 'open') return
      this.leave(member)
      const key = randomBytes(8).toString('hex')
      this.away.set(member, { channelId, serverId: channel.server_id, holder, key, received: 0 })
      this.awayByKey.set(key, member)
      await this.relay.send(holder, { t: 'enter', from: { process: this.relay.process, key }, channel_id: channelId, person, near_uid: nearUid })
      return
    }
    const [space, restored] = await Promise.all([this.open(channelId), this.relay.positionsOf(channelId)])
    if (member.state !== 'open') return // the socket closed meanwhile
    this.leave(member)
    // the space may have been dropped while the member left their previous one: take it up again
    this.spaces.set(channelId, space)
    const at = Object.prototype.hasOwnProperty.call(restored, user.uid) ? { x: restored[user.uid][0], y: restored[user.uid][1] } : undefined
    this.standing.set(member, { space, id: space.enter(person, member, nearUid, at), uid: user.uid, viewer: member })
  }

  /** Whether someone who is no member of the channel's server may see it (a bot of another server may not: refused, not failed). */
  private async visitorSees (channel: Channel, user: User): Promise<boolean> {
    const ctx = this.ctxOf()
    try {
      return (await visibleChannels(ctx, await accessTo(ctx, channel.server_id, user), [channel])).length > 0
    } catch (error) {
      if (error instanceof ApiError) return false
      throw error
    }
  }

  /** The space of `channelId`, made at its first entry here. */
  private async open (channelId: string): Promise<Space> {
    const open = this.spaces.get(channelId)
    if (open) return open
    let opening = this.opening.get(channelId)
    if (!opening) {
      opening = this.make(channelId).finally(() => this.opening.delete(channelId))
      this.opening.set(channelId, opening)
    }
    return opening
  }

  private async make (channelId: string): Promise<Space> {
    const ctx = this.ctxOf()
    const [stored, channel] = await Promise.all([ctx.repos.showrooms.spaceMap(channelId), ctx.repos.channels.get(channelId)])
    if (!stored || !channel) throw new SpaceRefusal(`space_enter: channel ${channelId} has no space`)
    const layout = readSpaceMap(stored.map)
    const space = new Space({
      channelId, serverId: stored.server_id, layout, tickHz: ctx.config.spaceTickHz, clock: this.clock,
      countChanged: () => this.countChanged(space),
      greeting: nickname => `${nickname}，欢迎来到${channel.name}！`,
    })
    for (const spot of layout.hosts) {
      const host = await ctx.repos.users.get(spot.uid)
      if (host) space.placeHost({ uid: host.uid, nickname: host.nickname, avatar: host.avatar, kind: 'host' }, spot)
    }
    this.spaces.set(channelId, space)
    return space
  }

  /** Counts an entry of `member` against SPACE_ENTRIES_PER_WINDOW (a refusal before anything is read or left). */
  private async requireEntryAllowance (member: SpaceMember): Promise<void> {
    if (!member.user) return // refused as not identified by the entry itself
    const { count, resetMs } = await this.ctxOf().limits.hit(`space entries ${member.user.uid}`, SPACE_ENTRY_WINDOW_MS)
    if (count <= SPACE_ENTRIES_PER_WINDOW) return
    throw new SpaceRefusal(`space_enter: more than ${SPACE_ENTRIES_PER_WINDOW} entries in ${SPACE_ENTRY_WINDOW_MS / 1000} s, try again in ${Math.max(1, Math.ceil(resetMs / 1000))} s`)
  }

  /** The text `member` may say in the space of `channelId`, after the gates of a channel message. */
  private async sayable (member: SpaceMember, channelId: string, serverId: string, text: string): Promise<string> {
    const ctx = this.ctxOf()
    const user = member.user as User
    return refusedAs('space_say', async () => {
      // SendMessages there (a muted or timed-out member has none), the rate limit, the audit
      await requireChannelOfMember(ctx, channelId, user, Permission.SendMessages)
      const content = contentOf(text)
      await requireMessageAllowance(ctx, { ip: member.ip }, user)
      await requireServerAuditPass(ctx, serverId, { content })
      return content
    })
  }

  /** `member` leaves its space, if it stands in one (its own doing, or its socket closed). */
  leave (member: SpaceMember): void {
    const away = this.away.get(member)
    if (away) {
      this.away.delete(member)
      this.awayByKey.delete(away.key)
      this.relay.send(away.holder, { t: 'op', from: { process: this.relay.process, key: away.key }, frame: { op: 'space_leave', d: null } })
        .catch(error => this.log.warn({ err: error }, 'space: a relayed leave was not sent'))
    }
    const standing = this.standing.get(member)
    if (!standing) return
    this.standing.delete(member)
    this.leaveSpace(standing)
  }

  private leaveSpace ({ space, id }: Standing): void {
    space.leave(id)
    if (space.empty) this.drop(space)
  }

  /** `member` can no longer read `channelIds` of `serverId` (null: any of its channels: it left the server): out of such a space with space_left hidden. */
  hidden (member: SpaceMember, serverId: string, channelIds: readonly string[] | null): void {
    const standing = this.standing.get(member)
    const place = standing ? { channelId: standing.space.channelId, serverId: standing.space.serverId } : this.away.get(member)
    if (!place || place.serverId !== serverId || (channelIds !== null && !channelIds.includes(place.channelId))) return
    this.leave(member)
    member.send({ op: 'space_left', d: { channel_id: place.channelId, reason: 'hidden' } })
  }

  /** A deleted channel's space empties: everyone of this process in it gets space_left hidden. */
  channelGone (channelId: string): void {
    for (const [member, standing] of [...this.standing]) if (standing.space.channelId === channelId) this.hidden(member, standing.space.serverId, [channelId])
    for (const [member, away] of [...this.away]) if (away.channelId === channelId) this.hidden(member, away.serverId, [channelId])
  }

  /** Every avatar of `uid` in the space of `channelId` held here (one per session, relayed ones too), with how to take it out. */
  private standingsOf (channelId: string, uid: string): Array<{ standing: Standing, out: () => void }> {
    const found: Array<{ standing: Standing, out: () => void }> = []
    for (const [member, standing] of this.standing) {
      if (standing.uid === uid && standing.space.channelId === channelId) found.push({ standing, out: () => { this.standing.delete(member); this.leaveSpace(standing) } })
    }
    for (const [key, standing] of this.relayed) {
      if (standing.uid === uid && standing.space.channelId === channelId) found.push({ standing, out: () => { this.relayed.delete(key); this.leaveSpace(standing) } })
    }
    return found
  }

  /**
   * A moderator moves `uid` (each of their avatars) in the space of `channelId` to `to`, or
   * removes them (`to` null: space_left removed). False when they are not in it (a space held
   * by another process: the holder is told, true when there is one).
   */
  async moderate (channelId: string, uid: string, to: Point | null): Promise<boolean> {
    if (!this.spaces.has(channelId)) {
      const holder = await this.relay.holderOf(channelId)
      if (holder === null || holder === this.relay.process) return false
      await this.relay.send(holder, { t: 'moderate', channel_id: channelId, uid, to })
      return true
    }
    return this.moderateHere(channelId, uid, to)
  }

  private moderateHere (channelId: string, uid: string, to: Point | null): boolean {
    const found = this.standingsOf(channelId, uid)
    for (const { standing, out } of found) {
      if (to) {
        standing.space.place(standing.id, to)
        continue
      }
      out()
      standing.viewer.send({ op: 'space_left', d: { channel_id: channelId, reason: 'removed' } })
    }
    return found.length > 0
  }

  /** A host (map account) of the space of `channelId` says `text` there; false when nobody stands in it. */
  async hostSay (channelId: string, uid: string, text: string): Promise<boolean> {
    if (!this.spaces.has(channelId)) {
      const holder = await this.relay.holderOf(channelId)
      if (holder === null || holder === this.relay.process) return false
      await this.relay.send(holder, { t: 'host_say', channel_id: channelId, uid, text })
      return true
    }
    return this.hostSayHere(channelId, uid, text)
  }

  private hostSayHere (channelId: string, uid: string, text: string): boolean {
    const space = this.spaces.get(channelId)
    const id = space?.idOf(uid)
    if (!space || id === undefined) return false
    space.say(id, text, this.clock())
    return true
  }

  /** A message from another process. */
  private async heard (message: RelayMessage): Promise<void> {
    switch (message.t) {
      case 'enter': await this.enterRelayedOrRefuse(message.from, message.channel_id, message.person, message.near_uid); break
      case 'op': {
        const key = `${message.from.process}/${message.from.key}`
        const standing = this.relayed.get(key)
        if (!standing) break
        if (message.frame.op === 'space_leave') {
          this.relayed.delete(key)
          this.leaveSpace(standing)
        } else {
          this.apply(standing, message.frame)
        }
        break
      }
      case 'alive': {
        const now = this.clock()
        for (const key of message.keys) {
          const standing = this.relayed.get(`${message.process}/${key}`)
          if (standing) standing.seenAt = now
        }
        break
      }
      case 'frame': {
        const member = this.awayByKey.get(message.key)
        if (!member) break
        const away = this.away.get(member) as Away
        if (message.n !== away.received + 1) {
          // one was lost on the way (Redis pub/sub does not resend): a tick's moves are changes against
          // poses (core/domain/space/poses.ts), so the member enters again from a whole space_ready
          this.leave(member)
          member.send({ op: 'space_left', d: { channel_id: away.channelId, reason: 'moved' } })
          break
        }
        away.received = message.n
        if (message.frame.op === 'space_left') {
          this.away.delete(member)
          this.awayByKey.delete(message.key)
        }
        member.send(message.frame)
        break
      }
      case 'refused': {
        const member = this.awayByKey.get(message.key)
        if (!member) break
        this.away.delete(member)
        this.awayByKey.delete(message.key)
        member.refuse(message.msg)
        break
      }
      case 'moderate': this.moderateHere(message.channel_id, message.uid, message.to); break
      case 'host_say': this.hostSayHere(message.channel_id, message.uid, message.text); break
    }
  }

  /**
   * A member of another process enters a space held here, or is told why not: the refusal goes
   * back to their process, which sends them the error frame a refusal there would have got
   * (and forgets the entry). An unexpected failure is logged and answered as the session
   * answers one (failureMessageOf).
   */
  private async enterRelayedOrRefuse (from: RelayedMember, channelId: string, person: SpacePerson, nearUid: string | undefined): Promise<void> {
    try {
      await this.enterRelayed(from, channelId, person, nearUid)
    } catch (error) {
      const msg = failureMessageOf('space_enter', error, unexpected => this.log.error({ err: unexpected }, 'space: a relayed entry failed'))
      await this.relay.send(from.process, { t: 'refused', key: from.key, msg })
    }
  }

  /** A member of another process enters a space held here; their frames go back to their process. */
  private async enterRelayed (from: RelayedMember, channelId: string, person: SpacePerson, nearUid: string | undefined): Promise<void> {
    let sent = 0
    const viewer: SpaceViewer = {
      send: frame => { this.relay.send(from.process, { t: 'frame', key: from.key, frame, n: ++sent }).catch(error => this.log.warn({ err: error }, 'space: a relayed frame was not sent')) },
    }
    const [space, restored] = await Promise.all([this.open(channelId), this.relay.positionsOf(channelId)])
    this.spaces.set(channelId, space)
    const at = Object.prototype.hasOwnProperty.call(restored, person.uid) ? { x: restored[person.uid][0], y: restored[person.uid][1] } : undefined
    this.relayed.set(`${from.process}/${from.key}`, { space, id: space.enter(person, viewer, nearUid, at), uid: person.uid, viewer, seenAt: this.clock() })
  }

  /**
   * One pass of the upkeep with several processes: renew the leases of the spaces held here
   * (a lost one: its people are sent space_left moved), keep their counts and positions for
   * the next holder, drop relayed avatars whose process stopped saying they are there, tell
   * the holders of the spaces this process's members stand in that they still do, and send
   * those members space_left moved when their space's holder is gone.
   */
  private async keepUp (): Promise<void> {
    const now = this.clock()
    for (const channelId of await this.relay.renew([...this.spaces.keys()])) this.moved(channelId)
    for (const space of this.spaces.values()) await this.relay.keepPositions(space.channelId, space.positions())
    for (const [key, standing] of [...this.relayed]) {
      if (now - standing.seenAt <= this.relay.leaseMs) continue
      this.relayed.delete(key)
      this.leaveSpace(standing)
    }
    const byHolder = new Map<string, string[]>()
    for (const [member, away] of [...this.away]) {
      const holder = await this.relay.holderOf(away.channelId)
      if (holder !== away.holder) {
        this.away.delete(member)
        this.awayByKey.delete(away.key)
        member.send({ op: 'space_left', d: { channel_id: away.channelId, reason: 'moved' } })
        continue
      }
      byHolder.set(holder, [...byHolder.get(holder) ?? [], away.key])
    }
    for (const [holder, keys] of byHolder) await this.relay.send(holder, { t: 'alive', process: this.relay.process, keys })
  }

  /** This process lost the space of `channelId`: everyone in it enters again (where the next holder finds them). */
  private moved (channelId: string): void {
    const space = this.spaces.get(channelId)
    if (!space) return
    for (const [member, standing] of [...this.standing]) {
      if (standing.space !== space) continue
      this.standing.delete(member)
      member.send({ op: 'space_left', d: { channel_id: channelId, reason: 'moved' } })
    }
    for (const [key, standing] of [...this.relayed]) {
      if (standing.space !== space) continue
      this.relayed.delete(key)
      standing.viewer.send({ op: 'space_left', d: { channel_id: channelId, reason: 'moved' } })
    }
    space.stop()
    this.spaces.delete(channelId)
  }

  private drop (space: Space): void {
    space.stop()
    if (this.spaces.get(space.channelId) !== space) return
    this.spaces.delete(space.channelId)
    this.relay.release(space.channelId).catch(error => this.log.warn({ err: error }, 'space: lease not released'))
  }

  /** SPACE_COUNT at once, unless one went out less than SPACE_COUNT_INTERVAL_MS ago: then once when it ends, with the count then. */
  private countChanged (space: Space): void {
    this.relay.keepCount(space.channelId, space.count).catch(error => this.log.warn({ err: error }, 'space: count not kept'))
    const now = this.clock()
    const state = this.counts.get(space.channelId)
    if (state?.due) return
    if (!state || now - state.at >= SPACE_COUNT_INTERVAL_MS) {
      this.counts.set(space.channelId, { at: now, due: null })
      this.publishCount(space)
      return
    }
    state.due = setTimeout(() => {
      state.due = null
      state.at = this.clock()
      this.publishCount(space)
    }, state.at + SPACE_COUNT_INTERVAL_MS - now)
  }

  private publishCount (space: Space): void {
    const target = { server_id: space.serverId, channel_id: space.channelId }
    this.ctxOf().bus.publish('SPACE_COUNT', target, { ...target, count: space.count })
      .catch(error => this.log.warn({ err: error }, 'space: SPACE_COUNT not published'))
  }

  /** Stops every space's timer and the upkeep (the process is closing). */
  close (): void {
    if (this.upkeep) clearInterval(this.upkeep)
    for (const space of this.spaces.values()) space.stop()
    for (const state of this.counts.values()) if (state.due) clearTimeout(state.due)
    this.spaces.clear()
    this.standing.clear()
    this.relayed.clear()
  }
}
