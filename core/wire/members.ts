/**
 * Membership and presence on the wire: joining and leaving a server, its member list
 * (cursor-paged, each member with presence) and the gateway events they publish
 * (PRESENCE_UPDATE, MEMBER_ADD, MEMBER_REMOVE).
 */
import { Type, type Static } from '@sinclair/typebox'
import { ServerSchema, UserSchema } from './entities'
import { CursorPageSchema } from './fields'
import { ServerParamsSchema } from './api'
import type { CallSchemasOf } from './call-schemas'
import { MEMBER_CALLS, MEMBER_PAGE_DEFAULT, MEMBER_PAGE_MAX } from './members-paths'

export * from './members-paths'

/** Which server an answer or dispatch about membership speaks of, and its member count after it. */
const ServerMemberCountSchema = Type.Object({
  server_id: Type.String(),
  member_count: Type.Integer(),
  /** A join or leave can change who is online too, so the count comes along. */
  online_count: Type.Integer(),
})

/** `GET /servers/:server_id`: the server with its online count, and whether the signed-in caller is a member (absent without a token). */
export const ServerDetailSchema = Type.Composite([ServerSchema, Type.Object({
  online_count: Type.Integer(),
  is_member: Type.Optional(Type.Boolean()),
})])
/** One server as its detail route answers it. */
export type ServerDetail = Static<typeof ServerDetailSchema>

/** A member of a server. */
export const MemberSchema = Type.Object({
  user: UserSchema,
  /** When the user joined, unix seconds. */
  joined_at: Type.Integer(),
  /** True while the user has at least one gateway session on any server process. */
  online: Type.Boolean(),
  role_ids: Type.Array(Type.String()),
  /** Unix seconds a running timeout ends; present only while the member is timed out. */
  timeout_until: Type.Optional(Type.Integer()),
})
/** A member of a server. */
export type Member = Static<typeof MemberSchema>

/** `GET /servers/:server_id/members?after=&limit=`: members in join order after the cursor. */
export const MemberListQuerySchema = Type.Object({
  /** The `next` cursor of the previous page; absent for the first page. */
  after: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '^[0-9]+\\.[A-Za-z0-9_-]+$' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MEMBER_PAGE_MAX, default: MEMBER_PAGE_DEFAULT })),
})

/** One page of the member list. */
export const MemberListDataSchema = Type.Object({
  ...CursorPageSchema(MemberSchema).properties,
  /** The cursor of the next page (pass as `after`), or null on the last page. */
  next: Type.Union([Type.String(), Type.Null()]),
  /** Members of the server online now. */
  online_count: Type.Integer(),
})
/** One page of the member list. */
export type MemberListData = Static<typeof MemberListDataSchema>

/** The answer of joining or leaving: the caller's membership and the server's counts after it. */
export const MembershipDataSchema = Type.Object({
  ...ServerMemberCountSchema.properties,
  is_member: Type.Boolean(),
})
/** The answer of joining or leaving. */
export type MembershipData = Static<typeof MembershipDataSchema>

/** Dispatch `PRESENCE_UPDATE`: a member came online (first gateway session) or went offline (last one closed). */
export const PresenceUpdateSchema = Type.Object({
  server_id: Type.String(),
  uid: Type.String(),
  status: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
  online_count: Type.Integer(),
})
/** Dispatch `PRESENCE_UPDATE`. */
export type PresenceUpdate = Static<typeof PresenceUpdateSchema>

/** Dispatch `MEMBER_ADD`: someone joined. */
export const MemberAddSchema = Type.Object({
  ...ServerMemberCountSchema.properties,
  member: MemberSchema,
})
/** Dispatch `MEMBER_ADD`. */
export type MemberAdd = Static<typeof MemberAddSchema>

/** Dispatch `MEMBER_REMOVE`: someone left. */
export const MemberRemoveSchema = Type.Object({
  ...ServerMemberCountSchema.properties,
  uid: Type.String(),
})
/** Dispatch `MEMBER_REMOVE`. */
export type MemberRemove = Static<typeof MemberRemoveSchema>

/** The shapes of the membership calls (core/wire/members-paths.ts `MEMBER_CALLS`). */
export const MEMBER_CALL_SCHEMAS = {
  join: { params: ServerParamsSchema, answer: MembershipDataSchema },
  leave: { params: ServerParamsSchema, answer: MembershipDataSchema },
  list: { params: ServerParamsSchema, query: MemberListQuerySchema, answer: MemberListDataSchema },
} as const satisfies CallSchemasOf<typeof MEMBER_CALLS>
