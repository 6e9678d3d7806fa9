/**
 * The root store: creates the stores every page shares (the session, the current server,
 * its channels and live items) and wires them together (mobx "root store" pattern). A
 * store only one page uses (the showroom, a channel's content, profile edits) is created
 * by that page on the root's API, clock and logger (`usePageStore` in ./context), so it
 * lives and ends with the page and its code loads with the page. A shared store only some
 * pages use (the account, the direct conversations) is created on first use (`OnDemand`):
 * its code loads with the first page or action that asks, never with Home. The transport (an
 * ApiClient), the storage, the clock and the timers are passed in, so every store runs in
 * tests with fakes and no rendering.
 */
import type { ConfiguredServer } from '@core/domain/servers'
import type { ServerChoiceInput } from '@core/domain/server'
import { flattenGroups } from '@core/domain/channel'
import { DISPATCHES_THAT_CHANGE } from '@core/wire/dispatch-codes'
import { comparer, reaction } from 'mobx'
import type { ApiClient } from '@/services/api/api-client'
import type { PostsApi } from '@/services/api/posts'
import type { PlazaApi } from '@/services/api/plaza'
import { createMembersApi, type MembersApi } from '@/services/api/members'
import { createMessagesApi, type MessagesApi } from '@/services/api/messages'
import type { AccountApi } from '@/services/api/accounts'
import { createNotificationsApi, type NotificationsApi } from '@/services/api/notifications'
import type { TrustApi } from '@/services/api/trust'
import { fetchMyPermissions } from '@/services/api/my-permissions'
import type { ConversationsApi } from '@/services/api/conversations'
import type { AccountStore, WebauthnCeremonies } from './account/account-store'
import { createSpaceApi, type SpaceApi } from '@/services/api/space'
import { createVoiceApi, type VoiceApi } from '@/services/api/voice'
import { callsOnFirstUse } from '@/services/api/on-first-call'
import { channelTypeHas } from '@core/domain/channel-types'
import { defaultGatewayUrl, taroSocketConnector, type SocketConnector } from '@/services/gateway'
import { platformNetwork, type NetworkWatcher } from '@/services/gateway/network'
import { ChannelStore } from './channels/channel-store'
import type { ConversationsStore } from './direct-messages/conversations-store'
import { GATEWAY_READY, GATEWAY_RESYNC, GatewayStore } from './gateway-store'
import { InboxStore } from './notifications/inbox-store'
import { LiveStore } from './live/live-store'
import { LiveReminderStore } from './live/live-reminder-store'
import { OnDemand } from './on-demand'
import { PermissionsStore } from './trust/permissions-store'
import type { StoreLogger } from './support/load-tracker'
import { ServerStore, type ServerCounts } from './servers/server-store'
import { SpaceCountStore } from './space/space-count-store'
import type { VoiceRoomStore } from './voice/voice-room-store'
import { VoiceStatesStore } from './voice/voice-states-store'
import type { VoiceRuntime } from '@/services/voice/runtime'
import { SessionStore, type KeyValueStorage } from './account/session-store'
import { timeoutScheduler, type TimerScheduler } from './support/timer-scheduler'
import { UnreadStore } from './channels/unread-store'

