/**
 * The gather space of a metaverse channel (type 8): who is in it, where they stand, what
 * they say near each other. It travels over the same gateway socket as every dispatch
 * (core/wire/gateway.ts), as its own ops rather than dispatches: positions are of the
 * moment — never in the bus's resume log, never replayed. A dropped socket leaves the space;
 * the client enters again after its session is back.
 *
 * Units: map pixels of the space's Tiled map (`GET /channels/:id/space`: its `map`), integers;
 * `x, y` is where the avatar's feet stand. Direction: 0 down, 1 left, 2 right, 3 up (a sprite
 * sheet's rows in that order).
 *
 * Client → server (each answered with an `error` frame of code SpaceRefused when refused;
 * the connection stays open — but a frame over its op's SPACE_FRAME_MAX_BYTES is FrameTooLarge,
 * and a flood of ops beyond the gateway's space budgets closes it with RateLimited):
 * - `space_enter {channel_id, near_uid?}`: stand in the space (next to `near_uid` when they
 *   are in it: "jump to a friend"); answered with `space_ready`. Entering another space
 *   leaves the first. Guests may look but not walk or talk.
 * - `space_leave`: leave it.
 * - `space_walk {x, y}`: walk to that point along a path around the collision layer, at the
 *   space's speed (a tap). The server finds the path; the client never places itself.
 * - `space_steer {dx, dy}`: walk in a direction until steered again; `{0, 0}` stops (keys,
 *   on-screen stick). Each of dx, dy is -1, 0 or 1.
 * - `space_say {text}`: a bubble over the avatar, heard within SPACE_TALK_RADIUS (audited and
 *   rate-limited as a message; a muted or timed-out member is refused).
 * - `space_emote {emote}`: a short animation over the avatar.
 *
 * Server → client:
 * - `space_ready`: the space as this member first sees it (their own avatar id, everyone in
 *   their area of interest).
 * - `space_tick`: what changed in their area of interest since the last tick — avatars that
 *   came into view for the first time in this member's stay (`in`, whole: who and where),
 *   came back into view (`back`, flat [id, x, y, dir] quadruples: who they are was sent
 *   before, so the client keeps every avatar it was sent — `space_ready`'s and `in`'s — until
 *   it leaves the space), moved (`m`, flat [id, dx, dy] triples: how far from the pose this
 *   member was last told of it) or turned (`turn`, [id, dir] pairs), went out of view or left
 *   (`out`). Nothing when nothing changed: an idle space costs nothing. Moves are changes, so
 *   a client applies every tick in order (core/domain/space/poses.ts `applyTickPoses`, the one
 *   decoder; the server tells them with its `tellMove`); whole poses come in `space_ready`,
 *   `in` and `back` only.
 * - `space_said`, `space_emoted`: to those within the radius of the speaker.
 * - `space_group`: the conversation (up to SPACE_GROUP_MAX avatars standing close) this
 *   member is now in, or none.
 * - `space_left`: this member is out of the space by someone else's doing (a moderator
 *   removed them, the channel became hidden, the space moved to another process and the
 *   client should enter again).
 *
 * The space count of each metaverse channel reaches every reader of it as the dispatch
 * SPACE_COUNT (core/wire/dispatches.ts), coalesced.
 */
import { Type, type Static, type TLiteral, type TUnion } from '@sinclair/typebox'
import { ChannelParamsSchema, ServerParamsSchema } from './api'
import type { CallSchemasOf } from './call-schemas'
import { SPACE_EMOTES, SPACE_SAY_MAX_LENGTH } from './space-codes'
import { SPACE_CALLS } from './space-paths'

/**
 * One of `values`, as a union of literals: the gateway checks client frames and the server
 * checks maps with TypeBox's compiler, which reads literals (not the `enum` of ./fields
 * StringEnum).
 */
function OneOf<const V extends readonly string[]> (values: V): TUnion<Array<TLiteral<V[number]>>> {
  return Type.Union(values.map(value => Type.Literal(value)))
}

// the values live in ./space-codes (no TypeBox, so the client takes them from there)
export * from './space-codes'

/** Who stands in the space: a signed-in or guest member, or a map account (SPEC §3 `D_` uid) hosting it. */
export const SpaceAvatarKindSchema = OneOf(['member', 'guest', 'host'])

/** One avatar as it comes into view: who, where, facing which way. `id` is short, for ticks; it lives as long as the avatar stays in the space. */
export const SpaceAvatarSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  uid: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  kind: SpaceAvatarKindSchema,
  x: Type.Integer(),
  y: Type.Integer(),
  dir: Type.Integer({ minimum: 0, maximum: 3 }),
})
/** One avatar in view. */
export type SpaceAvatar = Static<typeof SpaceAvatarSchema>

