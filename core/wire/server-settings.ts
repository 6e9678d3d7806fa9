/**
 * The owner's server settings on the wire: editing and deleting a channel
 * (`PATCH`/`POST` and `DELETE /channels/:channel_id`, ManageChannels; title and icon
 * audited, SPEC §5). A channel keeps the type it was created with (SPEC §4). The server's
 * own name, icon and introduction are PatchServerBody in ./trust.ts.
 */
import { Type, type Static } from '@sinclair/typebox'
import { CHANNEL_TITLE_MAX_LENGTH } from './api'
import { SlowModeSeconds, VoiceBitrate, VoiceUserLimit } from './entities'
import { IdString, ImageUrlString, LineText, Nullable } from './fields'

import { MAX_CHANNEL_POSITION } from './server-settings-paths'

export * from './server-settings-paths'

/**
 * PATCH /channels/:channel_id: a new title or icon (audited), a group to move into
 * (null: out of any group) and a place in the server's list (0 the top; clamped to the end).
 */
export const PatchChannelBodySchema = Type.Object({
  title: Type.Optional(LineText(CHANNEL_TITLE_MAX_LENGTH)),
  icon: Type.Optional(ImageUrlString),
  parent_id: Type.Optional(Nullable(IdString)),
  position: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_CHANNEL_POSITION })),
  /** Voice channels only (400 on another type): how many members its room holds. */
  user_limit: Type.Optional(VoiceUserLimit('voice channels only: members the room holds at once')),
  /** Voice channels only (400 on another type): the room's Opus bitrate. */
  bitrate: Type.Optional(VoiceBitrate('voice channels only: Opus bitrate, bits per second')),
  /** Chat channels only (400 on another type): the slow mode, seconds a member waits between two messages (0: off). */
  slow_mode_seconds: Type.Optional(SlowModeSeconds('chat channels only: slow mode, seconds a member waits between two messages, 0 off')),
}, { additionalProperties: false })
/** PATCH /channels/:channel_id body. */
export type PatchChannelBody = Static<typeof PatchChannelBodySchema>

/** CHANNEL_DELETE's payload and DELETE /channels/:channel_id's answer: which channel of which server is gone. */
export const ChannelDeletedSchema = Type.Object({ server_id: Type.String(), channel_id: Type.String() })
/** A deleted channel. */
export type ChannelDeleted = Static<typeof ChannelDeletedSchema>