/** What the root store needs besides the API. */
export interface RootStoreOptions {
  /** Where the login data is kept (Taro's storage in the app). */
  storage: KeyValueStorage
  /** SPEC §3: the storage key of this environment's login data (src/utils/storage.ts `loginKey()`). */
  loginKey: string
  /** The current time in unix milliseconds; Date.now by default. */
  clock?: () => number
  /** Timers of the live clock; setTimeout by default. */
  scheduler?: TimerScheduler
  /** Diagnostics; the console by default. */
  logger?: StoreLogger
  /** The configured servers; CONFIGURED_SERVERS by default. */
  servers?: readonly ConfiguredServer[]
  /** Live items per page; the API's DEFAULT_PAGE_SIZE by default. */
  livePageSize?: number
  /** The posts and live-chat calls; the app's request chain by default, its module loaded at the first call. */
  postsApi?: PostsApi
  /** The membership calls; createMembersApi() by default. */
  members?: MembersApi
  /** The chat's calls; createMessagesApi() by default. */
  messagesApi?: MessagesApi
  /** The roles, moderation and invite calls; createTrustApi() by default, its module loaded at the first call (my permissions at hand from the start). */
  trust?: TrustApi
  /** The account calls; createAccountApi() by default. */
  accounts?: AccountApi
  /** The platform's WebAuthn ceremonies (null: no passkeys here); platformWebauthn() by default. */
  webauthn?: WebauthnCeremonies | null
  /** The notification inbox calls; createNotificationsApi() by default. */
  notifications?: NotificationsApi
  /** The direct-message calls; createConversationsApi() by default, loaded with the conversations store. */
  conversations?: ConversationsApi
  /** The gather space's calls; createSpaceApi() by default. */
  space?: SpaceApi
  /** The voice calls; createVoiceApi() by default. */
  voice?: VoiceApi
  /** The game plaza's calls; createPlazaApi() by default, its module loaded at the first call. */
  plaza?: PlazaApi
  /** The browser's WebRTC and microphone (null: none here); the platform's (loaded with the voice room) by default. */
  voiceRuntime?: VoiceRuntime | null
  /** The gateway's socket connector and URL; Taro.connectSocket to this build's API by default. */
  gateway?: { connect: SocketConnector, url: string }
}

/** The stores every page shares, wired together, and what page-owned stores are built on. */
export class RootStore {
  /** The API every store talks to. */
  readonly api: ApiClient
  /** The current time in unix milliseconds. */
  readonly clock: () => number
  /** The device's storage (the login data, reminders, unsent chat text). */
  readonly storage: KeyValueStorage
  /** Where stores write their diagnostics. */
  readonly logger: StoreLogger
  /** The signed-in user, its identity kind, the token and guest sign-in. */
  readonly session: SessionStore
  /** The configured servers and the current one. */
  readonly server: ServerStore
  /** The current server's channels. */
  readonly channel: ChannelStore
  /** The current server's live items and their clock. */
  readonly live: LiveStore
  /** The posts and live-chat calls the pages' post stores are built on. */
  readonly posts: PostsApi
  /** The timers stores run on (the live clock, the live chat's heartbeat). */
  readonly scheduler: TimerScheduler
  /** The real-time connection every store subscribes to (`gateway.on`). */
  readonly gateway: GatewayStore
  /** The membership calls (joining, the member list). */
  readonly members: MembersApi
  /** The chat's calls the channel page's chat is built on. */
  readonly messages: MessagesApi
  /** Unread and mention counts of the channel list, kept live. */
  readonly unread: UnreadStore
  /** The roles, moderation, invite and session calls. */
  readonly trust: TrustApi
  /** What the signed-in member may do in the current server (the client hides the rest). */
  readonly permissions: PermissionsStore
  /** The live items the member asked to be reminded of, kept on this device. */
  readonly liveReminders: LiveReminderStore
  /** Signing in as an account, and the account's own settings (Me's 账号与安全); created on first use (a sign-in, an offer to a guest, Me). */
  readonly account: OnDemand<AccountStore>
  /** The notification inbox: its unread count (the Me entry's badge), list and mutes, kept live. */
  readonly inbox: InboxStore
  /** My direct conversations (私信): the list with unread counts (the Me entry's badge), my privacy choice and blocks, kept live from its first use (Me, the members, the conversation pages). */
  readonly conversations: OnDemand<ConversationsStore>
  /** The notification calls the inbox and its away-from-the-app opt-in use. */
  readonly notificationsApi: NotificationsApi
  /** The gather space's calls (a space page's store and the channel rows' counts). */
  readonly spaceApi: SpaceApi
  /** How many stand in each metaverse channel's space (the channel rows). */
  readonly spaceCounts: SpaceCountStore
  /** The voice calls (who is in each room, a moderator's actions). */
  readonly voiceApi: VoiceApi
  /** Who is in each voice room of the current server, and who speaks (the channel rows, the room page). */
  readonly voiceStates: VoiceStatesStore
  /** The game plaza's calls (the plaza page's stores, the member card's game records). */
  readonly plaza: PlazaApi
  /** The member's own voice connection (the room page, the bar every page shows while connected); its code and WebRTC load with the first voice room opened. */
  readonly voice: OnDemand<VoiceRoomStore>
  private readonly stopSeedingUnread: () => void
  private readonly stopLoadingConversations: () => void
  private readonly stopCountingSpaces: () => void
  private readonly stopListingVoice: () => void

