/**
 * The gather spaces of this process (issue 31): one {@link Space} per metaverse channel
 * somebody stands in, made at the first entry (its map from the showroom, its hosts at their
 * spots) and dropped when the last person leaves. The gateway hands it every space op of a
 * session (core/wire/space.ts); a refusal is a {@link SpaceRefusal}, which the session sends
 * as an error frame of code SpaceRefused (the connection stays open). The space count of
 * each channel reaches its readers as SPACE_COUNT, at most once per channel per
 * {@link SPACE_COUNT_INTERVAL_MS}.
 *
 * Who may do what: only a metaverse channel (type 8) the member may read (the gateway's
 * grants; a hidden one is answered like one that does not exist); guests (SPEC §3 B_ uids)
 * look but do not walk or talk; saying passes the gates of a channel message (SendMessages,
 * so a muted or timed-out member is refused; the message rate limit; the server's audit).
 */
import type { FastifyBaseLogger } from 'fastify'
import { identityKindOf } from '@core/domain/identity'
import { Permission } from '@core/domain/permissions'
import { readSpaceMap, type Point } from '@core/domain/space'
import { ChannelType, type User } from '@core/wire/entities'
import type { SpaceClientFrame, SpaceServerFrame } from '@core/wire/space'
import type { AppContext } from '../context'
import { ApiError } from '../errors'
import type { ServerGrant } from '../gateway/grants'
import { requireChannelOfMember } from '../routes/access'
import { requireServerAuditPass } from '../routes/checks'
import { contentOf, requireMessageAllowance } from '../routes/messages'
import { Space, type SpacePerson } from './space'

/** Shortest time between two SPACE_COUNT dispatches of one channel. */
export const SPACE_COUNT_INTERVAL_MS = 1000

/** A space op refused: the session answers it with an error frame of code SpaceRefused. */
export class SpaceRefusal extends Error {}

/** What the hub needs of a gateway session. */
export interface SpaceMember {
  readonly uid: string
  /** The signed-in user (null before identify). */
  readonly user: User | null
  /** Where the socket connects from (the message rate limit's allow list). */
  readonly ip: string
  readonly state: string
  grantIn (serverId: string): ServerGrant | undefined
  send (frame: SpaceServerFrame): void
}

/** Where a member stands. */
interface Place { space: Space, id: number }

/** The last SPACE_COUNT of a channel and the one due. */
interface CountState { at: number, due: ReturnType<typeof setTimeout> | null }

/** The spaces of this process. */
export class SpaceHub {
  private readonly spaces = new Map<string, Space>()
  private readonly opening = new Map<string, Promise<Space>>()
  private readonly places = new Map<SpaceMember, Place>()
  private readonly counts = new Map<string, CountState>()

  /** `ctxOf` gives the app's services (the hub is one of them, so it reads them once the app is built). */
  constructor (private readonly ctxOf: () => AppContext, private readonly log: FastifyBaseLogger, private readonly clock: () => number = Date.now) {}

  /** People standing in the space of `channelId` on this process. */
  countOf (channelId: string): number {
    return this.spaces.get(channelId)?.count ?? 0
  }

  /** Handles one space op of `member` (throws {@link SpaceRefusal}). */
  async handle (member: SpaceMember, frame: SpaceClientFrame): Promise<void> {
    if (frame.op === 'space_enter') {
      await this.enter(member, frame.d.channel_id, frame.d.near_uid)
      return
    }
    const place = this.places.get(member)
    if (!place) throw new SpaceRefusal(`${frame.op}: not in a space (space_enter first)`)
    if (frame.op === 'space_leave') {
      this.leave(member)
      return
    }
    if (identityKindOf(member.user ?? { uid: member.uid }) === 'guest') throw new SpaceRefusal(`${frame.op}: a guest may look but not walk or talk (sign in)`)
    switch (frame.op) {
      case 'space_walk': place.space.walk(place.id, frame.d); break
      case 'space_steer': place.space.steer(place.id, frame.d.dx, frame.d.dy); break
      case 'space_emote': place.space.emote(place.id, frame.d.emote); break
      case 'space_say': await this.say(member, place, frame.d.text); break
    }
  }

  private async enter (member: SpaceMember, channelId: string, nearUid: string | undefined): Promise<void> {
    const ctx = this.ctxOf()
    const user = member.user
    if (!user) throw new SpaceRefusal('space_enter: identify first')
    const channel = await ctx.repos.channels.get(channelId)
    // a channel the member may not read is none to them (a hidden space is invisible)
    if (!channel || member.grantIn(channel.server_id)?.readable.has(channelId) !== true) throw new SpaceRefusal(`space_enter: no channel ${channelId}`)
    if (channel.channel_type !== ChannelType.Metaverse) throw new SpaceRefusal(`space_enter: channel ${channelId} is not a metaverse channel`)
    const space = await this.open(channelId, channel.name)
    if (member.state !== 'open') return // the socket closed meanwhile
    this.leave(member)
    const kind = identityKindOf(user) === 'guest' ? 'guest' : 'member'
    const person: SpacePerson = { uid: user.uid, nickname: user.nickname, avatar: user.avatar, kind }
    // the space may have been dropped while the member left their previous one: take it up again
    this.spaces.set(channelId, space)
    this.places.set(member, { space, id: space.enter(person, member, nearUid) })
  }

  /** The space of `channelId`, made at its first entry. */
  private async open (channelId: string, name: string): Promise<Space> {
    const open = this.spaces.get(channelId)
    if (open) return open
    let opening = this.opening.get(channelId)
    if (!opening) {
      opening = this.make(channelId, name).finally(() => this.opening.delete(channelId))
      this.opening.set(channelId, opening)
    }
    return opening
  }

