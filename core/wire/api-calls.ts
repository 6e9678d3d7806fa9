/**
 * The shapes of the calls of core/wire/api.ts (`API_CALLS`, core/wire/paths.ts), kept in a
 * file of their own because they build on the topics' schemas (members, trust, server
 * settings), which build on api.ts.
 */
import type { CallSchemasOf } from './call-schemas'
import {
  Base64UploadBodySchema, Base64UploadDataSchema, ChannelListDataSchema, ChannelParamsSchema, CreateChannelBodySchema, GuestLoginBodySchema, GuestLoginDataSchema,
  LiveListDataSchema, MapCfgDataSchema, MapCfgQuerySchema, PageQuerySchema, ProfilePatchBodySchema, ServerListDataSchema, ServerParamsSchema, UploadTokenBodySchema,
  UploadTokenDataSchema, UserParamsSchema, WxConfDataSchema, WxConfQuerySchema, WxSessionBodySchema, WxSessionDataSchema,
} from './api'
import { ChannelSchema, ServerSchema, UserSchema } from './entities'
import { ServerDetailSchema } from './members'
import { API_CALLS } from './paths'
import { ChannelDeletedSchema, PatchChannelBodySchema } from './server-settings'
import { PatchServerBodySchema, RoleListSchema } from './trust'

export { API_CALLS } from './paths'

/** The shapes of the calls of `API_CALLS`. */
export const API_CALL_SCHEMAS = {
  uploadBase64: { body: Base64UploadBodySchema, answer: Base64UploadDataSchema },
  wxconf: { query: WxConfQuerySchema, answer: WxConfDataSchema },
  wxSession: { body: WxSessionBodySchema, answer: WxSessionDataSchema },
  uploadToken: { body: UploadTokenBodySchema, answer: UploadTokenDataSchema },
  mapcfg: { query: MapCfgQuerySchema, answer: MapCfgDataSchema },
  guestLogin: { body: GuestLoginBodySchema, answer: GuestLoginDataSchema },
  me: { answer: UserSchema },
  updateMe: { body: ProfilePatchBodySchema, answer: UserSchema },
  user: { params: UserParamsSchema, answer: UserSchema },
  servers: { answer: ServerListDataSchema },
  server: { params: ServerParamsSchema, answer: ServerDetailSchema },
  editServer: { params: ServerParamsSchema, body: PatchServerBodySchema, answer: ServerSchema },
  serverChannels: { params: ServerParamsSchema, answer: ChannelListDataSchema },
  createChannel: { params: ServerParamsSchema, body: CreateChannelBodySchema, answer: ChannelSchema },
  serverRoles: { params: ServerParamsSchema, answer: RoleListSchema },
  serverLives: { params: ServerParamsSchema, query: PageQuerySchema, answer: LiveListDataSchema },
  channel: { params: ChannelParamsSchema, answer: ChannelSchema },
  editChannel: { params: ChannelParamsSchema, body: PatchChannelBodySchema, answer: ChannelSchema },
  deleteChannel: { params: ChannelParamsSchema, answer: ChannelDeletedSchema },
  channelLives: { params: ChannelParamsSchema, query: PageQuerySchema, answer: LiveListDataSchema },
} as const satisfies CallSchemasOf<typeof API_CALLS>