  constructor (api: ApiClient, options: RootStoreOptions) {
    const logger = options.logger ?? console
    const clock = options.clock ?? Date.now
    this.api = api
    this.clock = clock
    this.storage = options.storage
    this.logger = logger
    this.session = new SessionStore(api, { storage: options.storage, loginKey: options.loginKey, clock, logger })
    this.members = options.members ?? createMembersApi()
    // at hand from the start: a chat link's first screen waits for the chat's first render, which the carried history makes at once (page-answers)
    this.messages = options.messagesApi ?? createMessagesApi()
    this.server = new ServerStore(api, { servers: options.servers, members: this.members, logger, connected: () => this.gateway.connection === 'online' })
    this.channel = new ChannelStore(api, this.server, logger)
    const scheduler = options.scheduler ?? timeoutScheduler
    this.scheduler = scheduler
    this.live = new LiveStore(api, this.server, { clock, scheduler, pageSize: options.livePageSize, logger })
    // the posts' calls load with the first page that calls them, not at launch
    this.posts = options.postsApi ?? callsOnFirstUse(async () => (await import(/* webpackChunkName: "posts-api" */ '@/services/api/posts')).postsApi)
    this.gateway = new GatewayStore({
      connect: options.gateway?.connect ?? taroSocketConnector,
      url: options.gateway?.url ?? defaultGatewayUrl(),
      token: () => this.session.token,
      scheduler,
      logger,
    })
    this.unread = new UnreadStore(this.gateway, () => this.session.user?.uid ?? null)
    // the trust calls load with the first page that makes one; the permissions the first screens ask for are at hand
    this.trust = options.trust ?? callsOnFirstUse(async () => (await import(/* webpackChunkName: "trust-api" */ '@/services/api/trust')).createTrustApi(), { myPermissions: serverId => fetchMyPermissions(serverId) })
    this.account = new OnDemand(async () => {
      const [{ AccountStore }, { createAccountApi }, { platformWebauthn }] = await Promise.all([
        import(/* webpackChunkName: "account" */ './account/account-store'),
        import(/* webpackChunkName: "account" */ '@/services/api/accounts'),
        import(/* webpackChunkName: "account" */ '@/utils/webauthn'),
      ])
      return new AccountStore({
        api: options.accounts ?? createAccountApi(),
        session: this.session,
        webauthn: options.webauthn === undefined ? platformWebauthn() : options.webauthn,
        logger,
      })
    })
    this.permissions = new PermissionsStore({
      load: serverId => this.trust.myPermissions(serverId),
      serverId: () => this.server.serverId,
      uid: () => this.session.user?.uid ?? null,
      gateway: this.gateway,
      clock,
      logger,
    })
    this.notificationsApi = options.notifications ?? createNotificationsApi()
    this.inbox = new InboxStore(this.notificationsApi, logger)
    this.spaceApi = options.space ?? createSpaceApi()
    this.spaceCounts = new SpaceCountStore(this.spaceApi, this.gateway, logger)
    this.voiceApi = options.voice ?? createVoiceApi()
    this.voiceStates = new VoiceStatesStore(this.voiceApi, this.gateway, logger)
    // the plaza's calls load with the first page that makes one (the plaza, a member card)
    this.plaza = options.plaza ?? callsOnFirstUse(async () => (await import(/* webpackChunkName: "plaza-api" */ '@/services/api/plaza')).createPlazaApi())
    this.voice = new OnDemand(async () => {
      const [{ VoiceRoomStore }, { browserVoiceRuntime }] = await Promise.all([
        import(/* webpackChunkName: "voice" */ './voice/voice-room-store'),
        import(/* webpackChunkName: "voice" */ '@/services/voice/browser'),
      ])
      return new VoiceRoomStore({
        gateway: this.gateway,
        runtime: options.voiceRuntime === undefined ? browserVoiceRuntime() : options.voiceRuntime,
        states: this.voiceStates,
        api: this.voiceApi,
        channelName: channelId => this.channel.findChannel(channelId)?.name ?? '',
        scheduler,
        clock,
        logger,
      })
    })
    this.conversations = new OnDemand(async () => {
      const [{ ConversationsStore }, { createConversationsApi }] = await Promise.all([
        import(/* webpackChunkName: "conversations" */ './direct-messages/conversations-store'),
        import(/* webpackChunkName: "conversations" */ '@/services/api/conversations'),
      ])
      const conversations = new ConversationsStore({ api: options.conversations ?? createConversationsApi(), gateway: this.gateway, me: () => this.session.user, logger })
      conversations.start()
      return conversations
    })
    this.liveReminders = new LiveReminderStore({ storage: options.storage, clock, uid: () => this.session.user?.uid ?? null, logger })
    // each channel list answer brings the counts; the gateway keeps them current between answers
    this.stopSeedingUnread = reaction(() => this.channel.groups, groups => this.unread.seed(flattenGroups(groups)), { fireImmediately: true })
    // my direct conversations, once a page asked for them, are the signed-in member's: loaded then and at every sign-in
    this.stopLoadingConversations = reaction(
      () => [this.conversations.current, this.session.token] as const,
      ([conversations, token]) => { if (conversations !== null && token !== null) void conversations.load() },
      { equals: comparer.shallow },
    )
    // a channel list with metaverse channels: how many stand in their spaces
    this.stopCountingSpaces = reaction(() => this.channel.groups, groups => {
      const serverId = this.channel.channels.find(channel => channelTypeHas(channel.channel_type, 'carriesSpace'))?.server_id
      if (groups.length > 0 && serverId !== undefined) void this.spaceCounts.load(serverId)
    })
    // a channel list with voice channels: who is in their rooms
    this.stopListingVoice = reaction(() => this.channel.groups, groups => {
      const serverId = this.channel.channels.find(channel => channelTypeHas(channel.channel_type, 'carriesVoice'))?.server_id
      if (groups.length > 0 && serverId !== undefined) void this.voiceStates.load(serverId)
    })
    this.applyGatewayEvents()
  }