// ---- client → server ----

/** Client → server: stand in the space of a metaverse channel. */
export const SpaceEnterFrameSchema = Type.Object({
  op: Type.Literal('space_enter'),
  d: Type.Object({ channel_id: Type.String({ minLength: 1, maxLength: 64 }), near_uid: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
})
/** Client → server: leave the space. */
export const SpaceLeaveFrameSchema = Type.Object({ op: Type.Literal('space_leave'), d: Type.Null() })
/** Client → server: walk to a point (map pixels). */
export const SpaceWalkFrameSchema = Type.Object({
  op: Type.Literal('space_walk'),
  d: Type.Object({ x: Type.Integer({ minimum: -100_000, maximum: 100_000 }), y: Type.Integer({ minimum: -100_000, maximum: 100_000 }) }),
})
/** Client → server: walk in a direction until steered again. */
export const SpaceSteerFrameSchema = Type.Object({
  op: Type.Literal('space_steer'),
  d: Type.Object({ dx: Type.Integer({ minimum: -1, maximum: 1 }), dy: Type.Integer({ minimum: -1, maximum: 1 }) }),
})
/** Client → server: say something near the avatar. */
export const SpaceSayFrameSchema = Type.Object({
  op: Type.Literal('space_say'),
  d: Type.Object({ text: Type.String({ minLength: 1, maxLength: SPACE_SAY_MAX_LENGTH }) }),
})
/** Client → server: play an emote. */
export const SpaceEmoteFrameSchema = Type.Object({
  op: Type.Literal('space_emote'),
  d: Type.Object({ emote: OneOf(SPACE_EMOTES) }),
})
/**
 * The largest frame of each space op the gateway reads, in bytes, far below the gateway's
 * GATEWAY_MAX_FRAME_BYTES: what its longest legitimate form takes as JSON (ids of 64
 * characters of 3 UTF-8 bytes; a bubble of SPACE_SAY_MAX_LENGTH characters escaped as
 * `\uXXXX`), with room for spacing. A larger one is refused as FrameTooLarge.
 */
export const SPACE_FRAME_MAX_BYTES = {
  space_enter: 512,
  space_leave: 64,
  space_walk: 128,
  space_steer: 128,
  space_say: 1280,
  space_emote: 128,
} as const

/** Every client frame about a space. */
export const SpaceClientFrameSchemas = [SpaceEnterFrameSchema, SpaceLeaveFrameSchema, SpaceWalkFrameSchema, SpaceSteerFrameSchema, SpaceSayFrameSchema, SpaceEmoteFrameSchema] as const
/** A client frame about a space. */
export type SpaceClientFrame = Static<typeof SpaceClientFrameSchemas[number]>

// ---- server → client ----

/** Server → client: the member stands in the space. */
export const SpaceReadyFrameSchema = Type.Object({
  op: Type.Literal('space_ready'),
  d: Type.Object({
    channel_id: Type.String(),
    /** This member's own avatar (also in `avatars`). */
    self: Type.Integer({ minimum: 1 }),
    /** Ticks per second the server sends at most. */
    tick_hz: Type.Integer({ minimum: 1 }),
    /** Map pixels per second an avatar walks. */
    speed: Type.Integer({ minimum: 1 }),
    /** Whether this member may walk and talk (a guest looks). */
    can_act: Type.Boolean(),
    /** Everyone in this member's area of interest. */
    avatars: Type.Array(SpaceAvatarSchema),
    /** Everyone in the space. */
    count: Type.Integer({ minimum: 0 }),
  }),
})
/** Server → client: what changed in the member's area of interest. */
export const SpaceTickFrameSchema = Type.Object({
  op: Type.Literal('space_tick'),
  d: Type.Object({
    /**
     * Flat triples [id, dx, dy, id, dx, dy, …] of the avatars in view that moved: how many map
     * pixels each stands from the pose this member was last told of it (in `space_ready`, `in`,
     * `back` or an earlier `m` / `turn`; small numbers, one to three characters of JSON where
     * whole coordinates take three to four). An avatar that only turned is not in it.
     */
    m: Type.Array(Type.Integer()),
    /**
     * Flat pairs [id, dir, …] of the avatars in view now facing another way than this member
     * was last told (they start, turn, or turn in place: a few of a tick's moves, so the facing
     * does not ride on every triple of `m`). Applied with `m`, against the same pose.
     */
    turn: Type.Optional(Type.Array(Type.Integer())),
    /** Avatars that came into view for the first time in this member's stay (or entered the space): whole. */
    in: Type.Optional(Type.Array(SpaceAvatarSchema)),
    /**
     * Flat quadruples [id, x, y, dir, …] of avatars that came back into view: their uid,
     * nickname, avatar and kind were sent to this member before in this stay (in `space_ready`
     * or an `in`), and an avatar id is one person's for their whole visit. A walking crowd's
     * edge keeps changing who is nearest: each return costs its pose only.
     */
    back: Type.Optional(Type.Array(Type.Integer())),
    /** Ids of avatars that went out of view or left. */
    out: Type.Optional(Type.Array(Type.Integer())),
    /** Everyone in the space, when it changed. */
    count: Type.Optional(Type.Integer({ minimum: 0 })),
  }),
})
/** Server → client: someone within the radius said something. */
export const SpaceSaidFrameSchema = Type.Object({
  op: Type.Literal('space_said'),
  d: Type.Object({ id: Type.Integer(), uid: Type.String(), nickname: Type.String(), text: Type.String(), at: Type.Integer({ description: 'ms since epoch' }) }),
})
/** Server → client: someone within the radius played an emote. */
export const SpaceEmotedFrameSchema = Type.Object({
  op: Type.Literal('space_emoted'),
  d: Type.Object({ id: Type.Integer(), emote: OneOf(SPACE_EMOTES) }),
})
/** Server → client: the conversation this member is in now (avatar ids, themselves included), empty for none. */
export const SpaceGroupFrameSchema = Type.Object({
  op: Type.Literal('space_group'),
  d: Type.Object({ ids: Type.Array(Type.Integer()) }),
})
/** Server → client: out of the space by someone else's doing. */
export const SpaceLeftFrameSchema = Type.Object({
  op: Type.Literal('space_left'),
  d: Type.Object({ channel_id: Type.String(), reason: OneOf(['removed', 'hidden', 'moved']) }),
})
/** Every server frame about a space. */
export const SpaceServerFrameSchemas = [SpaceReadyFrameSchema, SpaceTickFrameSchema, SpaceSaidFrameSchema, SpaceEmotedFrameSchema, SpaceGroupFrameSchema, SpaceLeftFrameSchema] as const
/** A server frame about a space. */
export type SpaceServerFrame = Static<typeof SpaceServerFrameSchemas[number]>
/** The payload of `space_ready`. */
export type SpaceReadyData = Static<typeof SpaceReadyFrameSchema>['d']
/** The payload of `space_tick`. */
export type SpaceTickData = Static<typeof SpaceTickFrameSchema>['d']

// ---- HTTP and dispatch ----

/** SPACE_COUNT: how many stand in a metaverse channel's space now (the channel row: 像素乐园 · 23 人在逛). */
export const SpaceCountSchema = Type.Object({ server_id: Type.String(), channel_id: Type.String(), count: Type.Integer({ minimum: 0 }) })
/** SPACE_COUNT payload. */
export type SpaceCount = Static<typeof SpaceCountSchema>

/**
 * A Tiled map (JSON map format, orthogonal, as the Tiled editor saves it), as much of it as
 * the space reads: tile layers (drawn in order; one named `collision` is not drawn and blocks
 * every non-zero tile), object layers (objects with a `hotspot_id` or `host_uid` property
 * place the showroom's hotspots and hosts; one of type `screen` is where a live map plays its
 * broadcast; `spawn` is where newcomers stand) and tilesets with their image.
 */
export const TiledPropertySchema = Type.Object({ name: Type.String(), type: Type.Optional(Type.String()), value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]) })
/** One Tiled layer: tiles (`data`, row-major gids) or objects. */
export const TiledLayerSchema = Type.Object({
  name: Type.String(),
  type: OneOf(['tilelayer', 'objectgroup', 'imagelayer', 'group']),
  visible: Type.Optional(Type.Boolean()),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  data: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }))),
  image: Type.Optional(Type.String()),
  objects: Type.Optional(Type.Array(Type.Object({
    id: Type.Integer(),
    name: Type.Optional(Type.String()),
    type: Type.Optional(Type.String()),
    class: Type.Optional(Type.String()),
    x: Type.Number(),
    y: Type.Number(),
    width: Type.Optional(Type.Number()),
    height: Type.Optional(Type.Number()),
    properties: Type.Optional(Type.Array(TiledPropertySchema)),
  }))),
})
/** One Tiled tileset, embedded, with its image. */
export const TiledTilesetSchema = Type.Object({
  firstgid: Type.Integer({ minimum: 1 }),
  name: Type.Optional(Type.String()),
  image: Type.String(),
  imagewidth: Type.Integer({ minimum: 1 }),
  imageheight: Type.Integer({ minimum: 1 }),
  tilewidth: Type.Integer({ minimum: 1 }),
  tileheight: Type.Integer({ minimum: 1 }),
  columns: Type.Integer({ minimum: 1 }),
  tilecount: Type.Integer({ minimum: 1 }),
})
/** A Tiled map. */
export const TiledMapSchema = Type.Object({
  orientation: Type.Literal('orthogonal'),
  width: Type.Integer({ minimum: 1, maximum: 1000 }),
  height: Type.Integer({ minimum: 1, maximum: 1000 }),
  tilewidth: Type.Integer({ minimum: 1 }),
  tileheight: Type.Integer({ minimum: 1 }),
  layers: Type.Array(TiledLayerSchema),
  tilesets: Type.Array(TiledTilesetSchema),
})
/** A Tiled map. */
export type TiledMap = Static<typeof TiledMapSchema>

