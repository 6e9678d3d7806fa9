/**
 * The owner's server settings (page `server-settings?sid=`; which sections the
 * member may open is ./settings-access): the Profile section (the server's name, icon and introduction, each
 * audited: SPEC §5, the message under its field), the Words section (the server's own
 * audit words, the owner's), and the Roles, Channels and Invites sections' own stores.
 * The client only hides what the member may not do; the server checks every write.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { DISPATCHES_THAT_CHANGE } from '@core/wire/dispatch-codes'
import type { Server } from '@core/wire/entities'
import { MAX_SERVER_WORDS } from '@core/wire/trust-paths'
import type { PatchServerBody } from '@core/wire/trust'
import { t } from '@/i18n'
import type { ApiClient } from '@/services/api/api-client'
import { createServerSettingsApi, type ServerSettingsApi } from '@/services/api/server-settings'
import type { TrustApi } from '@/services/api/trust'
import { ChannelSettingsStore } from './channel-settings-store'
import type { GatewaySubscriptions } from '../gateway-store'
import { InviteSettingsStore } from './invite-settings-store'
import { auditRejectionOf, LoadTracker, type StoreLogger, type StoreStatus } from '../support/load-tracker'
import { uploadImage, type AvatarSource } from '../account/profile-store'
import { RoleSettingsStore } from './role-settings-store'
import { SettingsAction } from './settings-action'
import type { SettingsSection } from './settings-access'

/** The profile fields the section edits. */
export type ProfileSettingsField = keyof PatchServerBody

/** SPEC §5: the audit field each profile field goes through (the name as a title, 104001). */
const AUDIT_FIELD_OF = { name: 'title', icon: 'icon', introduction: 'introduction' } as const

/** Longest word of the server's list (core/wire/trust.ts WordListSchema). */
export const SERVER_WORD_MAX_LENGTH = 32

/** The words of a typed list: split at spaces, commas and line breaks, blanks and repeats dropped. */
export function parseWords (text: string): string[] {
  return [...new Set(text.split(/[\s,，、;；]+/).filter(word => word !== ''))]
}

/** What the settings page is built on. */
export interface ServerSettingsSources {
  api: Pick<ApiClient, 'getServer' | 'listChannels' | 'createChannel' | 'uploadBase64' | 'getUploadToken'>
  /** The settings calls; the app's request chain by default. */
  settings?: ServerSettingsApi
  trust: Pick<TrustApi, 'roles' | 'createRole' | 'updateRole' | 'deleteRole' | 'invites' | 'createInvite' | 'revokeInvite'>
  logger: StoreLogger
}

/** The gateway as the settings page follows it: one subscription per event type. */
export type ServerSettingsGateway = GatewaySubscriptions

/** One server's settings page. */
export class ServerSettingsStore {
  /** The section shown. */
  section: SettingsSection = 'profile'
  /** The server as last answered (its profile), or null before. */
  server: Server | null = null
  /** SPEC §5, §8: an audit message per profile field. */
  fieldErrors: Partial<Record<ProfileSettingsField, string>> = {}
  /** The server's own audit words, as stored. */
  words: string[] = []
  /** The profile and words writes and their refusals. */
  readonly action: SettingsAction
  readonly roles: RoleSettingsStore
  readonly channels: ChannelSettingsStore
  readonly invites: InviteSettingsStore
  private readonly accessLoad: LoadTracker
  private readonly profileLoad: LoadTracker
  private readonly wordsLoad: LoadTracker

  private readonly settingsApi: ServerSettingsApi

  constructor (readonly serverId: string, private readonly sources: ServerSettingsSources) {
    const { api, trust, logger } = sources
    const settings = sources.settings ?? createServerSettingsApi()
    this.settingsApi = settings
    this.accessLoad = new LoadTracker(logger)
    this.profileLoad = new LoadTracker(logger)
    this.wordsLoad = new LoadTracker(logger)
    this.action = new SettingsAction(logger)
    this.roles = new RoleSettingsStore(serverId, trust, logger)
    this.channels = new ChannelSettingsStore(serverId, { ...api, ...settings }, () => this.roles.roles, logger)
    this.invites = new InviteSettingsStore(serverId, trust, logger)
    makeAutoObservable<ServerSettingsStore, 'sources' | 'settingsApi' | 'accessLoad' | 'profileLoad' | 'wordsLoad'>(this, {
      sources: false, settingsApi: false, accessLoad: false, profileLoad: false, wordsLoad: false, roles: false, channels: false, invites: false, action: false,
    })
  }

  /** Whether the member's permissions in this server are known: 'ready', 'empty' (none: a visitor, or they could not be had) or under way. */
  get accessStatus (): StoreStatus {
    return this.accessLoad.status
  }

  /** The message of a failed permission check (e.g. the sign-in failed), else null. */
  get accessError (): string | null {
    return this.accessLoad.error
  }

  /** Whether retrying the failed permission check may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get accessRetryable (): boolean {
    return this.accessLoad.retryable
  }

  /** Asks for the member's permissions (`check` signs in and reloads them; null when there are none). */
  async checkAccess (check: () => Promise<unknown>): Promise<void> {
    await this.accessLoad.run(check, mine => mine === null ? 'empty' : 'ready')
  }

  /** Where the profile stands. */
  get profileStatus (): StoreStatus {
    return this.profileLoad.status
  }

  /** The message of a failed profile load, else null. */
  get profileError (): string | null {
    return this.profileLoad.error
  }

