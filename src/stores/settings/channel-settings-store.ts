/**
 * The Channels section of the owner's server settings: the server's channels
 * in their order, each training channel marked (SPEC §6: a role's `join_role` names it),
 * creating one with the type picker limited to 1, 3 and 8 (SPEC §4), editing its title
 * and icon (audited, SPEC §5: the message goes under the field), a voice channel's room
 * settings (its member limit and Opus bitrate, in the wire's bounds), a chat channel's slow
 * mode and deleting it. The
 * server decides who may (ManageChannels); a refusal is said in words.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { canCreateChannelType, flattenGroups } from '@core/domain/channel'
import { trainingRolesOf } from '@core/domain/permissions'
import { ChannelKind, type ChannelType } from '@core/wire/codes'
import type { SlowModeSeconds } from '@core/wire/slow-mode-codes'
import { VOICE_BITRATE_MAX, VOICE_BITRATE_MIN, VOICE_USER_LIMIT_MAX } from '@core/wire/voice-codes'
import type { Channel, ChannelGroup, Role } from '@core/wire/entities'
import { t } from '@/i18n'
import type { ApiClient } from '@/services/api/api-client'
import type { ServerSettingsApi } from '@/services/api/server-settings'
import { auditRejectionOf, LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import { uploadImage, type AvatarSource } from '../account/profile-store'
import { SettingsAction } from './settings-action'

/** The calls the section makes. */
export type ChannelSettingsApi = Pick<ApiClient, 'listChannels' | 'createChannel' | 'uploadBase64' | 'getUploadToken'> & Pick<ServerSettingsApi, 'updateChannel' | 'deleteChannel'>

/** The channel fields the section edits; both audited (SPEC §5). */
export type ChannelField = 'title' | 'icon'

/** Longest channel title: the server's CHANNEL_TITLE_MAX_LENGTH (core/wire/api.ts, a TypeBox module the client cannot load). */
export const CHANNEL_TITLE_MAX = 40

/** A voice channel's room settings as the section edits them. */
export interface VoiceRoomSettings {
  /** Members the room holds at once (1…VOICE_USER_LIMIT_MAX). */
  user_limit?: number
  /** The room's Opus bitrate, bits per second (VOICE_BITRATE_MIN…MAX). */
  bitrate?: number
}

/** The members a room may be set to hold at least. */
export const VOICE_USER_LIMIT_MIN = 1

/** True for a whole number within [min, max] (the wire's bounds: no fraction, no Infinity, no 40 digits). */
function wholeWithin (value: number, min: number, max: number): boolean {
  return Number.isSafeInteger(value) && value >= min && value <= max
}

/** An audit message and the channel field it belongs to ('new' for the creation form). */
export interface ChannelFieldError {
  channelId: string | 'new'
  field: ChannelField
  message: string
}

/** A server's channels as the Channels section shows and edits them. */
export class ChannelSettingsStore {
  /** The channels (groups left out), in the server's order. */
  channels: Channel[] = []
  /** The audit message to show under a field, or null. */
  fieldError: ChannelFieldError | null = null
  /** The section's writes and their refusals. */
  readonly action: SettingsAction
  private readonly loading: LoadTracker

  /** `roles` gives the server's roles as the Roles section last loaded them (for the training marks). */
  constructor (private readonly serverId: string, private readonly api: ChannelSettingsApi, private readonly roles: () => readonly Role[], logger: StoreLogger) {
    this.loading = new LoadTracker(logger)
    this.action = new SettingsAction(logger)
    makeAutoObservable<ChannelSettingsStore, 'api' | 'loading' | 'roles'>(this, { api: false, loading: false, roles: false })
  }

  /** Where the list stands. */
  get status (): StoreStatus {
    return this.loading.status
  }

  /** The message of a failed load, else null. */
  get error (): string | null {
    return this.loading.error
  }

  /** Whether retrying the failed load may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get retryable (): boolean {
    return this.loading.retryable
  }

  /** SPEC §6: true when a role's join_role names the channel (a training channel). */
  isTraining (channelId: string): boolean {
    return trainingRolesOf(this.roles(), channelId).length > 0
  }

  /** The audit message of `field` of a channel ('new': the creation form), or null. */
  errorOf (channelId: string | 'new', field: ChannelField): string | null {
    const error = this.fieldError
    return error && error.channelId === channelId && error.field === field ? error.message : null
  }

  /** Loads the channels. */
  async load (): Promise<void> {
    await this.loading.run(() => this.api.listChannels(this.serverId), groups => this.apply(groups))
  }

  /** Loads the channels again with the list left on screen (a live change; an open row and its typed title stay). */
  async refresh (): Promise<void> {
    await this.loading.refresh(() => this.api.listChannels(this.serverId), groups => this.apply(groups))
  }