/** GET /channels/:id/space: the space's map and who is in it now (the page draws before entering). */
export const SpaceInfoSchema = Type.Object({
  channel_id: Type.String(),
  server_id: Type.String(),
  map: TiledMapSchema,
  count: Type.Integer({ minimum: 0 }),
})
/** GET /channels/:id/space answer. */
export type SpaceInfo = Static<typeof SpaceInfoSchema>

/** GET /servers/:server_id/space-counts: how many stand in each metaverse channel's space the caller may see (those with nobody: 0). */
export const SpaceCountsSchema = Type.Object({ counts: Type.Array(SpaceCountSchema) })
/** GET /servers/:server_id/space-counts answer. */
export type SpaceCounts = Static<typeof SpaceCountsSchema>

/** One metaverse channel's space and who stands in it now (the member list: 在 像素乐园 · 去找 TA). */
export const SpacePresenceSchema = Type.Object({
  channel_id: Type.String(),
  /** The channel's name: the space the member list names. */
  name: Type.String(),
  /** The uids of the people standing in it (hosts not counted; several sessions of one person: once). */
  uids: Type.Array(Type.String()),
})
/** One space's presence. */
export type SpacePresence = Static<typeof SpacePresenceSchema>
/** GET /servers/:server_id/space-people: who stands in each metaverse channel's space the caller may see (a hidden space's people are not told; spaces with nobody: left out). */
export const SpacePeopleSchema = Type.Object({ spaces: Type.Array(SpacePresenceSchema) })
/** GET /servers/:server_id/space-people answer. */
export type SpacePeople = Static<typeof SpacePeopleSchema>