  /** Whether retrying the failed profile load may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get profileRetryable (): boolean {
    return this.profileLoad.retryable
  }

  /** Where the word list stands ('empty': the server has no words of its own). */
  get wordsStatus (): StoreStatus {
    return this.wordsLoad.status
  }

  /** The message of a failed word-list load, else null. */
  get wordsError (): string | null {
    return this.wordsLoad.error
  }

  /** Whether retrying the failed words load may help (false for a refusal the same request gets again): 重试 is offered only then. */
  get wordsRetryable (): boolean {
    return this.wordsLoad.retryable
  }

  /** Shows `section`, loading what it shows the first time (Channels needs the roles for its training marks). */
  async open (section: SettingsSection): Promise<void> {
    this.section = section
    await this.loadSection(section, false)
  }

  /** Loads what `section` shows: again (a retry), or with `again` false only what was never loaded. */
  async loadSection (section: SettingsSection, again = true): Promise<void> {
    const idle = (status: StoreStatus) => again || status === 'idle'
    const loads: Array<Promise<void>> = []
    if (section === 'profile' && idle(this.profileStatus)) loads.push(this.loadProfile())
    if ((section === 'roles' || section === 'channels') && idle(this.roles.status)) loads.push(this.roles.load())
    if (section === 'channels' && idle(this.channels.status)) loads.push(this.channels.load())
    if (section === 'invites' && idle(this.invites.status)) loads.push(this.invites.load())
    if (section === 'words' && idle(this.wordsStatus)) loads.push(this.loadWords())
    await Promise.all(loads)
  }

  /**
   * Follows another moderator's changes while the page is open — SERVER_UPDATE
   * replaces the profile, a ROLE_* or CHANNEL_* event of this server asks the sections
   * already loaded again (a section never opened loads when it is). The lists stay on
   * screen while they reload, so what the owner is typing in an unsaved field stays
   * (ProfileField keeps a draft that differs from the last saved value). Returns the
   * function that stops following.
   */
  follow (gateway: ServerSettingsGateway): () => void {
    const mine = (event: { server_id?: string }) => event.server_id === this.serverId
    const stops = [
      gateway.on('SERVER_UPDATE', server => { if (mine(server) && this.server !== null) this.applyServer(server) }),
      // the Roles section (and Channels' training marks) and the Channels section are asked again
      ...DISPATCHES_THAT_CHANGE.roles.map(type => gateway.on(type, event => { if (mine(event) && this.roles.status !== 'idle') void this.roles.refresh() })),
      ...DISPATCHES_THAT_CHANGE.channels.map(type => gateway.on(type, event => { if (mine(event) && this.channels.status !== 'idle') void this.channels.refresh() })),
    ]
    return () => { stops.forEach(stop => stop()) }
  }

  /** The audit message to show under a profile field, or null. */
  errorOf (field: ProfileSettingsField): string | null {
    return this.fieldErrors[field] ?? null
  }

  /** Saves profile fields; an audit rejection keeps the old value and goes under its field. Resolves true when saved. */
  async saveProfile (patch: PatchServerBody): Promise<boolean> {
    const fields = (Object.keys(AUDIT_FIELD_OF) as ProfileSettingsField[]).filter(field => patch[field] !== undefined)
    if (fields.length === 0) return false
    if (patch.name !== undefined && patch.name.trim() === '') {
      this.action.refuse(t('settingsServerNameEmpty'))
      return false
    }
    this.fieldErrors = {}
    const server = await this.action.run(() => this.settingsApi.updateServer(this.serverId, patch), error => {
      const rejection = auditRejectionOf(error, fields.map(field => AUDIT_FIELD_OF[field]))
      const field = fields.find(item => AUDIT_FIELD_OF[item] === rejection?.field)
      if (rejection && field) runInAction(() => { this.fieldErrors = { [field]: rejection.message } })
      return field !== undefined
    })
    if (server) runInAction(() => { this.server = server })
    return server !== null
  }

  /** SPEC §7: uploads a new server icon, then saves it (audited). Resolves true when saved. */
  async replaceIcon (source: AvatarSource): Promise<boolean> {
    const url = await this.action.run(() => uploadImage(this.sources.api, source))
    return url !== null && this.saveProfile({ icon: url })
  }

  /** Replaces the server's own audit words with those of `text`; resolves true when saved. */
  async saveWords (text: string): Promise<boolean> {
    const words = parseWords(text)
    if (words.length > MAX_SERVER_WORDS || words.some(word => word.length > SERVER_WORD_MAX_LENGTH)) {
      this.action.refuse(t('settingsWordsInvalid', { count: String(MAX_SERVER_WORDS), max: String(SERVER_WORD_MAX_LENGTH) }))
      return false
    }
    const answer = await this.action.run(() => this.settingsApi.setWords(this.serverId, words))
    if (answer) runInAction(() => { this.wordsLoad.settle(this.applyWords(answer.words)) })
    return answer !== null
  }

  private async loadProfile (): Promise<void> {
    await this.profileLoad.run(() => this.sources.api.getServer(this.serverId), server => {
      this.server = server
      return 'ready'
    })
  }

  private applyServer (server: Server): void {
    this.server = server
  }

  private async loadWords (): Promise<void> {
    await this.wordsLoad.run(() => this.settingsApi.words(this.serverId), answer => this.applyWords(answer.words))
  }

  private applyWords (words: string[]): 'ready' | 'empty' {
    this.words = words
    return words.length > 0 ? 'ready' : 'empty'
  }
}