  private apply (groups: ChannelGroup[]): 'ready' | 'empty' {
    this.channels = flattenGroups(groups).filter(channel => channel.kind !== ChannelKind.Group)
    return this.channels.length > 0 ? 'ready' : 'empty'
  }

  /** SPEC §4: creates a channel of type 1, 3 or 8 at the end; resolves true when made. */
  async create (title: string, channelType: ChannelType): Promise<boolean> {
    const trimmed = title.trim()
    if (!this.validTitle(trimmed)) return false
    if (!canCreateChannelType(channelType)) {
      this.action.refuse(t('unsupported')) // SPEC §8: 暂不支持该功能
      return false
    }
    this.fieldError = null
    const channel = await this.action.run(() => this.api.createChannel(this.serverId, { title: trimmed, channel_type: channelType }), this.placeAudit('new', ['title']))
    if (channel) runInAction(() => { this.settle([...this.channels, channel]) })
    return channel !== null
  }

  /** Saves a channel's new title or icon (audited); resolves true when saved. */
  async update (channelId: string, changes: { title?: string, icon?: string }): Promise<boolean> {
    const title = changes.title?.trim()
    if (title !== undefined && !this.validTitle(title)) return false
    this.fieldError = null
    const fields = (['title', 'icon'] as const).filter(field => changes[field] !== undefined)
    const channel = await this.action.run(() => this.api.updateChannel(channelId, { title, icon: changes.icon }), this.placeAudit(channelId, fields))
    if (channel) runInAction(() => { this.settle(this.channels.map(item => item.channel_id === channel.channel_id ? { ...item, ...channel } : item)) })
    return channel !== null
  }

  /** Saves a voice channel's member limit or bitrate, refused in words outside the wire's bounds; resolves true when saved. */
  async updateVoiceRoom (channelId: string, changes: VoiceRoomSettings): Promise<boolean> {
    if (changes.user_limit !== undefined && !wholeWithin(changes.user_limit, VOICE_USER_LIMIT_MIN, VOICE_USER_LIMIT_MAX)) {
      this.action.refuse(t('settingsVoiceUserLimitInvalid', { min: String(VOICE_USER_LIMIT_MIN), max: String(VOICE_USER_LIMIT_MAX) }))
      return false
    }
    if (changes.bitrate !== undefined && !wholeWithin(changes.bitrate, VOICE_BITRATE_MIN, VOICE_BITRATE_MAX)) {
      this.action.refuse(t('settingsVoiceBitrateInvalid', { min: String(VOICE_BITRATE_MIN / 1000), max: String(VOICE_BITRATE_MAX / 1000) }))
      return false
    }
    const channel = await this.action.run(() => this.api.updateChannel(channelId, changes))
    if (channel) runInAction(() => { this.settle(this.channels.map(item => item.channel_id === channel.channel_id ? { ...item, ...channel } : item)) })
    return channel !== null
  }

  /** Sets a chat channel's slow mode (one of SLOW_MODE_SECONDS_CHOICES, 0 off; the server refuses any other); resolves true when saved. */
  async updateSlowMode (channelId: string, seconds: SlowModeSeconds): Promise<boolean> {
    const channel = await this.action.run(() => this.api.updateChannel(channelId, { slow_mode_seconds: seconds }))
    if (channel) runInAction(() => { this.settle(this.channels.map(item => item.channel_id === channel.channel_id ? { ...item, ...channel } : item)) })
    return channel !== null
  }

  /** SPEC §7: uploads a new icon for a channel, then saves it (audited). Resolves true when saved. */
  async replaceIcon (channelId: string, source: AvatarSource): Promise<boolean> {
    const url = await this.action.run(() => uploadImage(this.api, source))
    return url !== null && this.update(channelId, { icon: url })
  }

  /** Deletes a channel (the page asks first); resolves true when deleted. */
  async remove (channelId: string): Promise<boolean> {
    const deleted = await this.action.run(() => this.api.deleteChannel(channelId))
    if (deleted) runInAction(() => { this.settle(this.channels.filter(channel => channel.channel_id !== deleted.channel_id)) })
    return deleted !== null
  }

  /** SPEC §5: an audit rejection goes under the field it names (no section message then). */
  private placeAudit (channelId: string | 'new', fields: readonly ChannelField[]): (error: unknown) => boolean {
    return error => {
      const rejection = auditRejectionOf(error, fields)
      if (rejection) runInAction(() => { this.fieldError = { channelId, field: rejection.field, message: rejection.message } })
      return rejection !== null
    }
  }

  private validTitle (title: string): boolean {
    if (title !== '' && title.length <= CHANNEL_TITLE_MAX) return true
    this.action.refuse(t('settingsChannelTitleInvalid', { max: String(CHANNEL_TITLE_MAX) }))
    return false
  }

  private settle (channels: Channel[]): void {
    this.channels = channels
    this.loading.settle(channels.length > 0 ? 'ready' : 'empty')
  }
}