  /**
   * Keeps the gateway connected while someone is signed in (connects now if so, and
   * again with the new token after a sign-in), and asks the server detail again when it
   * was answered without the user's membership (a carried answer, or one from before the
   * sign-in); at a sign-out, this device's push subscription is dropped (`forgetAway`: by
   * default the away channel, its module loaded then).
   * The returned function stops following.
   */
  connectWhenSignedIn (network: NetworkWatcher = platformNetwork, forgetAway: () => Promise<void> = forgetAwayOnThisDevice): () => void {
    const stopWatching = network(online => this.gateway.networkChanged(online))
    const stopConnecting = reaction(() => this.session.token, (token, previous) => {
      this.gateway.stop()
      // signed out: this device stops being told of the member's notifications (Web Push)
      if (token === null && typeof previous === 'string') forgetAway().catch(error => this.logger.warn('[away] the push subscription could not be dropped at sign-out:', error))
      if (token) {
        this.gateway.start()
        void this.inbox.refreshUnread()
      }
    }, { fireImmediately: true })
    const stopAsking = reaction(
      () => this.session.token !== null && this.server.detail !== null && this.server.isMember === null,
      membershipUnknown => { if (membershipUnknown) void this.server.load() },
      { fireImmediately: true },
    )
    return () => {
      stopWatching()
      stopConnecting()
      stopAsking()
    }
  }