  private async make (channelId: string, name: string): Promise<Space> {
    const ctx = this.ctxOf()
    const stored = await ctx.repos.showrooms.spaceMap(channelId)
    if (!stored) throw new SpaceRefusal(`space_enter: channel ${channelId} has no space`)
    const layout = readSpaceMap(stored.map)
    const space = new Space({
      channelId, serverId: stored.server_id, layout, tickHz: ctx.config.spaceTickHz, clock: this.clock,
      countChanged: () => this.countChanged(space),
      greeting: nickname => `${nickname}，欢迎来到${name}！`,
    })
    for (const spot of layout.hosts) {
      const host = await ctx.repos.users.get(spot.uid)
      if (host) space.placeHost({ uid: host.uid, nickname: host.nickname, avatar: host.avatar, kind: 'host' }, spot)
    }
    this.spaces.set(channelId, space)
    return space
  }

  private async say (member: SpaceMember, place: Place, text: string): Promise<void> {
    const ctx = this.ctxOf()
    const user = member.user as User
    let content: string
    try {
      // the gates of a channel message: SendMessages there (a muted or timed-out member has none), the rate limit, the audit
      await requireChannelOfMember(ctx, place.space.channelId, user, Permission.SendMessages)
      content = contentOf(text)
      await requireMessageAllowance(ctx, { ip: member.ip }, user)
      await requireServerAuditPass(ctx, place.space.serverId, { content })
    } catch (error) {
      if (error instanceof ApiError) throw new SpaceRefusal(`space_say: ${error.message}`)
      throw error
    }
    if (this.places.get(member) === place) place.space.say(place.id, content, this.clock())
  }

  /** `member` leaves its space, if it stands in one (its own doing, or its socket closed). */
  leave (member: SpaceMember): void {
    const place = this.places.get(member)
    if (!place) return
    this.places.delete(member)
    place.space.leave(place.id)
    if (place.space.empty) this.drop(place.space)
  }

  /** `member` can no longer read `channelIds` of `serverId` (null: any of its channels: it left the server): out of such a space with space_left hidden. */
  hidden (member: SpaceMember, serverId: string, channelIds: readonly string[] | null): void {
    const place = this.places.get(member)
    if (!place || place.space.serverId !== serverId || (channelIds !== null && !channelIds.includes(place.space.channelId))) return
    this.leave(member)
    member.send({ op: 'space_left', d: { channel_id: place.space.channelId, reason: 'hidden' } })
  }

  /** A deleted channel's space empties: everyone in it gets space_left hidden. */
  channelGone (channelId: string): void {
    for (const [member, place] of [...this.places]) {
      if (place.space.channelId === channelId) this.hidden(member, place.space.serverId, [channelId])
    }
  }

  /** The sessions standing as `uid` in the space of `channelId` (one avatar per session). */
  private membersIn (channelId: string, uid: string): Array<[SpaceMember, Place]> {
    return [...this.places].filter(([member, place]) => member.uid === uid && place.space.channelId === channelId)
  }

  /** A moderator moves `uid` (each of their avatars) in the space of `channelId` to `to`; false when they are not in it. */
  move (channelId: string, uid: string, to: Point): boolean {
    const standing = this.membersIn(channelId, uid)
    for (const [, place] of standing) place.space.place(place.id, to)
    return standing.length > 0
  }

  /** A moderator removes `uid` (each of their avatars) from the space of `channelId`, with space_left removed; false when they are not in it. */
  remove (channelId: string, uid: string): boolean {
    const standing = this.membersIn(channelId, uid)
    for (const [member] of standing) {
      this.leave(member)
      member.send({ op: 'space_left', d: { channel_id: channelId, reason: 'removed' } })
    }
    return standing.length > 0
  }

  /** A host (map account) of the space of `channelId` says `text` there; false when the space is empty or `uid` stands not in it. */
  hostSay (channelId: string, uid: string, text: string): boolean {
    const space = this.spaces.get(channelId)
    const id = space?.idOf(uid)
    if (!space || id === undefined) return false
    space.say(id, text, this.clock())
    return true
  }

  private drop (space: Space): void {
    space.stop()
    if (this.spaces.get(space.channelId) === space) this.spaces.delete(space.channelId)
  }

  /** SPACE_COUNT at once, unless one went out less than SPACE_COUNT_INTERVAL_MS ago: then once when it ends, with the count then. */
  private countChanged (space: Space): void {
    const now = this.clock()
    const state = this.counts.get(space.channelId)
    if (state?.due) return
    if (!state || now - state.at >= SPACE_COUNT_INTERVAL_MS) {
      this.counts.set(space.channelId, { at: now, due: null })
      this.publishCount(space.serverId, space.channelId)
      return
    }
    state.due = setTimeout(() => {
      state.due = null
      state.at = this.clock()
      this.publishCount(space.serverId, space.channelId)
    }, state.at + SPACE_COUNT_INTERVAL_MS - now)
  }

  private publishCount (serverId: string, channelId: string): void {
    const target = { server_id: serverId, channel_id: channelId }
    this.ctxOf().bus.publish('SPACE_COUNT', target, { ...target, count: this.countOf(channelId) })
      .catch(error => this.log.warn({ err: error }, 'space: SPACE_COUNT not published'))
  }

  /** Stops every space's timer (the process is closing). */
  close (): void {
    for (const space of this.spaces.values()) space.stop()
    for (const state of this.counts.values()) if (state.due) clearTimeout(state.due)
    this.spaces.clear()
    this.places.clear()
  }
}