/** POST /channels/:id/space/say: a host (map account, bot token) says something in the space. */
export const SpaceSayBodySchema = Type.Object({ text: Type.String({ minLength: 1, maxLength: SPACE_SAY_MAX_LENGTH }) }, { additionalProperties: false })
/** POST /channels/:id/space/members/:uid/move: where a moderator puts a member (map pixels). */
export const SpaceMoveBodySchema = Type.Object({
  x: Type.Integer({ minimum: 0, maximum: 100_000 }),
  y: Type.Integer({ minimum: 0, maximum: 100_000 }),
}, { additionalProperties: false })
/** Path of a member in a channel's space. */
export const SpaceMemberParamsSchema = Type.Object({ channel_id: Type.String({ minLength: 1, maxLength: 64 }), uid: Type.String({ minLength: 1, maxLength: 64 }) })

export * from './space-paths'

/** The shapes of the space calls (core/wire/space-paths.ts `SPACE_CALLS`). */
export const SPACE_CALL_SCHEMAS = {
  space: { params: ChannelParamsSchema, answer: SpaceInfoSchema },
  counts: { params: ServerParamsSchema, answer: SpaceCountsSchema },
  people: { params: ServerParamsSchema, answer: SpacePeopleSchema },
  say: { params: ChannelParamsSchema, body: SpaceSayBodySchema, answer: Type.Object({ said: Type.Boolean() }) },
  move: { params: SpaceMemberParamsSchema, body: SpaceMoveBodySchema, answer: Type.Null() },
  remove: { params: SpaceMemberParamsSchema, answer: Type.Null() },
} as const satisfies CallSchemasOf<typeof SPACE_CALLS>