  /** The shared stores follow the gateway: counts from membership and presence events, channel changes, a reload after a resync. */
  private applyGatewayEvents (): void {
    const counts = (d: ServerCounts) => this.server.applyCounts(d)
    this.gateway.on('MEMBER_ADD', counts)
    this.gateway.on('MEMBER_REMOVE', removal => {
      counts(removal)
      if (removal.uid === this.session.user?.uid) this.server.lostMembership(removal.server_id)
    })
    // a kick closes the member's sockets: the new session's servers say what a missed MEMBER_REMOVE would have
    this.gateway.on(GATEWAY_READY, ready => {
      const shown = this.server.detail?.server_id
      if (shown !== undefined && !ready.server_ids.includes(shown)) this.server.lostMembership(shown)
      // a fresh session delivers from now on: a message written after the channel list was answered and before
      // this was never counted, so a member's counts are read again (a resumed session replays what it missed
      // instead; a visitor's list has no counts, and the one its page carried stays)
      if (ready.server_ids.includes(this.server.serverId)) void this.channel.refresh()
    })
    this.gateway.on('PRESENCE_UPDATE', counts)
    // A channel made, edited or deleted in the server settings shows in every member's list,
    // and one that appeared or disappeared for this member (roles, overrides) too
    for (const type of DISPATCHES_THAT_CHANGE['channel-list']) {
      this.gateway.on(type, changed => {
        if (changed.server_id === this.server.serverId) void this.channel.load()
      })
    }
    // The owner renamed the server or changed its icon or introduction
    this.gateway.on('SERVER_UPDATE', changed => {
      if (changed.server_id === this.server.serverId) void this.server.load()
    })
    this.unread.start()
    this.inbox.attach(this.gateway)
    // SPEC: events were missed and are gone; what the shared stores show is reloaded (the channel list was, at the READY before this)
    this.gateway.on(GATEWAY_RESYNC, () => { void this.server.load() })
  }

  /**
   * Offers a guest the sign-in sheet after a join or a write (AccountStore.offerSignIn);
   * the account's code loads for a guest only.
   */
  offerSignIn (): void {
    if (this.session.identityKind !== 'guest') return
    this.account.load()
      .then(account => account.offerSignIn())
      .catch(error => this.logger.warn('[account] the sign-in offer could not be loaded:', error))
  }

  /**
   * Opens a server for a page: chooses it from the page parameters and host (SPEC §2),
   * then loads its detail, channels and live items side by side. Each store ends in its
   * own status; this never rejects.
   */
  async openServer (input: ServerChoiceInput): Promise<void> {
    this.server.select(input)
    await Promise.all([this.server.load(), this.channel.load(), this.live.load()])
  }

  /** Stops everything that runs on its own (the live clock, the gateway, the unread counts). */
  dispose (): void {
    this.live.dispose()
    this.unread.stop()
    this.inbox.dispose()
    this.conversations.current?.dispose()
    this.stopSeedingUnread()
    this.stopLoadingConversations()
    this.stopCountingSpaces()
    this.stopListingVoice()
    this.voice.current?.dispose()
    this.gateway.stop()
  }
}

/** Stops this device's away-from-the-app channel (Web Push on H5); the channel's code loads only for it. */
async function forgetAwayOnThisDevice (): Promise<void> {
  const { forgetAwayOnDevice } = await import(/* webpackChunkName: "away-channel" */ '@/services/away-channel')
  await forgetAwayOnDevice()
}

/** Creates the app's stores on an ApiClient (the real one in the app, a fake in tests). */
export function createRootStore (api: ApiClient, options: RootStoreOptions): RootStore {
  return new RootStore(api, options)
}
